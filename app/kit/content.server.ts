import type { KitAsset } from "~/platform/db/schema";
import { getAsset } from "./assets/assets.server";
import { BrandSchema, type Brand } from "./brand/brand";

/**
 * Reads of a kit's generated content. One rule says when an asset's content
 * counts: a version of it was saved and it has content. A regeneration keeps
 * the previous version readable until the new one is saved, so the status
 * (queued, generating, failed) does not matter here.
 */

type Schema<T> = { safeParse(v: unknown): { success: true; data: T } | { success: false } };

/** The content of an asset row when it counts as ready, else null. */
export function readyContentOf(row: Pick<KitAsset, "version" | "content"> | null | undefined): unknown {
  return !row || row.version === 0 || row.content == null ? null : row.content;
}

/** The ready content of a row parsed with its schema; null when missing or unreadable. */
export function parseReady<T>(row: Pick<KitAsset, "version" | "content"> | null | undefined, schema: Schema<T>): T | null {
  const raw = readyContentOf(row);
  if (raw == null) return null;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The ready content of an asset, parsed with its schema; null when missing or unreadable. */
export async function readyContent<T>(kitId: string, kind: string, schema: Schema<T>): Promise<T | null> {
  return parseReady(await getAsset(kitId, kind), schema);
}

export async function kitBrand(kitId: string): Promise<Brand | null> {
  return readyContent(kitId, "brand", BrandSchema);
}
