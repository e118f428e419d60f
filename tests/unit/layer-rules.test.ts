import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run lint:deps` passes on the repository; this checks that its rules
 * (.dependency-cruiser.cjs) would catch each way of breaking the layers, on
 * a small tree laid out like app/ with one import of each kind, forbidden
 * and allowed.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FILES: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] }, moduleResolution: "bundler", module: "ES2022" } }),
  "app/platform/base.ts": 'export const base = 1;\n',
  "app/platform/up.ts": 'import { b } from "~/kit/b";\nexport const up = b;\n',
  "app/ai/provider.ts": 'import { b } from "~/kit/b";\nimport { base } from "~/platform/base";\nexport const p = b + base;\n',
  "app/kit/b.ts": 'import { base } from "~/platform/base";\nexport const b = base;\n',
  "app/kit/c.ts": 'import { y } from "~/features/x/y.server";\nexport const c = y;\n',
  "app/kit/assets/k/step.server.ts": "export const step = 1;\n",
  "app/kit/other.ts": 'import { step } from "./assets/k/step.server";\nexport const o = step;\n',
  "app/kit/runner/run.ts": 'import { step } from "../assets/k/step.server";\nimport { art } from "../assets/k/art-step.server";\nexport const r = step + art;\n',
  "app/kit/assets/k/art-step.server.ts": "export const art = 1;\n",
  "app/kit/art-user.ts": 'import { art } from "./assets/k/art-step.server";\nexport const a = art;\n',
  "server/boot.ts": "export const boot = 1;\n",
  "app/platform/boots.ts": 'import { boot } from "../../server/boot";\nexport const b = boot;\n',
  "app/kit/cycle-a.ts": 'import type { B } from "./cycle-b";\nexport type A = { b?: B };\n',
  "app/kit/cycle-b.ts": 'import type { A } from "./cycle-a";\nexport type B = { a?: A };\n',
  "app/features/x/y.server.ts": 'import { b } from "~/kit/b";\nexport const y = b;\n',
  "app/features/x/index.server.ts": 'export { y } from "./y.server";\n',
  "app/features/x/view.ts": 'import { u } from "~/ui/u";\nexport const v = u;\n',
  "app/features/z/direct.ts": 'import { y } from "~/features/x/y.server";\nexport const d = y;\n',
  "app/features/z/entry.ts": 'import { y } from "~/features/x/index.server";\nexport const e = y;\n',
  "app/ui/u.ts": 'export const u = 1;\n',
  "app/ui/server-type.ts": 'import type { y } from "~/features/x/y.server";\nexport type T = typeof y;\n',
  "app/ui/route.ts": 'import { page } from "~/routes/page";\nexport const r = page;\n',
  "app/routes/page.ts": 'import { e } from "~/features/z/entry";\nimport { u } from "~/ui/u";\nexport const page = e + u;\n',
  "app/routes/missing.ts": 'import { nothing } from "./not-there";\nexport const m = nothing;\n',
};

let dir: string;
let violations: string[];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "layer-rules-"));
  for (const [name, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  let out: string;
  try {
    out = execFileSync(path.join(ROOT, "node_modules/.bin/depcruise"), ["app", "--config", path.join(ROOT, ".dependency-cruiser.cjs"), "--output-type", "json"], {
      cwd: dir,
      encoding: "utf8",
    });
  } catch (error) {
    // depcruise exits non-zero when it finds errors; its report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string; cycle?: unknown[] }> } };
  violations = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the layer rules", () => {
  it("forbid every kind of crossing and nothing else", () => {
    const withoutCycles = violations.filter((v) => !v.startsWith("no-circular"));
    expect(withoutCycles).toEqual(
      [
        "ai-on-platform-only: app/ai/provider.ts → app/kit/b.ts",
        "app-below-the-server: app/platform/boots.ts → server/boot.ts",
        "only-the-runner-runs-steps: app/kit/art-user.ts → app/kit/assets/k/art-step.server.ts",
        "feature-through-its-entry: app/features/z/direct.ts → app/features/x/y.server.ts",
        "features-below-ui-and-routes: app/features/x/view.ts → app/ui/u.ts",
        "kit-below-features: app/kit/c.ts → app/features/x/y.server.ts",
        "no-unresolvable: app/routes/missing.ts → ./not-there",
        "only-the-runner-runs-steps: app/kit/other.ts → app/kit/assets/k/step.server.ts",
        "platform-is-the-floor: app/platform/up.ts → app/kit/b.ts",
        "ui-below-routes: app/ui/route.ts → app/routes/page.ts",
        "ui-is-client-safe: app/ui/server-type.ts → app/features/x/y.server.ts",
      ].sort(),
    );
  });

  it("count a cycle made only of type imports", () => {
    // reported once, at the first file of the cycle
    expect(violations.filter((v) => v.startsWith("no-circular"))).toEqual(["no-circular: app/kit/cycle-a.ts → app/kit/cycle-b.ts"]);
  });
});
