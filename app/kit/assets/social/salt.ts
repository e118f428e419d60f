/** The salt of a one-post regeneration: "post-3-v5". */
export function postSalt(index: number, version: number) {
  return `post-${index}-v${version}`;
}

export function parsePostSalt(salt: string): number | null {
  const m = /^post-(\d+)-/.exec(salt);
  return m ? Number(m[1]) : null;
}
