import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonymousLimitMessages } from '../../common/anonymous-limit-messages';
import { toastMessages } from '../../common/messages';
import { loadConfig } from '../config';
import { anonymousUsage, users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import {
  getMe,
  registerAccount,
  relaxedRateLimits,
  uniqueAccount,
  verifyAccountEmail,
} from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Anonymous questions are capped per client address and for everyone per hour (issue item 6,
// decision 0022): a made-up session id no longer buys a new free allowance.

let fakes: FakeAiVendors;
let counter = 0;
const newSession = () => `anon-limit-${++counter}-${Date.now()}`;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await fakes.stop();
});

function ask(t: TestApp, sessionId: string, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/query',
    remoteAddress,
    headers: cookie === undefined ? {} : { cookie },
    payload: { text: 'Is the sky blue?', sessionId, selectedModels: ['chatgpt'] },
  });
}

const sessionRow = async (t: TestApp, sessionId: string) =>
  (
    await t.db
      .select()
      .from(users)
      .where(eq(users.username, `session_${sessionId}`))
  )[0];

function expectSignUpRequired(res: Awaited<ReturnType<typeof ask>>, template: string) {
  expect(res.statusCode, res.body).toBe(429);
  const body = res.json() as { message: string; signUpRequired: boolean };
  expect(body.signUpRequired).toBe(true);
  const [before, after] = template.split('{wait}');
  expect(body.message.startsWith(before!)).toBe(true);
  expect(body.message.endsWith(after!)).toBe(true);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('the defaults', () => {
  it('cap anonymous questions per address at one free allowance, new sessions at 10 a day, everyone at 1000 an hour', () => {
    const config = loadConfig({ FREE_QUESTIONS: '12' });
    expect(config.anonymousLimits).toEqual({
      questionsPerAddressPerDay: 12,
      sessionsPerAddressPerDay: 10,
      questionsPerHour: 1000,
      freeAccountsPerAddressPerDay: 3,
    });
    expect(loadConfig({}).anonymousLimits.questionsPerAddressPerDay).toBe(33);
    expect(() => loadConfig({ ANONYMOUS_QUESTIONS_PER_HOUR: '-1' })).toThrow(/ANONYMOUS_QUESTIONS_PER_HOUR/);
  });
});

describe('per address (default caps, 5 free questions)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...relaxedRateLimits, ...fakes.env, JUDGE_MODEL: 'local', FREE_QUESTIONS: '5' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers at most one free allowance for 20 made-up session ids from one address', async () => {
    const address = '10.60.0.1';
    const statuses: number[] = [];
    for (let s = 0; s < 20; s++) {
      const sessionId = newSession();
      for (let q = 0; q < 5; q++) {
        const res = await ask(t, sessionId, address);
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          const template = s < 10 ? anonymousLimitMessages.addressQuestions : anonymousLimitMessages.addressSessions;
          expectSignUpRequired(res, template);
        }
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    // New session users stop at the session cap: the rest were never created.
    const sessionUsers = await t.db.select().from(users);
    expect(sessionUsers.filter((u) => u.username.startsWith('session_anon-limit-'))).toHaveLength(10);
    // The counts are stored under a keyed hash, never the address itself.
    const scopes = (await t.db.select().from(anonymousUsage)).map((r) => r.scope);
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes.join(' ')).not.toContain(address);
  });

  it('shows a new session from a capped address what the address has left, not a whole allowance', async () => {
    const address = '10.60.1.6';
    const status = async (sessionId: string, cookie?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/subscription-status-by-session/${sessionId}`,
          remoteAddress: address,
          headers: cookie === undefined ? {} : { cookie },
        })
      ).json() as { freeQuestionsRemaining: number };
    const first = newSession();
    for (let i = 0; i < 3; i++) expect((await ask(t, first, address)).statusCode).toBe(200);
    // Both the session that asked and a fresh one see the 2 the address has left today.
    expect((await status(first)).freeQuestionsRemaining).toBe(2);
    expect((await status(newSession())).freeQuestionsRemaining).toBe(2);
    for (let i = 0; i < 2; i++) expect((await ask(t, first, address)).statusCode).toBe(200);
    expect((await status(newSession())).freeQuestionsRemaining).toBe(0);
    // A signed-in member at that address keeps their own count.
    const { cookie } = await registerAccount(t.app, uniqueAccount('neighbour'), { remoteAddress: '10.60.1.7' });
    expect((await status(newSession(), cookie)).freeQuestionsRemaining).toBe(5);
  });

  it('leaves another address its own allowance', async () => {
    expect((await ask(t, newSession(), '10.60.0.2')).statusCode).toBe(200);
  });

  it('does not limit a verified member from the capped address', async () => {
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('member'), { remoteAddress: '10.60.0.1' });
    await verifyAccountEmail(t.app, t.db, account.email);
    for (let i = 0; i < 3; i++) expect((await ask(t, newSession(), '10.60.0.1', cookie)).statusCode).toBe(200);
  });

  it("answers a session that has used its own allowance with 402 (subscribe), not the address cap's 429", async () => {
    const address = '10.60.0.3';
    const sessionId = newSession();
    for (let i = 0; i < 5; i++) expect((await ask(t, sessionId, address)).statusCode).toBe(200);
    const refused = await ask(t, sessionId, address);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ message: toastMessages.subscriptionRequired, subscriptionRequired: true });
  });

  it('holds the cap for questions asked at the same moment', async () => {
    const address = '10.60.0.4';
    const results = await Promise.all(Array.from({ length: 9 }, () => ask(t, newSession(), address)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });

  it('does not restore the used questions when the visitor registers', async () => {
    const address = '10.60.0.5';
    const sessionId = newSession();
    for (let i = 0; i < 3; i++) expect((await ask(t, sessionId, address)).statusCode).toBe(200);
    const { cookie, user } = await registerAccount(t.app, uniqueAccount('convert'), {
      sessionId,
      remoteAddress: address,
    });
    // The account takes over what the session had left, and the session keeps nothing.
    expect(user.freeQuestionsRemaining).toBe(2);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({ freeQuestionsRemaining: 2 });
    expect((await sessionRow(t, sessionId))?.freeQuestionsRemaining).toBe(0);

    for (let i = 0; i < 2; i++) expect((await ask(t, newSession(), address, cookie)).statusCode).toBe(200);
    expect((await ask(t, newSession(), address, cookie)).statusCode).toBe(402);
  });

  it('leaves an existing account its own allowance when it signs in from a used-up session', async () => {
    const address = '10.60.0.6';
    const { account, user } = await registerAccount(t.app, uniqueAccount('returning'));
    const sessionId = newSession();
    for (let i = 0; i < 5; i++) expect((await ask(t, sessionId, address)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      payload: { email: account.username, password: account.password, sessionId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, freeQuestionsRemaining: 5 });
  });
});

describe('new sessions per address and everyone per hour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...relaxedRateLimits,
      ...fakes.env,
      JUDGE_MODEL: 'local',
      FREE_QUESTIONS: '5',
      ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY: '0',
      ANONYMOUS_SESSIONS_PER_ADDRESS_PER_DAY: '3',
      ANONYMOUS_QUESTIONS_PER_HOUR: '8',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a fourth new session from one address, while its sessions keep asking', async () => {
    const address = '10.70.0.1';
    const sessions = [newSession(), newSession(), newSession()];
    for (const sessionId of sessions) expect((await ask(t, sessionId, address)).statusCode).toBe(200);
    expectSignUpRequired(await ask(t, newSession(), address), anonymousLimitMessages.addressSessions);
    expect((await ask(t, sessions[0]!, address)).statusCode).toBe(200);
    expect((await ask(t, newSession(), '10.70.0.2')).statusCode).toBe(200);
  });

  it('stops every anonymous question at the hourly ceiling, whatever the address, but not members', async () => {
    // Five asked above; three more reach the ceiling of eight.
    for (let i = 0; i < 3; i++) expect((await ask(t, newSession(), `10.71.0.${i}`)).statusCode).toBe(200);
    expectSignUpRequired(await ask(t, newSession(), '10.71.0.9'), anonymousLimitMessages.busy);
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('busy'));
    await verifyAccountEmail(t.app, t.db, account.email);
    expect((await ask(t, newSession(), '10.71.0.9', cookie)).statusCode).toBe(200);
  });
});
