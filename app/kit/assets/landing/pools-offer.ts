import { type CopyPool as Pool, withArticle } from "../launch-copy";
import { type Ctx, type Item, cap } from "./pools-context";

/** Hero headlines that name the product, per payment model (the brand's tagline is the other candidate). */
export const HERO_HEADLINES: Record<Pool, (c: Ctx) => string[]> = {
  software: (c) => [`${cap(c.what)} without the busywork`, `${cap(c.word)}, finally under control`, `${cap(c.word)} for ${c.customers}, simplified`],
  consumable: (c) => [`${cap(c.what)}, made fresh`, `Good ${c.word}, close to home`, `${cap(c.word)} worth the trip`],
  subscription: (c) => [`${cap(c.what)}, delivered on repeat`, `Your ${c.word}, sorted for good`, `${cap(c.word)} that keeps coming`],
  "one-off": (c) => [`${cap(c.what)} worth keeping`, `Meet your next favourite ${c.word}`, `${cap(c.word)}, made properly`],
  free: (c) => [`${cap(c.what)} for everyone, free`, `Free ${c.word} for ${c.customers}`, `${cap(c.word)} without the price tag`],
  "open-source": (c) => [`Open-source ${c.word} for ${c.customers}`, `${cap(c.what)}, in the open`, `${cap(c.word)} you can read and run`],
  "local-service": (c) => [c.place ? `${cap(c.what)} in ${c.place}` : `${cap(c.what)} at your door`, `${cap(c.word)} that comes to you`, `Local ${c.word}, done right`],
  booking: (c) => [`Book your ${c.what}, your way`, `${cap(c.what)} when it suits you`, `Your next ${c.word} session starts here`],
  marketplace: (c) => [`The place to find ${c.word}`, `${cap(c.word)}, bought and sold well`, `Every ${c.word} offer in one place`],
  freemium: (c) => [`${cap(c.what)}: start free`, `Free to start: ${c.word} for ${c.customers}`, `${cap(c.word)} that grows with you`],
  membership: (c) => [`${cap(c.what)}, as often as you like`, `Your ${c.word}, all month long`, `${cap(c.word)} that becomes a habit`],
  service: (c) => [`${cap(c.what)} for ${c.customers}`, `${cap(c.word)} off your desk`, c.place ? `${cap(c.word)} for ${c.customers} in ${c.place}` : `${cap(c.word)}, done for you`],
};

/** The subheadline's second sentence: what the form does, per goal. */
export const HERO_PROMISE: Record<string, Array<(c: Ctx) => string>> = {
  "collect emails": [(c) => `Sign up to hear first when ${c.name} is ready.`, (c) => `Leave your e-mail for launch news about ${c.word}.`, () => "One e-mail when it opens, nothing else.", (c) => `Follow ${c.name} from the start: your e-mail is enough.`],
  waitlist: [(c) => `Join the waitlist for early access to ${c.name}.`, () => "Early places go to the waitlist first.", (c) => `Put your name down and ${c.name} writes when it's your turn.`, (c) => `Places for ${c.customers} open a few at a time.`],
  /** A reservation of a place or a slot (a camp, a class, a service): nothing ships. */
  reserve: [() => "Reserve your place now: all it takes is your e-mail.", (c) => `Hold a place for your ${c.word} today and pay nothing yet.`, () => "First reservations get the first places.", (c) => `Reserve now, decide when ${c.name} confirms the details.`],
  "pre-orders": [() => "Reserve yours now: all it takes is your e-mail.", (c) => `Reserve your ${c.word} today and pay nothing yet.`, () => "First reservations are first to ship.", (c) => `Hold your ${c.word} now, decide when the details are out.`],
  "book calls": [(c) => `Book a call and tell us what you need from ${c.word}.`, () => "A short call is all it takes to start.", (c) => `Pick a time to talk it through with ${c.name}.`, (c) => `Tell ${c.name} when to call and what your ${c.word} needs are.`],
  downloads: [() => "Leave your e-mail and download it right away.", (c) => `Get ${c.name} in one step: your e-mail, then the file.`, () => "The download link appears as soon as you sign up.", (c) => `Sign up and ${c.name} is yours to try today.`],
};

/** Benefits per payment model: each a title and a body about this business. */
export const BENEFITS: Record<Pool, Array<(c: Ctx) => Item>> = {
  software: [
    (c) => ({ title: "Less busywork", body: `${c.name} handles the repetitive ${c.word} steps, so ${c.customers} spend their time on the work itself.` }),
    (c) => ({ title: "Everything in one place", body: `Your ${c.word} lives in ${c.name}, not across spreadsheets, inboxes and notes.` }),
    (c) => ({ title: `Built for ${c.customers}`, body: `${c.name} starts from how ${c.customers} handle ${c.word} today, not from a generic template.` }),
    (c) => ({ title: "Clear at a glance", body: `Open ${c.name} and see where your ${c.word} stands without digging.` }),
    (c) => ({ title: "Set up in an afternoon", body: `No consultants and no training course: ${c.name} is made to be picked up by the people who use it.` }),
    (c) => ({ title: "Your data stays yours", body: `Export your ${c.word} from ${c.name} whenever you like, in formats other tools read.` }),
    (c) => ({ title: "Grows with your team", body: `Start with the ${c.word} you need today; ${c.name} grows as your team does.` }),
  ],
  consumable: [
    (c) => ({ title: "Made fresh", body: `${c.name} makes ${c.word} close to when you get it, not weeks before.` }),
    (c) => ({ title: "Nothing to hide", body: `What goes into your ${c.word} is listed plainly, ingredient by ingredient.` }),
    (c) => ({ title: "Small batches", body: `${cap(c.word)} made in small batches, so each one gets proper attention.` }),
    (c) => ({ title: "For every table", body: `${cap(c.word)} for ordinary days and for the ones worth celebrating.` }),
    (c) => ({ title: "What's good right now", body: `${c.name} works with what is in season${c.where}, so the ${c.word} changes with it.` }),
    (c) => ({ title: "Order ahead", body: `Reserve your ${c.word} ahead and skip the queue on the day.` }),
    (c) => ({ title: "Made for sharing", body: `${cap(c.word)} that ${c.customers} are glad to put on the table.` }),
    (c) => ({ title: "A treat, not a chore", body: `Getting good ${c.word} should be the easy part of your week.` }),
  ],
  subscription: [
    (c) => ({ title: `${cap(c.word)} on your schedule`, body: `Choose how often your ${c.word} arrives and let ${c.name} keep it coming.` }),
    (c) => ({ title: `Never run out of ${c.word}`, body: `The next delivery is on its way before the last one is gone, so ${c.customers} never have to remember to reorder.` }),
    (c) => ({ title: `Picked for ${c.customers}`, body: `Each ${c.product} is put together with ${c.customers} in mind, not for everyone at once.` }),
    (c) => ({ title: "Something new each time", body: `Every delivery brings ${c.word} you might not have found on your own.` }),
    (c) => ({ title: "One less thing to order", body: `${c.name} turns ${c.word} from a line on the to-do list into something that simply turns up.` }),
    (c) => ({ title: "Set it up once", body: `Tell ${c.name} what you like the first time; after that the ${c.word} follows your taste.` }),
    (c) => ({ title: `A ${c.word} ritual`, body: `Regular ${c.word} gives ${c.customers} something to look forward to, not another errand.` }),
    (c) => ({ title: "Easy to share", body: `${cap(c.word)} from ${c.name} is made to be enjoyed together, at home or at work.` }),
    (c) => ({ title: "Fresh every time", body: `Each ${c.name} delivery is put together close to when it leaves, not months before.` }),
    (c) => ({ title: "Tell us what you think", body: `Every delivery is a chance to say what you'd like more of, and ${c.name} listens.` }),
  ],
  "one-off": [
    (c) => ({ title: "Made to last", body: `${c.name} makes ${c.product} to be used for years, not replaced next season.` }),
    (c) => ({ title: "Every detail for a reason", body: `What you need from ${c.word}, and nothing you will never use.` }),
    (c) => ({ title: `Designed for ${c.customers}`, body: `Shaped around what ${c.customers} actually do with ${c.word} every day.` }),
    (c) => ({ title: "Buy it once", body: `No subscription to remember: ${withArticle(c.product)} you own outright.` }),
    (c) => ({ title: "A gift worth giving", body: `${cap(c.word)} people remember, for yourself or for someone who will love it.` }),
    (c) => ({ title: "Small batches, real care", body: `${c.name} makes ${c.word} in small runs, so each one gets a proper look before it leaves.` }),
    (c) => ({ title: "Know who made it", body: `Behind every ${c.word} is the small team at ${c.name}, not a faceless factory.` }),
    (c) => ({ title: "Honest materials", body: `${c.name} tells you what goes into your ${c.word}, so there are no surprises when it arrives.` }),
    (c) => ({ title: "Worth the wait", body: `The first ${c.word} batch is made for ${c.customers} who would rather wait for something good.` }),
    (c) => ({ title: "Looks as good as it works", body: `${cap(c.word)} from ${c.name} is made to be used, and to be seen.` }),
    (c) => ({ title: "Straight from the maker", body: `Buying from ${c.name} means your money goes to the people who make the ${c.word}.` }),
  ],
  free: [
    (c) => ({ title: "Free to use", body: `${c.name} costs nothing, so ${c.customers} can start without a card or a trial clock.` }),
    (c) => ({ title: "Open to everyone", body: `Anyone who needs ${c.word} can use ${c.name}; there is no plan to pick first.` }),
    (c) => ({ title: `Built around ${c.customers}`, body: `Every part of ${c.name} starts from what ${c.customers} need from ${c.word}.` }),
    (c) => ({ title: "Straight to the point", body: `${cap(c.word)} without upsells in the way of what you came for.` }),
    (c) => ({ title: "Shared, not sold", body: `${c.name} exists to make ${c.word} easier to reach, not to sell you something else.` }),
  ],
  "open-source": [
    (c) => ({ title: "Open source, in the open", body: `Read the code, open an issue or send a patch: ${c.name} is built where ${c.customers} can see every change.` }),
    (c) => ({ title: "Yours to run", body: `Run ${c.name} on your own setup, read what it does, and change it when it does not fit.` }),
    (c) => ({ title: "Fits your workflow", body: `${c.name} follows how ${c.customers} already work with ${c.word}, next to the tools you use.` }),
    (c) => ({ title: "No lock-in", body: `The code is open, so your ${c.word} work never depends on one company's pricing page.` }),
    (c) => ({ title: "Shaped by its users", body: `Ideas, bug reports and pull requests from ${c.customers} decide what ${c.name} does next.` }),
    (c) => ({ title: "Less repetitive work", body: `${c.name} takes the ${c.word} chores that eat an afternoon and turns them into one command.` }),
  ],
  "local-service": [
    (c) => ({ title: c.place ? `We come to you in ${c.place}` : "We come to you", body: `No travelling and no queues: ${c.name} brings ${c.word} to your door${c.where}.` }),
    (c) => ({ title: "Local and accountable", body: `${c.name} is a local business${c.where}: the people who do the work are the people you talk to.` }),
    (c) => ({ title: "A time that suits you", body: `Pick a slot for your ${c.word} that fits around your day; ${c.name} confirms it with you before arriving.` }),
    (c) => ({ title: "Done with care", body: `No rushing between jobs: each ${c.word} appointment gets the time it needs.` }),
    (c) => ({ title: `Made for ${c.customers}`, body: `Planned around the week of ${c.customers}, with ${c.word} that fits between everything else.` }),
    (c) => ({ title: "The same faces each time", body: `You get to know who handles your ${c.word}, and they get to know what you like.` }),
    (c) => ({ title: "Straight answers", body: `Ask ${c.name} anything before a visit and get a clear reply, not a script.` }),
    (c) => ({ title: "Your home, your rules", body: `Tell ${c.name} how you like things done, and your ${c.word} is handled that way every time.` }),
    (c) => ({ title: `Part of ${c.place ?? "the neighbourhood"}`, body: `${c.name} works close to where ${c.customers} live, so a visit is never a long way off.` }),
    (c) => ({ title: "Tidy from start to finish", body: `${c.name} leaves the place as it found it, with your ${c.word} done.` }),
    (c) => ({ title: "Easy to rebook", body: `Liked the first ${c.word} visit? Ask for the same again with one reply.` }),
  ],
  booking: [
    (c) => ({ title: "Pick your time", body: `See the open times for ${c.word} and choose the one that fits your week.` }),
    (c) => ({ title: "Clear before you book", body: `You know what ${withArticle(`${c.word} session`)} includes before you commit to a time.` }),
    (c) => ({ title: "A reminder before you go", body: `${c.name} sends a reminder before each ${c.word} session, so nothing slips.` }),
    (c) => ({ title: "Time well spent", body: `Each ${c.word} session is planned around what you want to get out of it.` }),
    (c) => ({ title: `For ${c.customers}`, body: `${c.name} is shaped around ${c.customers}, from the first booking onwards.` }),
    (c) => ({ title: "Progress you can feel", body: `Session by session, ${c.word} builds on what you did last time.` }),
    (c) => ({ title: "At your own pace", body: `Book one ${c.word} session or a regular slot: ${c.name} follows your rhythm.` }),
    (c) => ({ title: "Someone in your corner", body: `${c.name} remembers where you left off, so each ${c.word} session picks up from there.` }),
    (c) => ({ title: "No long commitment", body: `Book the ${c.word} sessions you need from ${c.name}, and stop when you have what you came for.` }),
    (c) => ({ title: "Plans that change", body: `Life moves; ${c.name} keeps your ${c.word} bookings easy to shift with it.` }),
    (c) => ({ title: "Ready when you arrive", body: `Everything for your ${c.word} is set before you get there, so the time is all yours.` }),
  ],
  marketplace: [
    (c) => ({ title: `Find the right ${c.word}`, body: `Compare ${c.word} offers side by side and choose with confidence.` }),
    (c) => ({ title: "Know who you buy from", body: `Every ${c.word} listing shows who is behind it, so you know who you are dealing with.` }),
    (c) => ({ title: "Sell to people who care", body: `If you offer ${c.word}, ${c.name} puts you in front of ${c.customers} looking for exactly that.` }),
    (c) => ({ title: "One place instead of ten", body: `No more searching across sites and groups: ${c.word} offers meet in one place.` }),
    (c) => ({ title: `Made for ${c.customers}`, body: `${c.name} is built for the way ${c.customers} buy and sell ${c.word}.` }),
  ],
  freemium: [
    (c) => ({ title: "Start free", body: `Use ${c.name} for free, and only pay when you need more.` }),
    (c) => ({ title: "Grows with you", body: `Begin with the essentials of ${c.word}; add more when your work asks for it.` }),
    (c) => ({ title: "Try before you pay", body: `See what ${c.name} does for your ${c.word} before you spend anything.` }),
    (c) => ({ title: `Made for ${c.customers}`, body: `${c.name} starts from how ${c.customers} handle ${c.word} today, and makes it lighter.` }),
    (c) => ({ title: "Small steps add up", body: `Use ${c.name} a little at a time and watch your ${c.word} improve.` }),
    (c) => ({ title: "Nothing to install first", body: `Open ${c.name}, try the ${c.word} basics, and decide later if you want more.` }),
    (c) => ({ title: "Made with its users", body: `What ${c.customers} ask for is what ${c.name} builds next.` }),
  ],
  membership: [
    (c) => ({ title: "Come as often as you like", body: `One ${c.name} membership covers your ${c.word}, so each visit is not another decision.` }),
    (c) => ({ title: "A habit, not a hassle", body: `Regular ${c.word} is easier to keep when it is already paid for and waiting.` }),
    (c) => ({ title: `Made for ${c.customers}`, body: `${c.name} is planned around how ${c.customers} spend their week.` }),
    (c) => ({ title: "One clear price", body: `The ${c.name} plans are announced before launch, so you know what your ${c.word} costs each month.` }),
    (c) => ({ title: "Familiar faces", body: `Members of ${c.name} get to know the people behind their ${c.word}, and each other.` }),
    (c) => ({ title: "Pause when life happens", body: `Away for a while? Tell ${c.name} and your ${c.word} membership waits for you.` }),
    (c) => ({ title: `${cap(c.word)} close to you`, body: `${c.name} is near where ${c.customers} already are${c.where}, so going is the easy part.` }),
  ],
  service: [
    (c) => ({ title: "Off your desk", body: `${c.name} takes the ${c.word} work off your evenings, so you can spend them on your own business.` }),
    (c) => ({ title: `Knows your trade`, body: `${c.name} works only for ${c.customers}, so nothing about your ${c.word} needs explaining twice.` }),
    (c) => ({ title: "One person to ask", body: `You talk to the people who do your ${c.word}, not a ticket queue.` }),
    (c) => ({ title: "Nothing missed", body: `${c.name} keeps track of the ${c.word} deadlines, so you hear about them before they matter.` }),
    (c) => ({ title: "Clear every month", body: `You see where your ${c.word} stands each month, in plain words.` }),
    (c) => ({ title: "Your records, your way", body: `${c.name} starts from the tools you use today, not from a new system to learn.` }),
    (c) => ({ title: "Questions answered the same week", body: `Write to ${c.name} about your ${c.word} and a person who knows your file answers.` }),
    (c) => ({ title: `Specialists in ${c.customers}`, body: `The rules, habits and busy seasons of ${c.customers} are what ${c.name} works with every day.` }),
    (c) => ({ title: "Ready before the deadline", body: `Your ${c.word} is prepared ahead of each due date, with time to look it over.` }),
    (c) => ({ title: "No surprises", body: `${c.name} tells you what it needs and when, so ${c.word} never turns into a scramble.` }),
  ],
};

export const BENEFIT_HEADINGS: Array<(c: Ctx) => string> = [
  (c) => `Why ${c.name}`,
  (c) => `What ${c.name} does for you`,
  (c) => `Why ${c.customers} will like ${c.name}`,
  (c) => `${cap(c.word)}, the ${c.name} way`,
  (c) => `Better ${c.word}, in three ways`,
  (c) => `What you get from ${c.name}`,
];

export const HOW_HEADINGS: Record<Pool, Array<(c: Ctx) => string>> = {
  software: [(c) => `Getting started with ${c.name}`, () => "From sign-up to first result", (c) => `Your ${c.word}, in three steps`],
  consumable: [(c) => `From order to your ${c.word}`, () => "How ordering works", (c) => `Getting your hands on ${c.name}`],
  subscription: [(c) => `How your ${c.word} subscription works`, (c) => `From sign-up to your first ${c.word}`, () => "Three steps to your first delivery"],
  "one-off": [(c) => `From sign-up to your ${c.word}`, () => "How ordering works", (c) => `Getting your ${c.word}`],
  free: [() => "How to get started", (c) => `Start using ${c.name}`, () => "Three steps, no cost"],
  "open-source": [() => "Getting started", (c) => `From zero to ${c.name}`, () => "Up and running"],
  "local-service": [() => "How a visit works", (c) => `Booking ${c.word} with ${c.name}`, () => "From first call to first visit"],
  booking: [() => "How booking works", (c) => `Your first ${c.word} session`, () => "From booking to session"],
  marketplace: [(c) => `How ${c.name} works`, () => "Buying and selling, step by step", (c) => `Finding ${c.word} here`],
  freemium: [() => "From free to more", (c) => `Starting with ${c.name}`, () => "How it works"],
  membership: [(c) => `How a ${c.name} membership works`, () => "From joining to your first visit", (c) => `Starting your ${c.word}`],
  service: [(c) => `Working with ${c.name}`, () => "From first call to first month", (c) => `Handing over your ${c.word}`, (c) => `How ${c.name} takes over`, () => "Three steps to a lighter desk"],
};

/** Three steps per goal, in several wordings, ending with the visitor reaching the goal. */
export const STEPS: Record<string, Array<(c: Ctx) => Item[]>> = {
  "collect emails": [
    (c) => [
      { title: "Leave your e-mail", body: `Sign up with the short form on this page to hear about ${c.name}.` },
      { title: "Hear from us", body: `We write when there is news about ${c.word}: no spam, and you can unsubscribe whenever you like.` },
      { title: "Be first in line", body: `Be among the first ${c.customers} to try ${c.name}${c.where}.` },
    ],
    (c) => [
      { title: "Tell us where to write", body: "Add your e-mail below: it is the only thing we ask for." },
      { title: "Get the news first", body: `Launch dates and first details of ${c.name}, straight to your inbox.` },
      { title: "Try it early", body: `When ${c.name} opens, the people on the list hear before anyone else.` },
    ],
    (c) => [
      { title: "Subscribe", body: `One field, your e-mail, and you're following ${c.name}'s launch.` },
      { title: "Read the updates", body: `Short notes on how the ${c.word} is coming along, only when there is something to say.` },
      { title: "Say what you think", body: "Reply to any update: what you tell us shapes what we make." },
    ],
    (c) => [
      { title: `Follow ${c.name}`, body: `Add your address to get the ${c.word} news as it happens.` },
      { title: "See it take shape", body: `Updates show ${c.customers} what is coming and when.` },
      { title: "Be there on day one", body: `The list hears first when ${c.name} goes live.` },
    ],
  ],
  waitlist: [
    () => [
      { title: "Join the waitlist", body: "Add your e-mail with the form on this page to save your place." },
      { title: "Get your invitation", body: "We e-mail you as soon as your place on the list comes up." },
      { title: "Start using it", body: "Follow the link in your invitation and you are in." },
    ],
    (c) => [
      { title: "Save your place", body: `Your e-mail holds a spot in the queue for ${c.name}.` },
      { title: "Wait for your turn", body: `We let ${c.customers} in a few at a time and write when yours comes up.` },
      { title: "Come on in", body: `Your invitation opens the door to ${c.name}, ready when you are.` },
    ],
    (c) => [
      { title: "Put your name down", body: `Sign up below and you're on the list for ${c.word} from ${c.name}.` },
      { title: "Watch your inbox", body: "Invitations go out in the order people joined." },
      { title: "Get early access", body: `Open your invitation and start with ${c.name} before the public launch.` },
    ],
    (c) => [
      { title: "Get in the queue", body: `One e-mail address puts you in line for ${c.name}.` },
      { title: "Hear when it's time", body: `${c.name} writes to ${c.customers} on the list as places open.` },
      { title: `Start your ${c.word}`, body: "Your invitation link takes you straight in." },
    ],
  ],
  "pre-orders": [
    (c) => [
      { title: "Reserve yours", body: `Leave your e-mail with the form on this page to reserve your ${c.word}. Nothing to pay today.` },
      { title: "Confirm the details", body: "We e-mail you the details of your order before anything is charged." },
      { title: "Be first to receive it", body: `Reservations are served first when ${c.name} is ready.` },
    ],
    (c) => [
      { title: "Claim one from the first batch", body: `Your e-mail reserves ${withArticle(c.product)} from the first batch.` },
      { title: "Hear the details", body: "Before anything is charged, we write with everything you need to decide." },
      { title: "Get it first", body: `First reservations are the first ${c.name} orders to go out.` },
    ],
    (c) => [
      { title: "Hold your order", body: `Tell ${c.name} where to write, and your ${c.word} is set aside for you.` },
      { title: "Decide with the facts", body: "You get the final details by e-mail and confirm only if they suit you." },
      { title: "Unbox it", body: `Confirmed reservations are sent first, straight to ${c.customers} like you.` },
    ],
    (c) => [
      { title: "Say you want one", body: `A reservation for ${c.name} takes your e-mail and nothing else.` },
      { title: "Check it suits you", body: `When the ${c.word} is ready, we write with the final details for you to confirm.` },
      { title: "Receive it early", body: "Reservations come before everyone else." },
    ],
  ],
  reserve: [
    (c) => [
      { title: "Reserve a place", body: `Leave your e-mail with the form on this page to hold a place for your ${c.word}. Nothing to pay today.` },
      { title: "Confirm the details", body: `${c.name} e-mails you the details before anything is charged.` },
      { title: "Come along", body: `Your place is kept for you when ${c.name} opens.` },
    ],
    (c) => [
      { title: "Hold a place", body: `Tell ${c.name} where to write, and a place for your ${c.word} is set aside.` },
      { title: "Decide with the facts", body: "You get the final details by e-mail and confirm only if they suit you." },
      { title: "See you there", body: `Confirmed places are the first ${c.name} fills.` },
    ],
  ],
  "book calls": [
    (c) => [
      { title: "Pick a time", body: `Tell ${c.name} your name, your e-mail, your number and when suits you best.` },
      { title: "We confirm by e-mail", body: `You get a confirmation with everything you need for the call about ${c.word}.` },
      { title: "Talk it through", body: `We listen to what you need from ${c.name} and work out the next steps with you.` },
    ],
    (c) => [
      { title: "Suggest a slot", body: "Your name, your e-mail, a number to call and a time that works: that is all the form asks." },
      { title: "Hear back from us", body: `A person from ${c.name} writes to confirm the time.` },
      { title: "Plan it together", body: `On the call we look at your ${c.word} needs and what would help first.` },
    ],
    (c) => [
      { title: "Ask for a call", body: `Fill in the form with a time, and ${c.name} gets back to you.` },
      { title: "Get a confirmation", body: "You receive the time of the call by e-mail, with a way to change it." },
      { title: "Get a plan", body: `You leave the call knowing what ${c.name} would do for your ${c.word}.` },
    ],
    (c) => [
      { title: "Ask for a call", body: `Leave a time on the form and ${c.name} e-mails you to confirm the call.` },
      { title: "Check the time", body: `An e-mail confirms the call, so your ${c.word} questions have a slot.` },
      { title: "Decide with no pressure", body: "Hear how it would work for you, then take your time to decide." },
    ],
    (c) => [
      { title: "Say hello", body: `The form asks who you are and when ${c.name} can reach you.` },
      { title: "Get a reply", body: `${c.name} answers by e-mail with a time for your ${c.word} call.` },
      { title: "Make a plan", body: "Together we work out what comes first and what it would take." },
    ],
    (c) => [
      { title: "Choose when to talk", body: `Give ${c.name} a name, an e-mail and a good moment to call.` },
      { title: "Get it in writing", body: "The agreed time arrives by e-mail straight after." },
      { title: `Talk ${c.word}`, body: `Share what you need; ${c.name} says plainly what it can do.` },
    ],
  ],
  downloads: [
    (c) => [
      { title: "Enter your e-mail", body: "Use the short form on this page." },
      { title: "Download it", body: "The download link appears straight away on the next page." },
      { title: "Put it to work", body: `Use it right away, and reply to our e-mail if you have questions about ${c.name}.` },
    ],
    (c) => [
      { title: "Ask for your copy", body: `Your e-mail is all it takes to get ${c.name}.` },
      { title: "Grab the file", body: "The next page has the download link, ready at once." },
      { title: `Start on your ${c.word}`, body: "Open it and start; we are one reply away if anything is unclear." },
    ],
    (c) => [
      { title: "Sign up", body: `Type your e-mail to unlock the ${c.name} download.` },
      { title: "Save it", body: "Your link is on the very next page." },
      { title: "Make it yours", body: `Set ${c.name} up for your own ${c.word} work and tell us how it goes.` },
    ],
    (c) => [
      { title: "Unlock it", body: `Your e-mail opens the ${c.name} download.` },
      { title: "Install", body: `Follow the short steps on the download page for your ${c.word} setup.` },
      { title: "Tell us how it went", body: "Every reply is read by the people who made it." },
    ],
  ],
};
