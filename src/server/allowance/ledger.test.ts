import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AllowanceLedgerEntry } from '../../common/admin-user-schemas';
import { adminServerMessages } from '../../common/admin-messages';
import { users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { deliverWebhooksTo, fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The allowance ledger as an administrator reads it in the user dialog: every change of a user's
// question counts, from any writer (a question, a refund, Stripe's webhooks, a plan change, an
// admin's edit, a registration taking over its browser session), leaves one row whose balance is
// the count the user then had, and whose deltas add up to the count the user has now.

const WEBHOOK_SECRET = 'whsec_test_allowance_ledger';
let stripe: FakeStripe;
let vendors: FakeAiVendors;
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  stripe = await startFakeStripe();
  vendors = await startFakeAiVendors();
  t = await createTestApp({
    ...relaxedRateLimits,
    ...vendors.env,
    JUDGE_MODEL: 'local',
    ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
  });
  await deliverWebhooksTo(stripe, t.app, WEBHOOK_SECRET);
  admin = await signInAdmin(t.app, t.db, uniqueAccount('ledgeradmin'));
});
afterEach(() => vendors.reset());
afterAll(async () => {
  await t.close();
  await stripe.stop();
  await vendors.stop();
});

const as = (cookie: string) => ({ headers: { cookie } });

async function history(userId: number): Promise<AllowanceLedgerEntry[]> {
  const res = await adminCall(t.app, admin.cookie, 'GET', `/api/admin/users/${userId}/allowance-history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AllowanceLedgerEntry[];
}

/** Oldest first, as the reader follows the story: [reason, bucket, delta, balance after]. */
async function story(userId: number) {
  return (await history(userId))
    .reverse()
    .map((entry) => [entry.reason, entry.bucket, entry.delta, entry.balanceAfter] as const);
}

/** The ledger agrees with the counts: each bucket's last balance is the count, and its deltas sum to it. */
async function expectLedgerMatchesCounts(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  const entries = (await history(userId)).reverse();
  for (const [bucket, count] of [
    ['free', row!.freeQuestionsRemaining],
    ['paid', row!.paidQuestionsRemaining],
  ] as const) {
    const own = entries.filter((entry) => entry.bucket === bucket);
    expect(own.at(-1)?.balanceAfter ?? 0, bucket).toBe(count);
    if (own.every((entry) => entry.delta !== null))
      expect(
        own.reduce((sum, entry) => sum + entry.delta!, 0),
        bucket,
      ).toBe(count);
  }
}

async function askSignedIn(cookie: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    payload: { text: 'How tall is Mont Blanc?', selectedModels: ['chatgpt'] },
    ...as(cookie),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the allowance history of a user', () => {
  it('starts with the free allowance and shows each question taken and given back', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('ledgerfree'));
    await askSignedIn(cookie);
    vendors.script('*', { error: { status: 503, message: 'overloaded' } });
    await t.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: { text: 'Will this one fail?', selectedModels: ['chatgpt'] },
      ...as(cookie),
    });

    expect(await story(user.id)).toEqual([
      ['account-opened', 'free', 33, 33],
      ['question-asked', 'free', -1, 32],
      ['question-asked', 'free', -1, 31],
      ['question-refunded', 'free', 1, 32],
    ]);
    const entries = await history(user.id);
    expect(entries.every((entry) => entry.actor === null)).toBe(true);
    expect(Date.parse(entries[0]!.createdAt)).not.toBeNaN();
    await expectLedgerMatchesCounts(user.id);
  });

  it("follows a subscription through Stripe's webhooks: payment, a question, a plan change, renewal and the end", async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('ledgerpaid'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-subscription',
      payload: { planId: 'basic' },
      ...as(cookie),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { subscriptionId } = created.json() as { subscriptionId: string };
    stripe.payInvoice(subscriptionId);
    await stripe.settled();
    await askSignedIn(cookie);

    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/stripe/plan-change-preview?planId=standard',
      ...as(cookie),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/change-plan',
      payload: { planId: 'standard', when: 'now', prorationDate: preview.json().prorationDate },
      ...as(cookie),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await stripe.settled();

    stripe.advancePeriod(subscriptionId);
    await stripe.settled();
    const cancelled = await t.app.inject({ method: 'POST', url: '/api/billing/cancel-subscription', ...as(cookie) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await stripe.settled();
    stripe.endPeriod(subscriptionId);
    await stripe.settled();

    const paid = (await story(user.id)).filter(([, bucket]) => bucket === 'paid');
    expect(paid).toEqual([
      ['period-started', 'paid', 333, 333],
      ['question-asked', 'paid', -1, 332],
      // The new plan's allowance less the one question already used this period (decision 0020).
      ['plan-changed', 'paid', 2000 - 332, 2000],
      ['period-started', 'paid', 1, 2001],
      ['subscription-ended', 'paid', -2001, 0],
    ]);
    await expectLedgerMatchesCounts(user.id);
  });

  it('names the administrator who set the counts, and leaves the delta out when a side is unlimited', async () => {
    const { user } = await registerAccount(t.app, uniqueAccount('ledgeredit'));
    const edit = (body: object) => adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}`, body);
    expect((await edit({ freeQuestionsRemaining: 5, paidQuestionsRemaining: 10 })).statusCode).toBe(200);
    expect((await edit({ paidQuestionsRemaining: -1 })).statusCode).toBe(200);
    expect((await edit({ paidQuestionsRemaining: 7 })).statusCode).toBe(200);
    // Saving the same counts again changes nothing and records nothing.
    expect((await edit({ freeQuestionsRemaining: 5 })).statusCode).toBe(200);

    const entries = (await history(user.id)).reverse();
    expect(entries.map((entry) => [entry.reason, entry.bucket, entry.delta, entry.balanceAfter])).toEqual([
      ['account-opened', 'free', 33, 33],
      ['admin-edit', 'free', -28, 5],
      ['admin-edit', 'paid', 10, 10],
      ['admin-edit', 'paid', null, -1],
      ['admin-edit', 'paid', null, 7],
    ]);
    expect(entries.slice(1).map((entry) => entry.actor)).toEqual(
      Array(4).fill({ id: admin.user.id, username: admin.account.username }),
    );
  });

  it('moves the free questions a browser session had left to the account it registers', async () => {
    const sessionId = 'ledger-session-0001';
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/query',
        payload: { text: `Anonymous question ${i}`, selectedModels: ['chatgpt'], sessionId },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { user } = await registerAccount(t.app, uniqueAccount('ledgertaker'), { sessionId });
    const [session] = await t.db
      .select()
      .from(users)
      .where(eq(users.username, `session_${sessionId}`));

    expect(await story(session!.id)).toEqual([
      ['account-opened', 'free', 33, 33],
      ['question-asked', 'free', -1, 32],
      ['question-asked', 'free', -1, 31],
      ['session-takeover', 'free', -31, 0],
    ]);
    expect(await story(user.id)).toEqual([
      ['account-opened', 'free', 33, 33],
      ['session-takeover', 'free', -2, 31],
    ]);
    await expectLedgerMatchesCounts(session!.id);
    await expectLedgerMatchesCounts(user.id);
  });

  it('records exactly the questions that were taken when many race for the last ones', async () => {
    const { user, cookie } = await registerAccount(t.app, uniqueAccount('ledgerrace'));
    await adminCall(t.app, admin.cookie, 'PUT', `/api/admin/users/${user.id}`, { freeQuestionsRemaining: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/query',
          payload: { text: `Race question ${i}`, selectedModels: ['chatgpt'] },
          ...as(cookie),
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    const taken = (await history(user.id)).filter((entry) => entry.reason === 'question-asked');
    expect(taken.map((entry) => entry.balanceAfter).sort()).toEqual([0, 1, 2]);
    await expectLedgerMatchesCounts(user.id);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/users/987654/allowance-history');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(adminServerMessages.userNotFound);
  });
});
