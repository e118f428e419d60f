import { siteOrigin } from "~/platform/http/site-origin.server";
import { DISALLOWED_PATHS } from "~/features/marketing/site";
import type { Route } from "./+types/robots[.]txt";
import { refusePost } from "~/platform/http/responses.server";

export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = refusePost;
