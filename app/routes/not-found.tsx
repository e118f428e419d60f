import { data } from "react-router";
import { NotFoundView } from "~/ui/not-found";
import type { Route } from "./+types/not-found";

export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

export function action(_: Route.ActionArgs) {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | LaunchKit" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundView />;
}
