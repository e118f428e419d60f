// A tiny authoritative DNS server on loopback (UDP) for the tests: it answers
// TXT queries from records that can change while it runs, so LaunchKit's
// custom-domain proof (a TXT record at _launchkit.<domain>) is checked through
// a real resolver (node:dns, pointed here with DNS_SERVERS). Packets are
// encoded by hand (RFC 1035): a header, the question echoed, TXT answers.
//
// Records come from memory (set/remove) and, when `dir` is given, from files
// in it: `<name>.json` holding an array of TXT values, read at every query,
// so another process (a Playwright test) changes them by writing a file.
import dgram from "node:dgram";
import fs from "node:fs";
import path from "node:path";

const TYPE_TXT = 16;
const CLASS_IN = 1;
const RCODE_NXDOMAIN = 3;
const RCODE_FORMERR = 1;

const normalise = (name) => String(name).toLowerCase().replace(/\.$/, "");

/** The file that holds a name's TXT values in a records directory. */
export function recordFile(dir, name) {
  const n = normalise(name);
  if (!/^[a-z0-9_.-]{1,253}$/.test(n)) throw new Error(`not a DNS name: ${name}`);
  return path.join(dir, `${n}.json`);
}

/** Sets (or with null, removes) a name's TXT values in a records directory (what the e2e tests call). */
export function writeTxtRecord(dir, name, values) {
  const file = recordFile(dir, name);
  if (values === null) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.mkdirSync(dir, { recursive: true });
  // Written beside, then renamed: the server never reads half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(values));
  fs.renameSync(tmp, file);
}

/** The first question of a query: its name, type, class, and where it ends. */
function parseQuestion(msg) {
  if (msg.length < 12 || msg.readUInt16BE(4) < 1) return null;
  let offset = 12;
  const labels = [];
  for (;;) {
    if (offset >= msg.length) return null;
    const len = msg[offset];
    if (len === 0) {
      offset += 1;
      break;
    }
    if (len > 63 || offset + 1 + len > msg.length) return null; // no compression in a question
    labels.push(msg.subarray(offset + 1, offset + 1 + len).toString("latin1"));
    offset += 1 + len;
  }
  if (offset + 4 > msg.length) return null;
  return { name: labels.join("."), type: msg.readUInt16BE(offset), cls: msg.readUInt16BE(offset + 2), end: offset + 4 };
}

/** The answer to `query`: its question echoed, then one TXT record per value (each split in strings of at most 255 bytes). */
function answer(query, question, rcode, values) {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  const rd = query[2] & 0x01;
  const opcode = query[2] & 0x78;
  header[2] = 0x80 | opcode | 0x04 | rd; // QR, opcode, AA, RD
  header[3] = 0x80 | rcode; // RA, RCODE
  header.writeUInt16BE(question ? 1 : 0, 4);
  header.writeUInt16BE(values.length, 6);
  const parts = [header];
  if (question) parts.push(query.subarray(12, question.end));
  for (const value of values) {
    const bytes = Buffer.from(String(value), "utf8");
    const strings = [];
    for (let i = 0; i < bytes.length || i === 0; i += 255) {
      const chunk = bytes.subarray(i, i + 255);
      strings.push(Buffer.from([chunk.length]), chunk);
      if (bytes.length === 0) break;
    }
    const rdata = Buffer.concat(strings);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    rr.writeUInt16BE(TYPE_TXT, 2);
    rr.writeUInt16BE(CLASS_IN, 4);
    rr.writeUInt32BE(60, 6); // TTL
    rr.writeUInt16BE(rdata.length, 10);
    parts.push(rr, rdata);
  }
  return Buffer.concat(parts);
}

/**
 * Starts the server on 127.0.0.1 (a random port unless `port` is given).
 * Returns its address for DNS_SERVERS ("127.0.0.1:<port>"), and controls:
 * set(name, values), remove(name), clear(), silent(on) (queries are read and
 * never answered, as from a server that is down), queries (names asked, in order).
 */
export async function startDnsServer({ port = 0, dir } = {}) {
  const records = new Map();
  const queries = [];
  let quiet = false;
  const socket = dgram.createSocket("udp4");

  function valuesOf(name) {
    if (records.has(name)) return records.get(name);
    if (!dir) return undefined;
    try {
      const values = JSON.parse(fs.readFileSync(recordFile(dir, name), "utf8"));
      return Array.isArray(values) ? values.map(String) : undefined;
    } catch {
      return undefined;
    }
  }

  socket.on("message", (msg, rinfo) => {
    const question = parseQuestion(msg);
    if (question) queries.push(normalise(question.name));
    if (quiet) return;
    let reply;
    if (!question) reply = answer(msg, null, RCODE_FORMERR, []);
    else {
      const values = valuesOf(normalise(question.name));
      if (values === undefined) reply = answer(msg, question, RCODE_NXDOMAIN, []);
      // The name exists: its TXT values, and no record of any other type.
      else reply = answer(msg, question, 0, question.type === TYPE_TXT && question.cls === CLASS_IN ? values : []);
    }
    socket.send(reply, rinfo.port, rinfo.address);
  });

  await new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, "127.0.0.1", () => {
      socket.off("error", reject);
      resolve();
    });
  });
  const bound = socket.address().port;
  return {
    port: bound,
    /** The value for DNS_SERVERS. */
    server: `127.0.0.1:${bound}`,
    queries,
    set(name, values) {
      records.set(normalise(name), values.map(String));
    },
    remove(name) {
      records.delete(normalise(name));
    },
    clear() {
      records.clear();
      queries.length = 0;
    },
    silent(on = true) {
      quiet = on;
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

// `node tests/support/dns-server.mjs [dir]`: runs one by hand and prints its address.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dns = await startDnsServer({ dir: process.argv[2] });
  console.log(`DNS server on ${dns.server}${process.argv[2] ? `, records in ${process.argv[2]}` : ""}`);
}
