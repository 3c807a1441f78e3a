// What the debug pages may know about a stored password hash: the algorithm and its parameters.
// The salt and the hash bytes stay on the server (docs/architecture.md, "Security rules").

export interface HashInfo {
  hashType: string;
  hashPrefix: string;
  length: number;
}

// A PHC string: $<id>[$v=<version>][$<param>=<value>(,<param>=<value>)*][$<salt>[$<hash>]]
const PHC_ID = /^[a-z0-9-]{1,32}$/;
const PHC_PARAMS = /^[a-z0-9-]{1,32}=[^$]*$/;
const BCRYPT = /^\$(2[abxy]?)\$(\d{2})\$/;

export function describeHash(stored: string | null | undefined): HashInfo {
  if (!stored) return { hashType: 'none', hashPrefix: '', length: 0 };
  const bcrypt = BCRYPT.exec(stored);
  if (bcrypt) return { hashType: 'bcrypt', hashPrefix: `$${bcrypt[1]}$${bcrypt[2]}$`, length: stored.length };
  const parts = stored.split('$');
  const id = parts[1] ?? '';
  if (parts[0] !== '' || !PHC_ID.test(id)) return { hashType: 'unknown', hashPrefix: '', length: stored.length };
  const kept = [id];
  for (const part of parts.slice(2)) {
    // Salt and hash are base64 without '='; only key=value segments are parameters.
    if (!PHC_PARAMS.test(part)) break;
    kept.push(part);
  }
  return { hashType: id, hashPrefix: `$${kept.join('$')}`, length: stored.length };
}
