import { countWith } from "./count";
import { BIO_FIELDS, BIO_KEYS, type Bios } from "./schema";

/** bios.txt: each bio under its network's name with its length as the network counts it, ready to paste. */
export function biosText(brandName: string, bios: Bios): string {
  const parts = [`${brandName}: profile bios`, ""];
  for (const key of BIO_KEYS) {
    const { label, limit, counter } = BIO_FIELDS[key];
    const bio = bios[key];
    parts.push(`== ${label} (${countWith(counter, bio.text)}/${limit}${bio.trimmed ? ", shortened by LaunchKit: reread it" : ""}) ==`, bio.text, "");
  }
  return parts.join("\r\n").replace(/\r?\n/g, "\r\n");
}
