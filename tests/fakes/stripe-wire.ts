import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { respondRaw } from './loopback-http';

// Wire-level pieces of the fake Stripe API: Stripe's form encoding (bracket notation), its error
// bodies, ids, list envelopes and `expand[]`. Nothing here knows about a particular resource.

/** A decoded form or query value: strings at the leaves, as Stripe receives them. */
export type Param = string | Param[] | { [key: string]: Param };
export type Params = { [key: string]: Param };

/**
 * Decodes `a[b][0][c]=v&expand[]=x` into nested objects and arrays. The SDK sends arrays indexed
 * (`expand[0]`), curl users send `expand[]`; both land as arrays. Objects whose keys are all
 * indices become arrays, except under `metadata`, where "0" is an ordinary key.
 */
export function parseForm(raw: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Params | Param[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] as string;
      const last = i === path.length - 1;
      const nextIsPush = path[i + 1] === '';
      if (Array.isArray(node)) {
        // Only `[]` reaches here: each pushed value, or a new object to fill, is its own element.
        const child: Param = last ? value : nextIsPush ? [] : {};
        node.push(child);
        if (last) break;
        node = child as Params | Param[];
        continue;
      }
      if (last) {
        node[segment] = value;
        break;
      }
      const existing: Param | undefined = node[segment];
      const child: Params | Param[] =
        existing !== undefined && typeof existing !== 'string' ? existing : nextIsPush ? [] : {};
      node[segment] = child;
      node = child;
    }
  }
  return normalizeArrays(root, false) as Params;
}

function normalizeArrays(value: Param, inMetadata: boolean): Param {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => normalizeArrays(v, false));
  const keys = Object.keys(value);
  if (!inMetadata && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => normalizeArrays(value[k] as Param, false));
  }
  const out: Params = {};
  for (const k of keys)
    out[k] = inMetadata ? (value[k] as Param) : normalizeArrays(value[k] as Param, k === 'metadata');
  return out;
}

/** An error the fake answers with, in Stripe's `{ error: { type, code, message, param } }` shape. */
export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { type?: string; code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }

  get body(): { error: Record<string, string> } {
    const type = this.extra.type ?? 'invalid_request_error';
    const error: Record<string, string> = { type, message: this.message };
    if (this.extra.code) {
      error.code = this.extra.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.extra.code.replaceAll('_', '-')}`;
    }
    if (this.extra.param) error.param = this.extra.param;
    if (this.extra.decline_code) error.decline_code = this.extra.decline_code;
    return { error };
  }
}

const RESOURCE_NAMES: Record<string, string> = {
  cus: 'customer',
  sub: 'subscription',
  si: 'subscription item',
  in: 'invoice',
  inpay: 'invoice payment',
  pi: 'payment_intent',
  seti: 'setupintent',
  pm: 'PaymentMethod',
  price: 'price',
  prod: 'product',
  cs: 'checkout.session',
  evt: 'event',
};

/** Stripe's "No such customer: 'cus_x'": 404 for the path's object, 400 for one named in a param. */
export function noSuch(id: string, param?: string): StripeFakeError {
  const prefix = id.startsWith('cs_') ? 'cs' : (id.split('_')[0] ?? '');
  const name = RESOURCE_NAMES[prefix] ?? 'object';
  return new StripeFakeError(param ? 400 : 404, `No such ${name}: '${id}'`, {
    code: 'resource_missing',
    param: param ?? 'id',
  });
}

export function missingParam(param: string): StripeFakeError {
  return new StripeFakeError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function invalidParam(param: string, message: string): StripeFakeError {
  return new StripeFakeError(400, message, { code: 'parameter_invalid_empty', param });
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random base62, like the tail of a real Stripe id. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** `cus_…`, `sub_1…`; checkout sessions carry `cs_test_` as real test-mode ones do. */
export function newId(prefix: string): string {
  if (prefix === 'cs') return `cs_test_a1${randomToken(56)}`;
  return `${prefix}_${['cus', 'prod'].includes(prefix) ? randomToken(14) : `1${randomToken(23)}`}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function str(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

export function requireStr(params: Params, key: string): string {
  const value = str(params, key);
  if (value === undefined || value === '') throw missingParam(key);
  return value;
}

export function obj(params: Params | undefined, key: string): Params | undefined {
  const value = params?.[key];
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function arr(params: Params, key: string): Param[] {
  const value = params[key];
  if (Array.isArray(value)) return value;
  return value === undefined || value === '' ? [] : [value];
}

/** Applies Stripe's metadata update rules: `metadata[k]=` removes k, `metadata=` clears all. */
export function mergeMetadata(current: Record<string, string>, update: Param | undefined): Record<string, string> {
  if (update === undefined) return current;
  if (update === '') return {};
  if (typeof update !== 'object' || Array.isArray(update)) throw invalidParam('metadata', 'Invalid object');
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else if (typeof v === 'string') next[k] = v;
  }
  return next;
}

export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** One page of `items` (newest first already) honouring limit / starting_after / ending_before. */
export function paginate<T extends { id: string }>(items: T[], url: string, params: Params): ListEnvelope<T> {
  const limit = Math.min(Math.max(Number(str(params, 'limit') ?? 10) || 10, 1), 100);
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let start = 0;
  let end = items.length;
  if (after) {
    const at = items.findIndex((i) => i.id === after);
    if (at < 0) throw noSuch(after, 'starting_after');
    start = at + 1;
  } else if (before) {
    const at = items.findIndex((i) => i.id === before);
    if (at < 0) throw noSuch(before, 'ending_before');
    end = at;
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  const hasMore = before ? start > 0 : start + limit < end;
  return { object: 'list', data, has_more: hasMore, url };
}

/** Reads the object an id names (already rendered: a fresh copy without its includable fields). */
export type Resolver = (id: string) => Record<string, unknown> | undefined;
/** Reads an includable field (e.g. an invoice's confirmation_secret) from the stored object. */
export type Includer = (owner: Record<string, unknown>, field: string) => unknown;

/**
 * Applies `expand[]` paths to a rendered object in place. Ids become objects; fields that Stripe
 * only includes on request (invoice.confirmation_secret, invoice.payments) are filled in; `data`
 * walks into list arrays. Expanding a field that is already an object is accepted, as Stripe
 * accepts e.g. `items.data.price`; expanding a field the object lacks is Stripe's 400.
 */
export function expandPaths(
  root: Record<string, unknown>,
  paths: string[],
  resolve: Resolver,
  include: Includer,
): void {
  for (const path of paths) expandInto(root, path.split('.'), path, resolve, include);
}

function expandInto(node: unknown, segments: string[], path: string, resolve: Resolver, include: Includer): void {
  const [segment, ...rest] = segments;
  if (segment === undefined || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const element of node) expandInto(element, segments, path, resolve, include);
    return;
  }
  const record = node as Record<string, unknown>;
  let child = record[segment];
  const included = include(record, segment);
  if (included !== undefined) child = included;
  else if (!(segment in record)) {
    const hint = record.object === 'list' ? ` You may want to try expanding 'data.${segment}' instead.` : '';
    throw new StripeFakeError(400, `This property cannot be expanded (${segment}).${hint}`);
  } else if (typeof child === 'string' && segment !== 'data') {
    child = resolve(child) ?? child;
  }
  record[segment] = child;
  expandInto(child, rest, path, resolve, include);
}

/** Stripe's JSON, pretty-printed as Stripe sends it. */
export function respondJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  respondRaw(res, status, 'application/json', JSON.stringify(body, null, 2), headers);
}

/** A deep copy through JSON: what a client would see, detached from the fake's state. */
export function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
