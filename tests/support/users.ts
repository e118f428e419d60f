import { confirmationToken, confirmEmail, userOfConfirmationToken } from "~/features/auth/email-confirmation.server";
import { createUser } from "~/features/users/users.server";

/**
 * A founder who signed up and opened their confirmation link (through the
 * same token check as /confirm-email): what publishing, custom domains and
 * payments require.
 */
export async function createConfirmedUser(input: { name: string; email: string; password: string }) {
  const user = await createUser(input);
  const found = await userOfConfirmationToken(confirmationToken(user));
  if (!found) throw new Error("the confirmation token of a new user did not verify");
  return confirmEmail(found);
}
