import type { Mock } from 'vitest';
import { EMERGENCY_TOKEN_STORAGE_KEY, type EmergencyAdmin } from '../../../common/emergency-schemas';

// Shared fixtures of the emergency pages' tests.

export const TOKEN = 'break-glass-token-for-tests-0123456789';

export const rootAdmin: EmergencyAdmin = {
  id: 1,
  username: 'root_admin',
  email: 'root@parallax.test',
  role: 'admin',
  hashType: 'argon2id',
  passwordLength: 97,
  hashPrefix: '$argon2id$v=19$m=19456,t=2,p=1',
};

export const rescueAdmin: EmergencyAdmin = {
  id: 5,
  username: 'rescue_admin',
  email: null,
  role: 'admin',
  hashType: 'argon2id',
  passwordLength: 97,
  hashPrefix: '$argon2id$v=19$m=19456,t=2,p=1',
};

export const adminList = (adminUsers: EmergencyAdmin[] = [rootAdmin, rescueAdmin]) => ({ json: { adminUsers } });

/** The token as a page stored it, so a test can start past the prompt. */
export const storeToken = (token = TOKEN) => sessionStorage.setItem(EMERGENCY_TOKEN_STORAGE_KEY, token);

/** The X-Emergency-Token each fetch carried, in order. */
export function sentTokens(fetchMock: Mock) {
  return fetchMock.mock.calls.map(([, init]) => {
    const headers = ((init ?? {}) as RequestInit).headers as Record<string, string> | undefined;
    return headers?.['x-emergency-token'];
  });
}
