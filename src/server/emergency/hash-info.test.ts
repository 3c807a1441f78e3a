import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { describeHash } from './hash-info';

describe('describeHash', () => {
  it('keeps the algorithm and parameters of an argon2id hash and drops salt and hash bytes', async () => {
    const stored = await hash('a password');
    const [, , , , salt, bytes] = stored.split('$');
    const info = describeHash(stored);
    expect(info).toEqual({
      hashType: 'argon2id',
      hashPrefix: expect.stringMatching(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/),
      length: stored.length,
    });
    expect(info.hashPrefix).not.toContain(salt);
    expect(info.hashPrefix).not.toContain(bytes);
  });

  it('names a bcrypt hash by its cost only', () => {
    const stored = '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy';
    expect(describeHash(stored)).toEqual({ hashType: 'bcrypt', hashPrefix: '$2b$10$', length: 60 });
  });

  it("says 'none' for an account without a password and reveals nothing of an unknown format", () => {
    expect(describeHash(null)).toEqual({ hashType: 'none', hashPrefix: '', length: 0 });
    expect(describeHash('plain-text-secret')).toEqual({ hashType: 'unknown', hashPrefix: '', length: 17 });
  });
});
