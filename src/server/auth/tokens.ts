import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: for session cookies and emailed links alike. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a copy of the database cannot be turned into working links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
