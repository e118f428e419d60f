/** The launch asset's image files and sizes (client-safe: the section lists them; images.server.ts draws them). */
export const THUMBNAIL = { name: "thumbnail.png", width: 240, height: 240 } as const;
export const GALLERY = { width: 1270, height: 760 } as const;
export const GALLERY_NAMES = ["gallery-1-hero.png", "gallery-2-feature.png", "gallery-3-feature.png", "gallery-4-feature.png", "gallery-5-cta.png"] as const;
export type GalleryName = (typeof GALLERY_NAMES)[number];
