import { describe, expect, it } from "vitest";
import { loader } from "~/routes/resources/font-file";

const get = async (file: string) => {
  try {
    return (await loader({ params: { file }, request: new Request(`http://x.test/fonts/${file}`) } as never)) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
};

describe("/fonts/<id>-<weight>.woff(2)", () => {
  it("serves the catalogue's files as WOFF and as WOFF2, immutable", async () => {
    const woff = await get("inter-400.woff");
    const woff2 = await get("inter-400.woff2");
    expect(woff.status).toBe(200);
    expect(woff.headers.get("Content-Type")).toBe("font/woff");
    expect(Buffer.from(await woff.arrayBuffer()).subarray(0, 4).toString("latin1")).toBe("wOFF");
    expect(woff2.headers.get("Content-Type")).toBe("font/woff2");
    const bytes2 = Buffer.from(await woff2.arrayBuffer());
    expect(bytes2.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(bytes2.length).toBeLessThan(Number(woff.headers.get("Content-Length")));
    expect(woff2.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("is a 404 for anything else: unknown fonts, weights the font lacks, other extensions, paths", async () => {
    for (const file of ["comic-sans-400.woff", "inter-950.woff2", "inter-400.ttf", "inter-400.woff3", "..%2Fpackage.json", "inter-400.woff2.map"]) {
      expect((await get(file)).status, file).toBe(404);
    }
  });
});
