// Readers for the files LaunchKit renders, as a founder's tools would open them:
// PPTX with jszip, PDF with pdfjs-dist, ZIP with yauzl, CSV with a small reader.
import JSZip from "jszip";
import yauzl from "yauzl";

export type PdfInfo = { pages: number; sizes: Array<{ width: number; height: number }>; text: string[]; links: string[] };

export async function readPdf(bytes: Buffer): Promise<PdfInfo> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const sizes: PdfInfo["sizes"] = [];
  const text: string[] = [];
  const links: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    sizes.push({ width: Math.round(x1 - x0), height: Math.round(y1 - y0) });
    const content = await page.getTextContent();
    text.push(content.items.map((it) => ("str" in it ? it.str : "")).join(" ").replace(/\s+/g, " "));
    for (const a of await page.getAnnotations()) if (a.url) links.push(a.url);
  }
  await doc.destroy();
  return { pages: doc.numPages, sizes, text, links };
}

const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
const texts = (xml: string) => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1]!));

export type PptxSlide = { xml: string; title: string; texts: string[]; notes: string };

export async function readPptx(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const read = (name: string) => zip.file(name)?.async("string") ?? Promise.resolve("");
  const presentation = await read("ppt/presentation.xml");
  const slideNames = Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  const slides: PptxSlide[] = [];
  for (const name of slideNames) {
    const xml = await read(name);
    const n = name.match(/slide(\d+)\.xml/)![1];
    // The shape that fills the layout's title placeholder.
    const titleShape = xml.split("<p:sp>").find((sp) => /<p:ph[^>]*type="title"/.test(sp)) ?? "";
    // The notes are the text of the notes page's body placeholder (it also has the slide number).
    const notesXml = await read(`ppt/notesSlides/notesSlide${n}.xml`);
    const notes = texts(notesXml.split("<p:sp>").find((sp) => /<p:ph[^>]*type="body"/.test(sp)) ?? "").join("\n");
    slides.push({ xml, title: texts(titleShape).join(""), texts: texts(xml), notes });
  }
  const size = presentation.match(/<p:sldSz cx="(\d+)" cy="(\d+)"/);
  return {
    zip,
    slides,
    slideSize: size ? { cx: Number(size[1]), cy: Number(size[2]) } : null,
    media: Object.keys(zip.files).filter((n) => n.startsWith("ppt/media/")),
    read,
  };
}

export type ZipRead = Array<{ name: string; data: Buffer; mode: number }>;

export function readZip(bytes: Buffer): Promise<ZipRead> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: ZipRead = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks), mode: (entry.externalFileAttributes >>> 16) & 0o777 });
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** A web stream read to the end. */
export async function drain(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** A minimal CSV reader (quoted cells, doubled quotes, CRLF rows, CRLF inside quotes): enough to read our files back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}
