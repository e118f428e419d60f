import type { LaunchKit } from "~/platform/db/schema";
import { regenerate, type Refused } from "~/kit/plans/regenerations.server";
import { generationInput } from "~/kit/input";
import { regenerateAsset } from "~/kit/runner/commands.server";
import { kitBrand } from "~/kit/content.server";
import { assetsOfKit, getAsset, saveAssetContent } from "~/kit/assets/assets.server";
import { categorySections } from "~/kit/assets/landing/category";
import { LandingContentSchema } from "~/kit/assets/landing/schema";
import { brandChanged } from "~/kit/assets/brand/edit.server";
import { saveFounderFacts } from "~/kit/kits.server";
import { applyFounderFacts, REWRITTEN_KINDS, storedFounderFacts, type FounderFacts } from "./form";
import { storedUnderstanding, understandIdea } from "./index";
import type { Understanding } from "./types";


/** The kit's understanding as the founder sees it: the brand's stored one (or the reading of the answers) with the founder's facts over it. */
export function kitUnderstanding(kit: Pick<LaunchKit, "businessIdea" | "targetAudience" | "geography" | "tone" | "competitors" | "primaryGoal" | "brandVibe"> & { understanding: unknown }, brand: unknown): Understanding {
  const base = storedUnderstanding(brand) ?? understandIdea(generationInput(kit));
  const facts = storedFounderFacts(kit.understanding);
  return facts ? applyFounderFacts(base, facts) : base;
}

export type UnderstandingSaved = { rewriting: string[]; refused: Refused | null };

/**
 * Saves the founder's facts on the kit, in the brand's stored
 * understanding (every later step reads that one) and in the landing page's
 * category sections (which a regeneration keeps), then rewrites what is
 * written from them, counted as one regeneration of the month (the
 * founder asked for one change). A kit without a brand has nothing to
 * rewrite yet: refused before anything is written.
 */
export async function saveUnderstandingEdit(userId: string, kit: LaunchKit, facts: FounderFacts): Promise<UnderstandingSaved | { error: string }> {
  const brand = await kitBrand(kit.id);
  if (!brand) return { error: "This kit has no brand yet: generate it first." };
  const understanding = applyFounderFacts(storedUnderstanding(brand) ?? understandIdea(generationInput(kit)), facts);
  await saveFounderFacts(kit.id, facts);
  await saveAssetContent(kit.id, "brand", { ...brand, understanding });
  await brandChanged(kit.id);
  // The page's category sections (prices, area, install, repository) are kept by a regeneration, as the
  // founder's: the founder just gave them anew, so they are made again from these facts first.
  const landing = await getAsset(kit.id, "landing");
  const content = landing && (landing.status === "ready" || landing.status === "failed") ? LandingContentSchema.safeParse(landing.content) : null;
  if (content?.success) {
    const fresh = categorySections(understanding, { business_idea: kit.businessIdea }, brand.name);
    await saveAssetContent(kit.id, "landing", { ...content.data, category: fresh.category });
  }

  const present = new Set((await assetsOfKit(kit.id)).map((a) => a.kind));
  const kinds = REWRITTEN_KINDS.filter((k) => present.has(k));
  if (kinds.length === 0) return { rewriting: [], refused: null };
  const refused = await regenerate(userId, kit, kinds[0]!, new Date(), async () => {
    for (const kind of kinds) {
      const refusal = await regenerateAsset(kit, kind);
      if (refusal) return refusal;
    }
    return null;
  });
  return { rewriting: refused ? [] : [...kinds], refused };
}
