import { getConfig } from "~/config.server";

/** The public origin of the site: APP_URL when configured, else the request's own origin. */
export function siteOrigin(request: Request) {
  return getConfig().appUrl ?? new URL(request.url).origin;
}
