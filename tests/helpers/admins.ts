import { expect } from 'vitest';
import type { PublicUser } from '../../src/common/user-schemas';
import type { App } from '../../src/server/app';
import { createOrPromoteAdmin } from '../../src/server/cli/create-admin';
import type { Database } from '../../src/server/db/client';
import { login, sessionCookie, uniqueAccount, type AccountDetails } from './accounts';

export interface SignedInAdmin {
  account: AccountDetails;
  user: PublicUser;
  /** The admin's session as a Cookie header value. */
  cookie: string;
}

/** An administrator made the way an operator makes the first one (npm run admin:create), then signed in. */
export async function signInAdmin(app: App, db: Database, account = uniqueAccount('admin')): Promise<SignedInAdmin> {
  await createOrPromoteAdmin(db, 33, account);
  const response = await login(app, account.username, account.password);
  expect(response.statusCode, response.body).toBe(200);
  return { account, user: response.json() as PublicUser, cookie: sessionCookie(response) };
}

/** An admin call with the given session (or none). */
export function adminCall(
  app: App,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: cookie === undefined ? {} : { cookie },
    ...(payload !== undefined && { payload }),
  });
}
