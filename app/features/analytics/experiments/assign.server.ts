import crypto from "node:crypto";

/**
 * Which arm of an experiment a visitor sees, without a cookie: a hash of the
 * experiment's id and the visitor's daily hash (app/features/analytics: daily salt +
 * IP + user agent + page), over the arms in order. The same visitor gets the
 * same arm all day; a new experiment reshuffles everyone (its id is in the
 * hash); the next day's salt reshuffles them too. sha256 spreads the arms
 * evenly (the modulo bias of 2³² over at most 4 arms is below 10⁻⁹).
 */
export function assignArm(experimentId: string, visitor: string, keys: readonly string[]): string {
  if (keys.length === 0) throw new RangeError("an experiment has arms");
  const digest = crypto.createHash("sha256").update(`${experimentId}\n${visitor}`).digest();
  return keys[digest.readUInt32BE(0) % keys.length]!;
}
