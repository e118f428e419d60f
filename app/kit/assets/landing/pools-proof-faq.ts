import { type CopyPool as Pool, withArticle } from "../launch-copy";
import { type Ctx, type Faq, cap } from "./pools-context";

/** What a first customer could be asked to say, per payment model. */
export const PROOF_TOPICS: Record<Pool, Array<(c: Ctx) => string>> = {
  software: [
    (c) => `the ${c.word} chore ${c.name} took off their week`,
    (c) => `what they used before ${c.name}`,
    () => "how long it took their team to get going",
    (c) => `the moment ${c.name} paid for itself`,
    (c) => `why they would recommend ${c.name} to other ${c.customers}`,
    () => "the feature they would miss most",
  ],
  consumable: [
    (c) => `the first taste of their ${c.word}`,
    (c) => `who they shared their ${c.word} with`,
    (c) => `why they came back to ${c.name}`,
    (c) => `their favourite ${c.word} so far`,
    (c) => `what ${c.name} does better than the supermarket`,
    (c) => `the occasion they ordered ${c.word} for`,
  ],
  subscription: [
    (c) => `what the first ${c.word} delivery was like`,
    (c) => `why they kept their ${c.word} subscription going`,
    (c) => `what changed once ${c.word} stopped being a chore`,
    (c) => `the ${c.word} they did not expect to love`,
    (c) => `how ${c.name} fits into their month`,
    (c) => `the first time they shared a ${c.name} delivery`,
  ],
  "one-off": [
    (c) => `how the ${c.word} holds up in daily use`,
    (c) => `the moment they opened their ${c.word}`,
    (c) => `why they would buy from ${c.name} again`,
    (c) => `who they bought the ${c.word} for, and how it was received`,
    (c) => `what made them choose ${c.name} over the usual shops`,
    (c) => `how the ${c.word} looked and felt when it arrived`,
    (c) => `the first time they used their ${c.word}`,
  ],
  free: [
    (c) => `what ${c.name} replaced for them`,
    (c) => `the first thing they did with ${c.name}`,
    () => "why they would point a friend to it",
    (c) => `how ${c.word} was before they found ${c.name}`,
  ],
  "open-source": [
    (c) => `what ${c.name} replaced in their workflow`,
    (c) => `how they got ${c.name} running the first time`,
    (c) => `why they would recommend it to other ${c.customers}`,
    (c) => `the ${c.word} task it took off their plate`,
    () => "a change they sent upstream, or would like to",
  ],
  "local-service": [
    (c) => `how their first ${c.word} visit went`,
    (c) => `what it was like to have ${c.name} come to them`,
    (c) => `why they would book ${c.word} with you again`,
    () => "what they did with the time they got back",
    (c) => `how ${c.name} compared with who they used before`,
    (c) => `the little thing ${c.name} did that they noticed`,
    (c) => `whether they would recommend ${c.name} to a neighbour`,
    (c) => `how the ${c.word} looked after the visit`,
    (c) => `why they booked ${c.name} in the first place`,
  ],
  booking: [
    (c) => `how their first ${c.word} session went`,
    () => "how easy it was to find a time",
    (c) => `what they got out of booking ${c.name}`,
    (c) => `where they are now compared with their first ${c.word} session`,
    (c) => `what made them book ${c.name} a second time`,
    (c) => `what they would tell a friend about ${c.word} with ${c.name}`,
    (c) => `the ${c.word} session they remember best`,
  ],
  marketplace: [
    (c) => `what they found on ${c.name}`,
    (c) => `how buying ${c.word} there compared with before`,
    (c) => `what selling on ${c.name} has been like`,
    (c) => `the ${c.word} deal they are happiest with`,
  ],
  freemium: [
    (c) => `what they use ${c.name} for on the free plan`,
    (c) => `what made them want more from ${c.name}`,
    (c) => `the ${c.word} task it made lighter`,
    (c) => `how their week changed since they started with ${c.name}`,
    (c) => `the first ${c.word} win they had with ${c.name}`,
    (c) => `why they told a friend about ${c.name}`,
  ],
  membership: [
    (c) => `what their first week as a ${c.name} member was like`,
    (c) => `why they kept their ${c.word} membership`,
    (c) => `how often they come for ${c.word} now`,
    (c) => `who they met through ${c.name}`,
    (c) => `what changed once ${c.word} became a habit`,
    (c) => `why they picked ${c.name} over paying per visit`,
  ],
  service: [
    (c) => `the ${c.word} work ${c.name} took off their evenings`,
    (c) => `what they did about ${c.word} before ${c.name}`,
    (c) => `why a specialist in ${c.customers} mattered to them`,
    (c) => `the first month with ${c.name}`,
    (c) => `a deadline ${c.name} caught in time`,
    () => "what they do with the hours they got back",
  ],
};

/** How to ask for a quote: several wordings of the placeholder. */
export const QUOTES: Array<(who: string, topic: string) => string> = [
  (who, topic) => `Placeholder: ask ${who} about ${topic}, and put their own words here.`,
  (who, topic) => `Placeholder: a quote from ${who} on ${topic}, in their words.`,
  (who, topic) => `Placeholder: ${who} telling, in a sentence or two, ${topic}.`,
  (who, topic) => `Placeholder: write down what ${who} says about ${topic}.`,
  (who, topic) => `Placeholder: replace with the honest words of ${who} on ${topic}.`,
];

export const ASKERS: Array<(c: Ctx) => string> = [
  () => "one of your first customers",
  () => "an early customer",
  (c) => `one of the first ${c.customers}`,
  () => "someone you have helped",
  (c) => `a ${c.name} regular`,
];

export const PROOF_DETAIL: Record<Pool, string[]> = {
  software: ["Their role and company", "Their team size", "What they used before", "Their industry"],
  consumable: ["Their neighbourhood", "What they ordered", "Their favourite", "The occasion"],
  subscription: ["Their team or company", "Their city", "How long they have subscribed", "What they order"],
  "one-off": ["Where they're from", "What they bought", "Their city", "Who it was for"],
  free: ["Their role or community", "Where they're from", "What they use it for"],
  "open-source": ["Their role and project", "Their company or open-source project", "Their stack", "Their GitHub handle"],
  "local-service": ["Their neighbourhood", "Their street or area", "What they booked", "How often you visit"],
  booking: ["What they booked", "Their city", "Their role", "How many sessions so far"],
  marketplace: ["Buyer or seller, and where", "What they bought or sold", "Their city"],
  freemium: ["Their role and company", "Their team", "What they use it for", "Free or paid plan"],
  membership: ["Member since", "Their neighbourhood", "Their role", "How often they come"],
  service: ["Their practice or business", "Their role", "Their town", "How long they have worked with you"],
};

export const PROOF_HEADINGS: Array<(c: Ctx) => string> = [
  (c) => `What people say about ${c.name}`,
  (c) => `${cap(c.customers)} on ${c.name}`,
  () => "In their own words",
  (c) => `Early ${c.word} stories`,
  () => "From the people who tried it",
  (c) => `Why people pick ${c.name}`,
];

export const FAQ_HEADINGS: Array<(c: Ctx) => string> = [
  () => "Questions, answered",
  (c) => `${cap(c.word)} questions`,
  (c) => `Before you ${c.action}`,
  () => "Good questions",
  (c) => `Asked about ${c.name}`,
  () => "What people ask us",
];

/** The questions each payment model raises, answered only from what the founder said. */
export const MODEL_FAQ: Record<Pool, Array<(c: Ctx) => Faq>> = {
  software: [
    (c) => ({ question: "How much will it cost?", answer: `${c.name}'s plans are announced before launch. ${cap(c.action)} to see them first.` }),
    (c) => ({ question: "Can I bring my existing data?", answer: `Tell ${c.name} what you use today when you sign up; importing from it is part of what we are building.` }),
    (c) => ({ question: "Does it work on my phone?", answer: `${c.name} is being built for the devices ${c.customers} use; tell us yours and we will tell you where it stands.` }),
  ],
  consumable: [
    (c) => ({ question: "Can I order for an event?", answer: `Yes: tell ${c.name} what you need and when, and we say honestly what we can do.` }),
    (c) => ({ question: "What about allergies?", answer: `Ask ${c.name} before you order: we tell you what goes into every ${c.word}.` }),
    (c) => ({ question: `When can I get my ${c.word}?`, answer: `Collection and delivery times are announced before launch. ${cap(c.action)} to hear them first.` }),
  ],
  subscription: [
    (c) => ({ question: `How does the ${c.word} subscription work?`, answer: `You sign up once and ${c.product} arrives on a regular schedule. The delivery options are announced before launch.` }),
    (c) => ({ question: "Can I change what I get?", answer: `Yes: tell ${c.name} what you like and what you don't, and the next delivery follows it.` }),
    (c) => ({ question: "How often does it come?", answer: `The rhythm of ${c.name}'s deliveries is set before launch; the people on the list hear it first.` }),
    (c) => ({ question: "Can I send it as a gift?", answer: `Tell ${c.name} who it is for when you sign up, and we will let you know how gifting works at launch.` }),
  ],
  "one-off": [
    (c) => ({ question: `When can I get my ${c.word}?`, answer: `${c.name} is getting ready for launch. ${cap(c.action)} and you will be the first to know when it is available.` }),
    (c) => ({ question: `Is ${c.name} a good gift?`, answer: "It is made to be given as much as kept: tell us who it is for and we will help you choose." }),
    (c) => ({ question: `Where is the ${c.word} made?`, answer: `${c.name} will say exactly where and how before launch, on this page.` }),
    (c) => ({ question: "How will it be sent?", answer: `Delivery details come with the launch; ${c.name} tells you before you confirm any order.` }),
    (c) => ({ question: `How do I look after my ${c.word}?`, answer: `Each order of ${c.name} comes with care notes, and you can always write to ask.` }),
  ],
  free: [
    (c) => ({ question: `Is ${c.name} really free?`, answer: `Yes. ${c.name} is free to use for ${c.customers}.` }),
    (c) => ({ question: `Why is ${c.name} free?`, answer: `Because ${c.word} should be within reach of ${c.customers}: that is the whole idea.` }),
  ],
  "open-source": [
    (c) => ({ question: `Is ${c.name} really open source?`, answer: "Yes: the code is public, so you can read it, run it and change it under its open-source licence." }),
    () => ({ question: "Can I contribute?", answer: "Yes, please: issues and pull requests are welcome from the first release." }),
    (c) => ({ question: `Does it work with my ${c.word} setup?`, answer: `${c.name} is built for the way ${c.customers} work today; tell us your setup in an issue if it doesn't fit yet.` }),
  ],
  "local-service": [
    (c) => ({ question: `Can I ask for something specific for my ${c.word}?`, answer: `Yes: tell ${c.name} what your ${c.word} needs when you get in touch, and we say honestly whether we can do it before anything is booked.` }),
    (c) => ({ question: "Do I need to be there?", answer: `Tell ${c.name} what suits you when you book, and we plan the visit around it.` }),
    (c) => ({ question: `Who does the ${c.word}?`, answer: `The people of ${c.name}${c.where}, the same team you talk to before the visit.` }),
    (c) => ({ question: "What if something isn't right?", answer: `Tell ${c.name} the same day, and we come back to put it right with you.` }),
    (c) => ({ question: "How do I get ready for a visit?", answer: `${c.name} tells you what to have ready when we confirm the visit; usually it is very little.` }),
    (c) => ({ question: "Can I book a regular slot?", answer: `Yes: ask ${c.name} for the same day and time each week or month, and we keep it for you.` }),
    (c) => ({ question: `Is ${c.word} at home as good as elsewhere?`, answer: `${c.name} brings what the job needs, so your ${c.word} gets the same care at your door.` }),
    (c) => ({ question: "How far do you travel?", answer: `${c.name} covers${c.where || " a set area"} and nearby; ask us about your street before you book.` }),
  ],
  booking: [
    (c) => ({ question: `How do I book ${withArticle(`${c.word} session`)}?`, answer: `${c.name} opens bookings at launch; the people who ${c.action} hear first when ${c.word} times are free.` }),
    (c) => ({ question: "Is it right for beginners?", answer: `Yes: every ${c.word} session starts from where you are, not from where others are.` }),
    (c) => ({ question: "Can I move my session?", answer: `Reply to your confirmation e-mail and ${c.name} will try to find another time with you.` }),
    (c) => ({ question: "What should I bring?", answer: `Your confirmation from ${c.name} says what you need for your ${c.word} session.` }),
    (c) => ({ question: "Can I try one session first?", answer: `Yes: book one ${c.word} session and decide after it.` }),
  ],
  marketplace: [
    (c) => ({ question: `Can I sell ${c.word} on ${c.name}?`, answer: `Yes. Tell us what you offer when you ${c.action}, and we will be in touch before launch.` }),
    (c) => ({ question: "How do I know a listing is genuine?", answer: `Every listing on ${c.name} shows who is behind it; if something looks wrong, tell us and we look into it.` }),
  ],
  freemium: [
    (c) => ({ question: "What's free, and what costs extra?", answer: `The free plan and what paid plans add are announced at launch. ${cap(c.action)} to see them first.` }),
    (c) => ({ question: "Is the free plan really free?", answer: `Yes: it costs nothing, and paid plans of ${c.name} add more for those who need it.` }),
  ],
  membership: [
    (c) => ({ question: `How does the ${c.name} membership work?`, answer: `You join once and your ${c.word} is covered for as long as you stay. The plans are announced before launch.` }),
    (c) => ({ question: "Can I pause or cancel?", answer: `The ${c.name} membership terms are set before launch; they will be on this page before you pay anything.` }),
    (c) => ({ question: "Can I try it first?", answer: `Ask ${c.name}: how to try your first ${c.word} is one of the things we will share before launch.` }),
  ],
  service: [
    (c) => ({ question: "What do you need from me to start?", answer: `${c.name} tells you on the first call; usually access to the records you already keep.` }),
    (c) => ({ question: `Who does my ${c.word}?`, answer: `The people of ${c.name}, who work with ${c.customers} only.` }),
    (c) => ({ question: "Can I stop?", answer: `The terms are agreed with ${c.name} before you start, in writing.` }),
    (c) => ({ question: "Do I have to change how I work?", answer: `No: ${c.name} works from what you already keep, and says early if anything is missing.` }),
    (c) => ({ question: `Is ${c.name} only for ${c.customers}?`, answer: `Yes. ${c.name} works with ${c.customers} only, which is the point.` }),
  ],
};

/**
 * Questions the category's own sections call for. The area, prices, booking,
 * install, repository, box and origin have sections of their own on the page
 * (category.ts): the FAQ does not repeat them.
 */
export const SECTION_FAQ: Record<string, (c: Ctx) => Faq> = {
  menu: (c) => ({ question: "What's on the menu?", answer: `The first menu is published before launch. ${cap(c.action)} to see it first.` }),
  schedule: (c) => ({ question: "When does it run?", answer: `The first dates are announced before launch. ${cap(c.action)} and you will hear them first.` }),
  portfolio: (c) => ({ question: "Can I see past work?", answer: `Yes: examples of ${c.name}'s work go up on this page before launch.` }),
};

export const AFTER_SIGNUP: Record<string, Array<(c: Ctx) => Faq>> = {
  "collect emails": [
    (c) => ({ question: "What happens after I sign up?", answer: `You get an e-mail from ${c.name} when there's news worth sharing. Nothing more.` }),
    (c) => ({ question: "How often will you write?", answer: `Only when there is real news about ${c.name}: the launch, and what changes after it.` }),
    (c) => ({ question: "What will I receive?", answer: `Short updates on ${c.name}, and a note the day the ${c.word} is ready.` }),
    (c) => ({ question: "Can I unsubscribe?", answer: `Any time: every e-mail from ${c.name} ends with a link that takes you off the list.` }),
  ],
  waitlist: [
    (c) => ({ question: "What happens after I sign up?", answer: `You keep your place on the waitlist, and we e-mail you when it's your turn to join ${c.name}.` }),
    (c) => ({ question: "How long is the wait?", answer: `${c.name} lets people in a few at a time, in the order they joined; you hear the moment your place comes up.` }),
    (c) => ({ question: "Does joining commit me to anything?", answer: `No. A place on the ${c.name} list is free, and you can leave it whenever you like.` }),
  ],
  reserve: [
    (c) => ({ question: "What happens after I reserve?", answer: `Your place is noted. ${c.name} e-mails you the details before anything is charged.` }),
    (c) => ({ question: "Can I cancel my reservation?", answer: `Yes: reply to any e-mail from ${c.name} and it is gone, with nothing paid.` }),
  ],
  "pre-orders": [
    () => ({ question: "What happens after I reserve?", answer: "Your reservation is noted. We e-mail you the details before anything is charged." }),
    (c) => ({ question: "Do I pay now?", answer: `No. ${c.name} confirms the details by e-mail first, and you decide then.` }),
    (c) => ({ question: "Can I cancel my reservation?", answer: `Yes: reply to any e-mail from ${c.name} and it is gone, with nothing paid.` }),
  ],
  "book calls": [
    (c) => ({ question: "What happens after I ask for a call?", answer: `${c.name} e-mails you to confirm a time for the call, based on the time you suggested.` }),
    (c) => ({ question: "What do we talk about on the call?", answer: `Your ${c.word} needs, and whether ${c.name} is the right fit: no pressure either way.` }),
    (c) => ({ question: "How long is the call?", answer: `As long as your questions about ${c.word} need; most people know what they want to know.` }),
    (c) => ({ question: "Does the call cost anything?", answer: `No. Talking to ${c.name} about your ${c.word} is free.` }),
    (c) => ({ question: "Who will call me?", answer: `Someone from ${c.name} who knows ${c.word}, not a call centre.` }),
    (c) => ({ question: "What should I have ready for the call?", answer: `Nothing special: a rough idea of your ${c.word} needs is plenty for ${c.name}.` }),
  ],
  downloads: [
    () => ({ question: "What happens after I sign up?", answer: "The next page shows your download link straight away." }),
    (c) => ({ question: "Where do I find the download?", answer: `On the page right after the form; ${c.name} also sends you the link by e-mail.` }),
    (c) => ({ question: "What do I get?", answer: `The ${c.name} download itself, ready to use for your ${c.word}.` }),
  ],
};

export const PRIVACY: Record<"call" | "email", Array<(c: Ctx) => Faq>> = {
  call: [
    (c) => ({ question: "What do you do with my details?", answer: `We only use them to contact you about ${c.name}, and you can ask us to delete them at any time.` }),
    (c) => ({ question: "Who sees my details?", answer: `Only the ${c.name} team, to arrange your call; ask and we delete them.` }),
    (c) => ({ question: "Why do you need my name, number and a time?", answer: `So ${c.name} knows who to call, on which number and when; nothing else is done with them.` }),
    (c) => ({ question: "Can I ask you to forget me?", answer: `Yes. One e-mail to ${c.name} and your details are deleted.` }),
    (c) => ({ question: "Is the form private?", answer: `Yes: what you send reaches ${c.name} only, to set up your ${c.word} call.` }),
  ],
  email: [
    (c) => ({ question: "Will you share my e-mail address?", answer: `No. We only use it to write to you about ${c.name}, and you can ask us to delete it at any time.` }),
    (c) => ({ question: "Is my e-mail safe with you?", answer: `Yes: ${c.name} uses it for its own updates only and deletes it when you ask.` }),
    (c) => ({ question: "Will I get spam?", answer: `No. You hear from ${c.name} about ${c.word}, and every e-mail has a way out.` }),
    (c) => ({ question: "What do you keep about me?", answer: `Your e-mail address, for ${c.name}'s news about ${c.word}; nothing else, and it goes when you ask.` }),
  ],
};

export const ASK: Array<(c: Ctx) => Faq> = [
  (c) => ({ question: "How can I ask a question?", answer: `Reply to any e-mail from ${c.name}: a real person reads every reply.` }),
  (c) => ({ question: "Can I talk to a person?", answer: `Always. Write to ${c.name} and the people who make it answer.` }),
  (c) => ({ question: "Who answers my questions?", answer: `The ${c.name} team itself, by e-mail.` }),
  (c) => ({ question: "I have another question", answer: `Write to ${c.name}; every message about ${c.word} gets an answer.` }),
  (c) => ({ question: "Where can I reach you?", answer: `By e-mail: any message to ${c.name} reaches the people behind it.` }),
  (c) => ({ question: "Something not covered here?", answer: `Ask ${c.name} directly; if it is about ${c.word}, we will know.` }),
];

export const WHAT_IS: Array<(c: Ctx) => string> = [(c) => `What is ${c.name}?`, (c) => `What does ${c.name} do?`, (c) => `Why ${c.name}?`, (c) => `How is ${c.name} different?`];

/** The subheadline's first sentence: what it is and for whom. */
export const HERO_IS: Array<(c: Ctx) => string> = [
  (c) => `${c.name} is ${withArticle(c.product)} for ${c.customers}${c.where}.`,
  (c) => `${cap(withArticle(c.product))} for ${c.customers}${c.where}, from ${c.name}.`,
  (c) => `${c.name} brings ${withArticle(c.product)} to ${c.customers}${c.where}.`,
];

export const WHO_FOR: Array<(c: Ctx) => string> = [(c) => `Who is ${c.name} for?`, () => "Who is it for?", (c) => `Is ${c.name} for me?`];

export const FINAL_HEADLINE: Record<string, Array<(c: Ctx) => string>> = {
  "collect emails": [(c) => `Hear first about ${c.name}`, (c) => `Stay close to ${c.word} news`, () => "Don't miss the launch"],
  waitlist: [(c) => `Get on the ${c.name} list early`, () => "Save your spot", (c) => `Your place for ${c.word} is waiting`],
  "pre-orders": [(c) => `Reserve your ${c.word} today`, () => "Be first in line", (c) => `Claim yours from the first ${c.name} batch`],
  reserve: [(c) => `Reserve your place at ${c.name}`, () => "Be first in line", (c) => `Hold your ${c.word} place today`],
  "book calls": [(c) => `Let's talk about your ${c.word}`, () => "Book a call with us", (c) => `Ready when you are, ${c.customers}`],
  downloads: [(c) => `Get ${c.name} now`, () => "Download it and start today", (c) => `Your ${c.word} starts here`],
};

export const CTA_BODY: Record<string, Array<(c: Ctx) => string>> = {
  "collect emails": [(c) => `Leave your e-mail and we let you know when ${c.name} is ready for you.`, (c) => `One address, and you follow ${c.name} from the first day.`, (c) => `Be the first to know when ${c.word} from ${c.name} is ready.`, (c) => `${c.name} is nearly here: leave your e-mail and we tell you the day it opens.`],
  waitlist: [(c) => `Join the waitlist and we e-mail you when it's your turn to try ${c.name}.`, (c) => `Places open in small groups: sign up and ${c.name} writes when yours is ready.`, (c) => `The list is how ${c.customers} get into ${c.name} first.`],
  reserve: [(c) => `Reserve a ${c.word} place with your e-mail. We confirm the details before anything is charged.`, (c) => `Your e-mail holds a place at ${c.name}, with nothing to pay yet.`],
  "pre-orders": [(c) => `Reserve your ${c.word} with your e-mail. We confirm the details before anything is charged.`, (c) => `Your e-mail holds a ${c.name} order for you, with nothing to pay yet.`, (c) => `First come, first served: put your name on a ${c.word} today.`],
  "book calls": [(c) => `Tell us when suits you and we set up a call about your ${c.word}.`, (c) => `Suggest a time, and ${c.name} calls you then.`, (c) => `A short chat tells you if ${c.name} fits your ${c.word} needs.`],
  downloads: [() => "Enter your e-mail and the download link appears straight away.", (c) => `Sign up and take ${c.name} with you right away.`, (c) => `Your copy of ${c.name} is one e-mail away.`],
};
