import type { ContentPieceKind } from "~/platform/db/schema";
import { builtinVariantSuggestions } from "~/features/analytics/index.server";
import { STATUS_QUO, pain, variantIndex, withArticle } from "~/kit/assets/launch-copy";
import { kitFactLines } from "~/features/site/index.server";
import type { KitFacts } from "./facts.server";
import { BLOG_MIN_WORDS, REFRESH_LABELS, type RefreshField, TITLE_MAX, wordCount } from "./pieces";
import { day, fmt } from "./piece-facts";
import type { PieceContext, WrittenPiece } from "./piece-types";
import { type Family, type Words, be, cap, list, lowerFirst, pick, plural, priceChange, sameText, stop, theOf, triedOn, trimEnd, usable, winningMessage, wordsOf } from "./piece-words";
import { DANGLING, GENERIC } from "./piece-words.data";

/** The call to action for the stance: a trading business invites, a pre-launch one gathers interest. */
export function callToAction(w: Words): string {
  const live: Record<string, string> = {
    waitlist: pick(w.seed + "cw", [`Places with ${w.name} open a few at a time: join the waitlist and we will write when yours is ready.`, `Want ${w.what}${w.where}? Join the waitlist, and ${w.name} writes as places open.`]),
    "pre-orders": pick(w.seed + "cp", [`Orders for ${w.stuff} are open: reserve yours with ${w.name} and we confirm the details before anything is charged.`, `Reserve your ${w.word} with ${w.name}: we confirm every order before anything is charged.`]),
    "book calls": pick(w.seed + "cb", [`Book a call with ${w.name} and tell us about your plans: we say honestly whether we are the right fit.`, `A short call with ${w.name} is the quickest way to see whether ${w.what} fits what you need.`]),
    downloads: pick(w.seed + "cd", [`Download ${w.name} and try it on one real piece of your own work.`, `Try ${w.name} on your own work: the download takes a minute.`]),
    "collect emails": pick(w.seed + "ce", [`Join the ${w.name} list for news, offers and tips on ${w.word}.`, `Get ${w.name}'s notes on ${w.word} by e-mail: join the list.`]),
  };
  if (w.prelaunch) return `${cap(w.goal.reason)}: ${w.goal.action} with ${w.name}.`;
  return live[w.goalKey] ?? `Get in touch with ${w.name} about ${w.what}${w.where}.`;
}

/** Sentences about one feature of the business, by family, chosen by the kit's seed. */
export function featureParagraphs(w: Words, f: string, i: number): string[] {
  const t = theOf(f);
  const T = cap(t);
  const by: Record<Family, string[][]> = {
    goods: [
      [
        `When ${w.who} compare ${w.stuff}, ${t} ${be(f)} one of the first things worth asking about: it is where the difference shows after a week, not just on the first day.`,
        `${T} may sound like a detail. For ${w.customers}${w.where}, it is the part of ${w.stuff} they notice every time.`,
      ],
      [
        `Ask any ${w.maker} of ${w.stuff} about ${t}, and the answer tells you a lot about the rest. At ${w.name}, ${t} ${be(f)} not an extra: the way we work is built around ${plural(f) ? "them" : "it"}.`,
        `It also changes what ${w.who} can expect from ${w.stuff} week after week: fewer surprises, and ${w.stuff} worth ordering again.`,
      ],
      [
        `Good ${w.stuff} is mostly patience and care, and ${t} ${be(f)} where both show. It takes longer to do properly, and ${w.name} thinks the wait is worth it.`,
        `If you have only ever had ${STATUS_QUO.consumable(w.stuff)}, ${t} ${be(f)} the easiest way to notice the difference.`,
      ],
    ],
    software: [
      [
        `For ${w.customers}, ${t} ${be(f)} where the hours go or come back. Done by hand, it is the job that never quite gets finished; done well, nobody has to think about it.`,
        `That is why ${w.name} treats ${t} as part of the core of ${w.stuff}, not a setting hidden three menus deep.`,
      ],
      [
        `Without ${t}, most teams fall back on ${STATUS_QUO.software(w.word)}. It works until the week it doesn't, and then it costs more than anyone planned.`,
        `With ${w.name}, ${t} ${plural(f) ? "run" : "runs"} on ${plural(f) ? "their" : "its"} own and ${plural(f) ? "show" : "shows"} what happened, so ${w.who} can check the result instead of chasing it.`,
      ],
      [
        `Ask ${w.who} what they would change first about ${w.word}, and ${t} ${plural(f) ? "come" : "comes"} up early. It is a small change on paper and a large one in a busy week.`,
        `${w.name} starts from ${t} because it is where ${w.stuff} saves the most time for the least effort.`,
      ],
    ],
    service: [
      [
        `For ${w.customers}${w.where}, ${t} often ${plural(f) ? "decide" : "decides"} how the whole day feels. It is worth talking about early, before anything else is fixed.`,
        `${w.name} plans around ${t} from the first conversation, so there is time to get it right rather than rush it at the end.`,
      ],
      [
        `${T} ${be(f)} where ${w.stuff} stops being a line on a list and becomes something ${w.who} remember. It takes planning, and a little flexibility on the day.`,
        `Ask any ${w.maker} how they approach ${t}: the answer says more than a portfolio or a price list.`,
      ],
      [
        `Many ${w.who} only think about ${t} late, once the big decisions are made. Starting with it instead makes everything else easier to plan.`,
        `At ${w.name}, ${t} ${be(f)} not an add-on: it is part of how the work is done${w.where}.`,
      ],
    ],
  };
  const options = by[w.family];
  // One base per business, then the next template for the next feature: a kit's features never share one.
  return options[(i + variantIndex(`${w.seed}|features`, options.length)) % options.length]!;
}

/** The blog article: a title that promises something to the reader, an intro, sections on a topic of the business, a call to action. */
export function builtinBlog(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const f = w.features;
  const f1 = f[0] ?? w.stuff;
  const titles: Record<Family, string[]> = {
    goods: [`What makes good ${w.stuff}: a guide for ${w.who}${w.where}`, f.length ? `${cap(theOf(f1))} and other things to ask about your ${w.stuff}` : `${cap(w.stuff)}${w.where}: what ${w.who} should ask`, `How to choose ${withArticle(w.product)}${w.where}`],
    software: [`How ${w.who} can spend less time on ${w.word}`, `${cap(f1)}: a practical guide for ${w.who}`, `What ${w.word} really costs ${w.who}, and how to cut it`],
    service: [`Planning ${w.what}${w.where}: a guide for ${w.who}`, `What to ask before you book ${withArticle(w.product)}${w.where}`, `${cap(f1)}: what ${w.who} should know`],
  };
  const title = pick(w.seed + "t", titles[w.family]).slice(0, TITLE_MAX);
  const parts: string[] = [];
  const problem: Record<Family, string> = {
    goods: pick(w.seed + "pg", [
      `Most ${w.customers}${w.where} know the feeling: ${cap(pain(w)).charAt(0).toLowerCase() + pain(w).slice(1)}.`,
      `Ask ${w.customers}${w.where} about ${w.word} and you hear the same thing: ${pain(w)}.`,
    ]),
    software: w.problems.length
      ? pick(w.seed + "ps", [`For ${w.customers}, ${list(w.problems)} ${plural(w.problems[0]!) ? "are" : "is"} the cost nobody budgets for, and ${pain(w)}.`, `Ask ${w.customers} what hurts most in a week and ${list(w.problems)} come${plural(w.problems[0]!) ? "" : "s"} up first: ${pain(w)}.`])
      : pick(w.seed + "ps", [`For ${w.customers}, ${pain(w)}.`, `Talk to ${w.customers} for five minutes and it comes up: ${pain(w)}.`]),
    service: pick(w.seed + "pv", [
      ...(w.session || ["local-service", "membership"].includes(w.pool) ? [`For ${w.customers}${w.where}, ${pain(w)}.`, `Ask ${w.customers}${w.where} about ${w.stuff} and one thing comes up: ${pain(w)}.`] : []),
      `For ${w.customers}${w.where}, the hard part of ${w.what} is rarely the day itself: it is ${STATUS_QUO[w.session ? "booking" : "booking"](w.word)}, and the decisions nobody explains.`,
      `${cap(w.customers)}${w.where} face a lot of choices about ${w.what}, and most of the advice out there is written for someone else.`,
    ]),
  };
  const covers = f.length ? list(f.slice(0, 3).map(theOf)) : w.stuff;
  parts.push(
    `${problem[w.family]} ${pick(w.seed + "i2", [`This article looks at what makes a difference: ${covers}, what to ask before you choose, and how to get started.`, `Here is what we have learned about ${covers}, and the questions worth asking before you choose.`])}`,
    `${pick(w.seed + "i3", [`It is written by ${w.name}, ${withArticle(w.product)} for ${w.customers}${w.where}.`, `We are ${w.name}, ${withArticle(w.product)} for ${w.who}${w.where}, and these are the questions we answer most often.`])}`,
  );
  const headings = (x: string, i: number) => pick(`${w.seed}|h${i}`, [`${cap(x)}, explained`, `${cap(x)}: why it matters`, `${cap(x)} in practice`]);
  const sections = f.slice(0, 3);
  if (sections.length > 1) {
    parts.push(`## ${pick(w.seed + "fh", [`What makes the difference`, `What to look for in ${w.stuff}`, `The details that matter`])}`);
    sections.forEach((x, i) => parts.push(`### ${headings(x, i)}`, ...featureParagraphs(w, x, i)));
  } else sections.forEach((x, i) => parts.push(`## ${headings(x, i)}`, ...featureParagraphs(w, x, i)));
  // What to ask: questions a reader can take to any provider, from the family and the kit's own objections.
  const asks: Record<Family, string[]> = {
    goods: [`How is the ${w.word} made, and how long does it keep?`, `When and how does it reach ${w.who}${w.where}?`, `Can you change or pause an order without a fuss?`],
    software: [`How long does it take ${w.who} to set up ${w.what}?`, `What happens to your data if you stop?`, `Who answers when something goes wrong in a busy week?`],
    service: [`Has the ${w.agent} worked${w.where || ` for ${w.who}`} before, and can you see the results?`, `What is included, and what costs extra?`, `What happens if plans change on the day?`],
  };
  const doubts = (ctx.research?.icp.objections ?? []).filter((x) => usable(w, x) && x.toLowerCase().includes(w.word.toLowerCase()));
  parts.push(
    `## ${pick(w.seed + "q", [`What to ask before you choose ${w.what}`, `Questions worth asking about ${w.word}`, `Before you decide: questions for any ${w.word} provider`])}`,
    [...asks[w.family], ...doubts].map((x) => `- ${stop(x)}`).join("\n"),
    pick(w.seed + "q2", [
      `A good ${w.maker} of ${w.stuff} answers these without hesitation. If an answer is vague, ask again: it is your ${w.family === "software" ? "team's time" : w.family === "service" ? "day" : "money"}.`,
      `None of these is a trick question. They simply show whether the ${w.stuff} on offer was made for ${w.who}, or for everyone at once.`,
    ]),
  );
  const change = priceChange(facts);
  if (change || w.rivals.length) {
    parts.push(`## ${pick(w.seed + "v", [`What you get for the price`, `Comparing ${w.word} fairly`, `Value, not just price`])}`);
    const compare = w.rivals.length ? `If you are comparing ${w.name} with ${list(w.rivals.slice(0, 2))}, compare what is included, not just the headline price.` : `Compare what is included, not just the headline price.`;
    parts.push(
      `${change ? pick(w.seed + "v1", [`Some prices for ${w.stuff} have gone up this ${w.month}, and it is a good moment to ask what you actually get.`, `At least one ${w.maker} of ${w.stuff} has raised its prices this ${w.month}. That makes value the right question.`]) : ""} ${compare} ${f.length ? `At ${w.name}, ${list(f.slice(0, 3).map(theOf))} ${f.length > 1 || plural(f[0]!) ? "are" : "is"} part of the price, not extras.` : ""}`.trim(),
    );
  }
  const win = winningMessage(facts);
  parts.push(`## ${pick(w.seed + "h", [`How ${w.name} works`, `${cap(w.stuff)} with ${w.name}, step by step`, `Getting started with ${w.name}`])}`);
  const steps: Record<Family, string> = {
    goods: `You tell ${w.name} what you want and how often; we make it and bring it to you${w.where}; you change or pause it whenever you like. ${f[1] ? `${cap(theOf(f[1]))} ${be(f[1])} part of every order.` : ""}`,
    software: `${w.name} starts with a short setup for your team; ${f[0] ? `${theOf(f[0])} ${plural(f[0]) ? "run" : "runs"} from day one` : `${w.stuff} runs from day one`}; you see what it did and adjust it as you go.`,
    service: `It starts with a conversation about your plans${w.where}; ${w.name} suggests how to approach ${f[0] ? theOf(f[0]) : w.stuff}; then we agree the details in writing, so nothing is left to guess on the day.`,
  };
  parts.push(steps[w.family].trim(), ...(win ? [pick(w.seed + "w", [`In one line: ${stop(win)}`, `Or, in a sentence: ${stop(win)}`])] : []));
  parts.push(...monthSection(w, ctx, facts));
  let body = parts.join("\n\n");
  // Under 800 words: more on the business's own topic, each paragraph carrying its specifics.
  const more: Array<[string, string]> = [];
  const there = w.where.replace(/^ in /, "");
  const extra: Record<Family, Array<[string, string]>> = {
    goods: [
      [`Why ${w.who} choose ${w.stuff} made close to home`, `${cap(w.stuff)} made${w.where} travels less and waits less. For ${w.customers}, that means ${w.stuff} that looks and tastes the way it should, and a ${w.maker} they can talk to when something is not right.`],
      [`Made for ${w.who}`, pick(w.seed + "wf", [`${w.name} is for ${w.customers}${w.where} who care where their ${w.stuff} comes from and would rather not settle for ${STATUS_QUO.consumable(w.stuff)}.`, `We make ${w.stuff} for ${w.customers}${w.where}: people who notice the difference and like knowing who made what they buy.`])],
      [`Getting the most from your ${w.stuff}`, `A little care at home goes a long way: keep your ${w.stuff} the way the ${w.maker} suggests, and ask when you are unsure. ${w.name} is happy to explain how to store and enjoy it, and to adjust an order when your week changes.`],
      [`What to ask about what goes into it`, `Good ${w.stuff} has nothing to hide: ask what goes into it, where it comes from and when it was made. ${w.name} answers all three for every order, because ${w.who} deserve to know what they are buying.`],
      [`Less waste, by design`, `Made to order means ${w.name} makes the ${w.stuff} ${w.who} actually want, and very little ends up thrown away${there ? ` in ${there}` : ""}. It is better for the ${w.maker} and for the customer.`],
      [`Regular orders, without the chore`, `${cap(pain({ ...w, word: w.stuff, pool: "subscription" }))} for many ${w.who}. A regular order with ${w.name} turns ${w.stuff} into something that simply turns up, and you stay in charge of what, when and how much.`],
    ],
    software: [
      ...w.problems.map((p): [string, string] => [`What ${p} cost ${w.who}`, `${cap(p)} ${plural(p) ? "look" : "looks"} small one at a time. Over a month, ${plural(p) ? "they add" : "it adds"} up to hours of work and income that never comes back. ${w.name} was built for ${w.customers} who want ${p} down without adding work to anyone's week${f.length ? `: ${list(f.slice(0, 2).map(theOf))} do most of it` : ""}.`]),
      [`Rolling out ${w.stuff} without disruption`, `Change is the real cost of new software for ${w.who}. Start with one part of the week${f[0] ? `, such as ${theOf(f[0])}` : ""}, see the result, then move the rest. ${w.name} is built so the first step takes an afternoon, not a project.`],
      [`Measuring what ${w.word} costs today`, `Before you change anything, write down how ${w.word} works today: who does it, how long it takes, what slips. It is the only fair way to judge whether ${w.stuff} pays for itself for ${w.customers}.`],
      [`Made for ${w.who}`, pick(w.seed + "wf", [`${w.name} is for ${w.customers} who have outgrown ${STATUS_QUO.software(w.word)} and want ${w.stuff} that runs without a daily check.`, `We build ${w.stuff} for ${w.customers}${w.where}: teams with too little time to babysit tools, and too much at stake to let ${w.word} slip.`])],
      [`Questions to ask in a demo`, `A demo shows the best case. Ask the ${w.maker} to show ${w.stuff} on a real, messy week rather than a tidy example, and to show what happens when something goes wrong. ${w.name} is glad to do exactly that for ${w.who}.`],
      [`Keeping your data yours`, `${cap(w.customers)} hold information their own clients trust them to keep safe. Before choosing ${w.stuff}, ask where data is stored, who can see it and how you take it with you if you leave: ${w.name} answers in writing.`],
      [`Support that knows your work`, `When something breaks in a busy week, ${w.who} need an answer from someone who understands their day, not a ticket number. ${w.name} keeps support close to the people who build ${w.stuff}.`],
      [`What good ${w.word} looks like`, `Good ${w.word} is boring in the best way: it happens on time, the people who need to know do, and nobody re-types anything. That is the standard ${w.name} holds itself to for ${w.who}.`],
    ],
    service: w.session || ["local-service", "membership"].includes(w.pool) ? [
      [`Your first time`, pick(w.seed + "ft", [`The first ${w.stuff} booking is the one people worry about most. Tell ${w.name} what you hope for and anything we should know beforehand; we explain what happens, how long it takes and what to bring, so ${w.who} can simply turn up.`, `Nobody knows what to expect the first time. ${w.name} walks ${w.who} through it beforehand, in a short message: where, how long, what happens, and what you need, if anything.`])],
      [`Fitting ${w.stuff} into a busy week`, pick(w.seed + "bw", [`The best ${w.stuff} is the one that actually happens. Pick a regular time that survives a busy week, and tell ${w.name} when it doesn't: moving a booking should take a message, not a phone call.`, `${cap(w.who)} have full weeks. ${w.name} offers times that fit around work and family${w.where}, and a change of plan is a short message away.`])],
      [`Made for ${w.who}`, `${w.name} is for ${w.customers}${w.where} who would rather have ${w.stuff} fit their week than rearrange their week around it.`],
      [`What to bring`, `Ask ${w.name} what to bring and what to expect before your first ${w.stuff} booking. A short list, sent ahead, saves ${w.who} a lot of guesswork and makes the first time feel like the fifth.`],
      [`Progress you can see`, `${cap(w.who)} want to know that ${w.stuff} is working. A good ${w.maker} tells you what changed since last time and what to try next, in plain words: ${w.name} does that every time.`],
      [`When plans change`, `Plans change, especially for ${w.who}. ${w.name} keeps changes simple: tell us as early as you can, and we find another time${w.where} without a fee for asking.`],
      [`Sticking with it`, `Most of the benefit of ${w.stuff} comes from doing it regularly, not perfectly. ${w.name} makes it easy for ${w.who}${w.where} to come back, even after a missed week.`],
      [`What it costs, and why`, `Prices for ${w.stuff} vary a lot${w.where}, and the cheapest offer rarely includes everything. Ask what is included and what costs extra: ${w.name} puts it in writing before ${w.who} decide.`],
    ] : [
      [`Planning${w.where}`, `${there ? `${cap(there)} rewards a little planning` : `Every place rewards a little planning`}: timing, access and the weather all shape ${w.stuff}. ${w.name} knows the area and builds a plan B into every plan A for ${w.who}.`],
      [`How to brief ${withArticle(w.agent)}`, pick(w.seed + "br", [`The best results come from a short, honest brief: what matters most to you, what you would rather avoid, and any moments that must not be missed. Share it early with ${w.name}, and keep it to a page.`, `Tell ${w.name} three things before anything else: what matters most, what must not happen, and what "done well" looks like for you. A page of notes beats an hour of guessing, for ${w.who} and for us.`])],
      [`On the day`, `On the day, ${w.who} should not have to manage anything. A good ${w.agent} arrives prepared, keeps to the plan, notices what was not planned and explains what happens next. That is how ${w.name} works${w.where}.`],
      [`Made for ${w.who}`, pick(w.seed + "wf", [`${w.name} is for ${w.customers}${w.where} who would rather hand ${w.stuff} to someone they trust than manage it themselves. If that sounds like you, a short conversation is the quickest way to find out whether we fit.`, `We work with ${w.who}${w.where}. Many have had enough of ${STATUS_QUO[w.pool] ? STATUS_QUO[w.pool](w.stuff) : "the usual options"}; ${w.name} is for those who want ${w.stuff} to fit around their plans instead.`])],
      [`What it costs, and why`, `Prices for ${w.stuff} vary a lot${w.where}, and the cheapest quote rarely includes everything. Ask what the time covers, what happens afterwards and what costs extra: ${w.name} puts all of it in writing before ${w.who} decide.`],
      [`After the day`, `What happens afterwards matters as much as the day: when you hear back, in what form, and who to ask if something is missing. ${w.name} tells ${w.who} all of this before anything is booked.`],
    ],
  };
  for (const x of f.slice(3)) more.push([headings(x, 3), featureParagraphs(w, x, 3).join(" ")]);
  more.push(...extra[w.family]);
  more.push(
    [
      pick(w.seed + "mi", [`Mistakes ${w.who} make with ${w.stuff}`, `Common ${w.stuff} mistakes, and how to avoid them`]),
      pick(w.seed + "mi1", [
        `The most common one is choosing on price alone: ${w.stuff} that looks cheap often costs more once the extras and the time are counted. The second is deciding too late, when the good options are taken. The third is not asking questions: a good ${w.maker} of ${w.stuff} is glad to answer them.`,
        `Leaving ${w.stuff} to the last minute is the first. Comparing headline prices instead of what is included is the second. And the third is staying with ${STATUS_QUO[w.pool] ? STATUS_QUO[w.pool](w.stuff) : "the usual option"} out of habit, long after it stopped working for ${w.who}.`,
      ]),
    ],
    [
      pick(w.seed + "ho", [`How ${w.name} works with ${w.who}`, `What working with ${w.name} is like`]),
      pick(w.seed + "ho1", [
        `${w.name} keeps things simple for ${w.who}${w.where}: one person to talk to, clear answers in writing, and no surprises on the bill. When something changes, you tell us, and we change with it.`,
        `Working with ${w.name} means plain answers and a real person: ${w.who} say what they need from ${w.stuff}, we say honestly what we can do, and everything agreed is written down.`,
      ]),
    ],
  );
  if (w.rivals.length > 1) more.push([`Where ${w.name} fits`, `${cap(w.who)}${w.where} have good choices, including ${list(w.rivals)}. ${w.name} is for those who want ${f.length ? list(f.slice(0, 2).map(theOf)) : w.stuff} done properly, and a person to talk to when they have a question.`]);
  const channels = ctx.understanding.channels.slice(0, 4);
  if (channels.length >= 2)
    more.push([
      pick(w.seed + "ch", [`Where to find ${w.name}`, `Following ${w.name}`]),
      pick(w.seed + "ch1", [
        `${w.name} shares what it learns about ${w.stuff} on ${list(channels)}: short notes, real examples and answers to the questions ${w.who} send in. It is the easiest way to see how we work before you decide.`,
        `You will find ${w.name} on ${list(channels)}, where we post about ${w.stuff} for ${w.who}${w.where}: what we are working on, what we have learned, and what people ask us most.`,
      ]),
    ]);
  more.push([
    pick(w.seed + "fb", [`Tell us what you think`, `What we learn from ${w.who}`]),
    pick(w.seed + "fb1", [
      `Much of what ${w.name} does today started as a question or a complaint from ${w.customers}. Tell us what works for you and what does not: the next change to ${w.stuff} usually comes from a message like yours.`,
      `Every month, the notes ${w.who} send ${w.name} shape what we change next. If something about ${w.stuff} annoys you, or something delights you, say so: it is the most useful thing you can tell us.`,
    ]),
  ]);
  more.push([
    pick(w.seed + "sn", [`A season of ${w.stuff}`, `${cap(w.stuff)} through the year`]),
    pick(w.seed + "sn1", [
      `What ${w.who} need from ${w.stuff} changes through the year: busy months, quiet ones, and the weeks when everything happens at once. ${w.name} plans ahead for those weeks, so ${w.customers} are not left waiting when they matter most.`,
      `Every ${w.month} brings its own rhythm to ${w.stuff}. ${w.name} keeps an eye on the calendar for ${w.customers}${w.where}, and tells them early when the busy weeks are coming.`,
    ]),
  ]);
  const fill: string[] = [];
  // Each business takes its own share of the reservoir, in its own order (by its seed): two kits of one family share little.
  const order = (x: [string, string]) => variantIndex(`${w.seed}|${x[0]}`, 997);
  more.sort((a, b) => order(a) - order(b));
  // Past the minimum with room to spare: the customer-copy check shortens a repeated product phrase afterwards.
  for (const [h, p] of more) {
    if (wordCount(`${body}\n${fill.join("\n")}`) >= BLOG_MIN_WORDS + 100) break;
    if (!fill.length) fill.push(`## ${pick(w.seed + "ad", [`More advice for ${w.who}`, `Practical notes on ${w.stuff}`, `More on ${w.stuff}${w.where}`])}`);
    fill.push(`### ${h}`, p);
  }
  const closing = [`## ${pick(w.seed + "c", [`Ready when you are`, `Where to go from here`, `Your next step`])}`, `${pick(w.seed + "c1", [`If ${covers} matter to you, we would like to hear from you.`, `That is ${w.stuff} the way ${w.name} does it${w.where}.`])} ${callToAction(w)}`];
  // A thin kit (an idea of a few words): the landing page's questions that fit, then checks a reader can make.
  const faq = (ctx.landing?.faq.items ?? []).filter((x) => usable(w, `${x.question} ${x.answer}`));
  const checks = [`write down what each ${w.maker} includes`, `ask to see real results`, `ask who your contact will be`, `check how changes are handled`].map(
    (c, i) => `${i ? "Then" : "When you compare"} ${i ? lowerFirst(c) : `${w.stuff}${w.where}, ${c}`}. ${i === 3 ? `${cap(w.who)} who do this choose faster and regret less.` : ""}`.trim(),
  );
  const more2: string[] = [];
  const long = () => wordCount(`${body}\n${fill.join("\n")}\n${more2.join("\n")}`) >= BLOG_MIN_WORDS + 80;
  const benefits = (ctx.landing?.benefits.items ?? []).filter((x) => usable(w, `${x.title} ${x.body}`));
  if (!long() && benefits.length) more2.push(`## ${pick(w.seed + "bn", [`What ${w.name} offers`, `What you get from ${w.name}`])}`, benefits.map((x) => `- **${trimEnd(x.title)}**: ${stop(x.body)}`).join("\n"));
  if (!long() && faq.length) more2.push(`## ${pick(w.seed + "fq", [`Questions ${w.who} ask`, `Your questions about ${w.stuff}`])}`);
  for (const x of faq) if (!long()) more2.push(`### ${x.question}`, stop(x.answer));
  if (!long()) more2.push(`## ${pick(w.seed + "ck", [`Comparing ${w.stuff}`, `A checklist for ${w.who}`])}`, checks.join(" "));
  body = [body, ...fill, ...more2, ...closing].join("\n\n");
  return { title, body };
}

/**
 * The blog's "this month" section: the month's figures a reader may see (the sign-ups of the period,
 * as counted; never visitors or conversion, which are the founder's) and the kit's facts in the
 * founder's words (prices in their currency, the area served, ages, facts).
 */
export function monthSection(w: Pick<Words, "name" | "month" | "who">, ctx: Pick<PieceContext, "understanding" | "input">, facts: Pick<KitFacts, "leads" | "from" | "to">): string[] {
  const lines: string[] = [];
  if (facts.leads > 0)
    lines.push(`From ${day(facts.from)} to ${day(new Date(facts.to.getTime() - 1))}, ${fmt(facts.leads)} ${facts.leads === 1 ? "person" : "people"} signed up to hear from ${w.name}. Thank you: every question you send shapes what comes next.`);
  const own = kitFactLines(ctx.understanding, ctx.input.business_idea);
  if (own.length) lines.push(`For ${w.who} weighing it up, the facts in short:`, own.map((l) => `- ${l}`).join("\n"));
  return lines.length ? [`## ${w.month} at ${w.name}`, ...lines] : [];
}

/** Something useful for the customers, by family, with the business's specifics (the newsletter's tip, the second post). */
export function tipFor(w: Words): string {
  const f = w.features;
  const tips: Record<Family, string> = {
    goods: `ask how your ${w.stuff} is made and how best to keep it. A few minutes of care at home makes it last longer${f[0] ? `, and ${theOf(f[0])} ${be(f[0])} worth asking about too` : ""}.`,
    software: `pick one part of ${w.word} that eats time this week${f[0] ? `, such as ${theOf(f[0])}` : ""}, and write down how long it takes. It is the quickest way to see where ${w.stuff} will help.`,
    service: w.session || ["local-service", "membership"].includes(w.pool)
      ? `book ${w.stuff} at a regular time that survives a busy week${w.where}; it is the easiest way to keep it going.`
      : `write down the three moments that matter most to you and share them early${f[0] ? `, along with what ${theOf(f[0])} ${plural(f[0]) ? "mean" : "means"} to you` : ""}. Everything else can be planned around them${w.where}.`,
  };
  return tips[w.family];
}

/** The newsletter issue (sent to the leads): the product, news, an offer or a tip; the facts choose the topic, their figures stay out. */
export function builtinNewsletter(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const f = w.features;
  const change = priceChange(facts);
  const win = winningMessage(facts);
  const topic = change ? "value" : win ? "message" : f.length ? "feature" : "news";
  const subjects: Record<string, string> = {
    value: pick(w.seed + "sv", [`${w.month} at ${w.name}: what your ${w.word} includes`, `What's included: ${w.name} in ${w.month}`]),
    message: `${w.month} at ${w.name}: ${win ?? ""}`,
    feature: pick(w.seed + "sf", [`${w.month} at ${w.name}: ${f[0] ?? w.word}`, `${cap(f[0] ?? w.word)}, and more from ${w.name}`]),
    news: `${w.month} at ${w.name}: news on ${w.what}`,
  };
  const title = subjects[topic]!.slice(0, 120);
  const parts = [pick(w.seed + "hi", [`Hello,`, `Hi there,`])];
  parts.push(
    w.prelaunch
      ? pick(w.seed + "n0", [`Thanks for signing up for news from ${w.name}. Here is where ${w.what}${w.where} stands this ${w.month}.`, `You asked to hear from ${w.name}: here is our ${w.month} note on ${w.what}.`])
      : pick(w.seed + "n1", [`Here is ${w.name}'s ${w.month} note for ${w.who}${w.where}.`, `A short ${w.month} note from ${w.name}, for ${w.who} who care about ${w.word}.`]),
  );
  if (topic === "value")
    parts.push(
      `**${pick(w.seed + "vh", [`What you get`, `Fair value`])}**`,
      `Some prices for ${w.stuff} have gone up this ${w.month}. If you are comparing, compare what is included too: ${f.length ? `with ${w.name}, ${list(f.slice(0, 3).map(theOf))} ${f.length > 1 || plural(f[0]!) ? "are" : "is"} part of every ${w.family === "software" ? "plan" : w.family === "service" ? "booking" : "order"}` : `${w.name} writes down everything that is included before you decide`}.`,
    );
  if (win) parts.push(`**${pick(w.seed + "mh", [`In one line`, `What we stand for`])}**`, `${stop(win)} ${pick(w.seed + "m2", [`It is the simplest way we have found to say what ${w.name} does for ${w.who}.`, `That is what ${w.what} from ${w.name} is about.`])}`);
  if (f.length) {
    const x = f[(variantIndex(w.month, f.length) + (topic === "feature" ? 0 : 1)) % f.length]!;
    parts.push(`**${cap(x)}**`, featureParagraphs(w, x, 0)[0]!);
  }
  parts.push(`**A tip for ${w.who}**`, cap(tipFor(w)));
  parts.push(`**${pick(w.seed + "nx", [`What's next`, `From ${w.name}`])}**`, callToAction(w));
  parts.push(pick(w.seed + "bye", [`Reply to this e-mail with a question about ${w.word}: a person at ${w.name} reads every answer.`, `Questions about ${w.stuff}? Just reply: ${w.name} reads every one.`]), `The ${w.name} team`);
  return { title, body: parts.join("\n\n") };
}

/** Two public posts: news of the business (the month's topic), and something useful for its customers. No internal figures. */
export function builtinSocialPair(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const f = w.features;
  const generic = (t: string) => GENERIC.test(t) || w.broken.some((b) => t.toLowerCase().includes(b.replace(/\s+/g, "").toLowerCase()));
  const tags = ctx.understanding.hashtags.filter((t) => !generic(t) && !/b2b/i.test(t)).slice(0, 3).map((t) => `#${t}`).join(" ");
  const change = priceChange(facts);
  const win = winningMessage(facts);
  const news = w.prelaunch
    ? pick(w.seed + "s0", [`${w.name} is getting ready${w.where}: ${w.what} for ${w.who}${f[0] ? `, with ${f[0]}` : ""}. ${cap(w.goal.reason)}.`, `Coming soon to ${w.who}${w.where}: ${w.what} from ${w.name}${f[0] ? `, ${f[0]} included` : ""}. ${cap(w.goal.reason)}.`])
    : change
      ? `${w.month} at ${w.name}: ${w.stuff}${w.where}${f.length ? `, with ${list(f.slice(0, 2).map(theOf))} included` : ""}. Comparing ${w.stuff} prices this month? Look at what is included too. ${callToAction(w)}`
      : win
        ? `${stop(win)} That's ${w.name}: ${w.what} for ${w.who}${w.where}. ${callToAction(w)}`
        : `${w.month} at ${w.name}: ${w.what} for ${w.who}${w.where}${f[0] ? `, ${f[0]} included` : ""}. ${callToAction(w)}`;
  const tip = `${pick(w.seed + "tp", [`A tip for ${w.who}:`, `Worth knowing if you are choosing ${withArticle(w.product)}:`])} ${tipFor(w)}`;
  const body = [`## Post 1: ${change ? "value" : win ? "our message" : "news"}`, `${news}${tags ? `\n\n${tags}` : ""}`, `## Post 2: for ${w.who}`, `${tip}${tags ? `\n\n${tags}` : ""}`].join("\n\n");
  return { title: `${w.name}: two ${w.month} posts on ${w.stuff}`.slice(0, TITLE_MAX), body };
}

/** The landing refresh (the founder's): proposed hero texts next to the current ones, with why, and section ideas from the month's facts. */
export function builtinLandingRefresh(ctx: PieceContext, facts: KitFacts): WrittenPiece {
  const w = wordsOf(ctx, facts);
  const hero = ctx.landing?.hero ?? { headline: "", subheadline: "", button: "" };
  const fields: Array<[RefreshField, "headline" | "subheadline" | "cta", string]> = [
    ["headline", "headline", hero.headline],
    ["subheadline", "subheadline", hero.subheadline],
    ["button", "cta", hero.button],
  ];
  const cutShort = (t: string) => DANGLING.has((t.trim().split(/\s+/).pop() ?? "").toLowerCase().replace(/[^a-z]/g, ""));
  const parts: string[] = [];
  for (const [field, experimentField, current] of fields) {
    // A field under test is left to its experiment; a text an experiment tried that did not win is never proposed again.
    const tried = triedOn(ctx, facts, experimentField);
    if (tried.running) continue;
    const fresh = (t: string) => !tried.losing.has(sameText(t));
    const variants = builtinVariantSuggestions(ctx.input, ctx.brand, experimentField, current).variants.filter((v) => usable(w, v.text) && !cutShort(v.text) && fresh(v.text));
    const own: Record<RefreshField, string> = {
      headline: `${cap(w.what)} for ${w.who}${w.where}`,
      subheadline: `${w.name}: ${w.what} for ${w.customers}${w.where}${w.features.length ? `, with ${list(w.features.slice(0, 2))}` : ""}.`,
      button: w.goal.cta,
    };
    const first = variants[0] ?? (fresh(own[field]) ? { text: own[field], reason: "Says what it is and for whom in the business's own words: tests clarity first." } : null);
    if (!first || first.text === current) continue;
    const why = cutShort(current) ? `${first.reason} The current text stops mid-phrase.` : first.reason;
    parts.push(`## ${REFRESH_LABELS[field]}`, `Now: ${current || "(none yet)"}`, `Proposed: ${first.text}`, `Why: ${why}`);
  }
  const ideas: string[] = [];
  if (ctx.landing && !ctx.landing.proofIsReal)
    ideas.push(
      facts.leads > 0
        ? `Social proof: the quotes on the page are still placeholders. Ask a few of the ${fmt(facts.leads)} ${w.who} who signed up this month what made them choose ${w.name}, and quote them (with their permission).`
        : `Social proof: the quotes on the page are still placeholders. Once ${w.who} sign up, ask them what made them choose ${w.name}, and quote them (with their permission).`,
    );
  if (facts.visitors > 0 && facts.leads === 0) ideas.push(`Sign-up form: ${fmt(facts.visitors)} visitors and no sign-up yet. Move the form up, and make the button say what happens next.`);
  const top = facts.topSources[0];
  if (top) ideas.push(`Visitors from ${top.source}: ${fmt(top.visitors)} of them this month. Greet the ${w.who} who come from there in the first lines, with the ${w.stuff} they saw there.`);
  const exp = facts.experiments.find((e) => e.status === "running");
  if (exp) ideas.push(`Experiment: the test of the ${exp.field === "cta" ? "button" : exp.field} is running, so no new text is proposed for it here. Let it reach its verdict before changing the same text by hand.`);
  const win = winningMessage(facts);
  if (win) ideas.push(`Experiment: "${win}" won with ${w.who}. Carry its message into the sections about ${w.features.length ? list(w.features.slice(0, 2).map(theOf)) : w.stuff} below the hero.`);
  const change = facts.competitorChanges[0];
  if (change) ideas.push(`Competitors: ${change.competitor} changed its ${change.page.toLowerCase()} (${trimEnd(change.summary)}). Say in the FAQ what ${w.name} includes${w.features.length ? ` (${list(w.features.slice(0, 2))})` : ""}.`);
  if (w.live) ideas.push(`Stance: the page is live and ${w.who} sign up: drop any "coming soon" wording, and say what happens after the button today.`);
  if (ctx.landing && ctx.landing.faq.items.length < 6) ideas.push(`FAQ: add the question ${w.who} asked most this month (${ctx.landing.faq.items.length} of 6 places used).`);
  if (!ideas.length) ideas.push(`How it works: show ${w.who} the first step with ${w.name} in one picture.`);
  parts.push(`## Sections`, ideas.map((i) => `- ${i}`).join("\n"));
  return { title: `Landing page refresh for ${w.name}: ${w.stuff} (${w.month})`.slice(0, TITLE_MAX), body: parts.join("\n\n") };
}

export const BUILTIN_WRITERS: Record<ContentPieceKind, (ctx: PieceContext, facts: KitFacts) => WrittenPiece> = {
  blog: builtinBlog,
  newsletter: builtinNewsletter,
  social_pair: builtinSocialPair,
  landing_refresh: builtinLandingRefresh,
};
