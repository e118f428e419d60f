/** What the confirmation pages and the gates say (shared by server modules and views). */
export const EMAIL_NOT_CONFIRMED_MESSAGE = "Please check your email and click the confirmation link before signing in.";
export const CONFIRM_FIRST_MESSAGE = "Please confirm your e-mail address first: open the link we sent you (you can send it again from your dashboard).";
export const CONFIRMATION_INVALID_MESSAGE = "This confirmation link is not valid or has expired. Sign in and send yourself a new one.";
