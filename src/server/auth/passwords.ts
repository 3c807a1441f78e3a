import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (OWASP's minimum: m=19 MiB, t=2, p=1).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the account does not exist keeps a wrong username as slow as a
// wrong password, so response time does not reveal which accounts exist.
const decoyHash = hash('decoy password that matches nothing');

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
