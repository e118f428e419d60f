import { data, redirect } from "react-router";
import { requireUser } from "~/features/auth/guards.server";
import { newestKitOf } from "~/kit/kits.server";
import { KIT_SECTIONS, type KitSectionKey } from "~/features/marketing/pro-features";
import type { Route } from "./+types/go";

/**
 * /dashboard/go/:section: where the Pro card's items link (a kit's section,
 * for the founder's newest kit). Anonymous visitors sign in first (and come
 * back here); a founder without a kit lands on the dashboard, which offers
 * the wizard. An unknown section is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const section = params.section as KitSectionKey;
  if (!Object.hasOwn(KIT_SECTIONS, section)) throw data("No such section.", { status: 404 });
  const user = await requireUser(request);
  const kitId = await newestKitOf(user.id);
  return redirect(kitId ? `/dashboard/kits/${kitId}/${KIT_SECTIONS[section]}` : "/dashboard");
}
