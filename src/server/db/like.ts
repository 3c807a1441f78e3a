/** Text for a LIKE pattern that matches itself literally: % and _ are wildcards there, and \ escapes. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern for text containing `term` anywhere. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
