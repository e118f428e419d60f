// ---- the builtin writer ---------------------------------------------------------------------------

/**
 * The builtin writer writes as the business: from the kit's understanding (what is sold, to whom,
 * where, how it is paid for), the specifics of the idea (its features: "cargo bike", "automated SMS
 * reminders"), the competitors the founder named and the month's facts. The facts steer WHAT a piece
 * talks about; their figures (visitors, sign-ups, conversion, sources) are the founder's and appear
 * only in the landing refresh, which is the founder's. Phrases are whole: a noun phrase that ends on a
 * noun, never a founder's answer cut mid-clause, and never the founder's raw answer pasted in.
 */

/** Words a phrase must not end on (a phrase cut mid-way): articles, prepositions, conjunctions, determiners. */
export const DANGLING = new Set(
  "a an the of in on at to for with by from into onto about across around near and or but nor so as than who that which whose where when while their your our its his her my this these those some any every each no very".split(" "),
);
/** "-ing" words that are things, not a participle that starts a clause ("dog grooming", "a wedding"). */
export const ING_NOUNS = new Set(
  ("wedding building booking clothing catering housing bedding ring thing king spring string morning evening meeting painting listing offering pudding training coaching " +
    "landscaping tutoring grooming cleaning baking brewing roasting printing consulting marketing accounting scheduling hosting shipping parking gaming camping cycling " +
    "swimming dancing knitting sewing plumbing roofing decorating styling dining seating lighting flooring packaging branding recruiting staffing banking lending " +
    "funding investing budgeting bookkeeping invoicing ticketing messaging networking mentoring counselling counseling nursing babysitting walking sitting clothing " +
    "engineering manufacturing farming fishing gardening housekeeping publishing advertising ceiling sibling").split(" "),
);
/** Product words that name a kind of business, not what it does ("b2b", "SaaS", "app"). */
export const GENERIC = /^(b2b|b2c|d2c|saas|app|apps|platform|software|tool|tools|startup|service|services|solution|solutions|business|product|web|online|mobile|ai|tech|company)$/i;
/** Categories sold as sessions (a class, a treatment, a lesson): "session" wordings fit only these. */
export const SESSION_CATEGORIES = new Set(["fitness", "wellness", "beauty-salon", "health-clinic", "tutoring", "education-course", "kids-family", "music", "consulting-agency"]);
export const LAUNCH_WORDS = /building it|before launch|launch day|launches|launching|be the first|when it's ready|first to know|coming soon|we launch|pre-launch/i;
