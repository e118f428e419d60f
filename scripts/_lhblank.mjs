import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
for (let i = 0; i < 3; i++) {
  const { lhr } = await lighthouse(process.argv[2], { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const a = lhr.audits;
  console.log(lhr.categories.performance.score, "TBT", a["total-blocking-time"].numericValue, JSON.stringify(a["mainthread-work-breakdown"].details.items.map(i => [i.group, Math.round(i.duration)])), (a["long-tasks"].details?.items ?? []).map(t => `${t.url.slice(-20)}@${Math.round(t.startTime)}:${Math.round(t.duration)}`).join(" "));
}
await chrome.kill();
