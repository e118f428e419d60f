import type { LandingContent } from "~/kit/assets/landing/schema";
import { CONTROL_KEY, type ExperimentField, type ExperimentVariant } from "./schema";

/**
 * Where an experiment's text goes in the landing copy (pure, client-safe).
 * The renderer stays a pure function of the copy: a variant is applied to
 * the content before rendering, and "apply a variant" saves the same edit.
 *
 * The call-to-action button is the hero's button (also the header's). The
 * final section's button changes with it when it said the same, so the page
 * never offers two labels for one action.
 */

export function fieldText(content: LandingContent, field: ExperimentField): string {
  return field === "headline" ? content.hero.headline : field === "subheadline" ? content.hero.subheadline : content.hero.button;
}

export function withFieldText(content: LandingContent, field: ExperimentField, text: string): LandingContent {
  switch (field) {
    case "headline":
      return { ...content, hero: { ...content.hero, headline: text } };
    case "subheadline":
      return { ...content, hero: { ...content.hero, subheadline: text } };
    case "cta": {
      const sameFinal = content.cta.button.trim() === content.hero.button.trim();
      return { ...content, hero: { ...content.hero, button: text }, cta: sameFinal ? { ...content.cta, button: text } : content.cta };
    }
  }
}

/** The copy an arm shows: the page as it is for the original ("a"), the variant's text in place of the field otherwise. */
export function contentForArm(content: LandingContent, experiment: { field: ExperimentField; variants: readonly ExperimentVariant[] }, key: string): LandingContent {
  if (key === CONTROL_KEY) return content;
  const variant = experiment.variants.find((v) => v.key === key);
  return variant ? withFieldText(content, experiment.field, variant.text) : content;
}

/** The arms of an experiment in order: the original, then its variants. */
export function armKeys(experiment: { variants: readonly ExperimentVariant[] }): string[] {
  return [CONTROL_KEY, ...experiment.variants.map((v) => v.key)];
}
