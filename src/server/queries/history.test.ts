import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult, SavedQuery } from '../../common/query-schemas';
import { createOrPromoteAdmin } from '../cli/create-admin';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { login, registerAccount, sessionCookie, sessionHeaders, uniqueAccount } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Who may see and clear which questions, and API keys per caller.

let fakes: FakeAiVendors;
let t: TestApp;
let counter = 0;
const newSession = () => `history-session-${++counter}-${Date.now()}`;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local' });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t.close();
  await fakes.stop();
});

async function askAs(sessionId: string, text: string, cookie?: string): Promise<QueryResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    headers: sessionHeaders(cookie),
    payload: { text, sessionId, selectedModels: ['chatgpt'] },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const history = (sessionId: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/history/${sessionId}`, headers: sessionHeaders(cookie) });

describe('history', () => {
  it("lists a visitor's own questions newest first and nobody else's", async () => {
    const mine = newSession();
    const theirs = newSession();
    await askAs(mine, 'first question');
    await askAs(mine, 'second question');
    await askAs(theirs, 'someone else');
    const res = await history(mine);
    expect(res.statusCode).toBe(200);
    expect((res.json() as SavedQuery[]).map((q) => q.text)).toEqual(['second question', 'first question']);
    expect((await history(newSession())).json()).toEqual([]);
  });

  it('lets another visitor neither read nor clear your history', async () => {
    const mine = newSession();
    const asked = await askAs(mine, 'private question');
    const stranger = newSession();
    await askAs(stranger, 'stranger question');

    const read = await t.app.inject({ method: 'GET', url: `/api/query/${asked.id}?sessionId=${stranger}` });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Query not found' });
    expect((await t.app.inject({ method: 'GET', url: `/api/query/${asked.id}` })).statusCode).toBe(404);

    const clear = await t.app.inject({ method: 'DELETE', url: `/api/history/${stranger}` });
    expect(clear.statusCode).toBe(200);
    expect((await history(mine)).json()).toHaveLength(1);

    const { cookie: signedIn } = await registerAccount(t.app, uniqueAccount('reader'));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/query/${asked.id}`, headers: { cookie: signedIn } })).statusCode,
    ).toBe(404);
    // A signed-in user's history is their own, whatever session id the path names.
    expect((await history(mine, signedIn)).json()).toEqual([]);
  });

  it('shows the owner a query by id, and an administrator too', async () => {
    const mine = newSession();
    const asked = await askAs(mine, 'owned question');
    const own = await t.app.inject({ method: 'GET', url: `/api/query/${asked.id}?sessionId=${mine}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: asked.id, text: 'owned question' });

    await createOrPromoteAdmin(t.db, 33, { email: 'boss@example.com', username: 'boss', password: 'boss-password' });
    const cookie = sessionCookie(await login(t.app, 'boss', 'boss-password'));
    expect((await t.app.inject({ method: 'GET', url: `/api/query/${asked.id}`, headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it("clears only the caller's own history", async () => {
    const mine = newSession();
    const other = newSession();
    await askAs(mine, 'to be cleared');
    await askAs(other, 'to be kept');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/history/${mine}` });
    expect(res.json()).toEqual({ message: 'History cleared' });
    expect((await history(mine)).json()).toEqual([]);
    expect((await history(other)).json()).toHaveLength(1);
  });

  it("keeps what a browser asked before signing up in the new account's history, without extra free questions", async () => {
    const browser = newSession();
    await askAs(browser, 'asked anonymously');
    const { cookie } = await registerAccount(t.app, uniqueAccount('adopter'), { sessionId: browser });
    const list = (await history(newSession(), cookie)).json() as SavedQuery[];
    expect(list.map((q) => q.text)).toEqual(['asked anonymously']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    // The account takes over what the session had left, not a second allowance (decision 0022).
    expect(me.json().freeQuestionsRemaining).toBe(32);
  });
});

describe('API keys', () => {
  it('refuses anonymous callers and validates the key', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/api-key',
      payload: { model: 'grok', apiKey: 'k' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await registerAccount(t.app, uniqueAccount('keyless'));
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/api-key',
      headers: { cookie },
      payload: { model: 'grok', apiKey: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter an API key');
  });

  it("uses a user's personal key for their questions only, sealed at rest", async () => {
    const { XAI_API_KEY: _k, ...env } = fakes.env;
    const local = await createTestApp({ ...env, JUDGE_MODEL: 'local' });
    try {
      const { cookie } = await registerAccount(local.app, uniqueAccount('keyowner'));
      const saved = await local.app.inject({
        method: 'POST',
        url: '/api/api-key',
        headers: { cookie },
        payload: { model: 'grok', apiKey: 'my-own-xai-key', apiVersion: 'grok-4' },
      });
      expect(saved.statusCode).toBe(200);
      expect((await local.app.inject({ method: 'GET', url: '/api/api-status', headers: { cookie } })).json().grok).toBe(
        true,
      );
      expect((await local.app.inject({ method: 'GET', url: '/api/api-status' })).json().grok).toBe(false);

      const res = await local.app.inject({
        method: 'POST',
        url: '/api/query',
        headers: { cookie },
        payload: { text: 'hi grok', selectedModels: ['grok'] },
      });
      expect(res.statusCode).toBe(200);
      const request = fakes.openai.requests.find((r) => r.vendor === 'xai');
      expect(request?.headers.authorization).toBe('Bearer my-own-xai-key');
      expect(request?.model).toBe('grok-4');

      const stored = await local.db.query.apiKeys.findMany();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.encryptedKey).not.toContain('my-own-xai-key');
    } finally {
      await local.close();
    }
  });
});
