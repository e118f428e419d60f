import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin, type PublicUser } from "~/features/users/index.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("Invalid login credentials");
  }
}

export const INVALID_CREDENTIALS_MESSAGE =
  "Invalid email or password. If you don't have an account yet, please sign up first.";

/** remix-auth with the form strategy. Sessions are committed by us (session.server.ts). */
export const authenticator = new Authenticator<PublicUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const user = await verifyLogin(email, password);
    if (!user) throw new InvalidCredentialsError();
    return user;
  }),
  "form",
);
