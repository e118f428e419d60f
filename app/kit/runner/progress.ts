/**
 * The spec's progress sequence (section 4): 10 at start; +20 per prompt
 * progress message up to 80; 85 while saving the prompt and starting the logo;
 * +5 per logo message up to 95; 98 finalizing; 100 completed.
 */
export const PROGRESS = {
  start: 10,
  promptStep: 20,
  promptMax: 80,
  savingPrompt: 85,
  logoStep: 5,
  logoMax: 95,
  finalizing: 98,
  done: 100,
} as const;

export const STATUS_TEXT = {
  start: "Analyzing your business idea...",
  prompt: "Writing your website prompt...",
  savingPrompt: "Saving your prompt and starting the logo...",
  concept: "Logo concept ready, drawing your logo...",
  image: "Logo drawn, saving it...",
  finalizing: "Finalizing your launch kit...",
  done: "Your launch kit is ready!",
} as const;

/** How many streamed characters make one prompt progress message. */
export const PROMPT_CHARS_PER_STEP = 250;

export function nextPromptProgress(current: number) {
  return Math.min(PROGRESS.promptMax, current + PROGRESS.promptStep);
}

export function nextLogoProgress(current: number) {
  return Math.min(PROGRESS.logoMax, current + PROGRESS.logoStep);
}

/** Redirect to /dashboard this long after completion (spec: 2000 ms). */
export const REDIRECT_DELAY_MS = 2000;
