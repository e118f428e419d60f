import type { GenerationInput } from "../input";

type Palette = { name: string; bg: string; primary: string; secondary: string };

const VIBE_PALETTES: Record<string, Palette> = {
  "neon tech": { name: "electric cyan and magenta on deep navy", bg: "#0b1026", primary: "#22d3ee", secondary: "#e879f9" },
  minimalist: { name: "charcoal with a single indigo accent", bg: "#f8fafc", primary: "#1e293b", secondary: "#6366f1" },
  cozy: { name: "terracotta and sage on warm cream", bg: "#fdf6ec", primary: "#c2410c", secondary: "#84a98c" },
  editorial: { name: "ink black and signal red on ivory", bg: "#fffbeb", primary: "#111827", secondary: "#dc2626" },
  playful: { name: "candy pink, sunshine yellow and sky blue", bg: "#fff1f2", primary: "#ec4899", secondary: "#facc15" },
  corporate: { name: "navy and teal on white", bg: "#f1f5f9", primary: "#1e3a8a", secondary: "#0d9488" },
};

/** The tone nudges the accent: bolder tones saturate it, calmer tones soften it. */
const TONE_ACCENT: Record<string, string | null> = {
  friendly: "#f59e0b",
  premium: "#b45309",
  bold: "#ef4444",
  playful: "#8b5cf6",
  minimalist: null,
  technical: "#0ea5e9",
};

const SHAPES: Record<string, string> = {
  "neon tech": "hexagon with a glowing circuit node",
  minimalist: "single circle cut by one clean line",
  cozy: "soft rounded arch with a warm inner glow",
  editorial: "bold square frame with stacked column bars",
  playful: "bouncy four-point star with orbiting dots",
  corporate: "sturdy shield with ascending bars",
};

export function logoStyleFor(input: GenerationInput) {
  const palette = VIBE_PALETTES[input.brand_vibe] ?? VIBE_PALETTES.minimalist!;
  return {
    palette,
    paletteName: palette.name,
    accent: TONE_ACCENT[input.tone_of_voice] ?? palette.secondary,
    shapeDescription: SHAPES[input.brand_vibe] ?? SHAPES.minimalist!,
  };
}

/** A 1024×1024 text-free SVG mark; the seed (a hash of the idea) varies details. */
export function drawLogoSvg(input: GenerationInput, seed: Uint8Array): string {
  const { palette, accent } = logoStyleFor(input);
  const r = (i: number, min: number, max: number) => min + ((seed[i % seed.length]! / 255) * (max - min));
  const rot = Math.round(r(0, -12, 12));
  const strokeW = input.tone_of_voice === "bold" ? 56 : input.tone_of_voice === "minimalist" ? 24 : 40;
  let mark = "";
  switch (input.brand_vibe) {
    case "neon tech": {
      const pts = Array.from({ length: 6 }, (_, i) => {
        const a = (Math.PI / 3) * i - Math.PI / 2;
        return `${512 + 300 * Math.cos(a)},${512 + 300 * Math.sin(a)}`;
      }).join(" ");
      mark = `<polygon points="${pts}" fill="none" stroke="${palette.primary}" stroke-width="${strokeW}" stroke-linejoin="round"/>
<path d="M512 300 V440 M512 584 V724 M330 512 H440" stroke="${palette.secondary}" stroke-width="${strokeW * 0.6}" stroke-linecap="round"/>
<circle cx="512" cy="512" r="${Math.round(r(1, 60, 90))}" fill="${accent}"/>`;
      break;
    }
    case "cozy":
      mark = `<path d="M262 760 V500 a250 250 0 0 1 500 0 V760 Z" fill="${palette.primary}"/>
<path d="M372 760 V540 a140 140 0 0 1 280 0 V760 Z" fill="${palette.bg}"/>
<circle cx="512" cy="${Math.round(r(2, 560, 620))}" r="70" fill="${accent}"/>`;
      break;
    case "editorial":
      mark = `<rect x="252" y="252" width="520" height="520" fill="none" stroke="${palette.primary}" stroke-width="${strokeW}"/>
<rect x="340" y="${Math.round(r(3, 380, 440))}" width="90" height="300" fill="${palette.primary}"/>
<rect x="467" y="340" width="90" height="340" fill="${palette.secondary}"/>
<rect x="594" y="${Math.round(r(4, 420, 480))}" width="90" height="260" fill="${accent}"/>`;
      break;
    case "playful":
      mark = `<path d="M512 210 C560 420 604 464 814 512 C604 560 560 604 512 814 C464 604 420 560 210 512 C420 464 464 420 512 210 Z" fill="${palette.primary}"/>
<circle cx="${Math.round(r(5, 730, 790))}" cy="270" r="56" fill="${palette.secondary}"/>
<circle cx="260" cy="${Math.round(r(6, 730, 790))}" r="40" fill="${accent}"/>`;
      break;
    case "corporate":
      mark = `<path d="M512 200 L790 300 V520 C790 690 670 800 512 850 C354 800 234 690 234 520 V300 Z" fill="${palette.primary}"/>
<rect x="380" y="560" width="60" height="140" rx="10" fill="${palette.bg}"/>
<rect x="482" y="${Math.round(r(7, 470, 500))}" width="60" height="${Math.round(700 - r(7, 470, 500))}" rx="10" fill="${palette.secondary}"/>
<rect x="584" y="400" width="60" height="300" rx="10" fill="${accent}"/>`;
      break;
    default:
      mark = `<circle cx="512" cy="512" r="290" fill="none" stroke="${palette.primary}" stroke-width="${strokeW}"/>
<path d="M${Math.round(r(8, 300, 360))} 724 L724 ${Math.round(r(9, 300, 360))}" stroke="${accent}" stroke-width="${strokeW}" stroke-linecap="round"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024" width="1024" height="1024">
<rect width="1024" height="1024" rx="180" fill="${palette.bg}"/>
<g transform="rotate(${rot} 512 512)">
${mark}
</g>
</svg>`;
}
