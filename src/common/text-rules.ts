import { z } from 'zod';
import { fillMessage, textMessages, validationMessages } from './messages';

// The one rule for every string a request carries (body, params, querystring), server and forms
// alike. PostgreSQL cannot store U+0000 in text or jsonb, and a lone UTF-16 surrogate is not text at
// all (the driver's UTF-8 turns it into U+FFFD, jsonb refuses its escape): such input used to reach
// the database and fail there with a 500, after vendors had answered or Stripe had been called.
// Every string also has a maximum, so no field is a lever for unbounded work.

/** U+0000, or a UTF-16 surrogate half without its partner. */
// eslint-disable-next-line no-control-regex -- control characters are what these look for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Unicode's explicit bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069):
 * invisible, and able to show stored text in another order than it was written, in a page title, a
 * link preview or a username an administrator reads (decision 0061). The marks U+200E, U+200F and
 * U+061C stay allowed: keyboards for right-to-left scripts type them, and they only place the
 * neutral characters beside them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** Control characters a one-line field never legitimately holds (tab stays: pasted values carry it). */
// eslint-disable-next-line no-control-regex -- as above.
const LINE_CONTROLS = /[\u0001-\u0008\u000A-\u001F\u007F]/;

export interface SafeTextOptions {
  /** Always required: the longest accepted text, counted after trimming when `trim` is set. */
  max: number;
  min?: number;
  /** Trim surrounding whitespace first (the value the handler sees is the trimmed one). */
  trim?: boolean;
  /** Questions, messages, descriptions: line breaks and other controls allowed; U+0000 and lone surrogates still not. */
  multiline?: boolean;
  /** Messages for missing (or not a string), too short and too long; the shared texts otherwise. */
  messages?: { required?: string; tooShort?: string; tooLong?: string };
}

/**
 * Whether `text` can be stored and shown as it is: no U+0000, no lone surrogate, no bidirectional
 * override, embedding or isolate, and no controls when one-line.
 */
export function isAllowedText(text: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !UNSTORABLE.test(text) && !BIDI_CONTROLS.test(text) && (multiline || !LINE_CONTROLS.test(text));
}

/**
 * `text` without bidirectional overrides, embeddings and isolates, for what shows text stored before
 * requests refused them (decision 0061) to people other than its author: a shared report, its tags.
 */
export function withoutBidiControls(text: string): string {
  return text.replace(new RegExp(BIDI_CONTROLS.source, 'g'), '');
}

/**
 * A zod string with the shared rule. Chain field-specific checks (`.regex`, `.refine`, `.pipe`) after
 * it; the character check runs first and stops the rest, so a bad character gets one clear message.
 */
export function safeText({ max, min, trim = false, multiline = false, messages = {} }: SafeTextOptions) {
  let schema = messages.required ? z.string(messages.required) : z.string();
  if (trim) schema = schema.trim();
  schema = schema.refine((text) => isAllowedText(text, { multiline }), {
    message: textMessages.notAllowed,
    abort: true,
  });
  if (min !== undefined) {
    // A field with one message for a missing value uses it for a too-short one as well.
    const tooShort = min === 1 ? validationMessages.required : fillMessage(textMessages.tooShort, { min });
    schema = schema.min(min, messages.tooShort ?? messages.required ?? tooShort);
  }
  return schema.max(max, messages.tooLong ?? fillMessage(textMessages.tooLong, { max }));
}

/** Ids from our own tables, Stripe's or a vendor's: one line, never longer than this. */
export const ID_MAX = 255;

/** An id of ours or Stripe's, sent back as it was received. */
export const safeId = (messages?: SafeTextOptions['messages']) =>
  safeText({ max: ID_MAX, min: 1, ...(messages && { messages }) });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text from outside the request rules (an AI vendor's answer, a judge's verdict) made storable:
 * U+0000 dropped, lone surrogates replaced with U+FFFD (what UTF-8 would turn them into anyway).
 */
export function toStorableText(text: string): string {
  // eslint-disable-next-line no-control-regex -- U+0000 is exactly what this removes.
  return text.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** `toStorableText` over every string (and key) of a JSON-like value, for jsonb columns. */
export function toStorableJson<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) return value.map((item) => toStorableJson(item)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [toStorableText(key), toStorableJson(item)]),
    ) as T;
  }
  return value;
}
