import { formatDay } from "../calendar/dates";
import { composeComment, composeHnComment } from "./limits";
import type { LaunchContent } from "./schema";
import { community, PROMOTION_LABEL, RULES_CHECKED } from "./subreddits";
import { describeMoment, type Task } from "./timeline";

/** launch/launch-posts.md: every launch text, ready to copy, with the plan. Client-safe. */
export function launchMarkdown(c: LaunchContent, tasks: readonly Task[], name: string): string {
  const ph = c.productHunt;
  const out = [
    `# ${name}: launch day`,
    "",
    `Launch: ${formatDay(c.launchDate, "long")} at 12:01 a.m. Pacific (${describeMoment(tasks.find((t) => t.id === "launch")?.at ?? new Date(`${c.launchDate}T08:01:00Z`), c.timeZone)} in ${c.timeZone}).`,
    "",
    "## Product Hunt",
    "",
    `- Name: ${ph.name}`,
    `- Tagline: ${ph.tagline}`,
    `- Topics: ${ph.topics.join(", ")}`,
    "",
    ph.description,
    "",
    "### Maker's first comment",
    "",
    composeComment(ph.comment),
    "",
    "### Demo video (60 seconds)",
    "",
    ...ph.video.map((s, i) => `${i + 1}. ${s.seconds} s: ${s.shot}. Voice-over: "${s.voiceover}"`),
    "",
    "## Show HN",
    "",
    ...(c.showHn ? [`Title: ${c.showHn.title}`, "", composeHnComment(c.showHn.comment)] : [`Left out: ${c.showHnLeftOut ?? "not something people can try yet."}`]),
    "",
    "## Reddit",
    "",
    `Rules as summarised by LaunchKit on ${RULES_CHECKED}: read each community's rules before posting.`,
    "",
  ];
  for (const post of c.reddit) {
    const rules = community(post.subreddit);
    out.push(`### r/${rules?.name ?? post.subreddit}`, "");
    if (rules) out.push(`${PROMOTION_LABEL[rules.promotion]}. ${rules.promotionNote}`, ...rules.rules.map((r) => `> ${r}`), `Rules: ${rules.source}`, "");
    out.push(`**${post.title}**`, "", post.body, "");
  }
  out.push("## Indie Hackers", "", `**${c.indieHackers.title}**`, "", c.indieHackers.body, "");
  out.push("## X", "", c.x, "", "## LinkedIn", "", c.linkedin, "");
  out.push("## Launch e-mail", "", `Subject: ${c.email.subject}`, `Preview: ${c.email.preview}`, "", c.email.body, "");
  out.push("## Follow-up e-mail (a week later)", "", `Subject: ${c.followUp.subject}`, `Preview: ${c.followUp.preview}`, "", c.followUp.body, "");
  out.push(`## The plan (times in ${c.timeZone})`, "");
  for (const t of tasks) out.push(`- [${c.done.includes(t.id) ? "x" : " "}] ${describeMoment(t.at, c.timeZone)}: ${t.title}`);
  return `${out.join("\n")}\n`;
}
