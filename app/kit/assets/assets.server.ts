import { and, eq, inArray, sql } from "drizzle-orm";
import { first, getDb } from "~/platform/db/client.server";
import { kitAssets, type AssetStatus, type KitAsset } from "~/platform/db/schema";

/**
 * Queries of kit_assets. The (kit_id, kind) primary key makes every write an
 * upsert of the one row of that asset: running a step twice leaves one row.
 */

export async function assetsOfKit(kitId: string): Promise<KitAsset[]> {
  return getDb().select().from(kitAssets).where(eq(kitAssets.kitId, kitId));
}

export async function getAsset(kitId: string, kind: string): Promise<KitAsset | undefined> {
  return first(
    getDb()
      .select()
      .from(kitAssets)
      .where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, kind))),
  );
}

/** Marks an asset as waiting to run, keeping any content it has (a regeneration replaces it only on success). */
export async function queueAsset(kitId: string, kind: string) {
  await getDb()
    .insert(kitAssets)
    .values({ kitId, kind, status: "queued" })
    .onConflictDoUpdate({ target: [kitAssets.kitId, kitAssets.kind], set: { status: "queued", updatedAt: new Date() } });
}

/** A step starts: counts the attempt so a step that keeps crashing the server is not retried forever. */
export async function markGenerating(kitId: string, kind: string): Promise<number> {
  const [row] = await getDb()
    .insert(kitAssets)
    .values({ kitId, kind, status: "generating", attempts: 1 })
    .onConflictDoUpdate({
      target: [kitAssets.kitId, kitAssets.kind],
      set: { status: "generating", attempts: sqlIncrement(), updatedAt: new Date() },
    })
    .returning({ attempts: kitAssets.attempts });
  return row?.attempts ?? 1;
}

function sqlIncrement() {
  return sql`${kitAssets.attempts} + 1`;
}

type SavedListener = (kitId: string, kind: string) => void | Promise<void>;
const savedListeners = new Set<SavedListener>();

/**
 * Hears every new version of any asset (a generation, a regeneration, an
 * edit): modules that serve rendered output (the published landing page and
 * its cache) drop what they rendered from the previous version.
 */
export function onAssetSaved(listener: SavedListener) {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

/**
 * Stores a new version of an asset's content: status ready, version + 1, error
 * cleared, attempts reset. Returns the new version; null when the kit is gone
 * (deleted while the step ran).
 */
export async function saveAssetContent(kitId: string, kind: string, content: unknown): Promise<number | null> {
  // One statement: the database bumps the version, so two saves at once never write the same one.
  const [row] = await getDb()
    .update(kitAssets)
    .set({ status: "ready", content, version: sql`${kitAssets.version} + 1`, error: null, attempts: 0, updatedAt: new Date() })
    .where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, kind)))
    .returning({ version: kitAssets.version });
  const saved = row ? row.version : null;
  // Awaited: once the save returns, no cache still serves the previous version.
  if (saved !== null) await Promise.all([...savedListeners].map((l) => l(kitId, kind)));
  return saved;
}

/** A step failed: the asset keeps its previous content (if any) and shows the error. */
export async function failAsset(kitId: string, kind: string, error: string) {
  await getDb()
    .update(kitAssets)
    .set({ status: "failed", error, updatedAt: new Date() })
    .where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, kind)));
}

/** Rows whose step has not finished, across kits (start-up resume). */
export async function unfinishedAssets(): Promise<Array<Pick<KitAsset, "kitId" | "kind" | "status" | "attempts">>> {
  const unfinished: AssetStatus[] = ["queued", "generating"];
  return getDb()
    .select({ kitId: kitAssets.kitId, kind: kitAssets.kind, status: kitAssets.status, attempts: kitAssets.attempts })
    .from(kitAssets)
    .where(inArray(kitAssets.status, unfinished));
}
