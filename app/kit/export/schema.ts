import { z } from "zod";

/** The forms of the export section (client-safe): one schema each, shared by the page and its action. */
export const EmailKitSchema = z.object({ intent: z.literal("email") });
export const RevokeLinkSchema = z.object({
  intent: z.literal("revoke"),
  link: z.string({ message: "Choose a link to turn off." }).trim().min(1, "Choose a link to turn off.").max(100, "That link does not exist."),
});
