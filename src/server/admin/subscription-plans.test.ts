import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServerMessages as m, adminValidationMessages as v } from '../../common/admin-messages';
import type { AdminPlanInput } from '../../common/admin-billing-schemas';
import type { Plan } from '../../common/billing-schemas';
import { auditLog, subscriptionPlans } from '../db/schema';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin, type SignedInAdmin } from '../../../tests/helpers/admins';
import { useTestApp } from '../../../tests/helpers/test-app';

// Plans as the admin console manages them, checked against what visitors are then offered by the
// public GET /api/subscription-plans.

const t = useTestApp({ ...relaxedRateLimits, STRIPE_MODE: 'test' });
let admin: SignedInAdmin;
beforeAll(async () => {
  admin = await signInAdmin(t.app, t.db);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  adminCall(t.app, admin.cookie, method, url, payload);
const create = (plan: object) => call('POST', '/api/admin/subscription-plans', plan);
const update = (id: string, patch: object) => call('PUT', `/api/admin/subscription-plans/${id}`, patch);
const offered = async () =>
  ((await t.app.inject({ method: 'GET', url: '/api/subscription-plans' })).json() as Plan[]).map((p) => p.id);
const auditRows = (action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, admin.user.id)));

const teamPlan = {
  name: 'team',
  displayName: 'Team',
  price: 9900,
  currency: 'eur',
  interval: 'year',
  description: 'For a whole team',
  features: ['5 seats', 'Shared history'],
  limits: { queries: 5000 },
  stripePriceId: 'price_team_yearly',
  isActive: true,
} satisfies AdminPlanInput;

describe('GET /api/admin/subscription-plans', () => {
  it('lists every plan, the test plan and inactive ones included', async () => {
    await t.db.update(subscriptionPlans).set({ isActive: false }).where(eq(subscriptionPlans.id, 'standard'));
    try {
      const res = await call('GET', '/api/admin/subscription-plans');
      expect(res.statusCode).toBe(200);
      const plans = res.json() as Plan[];
      expect(plans.map((p) => [p.id, p.isActive, p.testOnly])).toEqual([
        ['basic', true, false],
        ['standard', false, false],
        ['unlimited', true, false],
        ['test', true, true],
      ]);
      expect(plans[2]).toMatchObject({ price: 4444, limits: { queries: -1 }, currency: 'usd', interval: 'month' });
      expect(await offered()).not.toContain('standard');
    } finally {
      await t.db.update(subscriptionPlans).set({ isActive: true }).where(eq(subscriptionPlans.id, 'standard'));
    }
  });
});

describe('POST /api/admin/subscription-plans', () => {
  it('creates the plan (201), offers it to visitors while active, and records who did it', async () => {
    const res = await create(teamPlan);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: 'team',
      name: 'team',
      displayName: 'Team',
      description: 'For a whole team',
      price: 9900,
      currency: 'eur',
      interval: 'year',
      features: ['5 seats', 'Shared history'],
      limits: { queries: 5000 },
      isActive: true,
      isPopular: false,
      testOnly: false,
      stripePriceId: 'price_team_yearly',
      paymentLink: null,
    });
    expect(await offered()).toEqual(['basic', 'standard', 'unlimited', 'test', 'team']);
    const listed = (await call('GET', '/api/admin/subscription-plans')).json() as Plan[];
    expect(listed.at(-1)?.id).toBe('team');
    expect((await auditRows('admin.plan_create')).map((r) => r.details)).toContainEqual({ planId: 'team' });
  });

  it('applies the form defaults and accepts a null description and price id', async () => {
    const res = await create({
      name: 'starter_2',
      displayName: 'Starter',
      price: 0,
      description: null,
      stripePriceId: null,
      limits: { queries: -1 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: 'starter_2',
      currency: 'usd',
      interval: 'month',
      description: null,
      features: [],
      stripePriceId: null,
      isActive: true,
      limits: { queries: -1 },
    });
  });

  it('keeps an inactive new plan from visitors', async () => {
    const res = await create({ ...teamPlan, name: 'hidden', isActive: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: 'hidden', isActive: false });
    expect(await offered()).not.toContain('hidden');
  });

  it('answers 409 for a name that is taken, leaving the existing plan alone', async () => {
    const res = await create({ ...teamPlan, name: 'basic', displayName: 'Impostor', price: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: m.planExists, errors: { name: m.planExists } });
    const [basic] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, 'basic'));
    expect(basic).toMatchObject({ displayName: 'Basic', price: 499 });
  });

  it.each([
    ['a name that cannot be an id', { name: 'Team Plan' }, 'name', v.planName],
    ['a blank name', { name: '' }, 'name', v.planName],
    ['a negative price', { price: -1 }, 'price', v.planPrice],
    ['a query limit below -1', { limits: { queries: -2 } }, 'limits.queries', v.planQueries],
    ['a blank display name', { displayName: ' ' }, 'displayName', v.planDisplayName],
    ['a price id without price_', { stripePriceId: 'prod_team' }, 'stripePriceId', v.invalidPriceId],
  ])('rejects %s', async (_, change, field, message) => {
    const res = await create({ ...teamPlan, name: 'invalid_plan', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('rejects a currency other than usd, eur and gbp, and an unknown interval', async () => {
    const currency = await create({ ...teamPlan, name: 'invalid_plan', currency: 'jpy' });
    expect(currency.statusCode).toBe(400);
    expect(Object.keys(currency.json().errors)).toEqual(['currency']);
    const interval = await create({ ...teamPlan, name: 'invalid_plan', interval: 'week' });
    expect(interval.statusCode).toBe(400);
    expect(Object.keys(interval.json().errors)).toEqual(['interval']);
    const rows = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, 'invalid_plan'));
    expect(rows).toEqual([]);
  });
});

describe('PUT /api/admin/subscription-plans/:id', () => {
  beforeAll(async () => {
    await create({ ...teamPlan, name: 'toggled' });
    await create({ ...teamPlan, name: 'edited' });
  });

  it('deactivates with {isActive: false} alone, changing nothing else, and reactivates', async () => {
    const before = (await call('GET', '/api/admin/subscription-plans')).json() as Plan[];
    const res = await update('toggled', { isActive: false });
    expect(res.statusCode).toBe(200);
    const untouched = { ...before.find((p) => p.id === 'toggled')!, isActive: false };
    expect(res.json()).toEqual(untouched);
    expect(await offered()).not.toContain('toggled');
    const after = (await call('GET', '/api/admin/subscription-plans')).json() as Plan[];
    expect(after.find((p) => p.id === 'toggled')).toEqual(untouched);

    expect((await update('toggled', { isActive: true })).json()).toMatchObject({ isActive: true });
    expect(await offered()).toContain('toggled');
    const audits = (await auditRows('admin.plan_update')).map((r) => r.details);
    expect(audits).toContainEqual({ planId: 'toggled', fields: ['isActive'] });
  });

  it('edits every field of a full body, but a name in the body does not rename the plan', async () => {
    const res = await update('edited', {
      name: 'renamed',
      displayName: 'Team Plus',
      price: 12900,
      currency: 'gbp',
      interval: 'month',
      description: null,
      features: ['10 seats'],
      limits: { queries: -1 },
      stripePriceId: null,
      isActive: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'edited',
      name: 'edited',
      displayName: 'Team Plus',
      price: 12900,
      currency: 'gbp',
      interval: 'month',
      description: null,
      features: ['10 seats'],
      limits: { queries: -1 },
      stripePriceId: null,
    });
    const ids = ((await call('GET', '/api/admin/subscription-plans')).json() as Plan[]).map((p) => p.id);
    expect(ids).toContain('edited');
    expect(ids).not.toContain('renamed');
  });

  it('validates an edit like a new plan', async () => {
    const res = await update('edited', { price: -5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ price: v.planPrice });
  });

  it('answers 404 for an unknown plan', async () => {
    const res = await update('no_such_plan', { isActive: false });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: m.planNotFound });
  });

  it('refuses a signed-in user who is not an admin', async () => {
    const { cookie } = await registerAccount(t.app, uniqueAccount('plain'));
    const res = await adminCall(t.app, cookie, 'PUT', '/api/admin/subscription-plans/basic', { isActive: false });
    expect(res.statusCode).toBe(403);
    expect(await offered()).toContain('basic');
  });
});
