/** The kit's own messages of the spec's error catalogue (the provider's are in app/ai/errors.ts). */

/** Analysing the idea (the brand step) failed for a reason the catalogue does not name. */
export const BRAND_ERROR = "Failed to analyze your business idea. Please try again.";

export const DEFAULT_WIZARD_ERROR = "Failed to generate prompt";

export const INTERRUPTED_MESSAGE = "Generation was interrupted because the server restarted. Please retry.";

export const KIT_DELETED_MESSAGE = "This kit was deleted.";
