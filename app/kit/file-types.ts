import type { KitAsset, LaunchKit } from "~/platform/db/schema";
import type { Brand } from "./brand/brand";

/**
 * The shapes of the kit's file registry (files.server.ts), apart from it: the
 * asset kinds' file modules produce KitFiles from a FileContext, and the
 * registry imports them.
 */

export type KitFile = {
  /** Path inside the ZIP, e.g. "logo/logo.svg". Safe on Windows, macOS and Linux. */
  path: string;
  contentType: string;
  /** One line for the kit's README.txt (optional). */
  describe?: string;
  /** A free plan may open it in the browser as a watermarked preview (the guidelines PDF: entitlements' canPreviewGuidelines). */
  preview?: "guidelines";
  render(): Buffer | Promise<Buffer>;
};

export type FileContext = {
  kit: LaunchKit;
  brand: Brand | null;
  /** The ready content of a kind, or null (read once, when the context was made). */
  content(kind: string): unknown;
  /** The ready content of a kind parsed with its schema, or null when missing or unreadable. */
  parsed<T>(kind: string, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | null;
  /** The kind's asset row as it was when the context was made. */
  asset(kind: string): KitAsset | undefined;
  /** Free-plan previews carry a visible watermark. */
  watermark: boolean;
  /** LaunchKit's public origin ("https://launchkit.example.com"), for files that link back (the landing page's form). */
  origin: string;
};
