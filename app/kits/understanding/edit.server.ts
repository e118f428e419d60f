import type { LaunchKit } from "~/db/schema";
import { regenerate, type Refused } from "~/billing/regenerations.server";
import { generationInput } from "~/generation/input";
import { kitBrand, regenerateAsset } from "~/generation/job.server";
import { assetsOfKit, saveAssetContent } from "~/kits/assets/assets.server";
import { brandChanged } from "~/kits/assets/brand/edit.server";
import { updateKit } from "~/kits/kits.server";
import { applyFounderFacts, REWRITTEN_KINDS, storedFounderFacts, type FounderFacts } from "./form";
import { storedUnderstanding, understandIdea } from "./index";
import type { Understanding } from "./types";


/** The kit's understanding as the founder sees it: the brand's stored one (or the reading of the answers) with the founder's facts over it. */
export function kitUnderstanding(kit: Pick<LaunchKit, "businessIdea" | "targetAudience" | "geography" | "tone" | "competitors" | "primaryGoal" | "brandVibe" | "understanding">, brand: unknown): Understanding {
  const base = storedUnderstanding(brand) ?? understandIdea(generationInput(kit));
  const facts = storedFounderFacts(kit.understanding);
  return facts ? applyFounderFacts(base, facts) : base;
}

export type UnderstandingSaved = { rewriting: string[]; refused: Refused | null };

/**
 * Saves the founder's facts on the kit and in the brand's stored
 * understanding (every later step reads that one), then rewrites what is
 * written from them, counted as one regeneration of the month (the
 * founder asked for one change). A kit without a brand has nothing to
 * rewrite yet: refused before anything is written.
 */
export async function saveUnderstandingEdit(userId: string, kit: LaunchKit, facts: FounderFacts): Promise<UnderstandingSaved | { error: string }> {
  const brand = await kitBrand(kit.id);
  if (!brand) return { error: "This kit has no brand yet: generate it first." };
  const understanding = applyFounderFacts(storedUnderstanding(brand) ?? understandIdea(generationInput(kit)), facts);
  await updateKit(kit.id, { understanding: facts });
  await saveAssetContent(kit.id, "brand", { ...brand, understanding });
  await brandChanged(kit.id);

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
