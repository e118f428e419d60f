import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startFlags } from "../../scripts/start-flags.mjs";

describe("the node flags the server starts with", () => {
  it("fix the young generation's size, the same in `npm start` and the Docker image", () => {
    const flags = startFlags();
    // docs/decisions/056-young-generation-size.md: without it the new space shrinks when idle and a cached hit pays for frequent scavenges.
    expect(flags).toContain("--min-semi-space-size=16");
    const cmd = fs.readFileSync("Dockerfile", "utf8").match(/^CMD (\[.*\])$/m)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(["node", ...flags, "server.js"]);
  });

  it("are taken by this node: a process started with them has a young generation of 16 MB from the start (1 MB without)", () => {
    const size = execFileSync(process.execPath, [...startFlags(), "-p", `require("v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size`], { encoding: "utf8" });
    expect(Number(size)).toBeGreaterThanOrEqual(16 * 1024 * 1024);
  });
});
