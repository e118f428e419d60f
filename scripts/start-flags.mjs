// The node flags `npm start` runs the server with (package.json's "start"
// script is the one place they are written; the Dockerfile's CMD repeats
// them, and tests/unit/start-flags.test.ts keeps the two the same). The
// bench, the cluster test and the e2e stack start server.js with them too,
// so that they measure and test the server as it runs. Why these flags:
// docs/decisions/056-young-generation-size.md.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The `--` options before `server.js` in package.json's start script. */
export function startFlags() {
  const start = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.start;
  const words = start.trim().split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "server.js") throw new Error(`package.json's start script is not "node [flags] server.js": ${start}`);
  return words.slice(1, -1);
}
