import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_PATH } from '../../common/admin-settings-schemas';
import { users } from '../db/schema';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { startFakeStripe, type FakeStripe } from '../../../tests/fakes/stripe';
import { registerAccount, relaxedRateLimits, uniqueAccount } from '../../../tests/helpers/accounts';
import { servedRoutes } from '../../../tests/helpers/served-routes';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { fakeStripeEnv } from '../../../tests/helpers/fake-stripe-app';

// Property: no request body, however hostile, makes a public POST route answer 5xx, and a call the
// app refuses (4xx) changes no row. Every public POST route the app serves (read from Fastify's
// route tree, so a new route is covered the day it is added) gets RUNS_PER_ROUTE generated bodies:
// U+0000 and lone surrogates in strings, huge strings, wrong types, deep nesting, arrays for objects,
// __proto__/constructor keys, out-of-range numbers, empty and extra fields, bodies that are not JSON.
// A third are sent as a signed-in user, the rest anonymously. The seed is fixed so a failure replays
// exactly; fast-check prints the seed and the shrunk body.

const SEED = 20_261_125;
const RUNS_PER_ROUTE = 1000;
/** Rejected calls checked against the database together; a batch with a success is re-checked call by call. */
const BATCH = 50;

/** Break-glass calls need their token and are off here; admin calls are behind the role check (authorization.test.ts); Stripe's webhook checks its signature. */
const isPublic = (url: string) =>
  !url.startsWith('/api/admin/') &&
  url !== WEBHOOK_PATH &&
  !['/api/force-admin-login/:id', '/api/create-emergency-admin', '/api/debug-password-compare'].includes(url);

/** Calls that end the caller's session whatever the body: as a signed-in user they would sign the test out. */
const ENDS_SESSION = new Set(['/api/logout']);

let t: TestApp;
let vendors: FakeAiVendors;
let stripe: FakeStripe;
let userCookie: string;
let publicPostRoutes: string[];

beforeAll(async () => {
  // Real vendors and Stripe behind loopback fakes, so a body that does pass validation goes all the
  // way (and answers 2xx) instead of stopping at "not configured".
  stripe = await startFakeStripe();
  vendors = await startFakeAiVendors();
  t = await createTestApp({
    ...relaxedRateLimits,
    ...vendors.env,
    JUDGE_MODEL: 'local',
    ...fakeStripeEnv(stripe, 'whsec_test_parallax'),
  });
  const { cookie, user } = await registerAccount(t.app, uniqueAccount('hostile'));
  userCookie = cookie;
  // Verified, as most users are: otherwise every signed-in call to resend-verification sends an email.
  await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  publicPostRoutes = servedRoutes(t.app)
    .filter((r) => r.method === 'POST' && isPublic(r.url))
    .map((r) => r.url);
});
afterAll(async () => {
  await t?.close();
  await vendors?.stop();
  await stripe?.stop();
});

// ---------- Generators ----------

/** A JSON value as a tree, serialised by hand so keys such as __proto__ and duplicates survive. */
type Json =
  | { kind: 'raw'; text: string }
  | { kind: 'string'; value: string }
  | { kind: 'array'; items: Json[] }
  | { kind: 'object'; entries: [string, Json][] };

function serialise(json: Json): string {
  switch (json.kind) {
    case 'raw':
      return json.text;
    case 'string':
      return JSON.stringify(json.value);
    case 'array':
      return `[${json.items.map(serialise).join(',')}]`;
    case 'object':
      return `{${json.entries.map(([key, value]) => `${JSON.stringify(key)}:${serialise(value)}`).join(',')}}`;
  }
}

const raw = (text: string): Json => ({ kind: 'raw', text });
const str = (value: string): Json => ({ kind: 'string', value });

/** Characters that have broken servers: the database's, JSON's, the console's and the SQL LIKE's. */
const UNSTORABLE = ['\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
const NASTY = [...UNSTORABLE, '\u0001', '\u001B', '\u007F', '\u2028', '\uFEFF'];
const nastyChar = fc.constantFrom(...NASTY);
/** Just longer than the longest field allows (5,000), in one-, two- and four-byte characters. */
const LONG = ['x'.repeat(5_001), 'é'.repeat(5_001), '😀'.repeat(2_501)];
/** Bodies near, and beyond, the 1 MiB body limit: rare, since each costs a megabyte of parsing. */
const HUGE_BODIES = [
  JSON.stringify({ text: `${'a'.repeat(900_000)}\u0000`, email: 'a@b.co', planId: 'basic' }),
  JSON.stringify({ password: 'b'.repeat(1_100_000) }),
];
/** Values a real client sends, so some bodies get past the first field. */
const PLAUSIBLE = [
  'basic',
  'test',
  'chatgpt',
  'hostile@example.com',
  'secret-pass',
  'hostile-session-1',
  'pi_123',
  'sub_123',
  'pm_card_visa',
  'now',
  'subscription_cancellation',
  '%',
  '_',
  "' OR 1=1 --",
];

/** Always invalid as any field of any schema: holds a character no field accepts, or is far too long. */
const forbiddenString = fc.oneof(
  {
    weight: 20,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...UNSTORABLE), fc.string({ maxLength: 20 }))
      .map(([a, bad, b]) => a + bad + b),
  },
  { weight: 4, arbitrary: fc.constantFrom(...LONG) },
);

const anyString = fc.oneof(
  { weight: 4, arbitrary: forbiddenString },
  { weight: 2, arbitrary: fc.string({ unit: fc.oneof(nastyChar, fc.string({ minLength: 1, maxLength: 1 })) }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...PLAUSIBLE) },
);

const number = fc.oneof(
  fc.integer().map((n) => raw(String(n))),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => raw(JSON.stringify(n))),
  fc
    .constantFrom(
      '0',
      '-1',
      '-0',
      '2147483648',
      '-2147483649',
      '9007199254740993',
      '1e308',
      '-1e308',
      '1e400',
      '1e-400',
    )
    .map(raw),
);

const scalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 5, arbitrary: anyString.map(str) },
  { weight: 2, arbitrary: number },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null').map(raw) },
);

/** Field names of the app's request schemas, and the ones prototype pollution reaches for. */
const FIELD_NAMES = [
  'email',
  'password',
  'username',
  'text',
  'sessionId',
  'selectedModels',
  'planId',
  'paymentIntentId',
  'paymentIntentClientSecret',
  'subscriptionId',
  'paymentMethodId',
  'immediate',
  'token',
  'currentPassword',
  'newPassword',
  'name',
  'subject',
  'message',
  'model',
  'apiKey',
  'apiVersion',
  'termsAccepted',
  'privacyPolicyAccepted',
  'type',
  'data',
  'userId',
  'when',
  'prorationDate',
  'isAdmin',
  'role',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 1, arbitrary: anyString },
);

const { tree } = fc.letrec<{ tree: Json }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('tree'), { maxLength: 5 }).map((items): Json => ({ kind: 'array', items })),
    fc.array(fc.tuple(key, tie('tree')), { maxLength: 6 }).map((entries): Json => ({ kind: 'object', entries })),
  ),
}));

const deepNesting = fc
  .tuple(fc.constantFrom(100, 1_000, 10_000), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => raw(open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth)));

const protoPollution = fc
  .tuple(fc.constantFrom(...PROTO_KEYS), fc.constantFrom('{"isAdmin":true}', '{"prototype":{"role":"admin"}}', '1'))
  .map(([k, v]) => raw(`{${JSON.stringify(k)}:${v},"email":"a@b.co"}`));

/**
 * What a real client would send to each route, for the near-miss bodies: one field replaced with a
 * forbidden value (and sometimes a prototype key added), so each field's own rule is what refuses
 * the call. Valid bodies are left to chance: they cost real work (argon2, vendors, Stripe).
 */
const NEAR_VALID: Record<string, Record<string, unknown>> = {
  '/api/register': {
    username: 'hostile_new',
    email: 'hostile.new@example.com',
    password: 'secret-pass',
    termsAccepted: true,
    privacyPolicyAccepted: true,
  },
  '/api/login': { email: 'hostile@example.com', password: 'secret-pass', sessionId: 'hostile-session-1' },
  '/api/forgot-password': { email: 'hostile@example.com' },
  '/api/reset-password': { token: 'a-token', password: 'secret-pass' },
  '/api/change-password': { currentPassword: 'secret-pass', newPassword: 'secret-pass-2' },
  '/api/query': { text: 'What is 2 + 2?', sessionId: 'hostile-session-1', selectedModels: ['chatgpt'] },
  '/api/query/stream': { text: 'What is 2 + 2?', sessionId: 'hostile-session-1', selectedModels: ['chatgpt'] },
  '/api/api-key': { model: 'chatgpt', apiKey: 'sk-test-key', apiVersion: 'v1', sessionId: 'hostile-session-1' },
  '/api/support': { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A message long enough.' },
  '/api/stripe/create-subscription': { planId: 'basic' },
  '/api/stripe/change-plan': { planId: 'standard', when: 'now', prorationDate: 1_700_000_000 },
  '/api/verify-payment': {
    paymentIntentId: 'pi_1',
    paymentIntentClientSecret: 'pi_1_secret_x',
    subscriptionId: 'sub_1',
  },
  '/api/billing/update-default-payment': { paymentMethodId: 'pm_card_visa' },
  '/api/billing/cancel-subscription': { immediate: false },
  '/api/send-admin-notification': { type: 'subscription_cancellation', data: { reason: 'too dear' } },
  '/api/subscription-check': { sessionId: 'hostile-session-1' },
  '/api/check-subscription': { sessionId: 'hostile-session-1' },
};

const jsonOf = (value: unknown): Json => raw(JSON.stringify(value));

function nearMiss(route: string): fc.Arbitrary<Json> {
  const base = NEAR_VALID[route] ?? { sessionId: 'hostile-session-1' };
  const fields = Object.keys(base);
  const forbidden: fc.Arbitrary<Json> = fc.oneof(forbiddenString.map(str), deepNesting, fc.constant(raw('null')));
  const pollution = fc.option(
    fc.tuple(fc.constantFrom(...PROTO_KEYS), fc.constantFrom('{"isAdmin":true}', '{"prototype":{"role":"admin"}}')),
    { freq: 4 },
  );
  return fc
    .oneof(
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...fields), forbidden, pollution) },
      // An array where the object belongs.
      { weight: 1, arbitrary: fc.constant(null) },
    )
    .map((choice): Json => {
      if (choice === null) return { kind: 'array', items: [jsonOf(base)] };
      const [field, value, extra] = choice;
      const entries = Object.entries(base).map(([k, v]): [string, Json] => [k, k === field ? value : jsonOf(v)]);
      if (extra) entries.splice(Math.min(1, entries.length), 0, [extra[0], raw(extra[1])]);
      return { kind: 'object', entries };
    });
}

interface HostileCall {
  signedIn: boolean;
  /** The body's bytes, and the content type it claims. */
  payload: string;
  contentType: string | null;
}

function hostileCall(route: string): fc.Arbitrary<HostileCall> {
  const json = fc.oneof(
    { weight: 4, arbitrary: nearMiss(route) },
    { weight: 3, arbitrary: tree },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: protoPollution },
    { weight: 1, arbitrary: fc.constantFrom('{}', '[]', '""', '0', 'null', '{"a":1,"a":2}').map(raw) },
  );
  const huge = fc
    .constantFrom(...HUGE_BODIES)
    .map((payload) => ({ payload, contentType: 'application/json' as string | null }));
  const asJson = json.map((body) => ({ payload: serialise(body), contentType: 'application/json' as string | null }));
  const notJson = fc.oneof(
    fc
      .constantFrom('{', '{"email":', '[1,]', 'undefined', "{'a':1}", '\u0000', '{"a":"\\ud800"', '\uFEFF{}')
      .map((payload) => ({ payload, contentType: 'application/json' as string | null })),
    fc
      .tuple(anyString, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', null))
      .map(([payload, contentType]) => ({ payload, contentType })),
  );
  const mustStaySignedOut = ENDS_SESSION.has(route);
  return fc
    .tuple(
      // Signed in a third of the time: validation does not depend on who asks, what follows it does.
      mustStaySignedOut ? fc.constant(false) : fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
      fc.oneof({ weight: 360, arbitrary: asJson }, { weight: 40, arbitrary: notJson }, { weight: 1, arbitrary: huge }),
    )
    .map(([signedIn, body]) => ({ signedIn, ...body }));
}

// ---------- The database's state ----------

let digestQuery: ReturnType<typeof sql.raw> | undefined;

/** Both engines' drivers answer `{ rows }`. */
const rowsOf = async <Row>(query: Parameters<TestApp['db']['execute']>[0]) =>
  ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** One hash per table of all its rows, so any insert, update or delete shows. */
async function databaseDigest(): Promise<string> {
  if (!digestQuery) {
    const tables = (
      await rowsOf<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).map((r) => r.table_name);
    digestQuery = sql.raw(
      tables
        .map(
          (table) =>
            `select '${table}' as t, count(*)::int as n, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${table}" x`,
        )
        .join(' union all '),
    );
  }
  return JSON.stringify(await rowsOf(digestQuery));
}

const describeCall = (route: string, call: HostileCall, res: LightMyRequestResponse) =>
  `${call.signedIn ? 'signed in' : 'anonymous'} POST ${route} (${call.contentType ?? 'no content type'}) ` +
  `${JSON.stringify(call.payload.slice(0, 300))}${call.payload.length > 300 ? `… (${call.payload.length} chars)` : ''}` +
  ` answered ${res.statusCode}: ${res.body.slice(0, 300)}`;

function send(route: string, call: HostileCall) {
  const headers: Record<string, string> = {};
  if (call.contentType) headers['content-type'] = call.contentType;
  if (call.signedIn) headers.cookie = userCookie;
  return t.app.inject({ method: 'POST', url: route, headers, payload: call.payload });
}

/**
 * Checks the database after each batch of calls: unchanged when every call was refused. A batch
 * in which some call succeeded (and may rightly have changed rows) is replayed call by call for its
 * refused calls, each between two digests, so a refused call can never hide behind a success.
 */
class RowGuard {
  readonly changedByRefusedCalls: string[] = [];
  private batch: { call: HostileCall; succeeded: boolean }[] = [];
  private baseline = '';

  constructor(private readonly route: string) {}

  async start() {
    this.baseline = await databaseDigest();
  }

  async record(call: HostileCall, res: LightMyRequestResponse) {
    this.batch.push({ call, succeeded: res.statusCode < 400 });
    if (this.batch.length >= BATCH) await this.check();
  }

  async check() {
    const batch = this.batch;
    this.batch = [];
    if (batch.length === 0) return;
    const after = await databaseDigest();
    const changed = after !== this.baseline;
    this.baseline = after;
    if (!changed) return;
    const refused = batch.filter((b) => !b.succeeded).map((b) => b.call);
    if (refused.length === batch.length) {
      this.changedByRefusedCalls.push(`a batch of ${batch.length} refused calls to ${this.route} changed rows`);
    }
    // Replayed together first (refused calls have nothing to succeed at twice), one by one only if that changes rows.
    if (refused.length > 0 && (await this.replayChanges(refused))) {
      for (const call of refused) await this.replayChanges([call], true);
    }
  }

  /** Sends the calls again between two digests; whether rows changed while they were refused. */
  private async replayChanges(calls: HostileCall[], report = false): Promise<boolean> {
    const before = await databaseDigest();
    let refusedEach = true;
    let last: LightMyRequestResponse | undefined;
    for (const call of calls) {
      last = await send(this.route, call);
      if (last.statusCode < 400) refusedEach = false;
    }
    const after = await databaseDigest();
    this.baseline = after;
    const changed = refusedEach && after !== before;
    if (changed && report) this.changedByRefusedCalls.push(describeCall(this.route, calls[0]!, last!));
    return changed;
  }
}

// ---------- The property ----------

/** A different, fixed seed per route, so adding a route does not change the bodies the others get. */
const seedFor = (route: string) => [...route].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED);

describe('hostile bodies on every public POST route', () => {
  it('covers the routes it should', () => {
    expect(publicPostRoutes).toEqual(
      expect.arrayContaining(['/api/login', '/api/register', '/api/query', '/api/query/stream', '/api/api-key']),
    );
    expect(publicPostRoutes).toEqual(
      expect.arrayContaining(['/api/stripe/create-subscription', '/api/verify-payment']),
    );
    expect(publicPostRoutes.some((r) => r.startsWith('/api/admin/') || r === WEBHOOK_PATH)).toBe(false);
  });

  it('never answers 5xx, and a refused call changes no row', { timeout: 180_000 }, async () => {
    const statuses: Record<string, Record<number, number>> = {};
    const problems: string[] = [];
    for (const route of publicPostRoutes) {
      const guard = new RowGuard(route);
      await guard.start();
      const seen: Record<number, number> = (statuses[route] = {});
      await fc.assert(
        fc.asyncProperty(hostileCall(route), async (call) => {
          const res = await send(route, call);
          seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) throw new Error(describeCall(route, call, res));
          await guard.record(call, res);
        }),
        { seed: seedFor(route), numRuns: RUNS_PER_ROUTE },
      );
      await guard.check();
      problems.push(...guard.changedByRefusedCalls);
    }
    expect(problems).toEqual([]);
    // Each route really was tried RUNS_PER_ROUTE times, and mostly refused: the bodies are hostile.
    for (const [route, seen] of Object.entries(statuses)) {
      const total = Object.values(seen).reduce((a, b) => a + b, 0);
      expect(total, route).toBe(RUNS_PER_ROUTE);
    }
  });
});
