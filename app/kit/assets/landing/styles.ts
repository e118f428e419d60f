import type { Brand } from "~/kit/brand/brand";
import { fontStack, FONTS, headingWeight } from "~/kit/brand/fonts";
import type { LandingLayout } from "~/kit/layouts";
import { AA_TEXT, buttonTextColor, contrastRatio, mix, nearestPassingColor, relativeLuminance } from "~/kit/brand/palette";

/**
 * The landing page's colours and CSS, from the brand's tokens. Every text
 * colour is checked against every surface it is drawn on (WCAG AA, 4.5:1):
 * where a tint would cost contrast, the plain background is used instead.
 * Pure: the same brand gives the same CSS byte for byte.
 */

export type LandingTheme = {
  bg: string;
  text: string;
  primary: string;
  onPrimary: string;
  /** The primary colour as text on the page (eyebrows, numbers, links). */
  ink: string;
  /** Tinted background of alternate sections. */
  surface: string;
  /** Secondary text (captions). */
  muted: string;
  /** Borders and dividers (decorative). */
  line: string;
  accent: string;
  secondary: string;
  dark: boolean;
};

const passes = (fg: string, ...bgs: string[]) => bgs.every((bg) => contrastRatio(fg, bg) >= AA_TEXT);

export function landingTheme(brand: Brand): LandingTheme {
  const p = brand.palette;
  const dark = relativeLuminance(p.background) < 0.18;
  // The tint: a touch of the primary colour, kept only while text still reads on it.
  let surface = p.background;
  for (const t of [0.07, 0.045, 0.025]) {
    const candidate = mix(p.background, p.primary, t);
    if (passes(p.text, candidate)) {
      surface = candidate;
      break;
    }
  }
  const away = dark ? "lighter" : "darker";
  // Darker (lighter on a dark page) until it reads on both the background and the tint.
  let ink = p.primary;
  for (const bg of [p.background, surface]) if (!passes(ink, bg)) ink = nearestPassingColor(ink, bg, AA_TEXT, away).hex;
  if (!passes(ink, p.background, surface)) ink = p.text;
  let muted = mix(p.text, p.background, 0.22);
  if (!passes(muted, p.background, surface)) muted = p.text;
  return {
    bg: p.background,
    text: p.text,
    primary: p.primary,
    onPrimary: buttonTextColor(p),
    ink,
    surface,
    muted,
    line: mix(p.background, p.text, 0.14),
    accent: p.accent,
    secondary: p.secondary,
    dark,
  };
}

/** Corner radius by the brand's type: crisp for serifs, rounder for the friendly sans families (DESIGN.md names it too). */
export function radius(brand: Brand) {
  if (FONTS[brand.fonts.heading].category === "serif") return ".375rem";
  if (brand.fonts.heading === "nunito" || brand.fonts.heading === "poppins") return "1rem";
  return ".75rem";
}

/** `src` is WOFF (a data: URL when embedded); `woff2`, when given, is offered first to browsers that take it. */
export type FontFace = { id: keyof typeof FONTS; weight: number; src: string; woff2?: string };

/** @font-face rules (the family names come from the catalogue, never from user input). */
export function fontFaceCss(faces: readonly FontFace[]): string {
  return faces
    .map((f) => `@font-face{font-family:'${FONTS[f.id].family}';font-style:normal;font-weight:${f.weight};font-display:swap;src:${f.woff2 ? `url(${f.woff2}) format('woff2'),` : ""}url(${f.src}) format('woff')}`)
    .join("");
}

/** Rules of the category sections (install snippet, service area, prices, what is in the box). */
const CATEGORY_CSS = `.band .intro{max-width:40rem;font-size:1.125rem}
.intro.wide{max-width:46rem;font-size:clamp(1.15rem,2.2vw,1.35rem)}
.code{margin:1.5rem 0 0;padding:1rem 1.25rem;max-width:40rem;border-radius:var(--radius);background:var(--text);color:var(--bg);font:600 1rem/1.55 ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.code code::before{content:"$ "}
.repo{margin-top:1.25rem;font-weight:700}
.places{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;margin:1.5rem 0 0;padding:0}
.places li{padding:.45rem 1.1rem;border:2px solid var(--ink);border-radius:99rem;color:var(--ink);font-weight:700}
.prices{max-width:40rem;margin:1.5rem 0 0}
.prices div{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:1rem 0;border-bottom:1px solid var(--line)}
.prices div:first-child{border-top:1px solid var(--line)}
.prices dt{font-weight:700}
.prices dd{margin:0;color:var(--ink);font-weight:700}
.box-list{display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,16rem),1fr));list-style:none;margin:0;padding:0}
.box-list li{background:var(--bg);border:1px solid var(--line);border-radius:calc(var(--radius) * 1.5);padding:1.5rem}
.band:not(.alt) .box-list li{background:var(--surface)}
.box-list h3{font-size:1.2rem;margin-bottom:.4rem}
.intro+.box-list{margin-top:1.5rem}
.get{display:grid;gap:1rem}
.booking{margin-top:2rem;max-width:32rem}
.booking h3{font-size:1.2rem;margin-bottom:.75rem}
.booking ol{margin:0;padding-left:1.4rem;display:grid;gap:.6rem}
.signup .code,.tile-act .code{background:var(--bg);color:var(--text);margin:0}
`;

/** What each layout changes: the hero's composition, and how the sections below it are drawn. */
const LAYOUT_CSS: Record<LandingLayout, string> = {
  split: "",
  editorial: `.hero-editorial{text-align:center;border-bottom:1px solid var(--line)}
.measure{max-width:54rem}
.emblem{width:4.75rem;margin:0 auto 1.75rem}
.emblem svg{width:100%;height:auto}
.hero-editorial .eyebrow{letter-spacing:.22em}
.hero-editorial h1{font-size:clamp(2.6rem,7.5vw,5.4rem);line-height:1.02;letter-spacing:-.025em}
.hero-editorial .lead{margin-inline:auto;font-size:clamp(1.15rem,2.4vw,1.4rem)}
.hero-editorial .actions{justify-content:center}
.layout-editorial .band:not(.signup) .wrap{width:min(60rem,100% - 2.5rem)}
.layout-editorial .band:not(.signup) h2{text-align:center;margin-inline:auto;font-size:clamp(2rem,4.4vw,3.1rem)}
.layout-editorial .band .intro,.layout-editorial .band .code,.layout-editorial .prices,.layout-editorial .faq{margin-inline:auto}
.layout-editorial .band:not(.signup) .intro{text-align:center}
.layout-editorial .places{justify-content:center}
.layout-editorial .cards{gap:2.5rem}
.layout-editorial .band .card{background:none;border:0;border-top:3px solid var(--text);border-radius:0;padding:1.25rem 0 0}
.layout-editorial .icon{display:none}
.layout-editorial .card h3{margin-top:0;font-size:1.45rem}
.layout-editorial .steps{gap:2.5rem}
.layout-editorial .steps li{padding-top:1.25rem;border-top:1px solid var(--line)}
.layout-editorial .steps li::before{position:static;display:block;width:auto;height:auto;margin-bottom:.6rem;border-radius:0;background:none;color:var(--ink);font-size:3.25rem;line-height:1}
`,
  grid: `.hero-tiles{padding:clamp(1.5rem,4vw,3rem) 0 clamp(2.5rem,6vw,4.5rem)}
.bento{display:grid;gap:1rem}
@media (min-width:56rem){.bento{grid-template-columns:1.7fr 1fr}.tile-main{grid-row:span 2}}
.tile{border:1px solid var(--line);border-radius:calc(var(--radius) * 2);background:var(--surface);padding:clamp(1.5rem,4vw,3rem)}
.tile-main{display:flex;flex-direction:column;justify-content:center}
.tile-main h1{font-size:clamp(2.1rem,5vw,3.75rem)}
.tile-main .lead{margin-bottom:1.75rem}
.tile-mark{display:grid;place-items:center;min-height:8rem;background:var(--bg)}
@media (min-width:56rem){.tile-mark{min-height:13rem}}
.tile-mark svg{width:min(10rem,40%);height:auto}
.tile-act{display:grid;gap:1rem;align-content:center;background:var(--primary);color:var(--on-primary);border-color:var(--primary);--focus:var(--on-primary)}
.tile-label{font-family:var(--heading);font-weight:var(--hw);font-size:1.3rem;line-height:1.2;margin:0}
.tile-act .repo{margin:0}
.tile-act a:not(.btn){color:inherit}
.tile-act .btn{background:var(--bg);color:var(--ink);border:2px solid var(--text)}
.layout-grid .cards{gap:1rem}
@media (min-width:56rem){.layout-grid .cards{grid-template-columns:1.25fr 1fr}.layout-grid .card:first-child{grid-row:span 2;display:flex;flex-direction:column;justify-content:flex-end}}
.layout-grid .band .card:first-child{background:var(--primary);color:var(--on-primary);border-color:var(--primary)}
.layout-grid .card:first-child h3{font-size:clamp(1.5rem,3vw,2.25rem)}
.layout-grid .card:first-child .icon{background:var(--on-primary)}
.layout-grid .card:first-child .icon::after{border-color:var(--primary)}
.layout-grid .steps{gap:1rem}
.layout-grid .steps li{padding:5.25rem 1.75rem 1.75rem;border:1px solid var(--line);border-radius:calc(var(--radius) * 1.5);background:var(--bg)}
.layout-grid .band:not(.alt) .steps li{background:var(--surface)}
.layout-grid .steps li::before{top:1.75rem;left:1.75rem;border-radius:var(--radius)}
`,
};

export type LandingCssOptions = { layout?: LandingLayout; category?: boolean };

export function landingCss(brand: Brand, t: LandingTheme, fontFaces = "", opts: LandingCssOptions = {}): string {
  const hw = headingWeight(brand.fonts.heading);
  const vars = [
    `--bg:${t.bg}`, `--text:${t.text}`, `--primary:${t.primary}`, `--on-primary:${t.onPrimary}`, `--ink:${t.ink}`,
    `--surface:${t.surface}`, `--muted:${t.muted}`, `--line:${t.line}`, `--accent:${t.accent}`, `--secondary:${t.secondary}`,
    `--focus:${t.text}`, `--radius:${radius(brand)}`, `--hw:${hw}`,
    `--heading:${fontStack(brand.fonts.heading)}`, `--body:${fontStack(brand.fonts.body)}`,
  ].join(";");
  return `${fontFaces}:root{${vars};color-scheme:${t.dark ? "dark" : "light"}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
body{margin:0;background:var(--bg);color:var(--text);font-family:var(--body);font-size:1.0625rem;line-height:1.65;overflow-wrap:break-word}
svg{display:block;max-width:100%}
a{color:var(--ink);text-underline-offset:.2em}
:focus-visible{outline:3px solid var(--focus);outline-offset:3px}
h1,h2,h3{font-family:var(--heading);font-weight:var(--hw);line-height:1.15;letter-spacing:-.015em;margin:0;text-wrap:balance}
p{margin:0}
.wrap{width:min(72rem,100% - 2.5rem);margin-inline:auto}
.skip{position:absolute;left:1rem;top:-4rem;z-index:20;background:var(--bg);color:var(--text);padding:.6rem 1rem;border-radius:var(--radius);font-weight:700}
.skip:focus{top:1rem}
.site{padding:1.1rem 0;border-bottom:1px solid var(--line)}
.bar{display:flex;align-items:center;justify-content:space-between;gap:1rem}
.brand{display:inline-flex;align-items:center;color:var(--text);text-decoration:none;font-family:var(--heading);font-weight:var(--hw);font-size:1.35rem;min-height:2.75rem}
.brand svg{height:2.4rem;width:auto}
.nav{display:flex;align-items:center;gap:1.75rem}
.nav ul{display:flex;gap:1.5rem;list-style:none;margin:0;padding:0}
.nav ul a{color:var(--text);text-decoration:none;font-weight:600}
.nav ul a:hover{text-decoration:underline}
@media (max-width:51.99rem){.nav ul{display:none}}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:3rem;padding:.8rem 1.5rem;border:0;border-radius:var(--radius);background:var(--primary);color:var(--on-primary);font:inherit;font-weight:700;line-height:1.2;text-decoration:none;text-align:center;cursor:pointer}
.btn:hover{filter:brightness(1.06)}
.btn.small{min-height:2.75rem;padding:.6rem 1.1rem;font-size:.95rem}
.hero{position:relative;overflow:hidden;padding:clamp(3rem,8vw,6.5rem) 0 clamp(3.5rem,9vw,7rem)}
.hero-grid{display:grid;gap:clamp(2.5rem,6vw,4rem);align-items:center}
@media (min-width:56rem){.hero-grid{grid-template-columns:1.25fr .75fr}}
.eyebrow{color:var(--ink);font-size:.8125rem;font-weight:700;letter-spacing:.09em;text-transform:uppercase;margin-bottom:1rem}
h1{font-size:clamp(2.25rem,6vw,4rem);line-height:1.06;margin-bottom:1.25rem}
.lead{font-size:clamp(1.125rem,2.2vw,1.3rem);max-width:38rem;margin-bottom:2rem}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:1rem 1.5rem}
.actions a:not(.btn){font-weight:700}
.art{position:relative;display:grid;place-items:center;aspect-ratio:1;max-width:min(24rem,70vw);width:100%;margin-inline:auto}
.art::before,.art::after{content:"";position:absolute;border-radius:50%}
.art::before{inset:4%;background:var(--surface);border:1px solid var(--line)}
.art::after{width:34%;aspect-ratio:1;right:0;bottom:6%;background:var(--accent);opacity:.85}
.art .dot{position:absolute;width:18%;aspect-ratio:1;left:2%;top:10%;border-radius:50%;background:var(--secondary);opacity:.75}
.art svg{position:relative;z-index:1;width:52%;height:auto}
.band{padding:clamp(3.5rem,8vw,6rem) 0}
.band.alt{background:var(--surface)}
.band h2{font-size:clamp(1.75rem,3.6vw,2.6rem);max-width:42rem;margin-bottom:clamp(2rem,4vw,3rem)}
.cards{display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,16rem),1fr));list-style:none;margin:0;padding:0}
.card{background:var(--bg);border:1px solid var(--line);border-radius:calc(var(--radius) * 1.5);padding:1.75rem}
.band:not(.alt) .card{background:var(--surface)}
.card h3{font-size:1.25rem;margin:1rem 0 .5rem}
.icon{display:block;width:2.75rem;height:2.75rem;border-radius:var(--radius);background:var(--primary);position:relative}
.icon::after{content:"";position:absolute;left:.95rem;top:.7rem;width:.8rem;height:1.1rem;border:solid var(--on-primary);border-width:0 .22rem .22rem 0;transform:rotate(45deg)}
.steps{counter-reset:step;display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,16rem),1fr));list-style:none;margin:0;padding:0}
.steps li{counter-increment:step;position:relative;padding-top:4.25rem}
.steps li::before{content:counter(step);position:absolute;top:0;left:0;display:grid;place-items:center;width:3rem;height:3rem;border-radius:50%;background:var(--primary);color:var(--on-primary);font-family:var(--heading);font-weight:var(--hw);font-size:1.25rem}
.steps h3{font-size:1.25rem;margin-bottom:.5rem}
.quotes{display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,17rem),1fr));list-style:none;margin:0;padding:0}
figure{margin:0;height:100%;display:flex;flex-direction:column;gap:1.25rem;background:var(--bg);border:1px solid var(--line);border-radius:calc(var(--radius) * 1.5);padding:1.75rem}
figure.placeholder{border:2px dashed var(--muted)}
blockquote{margin:0;font-size:1.0625rem;flex:1}
figcaption{font-weight:700}
figcaption span{display:block;font-weight:400;color:var(--muted);font-size:.9375rem}
.tag{align-self:flex-start;font-size:.75rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--ink);border:1px solid currentColor;border-radius:99rem;padding:.15rem .6rem}
.faq{max-width:48rem}
details{border-bottom:1px solid var(--line)}
details:first-child{border-top:1px solid var(--line)}
summary{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:1.15rem 0;cursor:pointer;list-style:none;font-weight:700;font-size:1.125rem}
summary::-webkit-details-marker{display:none}
summary::after{content:"+";flex:none;display:grid;place-items:center;width:2rem;height:2rem;border-radius:50%;border:1px solid var(--line);color:var(--ink);font-size:1.25rem;line-height:1}
details[open] summary::after{content:"\\2212"}
details p{padding:0 0 1.25rem;max-width:42rem}
.signup{background:var(--primary);color:var(--on-primary);--focus:var(--on-primary)}
.signup-grid{display:grid;gap:2rem 4rem;align-items:start}
@media (min-width:56rem){.signup-grid{grid-template-columns:1fr 1fr}}
.signup h2{margin-bottom:1rem}
.signup p.intro{font-size:1.125rem;max-width:32rem}
form{display:grid;gap:1.1rem}
label{display:block;font-weight:700;margin-bottom:.35rem}
.hint{display:block;font-size:.9375rem;margin-top:.35rem}
input{display:block;width:100%;min-height:3.1rem;padding:.75rem 1rem;border:2px solid var(--text);border-radius:var(--radius);background:var(--bg);color:var(--text);font:inherit}
.signup .btn{background:var(--bg);color:var(--ink);width:100%;border:2px solid var(--text)}
.fine{font-size:.9375rem}
.alert{background:var(--bg);color:var(--text);border-left:.4rem solid var(--accent);border-radius:var(--radius);padding:.9rem 1.1rem;font-weight:600}
.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.signup a{color:inherit}
.foot{padding:2.5rem 0;border-top:1px solid var(--line)}
.foot .wrap{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:1rem}
.foot p{color:var(--muted);font-size:.9375rem}
.made{display:inline-flex;align-items:center;gap:.4rem;font-size:.8125rem;font-weight:700;color:var(--text);text-decoration:none;border:1px solid var(--line);border-radius:99rem;padding:.3rem .75rem}
.made::before{content:"";width:.6rem;height:.6rem;border-radius:2px;background:var(--primary)}
.watermark{position:fixed;left:0;right:0;bottom:0;z-index:30;background:#111827;color:#FFFFFF;text-align:center;font:700 .875rem/1.4 system-ui,sans-serif;padding:.6rem 1rem;letter-spacing:.02em}
body.wm{padding-bottom:2.6rem}
.thanks{min-height:60vh;display:grid;place-items:center;text-align:center;padding:clamp(3rem,10vw,7rem) 0}
.thanks .wrap{max-width:40rem}
.thanks h1{font-size:clamp(2rem,5vw,3.25rem)}
.thanks p{font-size:1.125rem;margin:1rem auto 2rem}
.check{width:4.5rem;height:4.5rem;margin:0 auto 1.75rem;border-radius:50%;background:var(--primary);position:relative}
.check::after{content:"";position:absolute;left:1.65rem;top:1.05rem;width:1.1rem;height:1.9rem;border:solid var(--on-primary);border-width:0 .35rem .35rem 0;transform:rotate(45deg)}
.stack{display:grid;gap:1rem;justify-items:center}
${opts.category ? CATEGORY_CSS : ""}${LAYOUT_CSS[opts.layout ?? "split"]}`;
}
