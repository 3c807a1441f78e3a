import { eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServerMessages as m, adminValidationMessages as v } from '../../common/admin-messages';
import type { StripeKeys } from '../../common/admin-settings-schemas';
import type { Plan } from '../../common/billing-schemas';
import { settings, subscriptionEvents, subscriptionPlans, users } from '../db/schema';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { useTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The Payment Settings screen (GET/POST /api/admin/stripe-keys), seen through what it changes:
// the settings rows, the plans' price ids and Payment Links visitors are offered, the public
// Stripe config, and, when going live, every user's stored Stripe ids.

const TEST_SECRET = 'sk_test_console_secret_a1b2';
const TEST_WEBHOOK = 'whsec_console_hook_c3d4';
const LIVE_SECRET = 'sk_live_console_secret_e5f6';
const LIVE_WEBHOOK = 'whsec_live_hook_g7h8';

const t = useTestApp(relaxedRateLimits);
let admin: SignedInAdmin;
beforeAll(async () => {
  admin = await signInAdmin(t.app, t.db);
});

const readKeys = async (app: TestApp = t, cookie = admin.cookie) => {
  const res = await adminCall(app.app, cookie, 'GET', '/api/admin/stripe-keys');
  expect(res.statusCode).toBe(200);
  return { keys: res.json() as StripeKeys, body: res.body };
};
const save = (body: object) => adminCall(t.app, admin.cookie, 'POST', '/api/admin/stripe-keys', body);
const publicPlans = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/subscription-plans' })).json() as Plan[];
const linkOf = async (planId: string) => (await publicPlans()).find((p) => p.id === planId)?.paymentLink;
const stripeConfig = async () => (await t.app.inject({ method: 'GET', url: '/api/stripe/config' })).json();
const stripeSettingRows = () => t.db.select().from(settings).where(like(settings.key, 'stripe.%'));

describe('with nothing configured', () => {
  it('reports test mode, no keys and not configured', async () => {
    const { keys } = await readKeys();
    const empty = { publicKey: '', secretKey: '', webhookSecret: '', source: 'none' };
    expect(keys).toMatchObject({
      mode: 'test',
      publicKey: '',
      secretKey: '',
      webhookSecret: '',
      configured: false,
      test: empty,
      live: empty,
    });
    expect(await stripeConfig()).toEqual({ mode: 'test', publishableKey: null, configured: false });
  });

  it.each([
    ['a live secret key in test mode', { mode: 'test', secretKey: 'sk_live_abc' }, 'secretKey', v.invalidSecretKey],
    ['a test secret key in live mode', { mode: 'live', secretKey: 'sk_test_abc' }, 'secretKey', v.invalidSecretKey],
    ['a live public key in test mode', { mode: 'test', publicKey: 'pk_live_abc' }, 'publicKey', v.invalidPublicKey],
    ['a test public key in live mode', { mode: 'live', publicKey: 'pk_test_abc' }, 'publicKey', v.invalidPublicKey],
    ['a secret key as the public key', { mode: 'test', publicKey: 'sk_test_abc' }, 'publicKey', v.invalidPublicKey],
    [
      'a webhook secret without whsec_',
      { mode: 'test', webhookSecret: 'hook_abc' },
      'webhookSecret',
      v.invalidWebhookSecret,
    ],
    ['a price id without price_', { mode: 'test', priceIdStandard: 'prod_abc' }, 'priceIdStandard', v.invalidPriceId],
    [
      'a Payment Link that is not https',
      { mode: 'test', paymentLinks: { basic: 'http://buy.stripe.com/x' } },
      'paymentLinks.basic',
      v.invalidPaymentLink,
    ],
  ])('rejects %s and saves nothing', async (_, body, field, message) => {
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await stripeSettingRows()).toEqual([]);
  });

  it('rejects an unknown mode', async () => {
    const res = await save({ mode: 'production' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['mode']);
  });
});

describe('saving keys', () => {
  it('seals the secrets at rest and never answers them whole', async () => {
    const res = await save({
      mode: 'test',
      publicKey: 'pk_test_console',
      secretKey: TEST_SECRET,
      webhookSecret: TEST_WEBHOOK,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.settingsSaved });

    const rows = await stripeSettingRows();
    for (const key of ['stripe.test.secretKey', 'stripe.test.webhookSecret']) {
      const row = rows.find((r) => r.key === key);
      expect(row?.isSecret).toBe(true);
      expect(row?.value).not.toContain(TEST_SECRET);
      expect(row?.value).not.toContain(TEST_WEBHOOK);
    }

    const { keys, body } = await readKeys();
    expect(body).not.toContain(TEST_SECRET);
    expect(body).not.toContain(TEST_WEBHOOK);
    expect(keys).toMatchObject({ mode: 'test', publicKey: 'pk_test_console', configured: true });
    expect(keys.secretKey).toMatch(/^•{4,}a1b2$/);
    expect(keys.webhookSecret).toMatch(/^•{4,}c3d4$/);
    expect(keys.test).toMatchObject({ publicKey: 'pk_test_console', source: 'settings' });
    expect(keys.live).toMatchObject({ publicKey: '', secretKey: '', source: 'none' });
    expect(await stripeConfig()).toEqual({ mode: 'test', publishableKey: 'pk_test_console', configured: true });
  });

  it('keeps the saved secrets when the form sends them blank', async () => {
    const res = await save({ mode: 'test', publicKey: 'pk_test_renewed', secretKey: '', webhookSecret: '' });
    expect(res.statusCode).toBe(200);
    const { keys } = await readKeys();
    expect(keys).toMatchObject({ publicKey: 'pk_test_renewed', configured: true });
    expect(keys.secretKey).toMatch(/a1b2$/);
    expect(keys.webhookSecret).toMatch(/c3d4$/);
    expect(await stripeConfig()).toMatchObject({ publishableKey: 'pk_test_renewed', configured: true });
  });

  it('sets the three plans’ price ids, a blank one clearing it, an absent one left alone', async () => {
    await t.db
      .update(subscriptionPlans)
      .set({ stripePriceId: 'price_old_unlimited' })
      .where(eq(subscriptionPlans.id, 'unlimited'));
    expect(
      (await save({ mode: 'test', priceIdBasic: 'price_basic_2', priceIdStandard: 'price_standard_2' })).statusCode,
    ).toBe(200);
    expect((await save({ mode: 'test', priceIdStandard: '' })).statusCode).toBe(200);

    const { keys } = await readKeys();
    expect(keys).toMatchObject({
      priceIdBasic: 'price_basic_2',
      priceIdStandard: '',
      priceIdUnlimited: 'price_old_unlimited',
    });
    const prices = Object.fromEntries((await publicPlans()).map((p) => [p.id, p.stripePriceId]));
    expect(prices).toMatchObject({ basic: 'price_basic_2', standard: null, unlimited: 'price_old_unlimited' });
  });
});

describe('Payment Links and the mode', () => {
  it('offers a test-mode link only while test mode is active, and a live one only in live mode', async () => {
    expect(
      (await save({ mode: 'test', paymentLinks: { basic: 'https://buy.stripe.com/test_basic' } })).statusCode,
    ).toBe(200);
    expect(await linkOf('basic')).toBe('https://buy.stripe.com/test_basic');
    expect(await linkOf('standard')).toBeNull();

    const live = await save({
      mode: 'live',
      publicKey: 'pk_live_console',
      secretKey: LIVE_SECRET,
      webhookSecret: LIVE_WEBHOOK,
      paymentLinks: { standard: 'https://buy.stripe.com/live_standard' },
    });
    expect(live.statusCode).toBe(200);
    expect(await linkOf('basic')).toBeNull();
    expect(await linkOf('standard')).toBe('https://buy.stripe.com/live_standard');
    // The test plan is for test mode only.
    expect((await publicPlans()).map((p) => p.id)).toEqual(['basic', 'standard', 'unlimited']);

    const { keys, body } = await readKeys();
    expect(body).not.toContain(LIVE_SECRET);
    expect(keys).toMatchObject({ mode: 'live', publicKey: 'pk_live_console', configured: true });
    expect(keys.secretKey).toMatch(/^•{4,}e5f6$/);
    expect(keys.webhookSecret).toMatch(/^•{4,}g7h8$/);
    expect(keys.test.paymentLinks).toEqual({ basic: 'https://buy.stripe.com/test_basic', standard: '', unlimited: '' });
    expect(keys.live.paymentLinks).toEqual({
      basic: '',
      standard: 'https://buy.stripe.com/live_standard',
      unlimited: '',
    });
    // Each mode keeps its own keys.
    expect(keys.test).toMatchObject({ publicKey: 'pk_test_renewed', source: 'settings' });
    expect(keys.test.secretKey).toMatch(/a1b2$/);
    expect(await stripeConfig()).toEqual({ mode: 'live', publishableKey: 'pk_live_console', configured: true });
  });

  it('switches back to test mode with its own keys and links; a blank link clears it', async () => {
    expect((await save({ mode: 'test' })).statusCode).toBe(200);
    expect(await stripeConfig()).toEqual({ mode: 'test', publishableKey: 'pk_test_renewed', configured: true });
    expect(await linkOf('basic')).toBe('https://buy.stripe.com/test_basic');
    expect(await linkOf('standard')).toBeNull();

    expect((await save({ mode: 'test', paymentLinks: { basic: '' } })).statusCode).toBe(200);
    expect(await linkOf('basic')).toBeNull();
  });
});

describe('clearing customer ids', () => {
  let subscribed: number;
  let customerOnly: number;
  let untouched: number;
  beforeAll(async () => {
    const [a, b, c] = await Promise.all(
      ['subscribed', 'customer', 'untouched'].map(
        async (p) => (await registerAccount(t.app, uniqueAccount(p))).user.id,
      ),
    );
    subscribed = a!;
    customerOnly = b!;
    untouched = c!;
    await t.db
      .update(users)
      .set({
        stripeCustomerId: 'cus_test_subscribed',
        stripeSubscriptionId: 'sub_test_subscribed',
        subscriptionStatus: 'active',
        subscriptionTier: 'standard',
        paidQuestionsRemaining: 1500,
        subscriptionExpiresAt: new Date(Date.now() + 86_400_000),
      })
      .where(eq(users.id, subscribed));
    await t.db.update(users).set({ stripeCustomerId: 'cus_test_customer' }).where(eq(users.id, customerOnly));
  });
  const rows = () =>
    t.db
      .select()
      .from(users)
      .where(inArray(users.id, [subscribed, customerOnly, untouched]));
  const resetEvents = () =>
    t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.eventType, 'payment_mode_reset'));

  it('changes nothing in test mode', async () => {
    const before = await rows();
    expect((await save({ mode: 'test', clearCustomerIds: true })).statusCode).toBe(200);
    expect(await rows()).toEqual(before);
    expect(await resetEvents()).toEqual([]);
  });

  it('drops every stored Stripe id on going live, and ends the test subscriptions', async () => {
    const before = Object.fromEntries((await rows()).map((r) => [r.id, r]));
    expect((await save({ mode: 'live', clearCustomerIds: true })).statusCode).toBe(200);

    const after = Object.fromEntries((await rows()).map((r) => [r.id, r]));
    expect(after[subscribed]).toMatchObject({
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      subscriptionStatus: null,
      subscriptionTier: 'free',
      paidQuestionsRemaining: 0,
      subscriptionExpiresAt: null,
      freeQuestionsRemaining: before[subscribed]!.freeQuestionsRemaining,
    });
    expect(after[customerOnly]).toMatchObject({ stripeCustomerId: null, subscriptionTier: 'free' });
    expect(after[untouched]).toEqual(before[untouched]);
    expect(await t.db.select().from(users).where(like(users.stripeCustomerId, 'cus_%'))).toEqual([]);

    expect(await resetEvents()).toEqual([
      expect.objectContaining({
        userId: subscribed,
        previousStatus: 'active',
        newStatus: null,
        previousTier: 'standard',
        newTier: 'free',
      }),
    ]);
    expect(await stripeConfig()).toMatchObject({ mode: 'live', publishableKey: 'pk_live_console' });
  });

  it('is refused once payments already run live, so live customers are never orphaned', async () => {
    await t.db
      .update(users)
      .set({ stripeCustomerId: 'cus_live_paying', stripeSubscriptionId: 'sub_live_paying' })
      .where(eq(users.id, subscribed));
    const res = await save({ mode: 'live', clearCustomerIds: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.clearOnlyWhenGoingLive);
    expect((await rows()).find((r) => r.id === subscribed)).toMatchObject({
      stripeCustomerId: 'cus_live_paying',
      stripeSubscriptionId: 'sub_live_paying',
    });
  });

  it('cannot be asked for by a user who is not an admin', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('sneaky'));
    const res = await adminCall(t.app, cookie, 'POST', '/api/admin/stripe-keys', { mode: 'test' });
    expect(res.statusCode).toBe(403);
    expect((await stripeConfig()).mode).toBe('live');
  });
});

describe('with keys in the environment', () => {
  const env = useTestApp({
    ...relaxedRateLimits,
    STRIPE_SECRET_KEY: 'sk_test_environment_9z8y',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_environment',
    STRIPE_WEBHOOK_SECRET: 'whsec_environment_7x6w',
    STRIPE_PRICE_BASIC: 'price_env_basic',
    STRIPE_PAYMENT_LINK_UNLIMITED: 'https://buy.stripe.com/env_unlimited',
  });
  let envAdmin: SignedInAdmin;
  beforeAll(async () => {
    envAdmin = await signInAdmin(env.app, env.db);
  });

  it('describes them as the environment’s, secrets masked, for their own mode only', async () => {
    const { keys, body } = await readKeys(env, envAdmin.cookie);
    expect(body).not.toContain('sk_test_environment_9z8y');
    expect(body).not.toContain('whsec_environment_7x6w');
    expect(keys).toMatchObject({
      mode: 'test',
      publicKey: 'pk_test_environment',
      priceIdBasic: 'price_env_basic',
      configured: true,
      test: { source: 'environment', paymentLinks: { unlimited: 'https://buy.stripe.com/env_unlimited' } },
      live: { source: 'none', publicKey: '', secretKey: '' },
    });
    expect(keys.secretKey).toMatch(/^•{4,}9z8y$/);
    expect(keys.webhookSecret).toMatch(/^•{4,}7x6w$/);
  });

  it('lets a key saved in the console win over the environment’s', async () => {
    const res = await adminCall(env.app, envAdmin.cookie, 'POST', '/api/admin/stripe-keys', {
      mode: 'test',
      secretKey: 'sk_test_saved_over_env_5v4u',
    });
    expect(res.statusCode).toBe(200);
    const { keys } = await readKeys(env, envAdmin.cookie);
    expect(keys.test.source).toBe('settings');
    expect(keys.secretKey).toMatch(/5v4u$/);
    // What was not saved still comes from the environment.
    expect(keys.publicKey).toBe('pk_test_environment');
  });
});
