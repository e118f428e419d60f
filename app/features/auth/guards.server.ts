import { redirect } from "react-router";
import { textResponse } from "~/platform/http/responses.server";
import type { PublicUser } from "~/features/users/index.server";
import { getUser } from "./session.server";

/**
 * The page a request is for, as the visitor would type it. Loaders get the raw
 * request (react-router.config.ts: `v8_passThroughRequests`, which saves two
 * copies of it per loader); a client-side navigation asks for
 * `/dashboard.data?_routes=...` (`/_root.data` for `/`), and that is not a
 * page to come back to after signing in. Mirrors React Router's own
 * normalisation of the `url` argument it hands loaders.
 */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return pathname + (search ? `?${search}` : "");
}

function signinRedirect(request: Request) {
  return redirect(`/signin?redirectTo=${encodeURIComponent(pagePathOf(request))}`);
}

/** The signed-in user, or a redirect to /signin that remembers where they were going. */
export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw signinRedirect(request);
  return user;
}

/** Signed-in admins only: anonymous visitors go to sign-in, other users get a 403. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") {
    throw textResponse("You need an admin account to view this page.", 403);
  }
  return user;
}

/** For /signin and /signup: a signed-in user is sent on to the dashboard. */
export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect("/dashboard");
}
