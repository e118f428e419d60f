import { redirect } from "react-router";
import { destroySession } from "~/features/auth/session.server";
import type { Route } from "./+types/signout";

/** Sign-out is POST only; a GET (a prefetch, a crawler) changes nothing. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await destroySession(request) } });
}

// A view (never shown: both handlers redirect) makes this a document route, so
// React Router's origin check refuses cross-site posts here too.
export default function Signout() {
  return null;
}
