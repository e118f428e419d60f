/** The wizard's choices: option values are these words, lower-case, as the spec writes them. */
export const TONES = ["friendly", "premium", "bold", "playful", "minimalist", "technical"] as const;
export const GOALS = ["collect emails", "book calls", "pre-orders", "waitlist", "downloads"] as const;
export const VIBES = ["neon tech", "minimalist", "cozy", "editorial", "playful", "corporate"] as const;

export type Tone = (typeof TONES)[number];
export type Goal = (typeof GOALS)[number];
export type Vibe = (typeof VIBES)[number];

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const toOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: capitalize(v) }));
