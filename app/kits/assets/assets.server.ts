import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { kitAssets, type AssetStatus, type KitAsset } from "~/db/schema";

/**
 * Queries of kit_assets. The (kit_id, kind) primary key makes every write an
 * upsert of the one row of that asset: running a step twice leaves one row.
 */

export function assetsOfKit(kitId: string): KitAsset[] {
  return getDb().select().from(kitAssets).where(eq(kitAssets.kitId, kitId)).all();
}

export function getAsset(kitId: string, kind: string): KitAsset | undefined {
  return getDb()
    .select()
    .from(kitAssets)
    .where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, kind)))
    .get();
}

/** Marks an asset as waiting to run, keeping any content it has (a regeneration replaces it only on success). */
export function queueAsset(kitId: string, kind: string) {
  getDb()
    .insert(kitAssets)
    .values({ kitId, kind, status: "queued" })
    .onConflictDoUpdate({ target: [kitAssets.kitId, kitAssets.kind], set: { status: "queued", updatedAt: new Date() } })
    .run();
}

/** A step starts: counts the attempt so a step that keeps crashing the server is not retried forever. */
export function markGenerating(kitId: string, kind: string): number {
  const db = getDb();
  db.insert(kitAssets)
    .values({ kitId, kind, status: "generating", attempts: 1 })
    .onConflictDoUpdate({
      target: [kitAssets.kitId, kitAssets.kind],
      set: { status: "generating", attempts: sqlIncrement(), updatedAt: new Date() },
    })
    .run();
  return getAsset(kitId, kind)?.attempts ?? 1;
}

function sqlIncrement() {
  return sql`${kitAssets.attempts} + 1`;
}

type SavedListener = (kitId: string, kind: string) => void;
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
export function saveAssetContent(kitId: string, kind: string, content: unknown): number | null {
  const db = getDb();
  const saved = db.transaction((tx) => {
    const row = tx
      .select({ version: kitAssets.version })
      .from(kitAssets)
      .where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, kind)))
      .get();
    if (!row) return null;
    const version = row.version + 1;
    tx.update(kitAssets)
      .set({ status: "ready", content, version, error: null, attempts: 0, updatedAt: new Date() })
      .where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, kind)))
      .run();
    return version;
  });
  if (saved !== null) for (const l of savedListeners) l(kitId, kind);
  return saved;
}

/** A step failed: the asset keeps its previous content (if any) and shows the error. */
export function failAsset(kitId: string, kind: string, error: string) {
  getDb()
    .update(kitAssets)
    .set({ status: "failed", error, updatedAt: new Date() })
    .where(and(eq(kitAssets.kitId, kitId), eq(kitAssets.kind, kind)))
    .run();
}

/** Rows whose step has not finished, across kits (start-up resume). */
export function unfinishedAssets(): Array<Pick<KitAsset, "kitId" | "kind" | "status" | "attempts">> {
  const unfinished: AssetStatus[] = ["queued", "generating"];
  return getDb()
    .select({ kitId: kitAssets.kitId, kind: kitAssets.kind, status: kitAssets.status, attempts: kitAssets.attempts })
    .from(kitAssets)
    .where(inArray(kitAssets.status, unfinished))
    .all();
}
