import { escapeHtml } from "~/platform/text/html";
import { linkOrigin, noOriginLog } from "~/platform/http/site-origin.server";
import { sendMail } from "~/platform/mail/mailer.server";
import { findUserByEmail } from "~/features/users/index.server";
import { createResetToken } from "./password-reset.server";

/**
 * Sends a reset link when the account exists; does nothing otherwise, so the
 * caller answers the same way in both cases.
 */
export async function requestPasswordReset(request: Request, email: string) {
  const user = await findUserByEmail(email);
  if (!user) return;
  // Checked before a token exists: a link built from a client's Host would hand the token to whoever sent it.
  const origin = await linkOrigin(request);
  if (!origin) return noOriginLog("a password-reset e-mail", user.email);
  const token = await createResetToken(user.id);
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  const result = await sendMail({
    to: user.email,
    subject: "Reset your LaunchKit password",
    text: `Hi ${user.name},\n\nSomeone (hopefully you) asked to reset your LaunchKit password. Choose a new one here:\n\n${link}\n\nThe link works once and expires in 1 hour. If you didn't ask for this, ignore this e-mail.\n\n— LaunchKit`,
    html: `<p>Hi ${escapeHtml(user.name)},</p><p>Someone (hopefully you) asked to reset your LaunchKit password.</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in 1 hour. If you didn't ask for this, ignore this e-mail.</p><p>— LaunchKit</p>`,
  });
  if (result.outboxFile) {
    // No SMTP configured: the self-hoster reads the link from the log or the outbox.
    console.log(`Password reset link for ${user.email}: ${link} (saved to ${result.outboxFile})`);
  }
}
