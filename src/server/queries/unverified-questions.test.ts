import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anonymousLimitMessages } from '../../common/anonymous-limit-messages';
import { UNVERIFIED_FREE_QUESTIONS } from '../../common/limits';
import { fillMessage, toastMessages } from '../../common/messages';
import { users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import {
  getMe,
  registerAccount,
  relaxedRateLimits,
  uniqueAccount,
  verifyAccountEmail,
} from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Free questions need a verified email (issue 32, M1; decision 0060): until then an account asks
// UNVERIFIED_FREE_QUESTIONS of them, each counted against its address's anonymous cap, and only a few
// new accounts a day per address open with free questions at all.

let fakes: FakeAiVendors;
let counter = 0;
const newSession = () => `unverified-${++counter}`;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await fakes.stop();
});

const ask = (t: TestApp, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/query',
    remoteAddress,
    headers: cookie === undefined ? {} : { cookie },
    payload: { text: 'Is the sky blue?', sessionId: newSession(), selectedModels: ['chatgpt'] },
  });

/** What a new anonymous visitor from the address is told it has left today: the address's cap, less its use. */
const addressLeft = async (t: TestApp, remoteAddress: string) =>
  (
    (
      await t.app.inject({ method: 'GET', url: `/api/subscription-status-by-session/${newSession()}`, remoteAddress })
    ).json() as { freeQuestionsRemaining: number }
  ).freeQuestionsRemaining;

const verifyMessage = fillMessage(anonymousLimitMessages.verifyToKeepAsking, { count: UNVERIFIED_FREE_QUESTIONS });

describe('an account whose email is not verified (default caps)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...relaxedRateLimits,
      ...fakes.env,
      JUDGE_MODEL: 'local',
      NEW_ACCOUNTS_WITH_FREE_QUESTIONS_PER_ADDRESS_PER_DAY: '3',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks its few free questions against the address cap, is then told to verify, and asks on once verified', async () => {
    const address = '10.70.0.1';
    const { account, cookie } = await registerAccount(t.app, uniqueAccount('unverified'), { remoteAddress: address });
    expect(await addressLeft(t, address)).toBe(33);
    for (let i = 0; i < UNVERIFIED_FREE_QUESTIONS; i++) {
      const res = await ask(t, address, cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await addressLeft(t, address)).toBe(33 - UNVERIFIED_FREE_QUESTIONS);

    const refused = await ask(t, address, cookie);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({ message: verifyMessage, verificationRequired: true });
    // Nothing was taken for the refusal: not from the account, not from the address.
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      freeQuestionsRemaining: 33 - UNVERIFIED_FREE_QUESTIONS,
    });
    expect(await addressLeft(t, address)).toBe(33 - UNVERIFIED_FREE_QUESTIONS);

    await verifyAccountEmail(t.app, t.db, account.email);
    for (let i = 0; i < 2; i++) expect((await ask(t, address, cookie)).statusCode).toBe(200);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      freeQuestionsRemaining: 33 - UNVERIFIED_FREE_QUESTIONS - 2,
    });
    // A verified account's questions are its own, no longer the address's.
    expect(await addressLeft(t, address)).toBe(33 - UNVERIFIED_FREE_QUESTIONS);
  });

  it('cannot pass its share with questions asked at the same moment', async () => {
    const address = '10.70.0.2';
    const { cookie } = await registerAccount(t.app, uniqueAccount('parallel'), { remoteAddress: address });
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(t, address, cookie)));
    // Exactly the share is answered; the others are refused (403, or 429 from the in-flight limit).
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(UNVERIFIED_FREE_QUESTIONS);
    expect(answers.every((r) => [200, 403, 429].includes(r.statusCode))).toBe(true);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      freeQuestionsRemaining: 33 - UNVERIFIED_FREE_QUESTIONS,
    });
  });

  it('asks what a subscription paid for, uncounted by the address', async () => {
    const address = '10.70.0.3';
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('payer'), { remoteAddress: address });
    await t.db
      .update(users)
      .set({ subscriptionStatus: 'active', subscriptionTier: 'basic', paidQuestionsRemaining: 10 })
      .where(eq(users.id, user.id));
    for (let i = 0; i < UNVERIFIED_FREE_QUESTIONS + 2; i++)
      expect((await ask(t, address, cookie)).statusCode).toBe(200);
    expect((await getMe(t.app, cookie)).json()).toMatchObject({
      paidQuestionsRemaining: 10 - UNVERIFIED_FREE_QUESTIONS - 2,
      freeQuestionsRemaining: 33,
    });
    expect(await addressLeft(t, address)).toBe(33);
  });

  it('opens only the first 3 new accounts of an address a day with free questions', async () => {
    const address = '10.70.1.1';
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await registerAccount(t.app, uniqueAccount('many'), { remoteAddress: address }));
    const rows = await t.db
      .select({ id: users.id, free: users.freeQuestionsRemaining })
      .from(users)
      .where(
        inArray(
          users.id,
          made.map((m) => m.user.id),
        ),
      )
      .orderBy(users.id);
    expect(rows.map((r) => r.free)).toEqual([33, 33, 33, 0, 0]);
    const late = await ask(t, address, made[4]!.cookie);
    expect(late.statusCode).toBe(402);
    expect(late.json()).toMatchObject({ message: toastMessages.subscriptionRequired, subscriptionRequired: true });
    // Another address has its own share.
    const elsewhere = await registerAccount(t.app, uniqueAccount('many'), { remoteAddress: '10.70.1.2' });
    expect(elsewhere.user.freeQuestionsRemaining).toBe(33);
  });
});

describe('an unverified account at an address whose anonymous cap is used', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...relaxedRateLimits,
      ...fakes.env,
      JUDGE_MODEL: 'local',
      ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY: '2',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is told to verify, with the wait, while a verified member asks on', async () => {
    const address = '10.71.0.1';
    expect((await ask(t, address)).statusCode).toBe(200);
    const { cookie } = await registerAccount(t.app, uniqueAccount('capped'), { remoteAddress: address });
    expect((await ask(t, address, cookie)).statusCode).toBe(200);
    const refused = await ask(t, address, cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    const body = refused.json() as { message: string; verificationRequired: boolean };
    expect(body.verificationRequired).toBe(true);
    const [before] = anonymousLimitMessages.unverifiedAddressQuestions.split('{wait}');
    expect(body.message.startsWith(before!)).toBe(true);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const member = await registerAccount(t.app, uniqueAccount('member'), { remoteAddress: '10.71.0.2' });
    await verifyAccountEmail(t.app, t.db, member.account.email);
    expect((await ask(t, address, member.cookie)).statusCode).toBe(200);
  });
});
