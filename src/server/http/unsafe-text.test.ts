import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textMessages } from '../../common/messages';
import { MAX_QUERY_LENGTH } from '../../common/limits';
import { apiKeys, users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Text the database cannot store (U+0000, lone UTF-16 surrogates) and text without a bound: each
// field refuses it with a 400 and the shared message (src/common/text-rules.ts), before any vendor,
// Stripe or database work, so nothing is charged, stored or half-done.

const NUL = '\u0000';
const LONE_SURROGATE = '\uD800';

let vendors: FakeAiVendors;
let t: TestApp;
let admin: SignedInAdmin;
let user: { cookie: string; id: number };

beforeAll(async () => {
  vendors = await startFakeAiVendors();
  t = await createTestApp({ ...relaxedRateLimits, ...vendors.env, JUDGE_MODEL: 'local' });
  admin = await signInAdmin(t.app, t.db);
  const registered = await registerAccount(t.app, uniqueAccount('texter'));
  user = { cookie: registered.cookie, id: registered.user.id };
});
afterAll(async () => {
  await t?.close();
  await vendors?.stop();
});

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const freeQuestions = async (id: number) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]!.freeQuestionsRemaining;

describe('a question with characters the database cannot store', () => {
  for (const url of ['/api/query', '/api/query/stream']) {
    for (const [name, bad] of [
      ['NUL', NUL],
      ['lone surrogate', LONE_SURROGATE],
    ]) {
      it(`${url}: a ${name} answers 400 before any vendor is asked, and costs nothing`, async () => {
        const before = await freeQuestions(user.id);
        const res = await post(
          url,
          { text: `What is${bad} the capital of France?`, selectedModels: ['chatgpt', 'claude'] },
          user.cookie,
        );
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ message: textMessages.notAllowed, errors: { text: textMessages.notAllowed } });
        expect(vendors.openai.requests).toHaveLength(0);
        expect(vendors.anthropic.requests).toHaveLength(0);
        expect(await freeQuestions(user.id)).toBe(before);
      });
    }
  }

  it('an anonymous question with a NUL creates no session user', async () => {
    const sessionId = 'unsafe-text-session-1';
    const res = await post('/api/query', { text: `hi${NUL}`, sessionId, selectedModels: ['chatgpt'] });
    expect(res.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(users)
      .where(eq(users.username, `session_${sessionId}`));
    expect(rows).toEqual([]);
  });

  it('still accepts the longest allowed question, with tabs and new lines', async () => {
    const text = `Line one\tand a tab\r\nline two\n${'x'.repeat(MAX_QUERY_LENGTH - 40)}`;
    const res = await post('/api/query', { text, selectedModels: ['chatgpt'] }, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('other fields that reached the database with a NUL (500 before)', () => {
  it('POST /api/login: the identifier and the password', async () => {
    for (const payload of [
      { email: `ada${NUL}@example.com`, password: 'secret-pass' },
      { email: 'ada@example.com', password: `secret${NUL}pass` },
    ]) {
      const res = await post('/api/login', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(textMessages.notAllowed);
    }
  });

  it('POST /api/stripe/create-subscription: the plan id', async () => {
    const res = await post('/api/stripe/create-subscription', { planId: `basic${NUL}` }, user.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ planId: textMessages.notAllowed });
  });

  it('POST /api/api-key: the key and the version, and nothing is stored', async () => {
    for (const payload of [
      { model: 'chatgpt', apiKey: `sk-${NUL}abc` },
      { model: 'chatgpt', apiKey: 'sk-abc', apiVersion: `gpt${NUL}` },
      { model: 'chatgpt', apiKey: `sk-${LONE_SURROGATE}abc` },
    ]) {
      const res = await post('/api/api-key', payload, user.cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(textMessages.notAllowed);
    }
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toEqual([]);
  });

  it('GET /api/admin/users and /api/admin/email-logs: the search', async () => {
    for (const path of ['/api/admin/users', '/api/admin/email-logs']) {
      const res = await adminCall(t.app, admin.cookie, 'GET', `${path}?search=ada%00`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({ search: textMessages.notAllowed });
    }
  });
});

describe('ids without a bound', () => {
  it('POST /api/verify-payment: an overlong payment intent id, client secret or subscription id answers 400', async () => {
    for (const field of ['paymentIntentId', 'paymentIntentClientSecret', 'subscriptionId']) {
      const payload = { paymentIntentId: 'pi_1', paymentIntentClientSecret: 'pi_1_secret', [field]: 'x'.repeat(256) };
      const res = await post('/api/verify-payment', payload, user.cookie);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({ [field]: expect.any(String) });
    }
  });
});

describe('numbers beyond what the database stores', () => {
  it('admin edits and plans with an out-of-range count or price answer 400', async () => {
    const victim = await registerAccount(t.app, uniqueAccount('counted'));
    const edit = await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${victim.user.id}`, {
      freeQuestionsRemaining: 2 ** 31,
    });
    expect(edit.statusCode, edit.body).toBe(400);
    const plan = await adminCall(t.app, admin.cookie, 'POST', '/api/admin/subscription-plans', {
      name: 'too-dear',
      displayName: 'Too dear',
      price: 1e20,
      limits: { queries: 5 },
    });
    expect(plan.statusCode, plan.body).toBe(400);
    const page = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/users?offset=1e30');
    expect(page.statusCode, page.body).toBe(400);
    const user = await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/users/99999999999', {});
    expect(user.statusCode, user.body).toBe(400);
  });

  it('GET /api/query/:id with an id beyond the integer range answers 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/query/99999999999', headers: { cookie: user.cookie } });
    expect(res.statusCode, res.body).toBe(400);
  });
});
