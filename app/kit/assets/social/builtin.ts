import type { GenerationInput } from "~/kit/input";
import { answersSeed, readerPositioning, seededRandom } from "~/kit/assets/brand/builtin";
import type { Brand } from "~/kit/brand/brand";
import { hashtagOf, launchFacts, lc, pain, stop, withArticle, type LaunchFacts } from "../launch-copy";
import { countWith, trimToLimit } from "./count";
import { BIO_FIELDS, BIO_KEYS, composePost, POST_LIMITS, type Bios, type Platform, type Post, type SocialContent } from "./schema";

/**
 * The offline social kit: bios and a 10-post launch sequence (a week of
 * teasers, launch day on three networks, two follow-ups) written from the
 * founder's answers, what LaunchKit understood of the idea (the product word
 * in every bio, the problem its payment model solves, hashtags only from the
 * understanding) and the brand. Seeded, so the same kit always gets the same
 * posts and a regeneration (salt) gets other wordings. No invented numbers,
 * customers or quotes: follow-ups invite replies instead of claiming results.
 */

type Slot = {
  platform: Platform;
  dayOffset: number;
  variants: Array<(f: LaunchFacts) => string>;
  visual: (f: LaunchFacts) => string;
};

const e = (f: LaunchFacts, emoji: string) => (f.emoji ? ` ${emoji}` : "");

/** The tagline, led by what is sold when it does not name it already. */
function line(f: LaunchFacts) {
  return f.tagline.toLowerCase().includes(f.word.toLowerCase()) ? f.tagline : `${cap(f.what)}: ${lc(f.tagline)}`;
}

const SLOTS: Slot[] = [
  {
    platform: "x",
    dayOffset: -7,
    variants: [
      (f) => `Something new for ${f.who} is coming next week.${e(f, "👀")}\n\n${line(f)}.\n\nFollow along: we launch in 7 days.`,
      (f) => `One week to go.\n\nWe've been building ${f.name}, ${withArticle(f.what)} for ${f.who}.\n\nMore soon.${e(f, "⏳")}`,
    ],
    visual: (f) => `The ${f.name} logo on a plain brand-colour background with "7 days" in large type.`,
  },
  {
    platform: "linkedin",
    dayOffset: -5,
    variants: [
      (f) =>
        `Why we're building ${f.name}.\n\nWe kept hearing the same thing from ${f.who}: ${pain(f)}.\n\n` +
        `So we set out to fix it: ${stop(lc(f.idea))}\n\nWe launch next week. If this sounds like a problem you have, I'd love to hear how you deal with it today. Comments and DMs are open.`,
      (f) =>
        `Something we think should exist: ${stop(lc(f.idea))}\n\n${cap(f.audience)} deserve better than workarounds, because ${pain(f)}. That's the idea behind ${f.name}: ${lc(line(f))}.\n\n` +
        `We're launching next week. Before we do: what's the most frustrating part of this for you today? I read every reply.`,
    ],
    visual: () => "A candid photo of the founder at work, or a short handwritten note of the problem you're solving.",
  },
  {
    platform: "instagram",
    dayOffset: -3,
    variants: [
      (f) => `Sneak peek${e(f, "✨")}\n\n${line(f)}.${f.madeFor}\n\n${f.name} launches in 3 days. Turn on notifications so you don't miss it.`,
      (f) => `3 days.\n\n${f.name} is almost here: ${withArticle(f.what)}, made for ${f.who}.\n\nSave this post and come back on launch day.${e(f, "📌")}`,
    ],
    visual: (f) => `A close-up, slightly blurred preview of ${f.name} in the brand colours, with "3 days" as a text overlay.`,
  },
  {
    platform: "x",
    dayOffset: -1,
    variants: [
      (f) => `Tomorrow.${e(f, "🚀")}\n\n${f.name}. ${line(f)}.`,
      (f) => `Launching ${f.name} tomorrow.\n\nIf you're one of the ${f.who} we built it for, you'll want to ${f.goal.action}.`,
    ],
    visual: () => "No image: a text-only post reads as a countdown.",
  },
  {
    platform: "x",
    dayOffset: 0,
    variants: [
      (f) => `${f.name} is live.${e(f, "🎉")}\n\n${line(f)}.\n\n${stop(f.idea)}\n\n${f.goal.cta}: link in bio.`,
      (f) => `Today we launch ${f.name}.\n\n${line(f)}.\n\n${f.goal.reason}. ${f.goal.cta}, link in bio.`,
    ],
    visual: () => "The launch image (launch-post.png): your tagline on your brand colours.",
  },
  {
    platform: "linkedin",
    dayOffset: 0,
    variants: [
      (f) =>
        `Today we're launching ${f.name}.\n\n${stop(f.idea)}\n\nWho it's for: ${f.audience}.\n\nThe promise: ${lc(f.tagline)}.\n\n` +
        `${f.goal.reason}: ${f.goal.action} (link in the comments).\n\nThank you to everyone who gave feedback along the way. A share means a lot today.`,
      (f) =>
        `It's launch day for ${f.name}.\n\n${line(f)}.\n\n${stop(f.idea)}\n\n` +
        `If that's you, or someone on your team, ${f.goal.action} (link in the comments). Questions? Ask them here: I'll answer every one today.`,
    ],
    visual: () => "The launch image (launch-post.png), or a 30-second video of the product in use.",
  },
  {
    platform: "instagram",
    dayOffset: 0,
    variants: [
      (f) => `It's here${e(f, "🎉")}\n\n${f.name}. ${line(f)}.\n\n${stop(f.idea)}\n\n${f.goal.cta}, link in bio.`,
      (f) => `Launch day.\n\nMeet ${f.name}, ${withArticle(f.what)} for ${f.who}.\n\nTap the link in bio to ${f.goal.action}.${e(f, "👆")}`,
    ],
    visual: () => "The launch image (launch-post.png) as a square post; add a second slide with one sentence on how it works.",
  },
  {
    platform: "x",
    dayOffset: 2,
    variants: [
      (f) => `${f.name}, in three lines:\n\nWhat: ${lc(f.idea)}\nFor: ${f.who}\nNext step: ${f.goal.action} (link in bio)`,
      (f) => `The short version of ${f.name}: ${lc(f.tagline)}.\n\nQuestions before you ${f.goal.action}? Reply here and ask anything.`,
    ],
    visual: (f) => `The post's lines as a simple graphic in the brand colours, with the ${f.name} mark.`,
  },
  {
    platform: "linkedin",
    dayOffset: 7,
    variants: [
      (f) =>
        `One week since we launched ${f.name}.\n\nThank you to everyone who tried it, shared it or sent a question.\n\n` +
        `If you haven't had a look yet: ${lc(f.tagline)}. ${f.goal.reason}: ${f.goal.action}, link in the comments.\n\nWhat should we build next? Tell me below.`,
      (f) =>
        `Week one of ${f.name} is done.\n\nThe best part has been the conversations with ${f.who}. Keep them coming: what would make this a must-have for you?\n\n` +
        `New here? ${line(f)}. ${f.goal.cta}, link in the comments.`,
    ],
    visual: () => "A photo of your workspace or team, no stock images.",
  },
  {
    platform: "instagram",
    dayOffset: 14,
    variants: [
      (f) => `"Is ${f.name} for me?"\n\nIf you're one of the ${f.who} we built it for, yes.\n\nStill unsure? Send us a DM: we answer every message.${e(f, "💬")}`,
      (f) => `Two weeks in${e(f, "🙌")}\n\nA quick reminder of what ${f.name} does: ${lc(f.tagline)}.\n\n${f.goal.reason}. Link in bio.`,
    ],
    visual: (f) => `A carousel answering 3 questions people ask about ${f.name}, one per slide, in the brand fonts.`,
  },
];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const SHOP_TAGS = /^(ShopSmall|ShopLocal|ShopHandmade|Unboxing|SmallBatch|Handmade|GiftIdeas|ShopIndie)$/i;

/** The brand's own tag, then the understanding's hashtags, rotated by post so the set does not repeat one list. */
function hashtagsFor(f: LaunchFacts, platform: Platform, index: number): string[] {
  // A shop's tags ("ShopSmall", "Unboxing") only for what travels in a parcel.
  const own = f.u.hashtags.map((t) => hashtagOf(t)).filter((t) => t.length >= 2 && (f.facts.ships || !SHOP_TAGS.test(t)));
  const shift = own.length ? index % own.length : 0;
  const rotated = [...own.slice(shift), ...own.slice(0, shift)];
  const count = platform === "x" ? 2 : platform === "linkedin" ? 3 : 5;
  return [...new Set([hashtagOf(f.name), ...rotated].filter((tag) => tag.length >= 2))].slice(0, count);
}

function fitPost(post: Omit<Post, "trimmed">): Post {
  const { limit, counter } = POST_LIMITS[post.platform];
  const cut = trimToLimit(post.text, limit, (t) => countWith(counter, composePost({ text: t, hashtags: post.hashtags })));
  return { ...post, text: cut.text };
}

export function builtinPost(input: GenerationInput, brand: Brand, index: number, salt = ""): Post {
  const rand = seededRandom(answersSeed(input, `social-post-${index}${salt}`));
  const f = launchFacts(input, brand);
  const slot = SLOTS[index % SLOTS.length]!;
  const variant = slot.variants[Math.floor(rand() * slot.variants.length)]!;
  return fitPost({ platform: slot.platform, text: variant(f), hashtags: hashtagsFor(f, slot.platform, index), visual: slot.visual(f), dayOffset: slot.dayOffset });
}

function fitBio(text: string, key: keyof Bios) {
  const { limit, counter } = BIO_FIELDS[key];
  return { text: trimToLimit(text, limit, (t) => countWith(counter, t)).text };
}

export function builtinBios(input: GenerationInput, brand: Brand): Bios {
  const f = launchFacts(input, brand);
  const point = f.emoji ? "👇 " : "";
  const where = f.market ? ` in ${f.market}` : "";
  const ideaNamesPlace = !!f.market && f.idea.toLowerCase().includes(f.market.split(",")[0]!.trim().toLowerCase());
  const lead = line(f);
  const raw: Record<keyof Bios, string> = {
    x: `${lead}.${f.madeFor}${where ? ` Based${where}.` : ""} ${f.goal.cta} ↓`.replace(/\s+/g, " "),
    instagram: `${lead}\n${f.madeFor ? `For ${f.who}${where}` : where ? `Based${where}` : f.idea}\n${point}${f.goal.cta}`,
    tiktok: f.madeFor ? `${lead}. For ${f.who}.` : `${lead}.`,
    linkedinHeadline: `${f.name}: ${lead}${f.madeFor ? ` | For ${f.who}` : ""}${where ? ` | Based${where}` : ""}`,
    linkedinAbout: [
      `${f.name}: ${lc(lead)}.`,
      // The place once: the idea may name it already ("Roof repair in Seattle").
      `${stop(f.idea)} We built it for ${f.audience}${where && !ideaNamesPlace ? where : ""}, because ${pain(f)}.`,
      // To the reader, and without the place the lines above already name.
      readerPositioning(input, brand, "", !where),
      ...brand.voice.samples.slice(0, 1),
      `${f.goal.reason}: ${f.goal.action} through the link on this page, or send us a message. We read every one.`,
    ].join("\n\n"),
  };
  const bios = {} as Bios;
  for (const key of BIO_KEYS) {
    bios[key] = fitBio(raw[key], key);
    // A shorter TikTok bio if the longer one had to be cut: the product and who it is for.
    if (key === "tiktok" && bios.tiktok.text.endsWith("…")) bios.tiktok = fitBio(`${cap(withArticle(f.what))} for ${f.who}.`, "tiktok");
    if (key === "tiktok" && bios.tiktok.text.endsWith("…")) bios.tiktok = fitBio(`${cap(f.what)}.`, "tiktok");
  }
  return bios;
}

export function builtinSocial(input: GenerationInput, brand: Brand, salt = ""): SocialContent {
  return {
    bios: builtinBios(input, brand),
    posts: SLOTS.map((_, i) => builtinPost(input, brand, i, salt)),
  };
}
