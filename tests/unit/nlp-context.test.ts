import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { tagText } from "~/kit/understanding/nlp.server";

// V8's own test of whether two objects share a hidden class (a "map"): natives syntax, allowed here only.
v8.setFlagsFromString("--allow-natives-syntax");
const sameShape = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: object, b: object) => boolean;

/** Two objects made alike (`{}`, then the same new key): they share a shape unless V8 can no longer add shapes grown from `{}`. */
function emptyObjectsStillShareShapes() {
  const key = `k${Math.random().toString(36).slice(2)}`;
  const a: Record<string, number> = {};
  a[key] = 1;
  const b: Record<string, number> = {};
  b[key] = 2;
  return sameShape(a, b);
}

describe("compromise in a context of its own", () => {
  it("reads words as the reading needs them: tags, roots, punctuation", () => {
    const [sentence] = tagText("Roof repair in Seattle, for landlords.", { root: true });
    const terms = sentence!.terms;
    expect(terms.map((t) => t.text)).toEqual(["Roof", "repair", "in", "Seattle", "for", "landlords"]);
    expect(terms[3]!.tags).toContain("City");
    expect(terms[3]!.post).toBe(", ");
    expect(terms[5]!.root).toBe("landlord");
    // Without `root`, no root is computed.
    expect(tagText("Dutch expats")[0]!.terms[0]!.tags).toContain("Demonym");
    expect(tagText("landlords")[0]!.terms[0]!.root).toBeUndefined();
  });

  it("hands back this context's plain objects and arrays, nothing of its own", () => {
    const sentences = tagText("Sourdough bakery in Leeds");
    expect(Array.isArray(sentences)).toBe(true);
    expect(Object.getPrototypeOf(sentences)).toBe(Array.prototype);
    expect(Object.getPrototypeOf(sentences[0])).toBe(Object.prototype);
    expect(Object.getPrototypeOf(sentences[0]!.terms[0]!.tags)).toBe(Array.prototype);
  });

  it("leaves the server's own objects their shared shapes once its lexicon is loaded (node's per-request objects included)", () => {
    expect(emptyObjectsStillShareShapes()).toBe(true);
    tagText("A bakery that delivers sourdough by bike");
    expect(emptyObjectsStillShareShapes()).toBe(true);
  });

  it("the check above catches a lexicon loaded into this context", async () => {
    // compromise's ES module build, loaded here as the app used to: its lexicon uses up the shapes grown from `{}`.
    await import("compromise");
    expect(emptyObjectsStillShareShapes()).toBe(false);
  });
});
