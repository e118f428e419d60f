import { redirect } from "react-router";
import { textResponse } from "~/utils/responses.server";
import type { PublicUser } from "~/users/users.server";
import { getUser } from "./session.server";

function signinRedirect(request: Request) {
  const url = new URL(request.url);
  const redirectTo = url.pathname + url.search;
  return redirect(`/signin?redirectTo=${encodeURIComponent(redirectTo)}`);
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
