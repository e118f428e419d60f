import { escapeHtml } from "~/platform/text/html";
import { linkOrigin, noOriginLog } from "~/platform/http/site-origin.server";
import type { LaunchKit } from "~/platform/db/schema";
import { formatDate } from "~/kit/format";
import { setKitStatus } from "~/kit/kits.server";
import { sendMail } from "~/platform/mail/mailer.server";
import type { PublicUser } from "~/features/users/index.server";
import { createDownloadLink, downloadPath, LINKS_PER_HOUR, linksSentSince, revokeLink } from "~/kit/export/links.server";

export const TOO_MANY_LINKS = `You can e-mail this kit ${LINKS_PER_HOUR} times an hour. Please try again later, or download the ZIP here.`;

export const NO_ORIGIN_MESSAGE = "E-mail is not set up on this LaunchKit yet (its public address is unknown). Please download the ZIP here.";

/**
 * Sends the founder a signed link to their kit's ZIP. Returns an error
 * message when the hourly limit is reached or the mail cannot be sent (then
 * the link is revoked at once: nobody received it).
 */
export async function emailKitLink(request: Request, user: PublicUser, kit: LaunchKit, kitName: string, now = new Date()): Promise<{ ok: true } | { ok: false; message: string; status: number }> {
  if (await linksSentSince(kit.id, new Date(now.getTime() - 60 * 60 * 1000)) >= LINKS_PER_HOUR) return { ok: false, message: TOO_MANY_LINKS, status: 429 };
  const origin = await linkOrigin(request);
  if (!origin) {
    noOriginLog("a kit download link", user.email);
    return { ok: false, message: NO_ORIGIN_MESSAGE, status: 503 };
  }
  const link = await createDownloadLink(kit.id, now);
  const url = `${origin}${downloadPath(link)}`;
  const until = `${formatDate(link.expiresAt)} (${link.expiresAt.toISOString().slice(11, 16)} UTC)`;
  try {
    const result = await sendMail({
      to: user.email,
      subject: `Your launch kit: ${kitName}`,
      text: `Hi ${user.name},\n\nHere is your ${kitName} launch kit as one ZIP file: brand, logo, website, social posts, research and pitch deck, whatever is ready.\n\n${url}\n\nThe link works without signing in until ${until}. Anyone with the link can download the kit, so keep it to yourself; you can turn it off any time on your kit's Export page.\n\n— LaunchKit`,
      html: `<p>Hi ${escapeHtml(user.name)},</p><p>Here is your <strong>${escapeHtml(kitName)}</strong> launch kit as one ZIP file: brand, logo, website, social posts, research and pitch deck, whatever is ready.</p><p><a href="${escapeHtml(url)}">Download your launch kit (.zip)</a></p><p>The link works without signing in until ${escapeHtml(until)}. Anyone with the link can download the kit, so keep it to yourself; you can turn it off any time on your kit's Export page.</p><p>— LaunchKit</p>`,
    });
    if (result.outboxFile) console.log(`Kit link for ${user.email} saved to ${result.outboxFile} (no SMTP_URL set).`);
  } catch (error) {
    await revokeLink(kit.id, link.id, now);
    throw error;
  }
  if (kit.status === "completed") await setKitStatus(kit.id, "exported");
  return { ok: true };
}
