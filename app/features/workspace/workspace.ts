/** Client-safe helpers of the kit workspace (the loaders live in workspace.server.ts). */

/** A logo file's URL, versioned by the brand and logo versions so it can be cached. */
export function logoFileUrl(kitId: string, name: string, filesVersion: string) {
  return `/dashboard/kits/${kitId}/logo/${name}?v=${filesVersion}`;
}
