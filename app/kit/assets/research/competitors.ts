/**
 * The competitors a founder named in the wizard ("Rover, local salons and
 * Wag!"), as a list of names: they come first in the research snapshot.
 */
export function namedCompetitors(field: string): string[] {
  if (!field || field.trim() === "Not specified") return [];
  const names = field
    // "&" stays inside a name ("Amber & Oak Photography", "Procter & Gamble"); "and"/"or" separate.
    .split(/[,;\n/|]+|\s+(?:and|or|vs\.?)\s+/i)
    .map((s) => s.trim().replace(/^(?:and|or)\s+/i, "").replace(/[.\s]+$/, ""))
    .filter((s) => s.length >= 2 && s.length <= 80);
  const seen = new Set<string>();
  return names.filter((n) => (seen.has(n.toLowerCase()) ? false : (seen.add(n.toLowerCase()), true))).slice(0, 5);
}

/** Loose comparison of a competitor's name with a named one ("Rover.com" ≈ "rover"). */
export function sameCompetitor(a: string, b: string) {
  const norm = (s: string) => s.toLowerCase().replace(/\.(com|io|co|net|org|app)\b/g, "").replace(/[^a-z0-9]+/g, "");
  const x = norm(a);
  const y = norm(b);
  return x.length > 0 && (x === y || (Math.min(x.length, y.length) >= 4 && (x.includes(y) || y.includes(x))));
}
