import type { GenerationInput } from "~/kit/input";
import type { Brand } from "~/kit/brand/brand";
import type { Understanding } from "~/kit/understanding/types";
import type { LandingCopy } from "../landing/schema";
import { launchFacts, lc, pain, withArticle, type LaunchFacts } from "../launch-copy";
import { trimToLimit } from "../social/count";
import { LAUNCH_LIMITS, countField, fitsField, type LaunchField } from "./limits";
import type { LaunchCopy } from "./schema";
import { PH_TOPICS } from "./schema";
import { chooseCommunities, type Community } from "./subreddits";

/**
 * The offline launch copy: from the founder's answers, what LaunchKit
 * understood (the product word, customers, place, and the founder's facts
 * when given: differentiator, facts, install command, repository, prices),
 * the brand and the landing page's own copy. Every text is built from
 * candidates, longest first, and the first that fits its limit is kept; no
 * numbers, customers or quotes are made up.
 */

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const stop = (s: string) => s.trim().replace(/[.!?…]+$/, "");

function fit(field: LaunchField, ...candidates: Array<string | null | undefined | false>): string {
  const list = candidates.filter((c): c is string => typeof c === "string" && c.trim().length > 0).map((c) => c.trim());
  const found = list.find((c) => fitsField(field, c));
  if (found) return found;
  return trimToLimit(list[list.length - 1] ?? "", LAUNCH_LIMITS[field].limit, (t) => countField(field, t)).text;
}

/** Product Hunt topics for a category (names from PH_TOPICS), three of them. */
const TOPICS: Record<string, Array<(typeof PH_TOPICS)[number]>> = {
  "developer-tool": ["Developer Tools", "Open Source", "Command Line Tools"],
  "open-source": ["Open Source", "Developer Tools", "GitHub"],
  "b2b-saas": ["SaaS", "Productivity", "Small Business"],
  "consumer-app": ["Productivity", "Web App", "iOS"],
  fintech: ["Fintech", "Accounting", "Small Business"],
  "kids-family": ["Kids", "Parenting", "Education"],
  "education-course": ["Education", "Productivity", "Community"],
  tutoring: ["Education", "Kids", "Parenting"],
  "handmade-crafts": ["Crafts", "Art", "Small Business"],
  "pet-services": ["Pets", "Local Business", "Home"],
  "food-subscription": ["Food & Drink", "E-Commerce", "Home"],
  "cafe-restaurant": ["Food & Drink", "Local Business", "Community"],
  bakery: ["Food & Drink", "Local Business", "Small Business"],
  fitness: ["Health & Fitness", "Wellness", "Community"],
  wellness: ["Wellness", "Health & Fitness", "Community"],
  gaming: ["Games", "Art", "Community"],
  music: ["Music", "Art", "Community"],
  events: ["Events", "Community", "Local Business"],
  "travel-tours": ["Travel", "Outdoors", "Events"],
  "hr-recruiting": ["Hiring", "SaaS", "Productivity"],
  legal: ["Legal", "Small Business", "Productivity"],
  "real-estate": ["Real Estate", "Home", "Small Business"],
  fashion: ["Fashion", "E-Commerce", "Art"],
  ecommerce: ["E-Commerce", "Small Business", "Marketing"],
  nonprofit: ["Non-profit", "Community", "Sustainability"],
  "hardware-iot": ["Hardware", "Home", "Productivity"],
  "creative-studio": ["Design Tools", "Art", "Marketing"],
  "consulting-agency": ["Small Business", "Marketing", "Productivity"],
};
export function topicsFor(u: Understanding, words: string): LaunchCopy["productHunt"]["topics"] {
  const base = TOPICS[u.category] ?? ["Small Business", "Local Business", "Community"];
  const extra: Array<(typeof PH_TOPICS)[number]> = [];
  if (/\b(bookkeep|accounting|invoice)/.test(words)) extra.push("Accounting");
  if (/\b(pottery|ceramic|clay)/.test(words)) extra.push("Crafts", "Art");
  const all = [...new Set([...extra, ...base, "Productivity", "Community"] as Array<(typeof PH_TOPICS)[number]>)];
  return all.slice(0, 3) as LaunchCopy["productHunt"]["topics"];
}

const SOFTWARE_CATEGORIES = new Set(["developer-tool", "open-source", "b2b-saas", "consumer-app", "gaming", "fintech", "hr-recruiting"]);

/**
 * Why a Show HN is left out, or null when the product is something people can
 * try: Hacker News' Show HN is "for something you've made that other people
 * can play with" and not for "sign-up pages" or waitlists.
 */
export function showHnLeftOut(u: Understanding, input: GenerationInput): string | null {
  const software = SOFTWARE_CATEGORIES.has(u.category) || u.model === "software" || u.model === "developer-tool";
  if (!software) return "Show HN is for something people can try for themselves online (Hacker News' own rule); a business people book, visit or buy from gets its launch on Product Hunt, Reddit and Indie Hackers instead.";
  const tryable = input.primary_goal === "downloads" || Boolean(u.ecosystem?.install || u.ecosystem?.repository) || u.payment === "open-source" || u.payment === "free" || u.payment === "freemium";
  if (!tryable) return "Your page collects sign-ups, and Hacker News asks for no Show HN until people can try the thing without signing up or leaving an e-mail. Post one once they can.";
  return null;
}

function factsLine(u: Understanding): string {
  const facts = (u.facts ?? []).map(stop).filter(Boolean).slice(0, 3);
  return facts.length ? `${facts.map(cap).join(". ")}.` : "";
}

function priceLine(u: Understanding): string {
  const p = u.prices?.[0];
  return p ? `It costs ${p.text}.` : "";
}

function redditPost(c: Community, f: LaunchFacts, u: Understanding, landing: LandingCopy | null, link: string): { subreddit: string; title: string; body: string } {
  const diff = u.differentiator ? `${cap(stop(u.differentiator))}.` : "";
  const facts = factsLine(u);
  const install = u.ecosystem?.install ? `Install: ${u.ecosystem.install}` : "";
  const repo = u.ecosystem?.repository ? `Code: ${u.ecosystem.repository}` : "";
  const steps = landing ? landing.how.steps.map((s, i) => `${i + 1}. ${stop(s.title)}: ${stop(s.body)}.`).join("\n") : "";
  const flair = c.flair ? `${c.flair}: ` : "";
  let title: string;
  let body: string;
  switch (c.style) {
    case "technical":
      title = `${flair}${f.name}: ${lc(stop(f.tagline))}${u.ecosystem?.language ? ` (${u.ecosystem.language})` : ""}`;
      body = [`I built ${f.name}, ${withArticle(f.what)} for ${f.who}.`, diff, facts, install, repo, "It is early: what would you want it to do next, and what looks wrong in how it works?"].filter(Boolean).join("\n\n");
      break;
    case "maker":
      title = `${flair}I made ${f.name}: ${lc(stop(f.tagline))}`;
      body = [`Hi r/${c.name}, I'm launching ${f.name}, ${withArticle(f.what)} for ${f.who}.`, `Why: ${pain(f)}.`, diff, facts, priceLine(u), steps ? `How it works:\n${steps}` : "", link ? `It's here: ${link}` : "", "I'd love honest feedback: what is missing, and what would stop you from trying it?"].filter(Boolean).join("\n\n");
      break;
    case "local":
      title = `${flair}New in ${f.place ?? f.market ?? "town"}: ${f.name}, ${withArticle(f.what)}`;
      body = [`Hello! I'm starting ${f.name} here: ${withArticle(f.what)} for ${f.who}.`, diff, facts, priceLine(u), "If the rules allow it, I'd love to hear what people here would want from it; happy to answer questions."].filter(Boolean).join("\n\n");
      break;
    case "community":
      title = `${flair}What would you want from ${withArticle(f.what)}? Questions from someone starting out`;
      body = [`I'm starting ${withArticle(f.what)} for ${f.who} and I'd value this community's experience.`, `What I keep hearing is that ${pain(f)}. Is that your experience too?`, diff ? `What I'm trying to do differently: ${lc(diff)}` : "", "No links here; I'd just like to learn what matters to you."].filter(Boolean).join("\n\n");
      break;
    default:
      title = `${flair}How do you handle ${f.word} today? Advice wanted before I launch ${withArticle(f.what)}`;
      body = [`I'm about to launch ${withArticle(f.what)} for ${f.who}.`, `The problem I'm working on: ${pain(f)}.`, diff, "How do you deal with this today, and what would make you switch? Not posting a link, just learning."].filter(Boolean).join("\n\n");
  }
  return { subreddit: c.name, title: fit("redditTitle", title, `${f.name}: ${lc(stop(f.tagline))}`), body: fit("redditBody", body) };
}

export function builtinLaunch(input: GenerationInput, brand: Brand, u: Understanding, landing: LandingCopy | null, link: string): LaunchCopy {
  const f = launchFacts(input, brand);
  const tagline = stop(f.tagline);
  const diff = u.differentiator ? `${cap(stop(u.differentiator))}.` : "";
  const facts = factsLine(u);
  const hero = landing ? `${stop(landing.hero.headline)}. ${stop(landing.hero.subheadline)}.` : "";
  const benefits = landing ? landing.benefits.items.map((b) => stop(b.title)) : [];
  const words = `${input.business_idea} ${u.product} ${(u.facts ?? []).join(" ")}`.toLowerCase();
  const where = f.place ? ` in ${/^(united|netherlands|philippines|czech)/i.test(f.place) ? "the " : ""}${f.place}` : "";
  const linkLine = link ? ` ${link}` : "";

  const description = fit(
    "phDescription",
    `${cap(withArticle(f.what))}${where} for ${f.who}. ${diff} ${facts || hero}`.replace(/\s+/g, " "),
    `${cap(withArticle(f.what))}${where} for ${f.who}. ${diff}`.replace(/\s+/g, " "),
    `${cap(withArticle(f.what))}${where} for ${f.who}. ${tagline}.`,
  );

  const comment = {
    who: fit("phCommentPart", `Hi Product Hunt! I'm the maker of ${f.name}, ${withArticle(f.what)}${where} for ${f.who}.`, `Hi Product Hunt! I made ${f.name}.`),
    why: fit("phCommentPart", `Why: ${pain(f)}, and ${f.who} deserve better.`, `Why: ${pain(f)}.`),
    whatsNew: fit("phCommentPart", `What's new: ${diff || `${tagline}.`} ${facts}`.trim(), `What's new: ${diff || `${tagline}.`}`, `What's new: ${tagline}.`),
    question: fit("phCommentPart", `A question for you: what would make you try ${withArticle(f.word)} like this, and what would stop you?`, "What would make you try it, and what would stop you?"),
  };

  const video = [
    { seconds: 5, shot: `The ${f.name} logo on the brand colour`, voiceover: fit("shot", `This is ${f.name}.`) },
    { seconds: 10, shot: fit("shot", `${cap(f.who)} dealing with the problem today`), voiceover: fit("shot", `${cap(pain(f))}.`) },
    { seconds: 15, shot: fit("shot", landing ? `The landing page's hero: "${stop(landing.hero.headline)}"` : `The product in use`), voiceover: fit("shot", `${tagline}.`) },
    { seconds: 15, shot: fit("shot", benefits.length ? `Close-ups of: ${benefits.join("; ")}` : "Close-ups of how it works"), voiceover: fit("shot", diff || `Made for ${f.who}.`) },
    { seconds: 10, shot: fit("shot", landing ? `How it works, step by step: ${landing.how.steps.map((s) => stop(s.title)).join(", ")}` : "How it works, step by step"), voiceover: fit("shot", facts || `${f.goal.reason}.`) },
    { seconds: 5, shot: "The call to action with the address of the page", voiceover: fit("shot", `${f.goal.cta} at ${f.name}.`) },
  ];

  const showTitle = fit("hnTitle", `Show HN: ${f.name} – ${lc(tagline)}`.replace(/!/g, ""), `Show HN: ${f.name} – ${withArticle(f.what)} for ${f.who}`, `Show HN: ${f.name}`);
  const showHn = {
    title: showTitle,
    comment: {
      what: fit("hnPart", `${f.name} is ${withArticle(f.what)} for ${f.who}. ${diff}`.trim()),
      how: fit("hnPart", [u.ecosystem?.language ? `It is written in ${u.ecosystem.language}.` : "", u.ecosystem?.install ? `Install with: ${u.ecosystem.install}` : "", u.ecosystem?.repository ? `The code is at ${u.ecosystem.repository}.` : "", facts].filter(Boolean).join(" ") || `How it works: ${lc(tagline)}.`),
      rough: fit("hnPart", "It is early. The rough parts: the setup has only been tried by a few people, and the documentation is thin."),
      feedback: fit("hnPart", `I would like feedback on whether this solves the problem for you (${pain(f)}) and what breaks when you try it.`),
    },
  };

  const reddit = chooseCommunities(u, input).map((c) => redditPost(c, f, u, landing, link));

  const ihBody = [
    `Today I'm launching ${f.name}, ${withArticle(f.what)}${where} for ${f.who}.`,
    `**The problem.** ${cap(pain(f))}.`,
    diff ? `**What's different.** ${diff}` : "",
    facts ? `**The facts.** ${facts}` : "",
    priceLine(u) ? `**Pricing.** ${priceLine(u)}` : "",
    `**Where it stands.** It is live on Product Hunt today. ${f.goal.reason}.`,
    `**What I'd love to hear.** How did you get your first ten customers for something like this?`,
    link ? `Link: ${link}` : "",
  ].filter(Boolean).join("\n\n");

  return {
    productHunt: {
      name: fit("phName", f.name),
      tagline: fit("phTagline", tagline, `${cap(withArticle(f.what))} for ${f.who}`, cap(f.what)),
      description,
      topics: topicsFor(u, words),
      comment,
      video,
    },
    showHn,
    reddit,
    indieHackers: { title: fit("ihTitle", `Launching ${f.name} today: ${lc(tagline)}`, `Launching ${f.name} today`), body: fit("ihBody", ihBody) },
    x: fit("x", `${f.name} is live on Product Hunt today: ${lc(tagline)}.${linkLine}`, `${f.name} is live on Product Hunt today.${linkLine}`, `${f.name} is live today.`),
    linkedin: fit("linkedin", [`Today I'm launching ${f.name} on Product Hunt.`, `${cap(withArticle(f.what))}${where} for ${f.who}: ${lc(tagline)}.`, diff, facts, `${f.goal.reason}.`, link].filter(Boolean).join("\n\n")),
    teaser: fit("x", `Something new for ${f.who} is coming in two weeks: ${f.name}. ${tagline}.`, `${f.name} launches in two weeks.`),
    supporters: fit("supporters", `Hi! ${f.name}, the ${f.what} I've been working on, launches on Product Hunt in ten days. If you'd like to see it on the day or leave honest feedback, I'll send you the link that morning. Thank you for following along.`),
    email: {
      subject: fit("emailSubject", `${f.name} is live`),
      preview: fit("emailPreview", `${tagline}.`),
      body: fit("emailBody", [`Hi,`, `You signed up to hear when ${f.name} launches: it's live today.`, `${cap(withArticle(f.what))} for ${f.who}. ${diff}`.trim(), facts, `${f.goal.cta}${link ? `: ${link}` : "."}`, `Thank you for being here early.`].filter(Boolean).join("\n\n")),
    },
    followUp: {
      subject: fit("emailSubject", `A week of ${f.name}: thank you`),
      preview: fit("emailPreview", "What we heard and what comes next"),
      body: fit("emailBody", [`Hi,`, `${f.name} launched a week ago. Thank you to everyone who tried it, asked questions or passed it on.`, `We read every reply. Tell us the one thing you'd change: just reply to this e-mail.`, `${f.goal.cta}${link ? `: ${link}` : "."}`].join("\n\n")),
    },
  };
}
