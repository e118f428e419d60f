import fs from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";

/**
 * compromise, the part-of-speech tagger the reading uses, run in a V8
 * context of its own (docs/decisions/055-compromise-in-its-own-context.md).
 *
 * Loading compromise builds its lexicon: thousands of objects that each
 * start empty and get a word as their first key. V8 remembers at most 1,536
 * shapes grown from the empty object of a context; once compromise has used
 * them up, every object made as `{}` and then given a property gets a shape
 * of its own, in the whole context, for the life of the process. In the
 * server's context that included node's own per-request objects (a
 * `process.nextTick` cost ~1.5 µs instead of ~30 ns): about 10 µs more per
 * cached page. In a context of its own, compromise's shapes are its own.
 *
 * Only text goes in and JSON comes out, so nothing of that context's
 * objects (or prototypes) reaches the rest of the app.
 */

/** One word as compromise reads it (the fields its `json()` gives that the reading uses). */
export type TaggedTerm = { text: string; normal?: string; root?: string; pre?: string; post?: string; tags?: string[] };
export type TaggedSentence = { text: string; terms: TaggedTerm[] };

type Tagger = (text: string, root: boolean) => string;
let tagger: Tagger | undefined;

function load(): Tagger {
  const require = createRequire(import.meta.url);
  // The package's CommonJS build: the same version and lexicon as its ES module build, in one file.
  const file = require.resolve("compromise");
  const sandbox = { module: { exports: {} as unknown }, exports: {}, process: { env: {} }, console };
  const context = vm.createContext(sandbox, { name: "compromise" });
  vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
  return vm.runInContext(
    `(text, root) => { const doc = module.exports(text); if (root) doc.compute("root"); return JSON.stringify(doc.json()); }`,
    context,
  ) as Tagger;
}

/** compromise's reading of `text`, sentence by sentence; `root` adds each word's root (singular noun, infinitive). */
export function tagText(text: string, { root = false }: { root?: boolean } = {}): TaggedSentence[] {
  tagger ??= load();
  return JSON.parse(tagger(text, root)) as TaggedSentence[];
}
