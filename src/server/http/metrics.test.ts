import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findOrCreateSessionUser } from '../users/repository';
import { users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { signedEvent, startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { deliverWebhooksTo, fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// GET /metrics (issue 18, item 10; docs/operations.md, "Metrics"; decision 0034): Prometheus's text format for a
// caller with the metrics token, and nothing for anyone else. Read here as Prometheus would, from the outside:
// every figure is asserted on what the endpoint says after real requests, webhooks and questions.

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const WEBHOOK_SECRET = 'whsec_test_metrics';
let stripe: FakeStripe;
let vendors: FakeAiVendors;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  vendors = await startFakeAiVendors();
  t = await createTestApp({
    ...relaxedRateLimits,
    ...vendors.env,
    ...fakeStripeEnv(stripe, WEBHOOK_SECRET),
    JUDGE_MODEL: 'local',
    METRICS_TOKEN: TOKEN,
  });
  await deliverWebhooksTo(stripe, t.app, WEBHOOK_SECRET);
});
afterAll(async () => {
  await t?.close();
  await stripe?.stop();
  await vendors?.stop();
});

const scrape = (authorization?: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

interface Exposition {
  /** Sample value by `name{label="value",...}` exactly as written. */
  samples: Map<string, number>;
  /** Metric family name -> its TYPE. */
  types: Map<string, string>;
}

/** Prometheus's text format (version 0.0.4), strictly: a line that is neither a comment nor a sample fails. */
function parseExposition(text: string): Exposition {
  const samples = new Map<string, number>();
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (\S+)$/.exec(
      line,
    );
    expect(sample, `not a Prometheus sample line: ${line}`).not.toBeNull();
    // Go's ParseFloat reads the value, as Prometheus does: NaN in any case (prom-client writes 'Nan') and ±Inf.
    const raw = sample![3]!;
    const value = /^nan$/i.test(raw)
      ? NaN
      : /^[+-]?inf$/i.test(raw)
        ? Number(raw.replace(/inf/i, 'Infinity'))
        : Number(raw);
    expect(Number.isNaN(value) && !/^nan$/i.test(raw), line).toBe(false);
    samples.set(`${sample![1]}${sample![2] ?? ''}`, value);
  }
  return { samples, types };
}

async function metrics(): Promise<Exposition> {
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.statusCode, res.body).toBe(200);
  return parseExposition(res.body);
}

const sample = (exposition: Exposition, key: string) => exposition.samples.get(key) ?? 0;

describe('who may read /metrics', () => {
  it('answers 401 without the token or with a wrong one, and the figures with it', async () => {
    for (const header of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await scrape(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('parallax_');
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 when no METRICS_TOKEN is set, whatever the caller sends', async () => {
    const closed = await createTestApp({});
    try {
      for (const header of [undefined, 'Bearer ', `Bearer ${TOKEN}`]) {
        const res = await scrape(header, closed.app);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('parallax_');
      }
    } finally {
      await closed.close();
    }
  });
});

describe('what /metrics says', () => {
  it('is Prometheus text: every line a comment or a sample, every family typed', async () => {
    const exposition = await metrics();
    const families = [
      ['parallax_http_requests_total', 'counter'],
      ['parallax_http_request_duration_seconds', 'histogram'],
      ['parallax_vendor_call_duration_seconds', 'histogram'],
      ['parallax_vendor_failures_total', 'counter'],
      ['parallax_questions_charged_total', 'counter'],
      ['parallax_questions_refunded_total', 'counter'],
      ['parallax_stripe_webhooks_total', 'counter'],
      ['process_cpu_seconds_total', 'counter'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
    ];
    for (const [name, type] of families) expect(exposition.types.get(name!), name).toBe(type);
  });

  it('counts a request under its route pattern, method and status class, never its raw URL', async () => {
    const key = 'parallax_http_requests_total{method="GET",route="/api/query/:id",status_class="4xx"}';
    const before = sample(await metrics(), key);
    const missing = await t.app.inject({ method: 'GET', url: '/api/query/987654?sessionId=metrics-probe' });
    expect(missing.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/query/987655' });
    const after = await metrics();
    expect(sample(after, key)).toBe(before + 2);
    expect(
      sample(
        after,
        'parallax_http_request_duration_seconds_count{method="GET",route="/api/query/:id",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(2);
    const text = [...after.samples.keys()].join('\n');
    expect(text).not.toContain('987654');
    expect(text).not.toContain('metrics-probe');
  });

  it('counts a request no route matched as one route, whatever its path', async () => {
    const key = 'parallax_http_requests_total{method="GET",route="unmatched",status_class="4xx"}';
    const before = sample(await metrics(), key);
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing-1' });
    await t.app.inject({ method: 'GET', url: '/wp-admin/setup-config.php' });
    const after = await metrics();
    expect(sample(after, key)).toBe(before + 2);
    expect([...after.samples.keys()].join('\n')).not.toContain('wp-admin');
  });

  it('counts webhook outcomes: applied, duplicate, ignored and rejected', async () => {
    const outcome = (exposition: Exposition, name: string) =>
      sample(exposition, `parallax_stripe_webhooks_total{outcome="${name}"}`);
    const before = await metrics();

    // Applied: a real subscription paid in the fake Stripe, its events delivered over HTTP.
    const { cookie } = await registerAccount(t.app, uniqueAccount('metrics-payer'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-subscription',
      payload: { planId: 'basic' },
      headers: { cookie },
    });
    expect(created.statusCode, created.body).toBe(200);
    stripe.payInvoice((created.json() as { subscriptionId: string }).subscriptionId);
    await stripe.settled();
    const paid = stripe.eventsOfType('invoice.paid').at(-1)!;
    // The fake delivers the whole flow's events (customer, intents...); those it need not act on are ignored.
    const settled = await metrics();
    expect(outcome(settled, 'applied')).toBeGreaterThan(outcome(before, 'applied'));

    const post = (payload: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/stripe-webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const again = signedEvent(paid, WEBHOOK_SECRET);
    expect((await post(again.payload, again.header)).json()).toEqual({ received: true, duplicate: true });
    const unknown = signedEvent(
      {
        id: 'evt_metrics_unknown_1',
        object: 'event',
        type: 'product.created',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        api_version: '2026-10-28.endive',
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { id: 'prod_x', object: 'product' } },
      },
      WEBHOOK_SECRET,
    );
    expect((await post(unknown.payload, unknown.header)).json()).toEqual({ received: true, ignored: true });
    const forged = signedEvent(paid, 'whsec_wrong');
    expect((await post(forged.payload, forged.header)).statusCode).toBe(400);

    const after = await metrics();
    expect(outcome(after, 'applied')).toBe(outcome(settled, 'applied'));
    expect(outcome(after, 'duplicate')).toBe(outcome(settled, 'duplicate') + 1);
    expect(outcome(after, 'ignored')).toBe(outcome(settled, 'ignored') + 1);
    expect(outcome(after, 'rejected')).toBe(outcome(settled, 'rejected') + 1);
    expect(outcome(after, 'failed')).toBe(outcome(before, 'failed'));
  });

  it('reports the PostgreSQL pool (total, idle, waiting, limit), and no pool on the embedded database', async () => {
    const exposition = await metrics();
    const pool = [
      'parallax_db_pool_connections',
      'parallax_db_pool_idle_connections',
      'parallax_db_pool_waiting_requests',
      'parallax_db_pool_max_connections',
    ];
    if (inject('postgresUrl')) {
      for (const name of pool) expect(exposition.types.get(name), name).toBe('gauge');
      expect(sample(exposition, 'parallax_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(exposition, 'parallax_db_pool_max_connections')).toBeGreaterThan(0);
      expect(sample(exposition, 'parallax_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    } else {
      for (const name of pool) expect(exposition.types.has(name), name).toBe(false);
    }
  });
});

describe('questions and model calls', () => {
  // Counted by the question pipeline (queries/service.ts) through app.metrics.
  it('counts each model call with its latency and failure kind, and the question charged or refunded', async () => {
    const before = await metrics();
    vendors.openai.script('*', { chunks: ['Paris.'] });
    vendors.anthropic.script('*', { error: { status: 429 } });
    const sessionId = 'metrics-session-1';
    await findOrCreateSessionUser(t.db, sessionId, 33);
    const ask = (selectedModels: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/query',
        payload: { text: 'What is the capital of France?', sessionId, selectedModels },
      });
    expect((await ask(['chatgpt', 'claude'])).statusCode).toBe(200);
    expect((await ask(['claude'])).statusCode).toBe(200);
    const [owner] = await t.db
      .select()
      .from(users)
      .where(eq(users.username, `session_${sessionId}`));
    expect(owner!.freeQuestionsRemaining).toBe(32);

    const after = await metrics();
    const grew = (key: string) => sample(after, key) - sample(before, key);
    expect(grew('parallax_vendor_call_duration_seconds_count{model="chatgpt",outcome="ok"}')).toBe(1);
    expect(grew('parallax_vendor_call_duration_seconds_count{model="claude",outcome="rate-limited"}')).toBe(2);
    expect(grew('parallax_vendor_failures_total{model="claude",failure="rate-limited"}')).toBe(2);
    expect(grew('parallax_vendor_failures_total{model="chatgpt",failure="rate-limited"}')).toBe(0);
    expect(grew('parallax_questions_charged_total{bucket="free"}')).toBe(1);
    expect(grew('parallax_questions_refunded_total{bucket="free"}')).toBe(1);
    vendors.reset();
  });
});
