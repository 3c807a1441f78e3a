// Finding text again in a raw answer: the analyser reads claims with their Markdown removed and the
// judge quotes answers as it likes, but a claim's mark must point at characters of the answer as
// stored. A projection of the answer drops the Markdown a model drops when it quotes, folds quotes,
// dashes and spaces, and remembers for each of its characters where it came from; a phrase is found in
// the projection and mapped back. Nothing beyond markup, punctuation variants and spacing is forgiven:
// digits and letters must match. Used by judge-verification.ts and value-spans.ts.

import { inlineEdits } from './inline-edits';

export interface Span {
  start: number;
  end: number;
}

/**
 * An answer's text as compared: each character of `text` comes from `source[raw[i]]`. Whitespace runs
 * become one space, curly quotes and dashes their plain forms; with markup stripped, also the Markdown
 * a model drops when it quotes (emphasis, code ticks, heading, list and quote markers, table rules).
 */
export interface Projection {
  source: string;
  text: string;
  raw: number[];
}

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B]/;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F]/;
const DASHES = /[\u2010-\u2015\u2212]/;
const ALNUM = /[\p{L}\p{N}]/u;
/** At the start of a line: indentation, quote markers, then one heading or list marker. */
const LINE_MARKUP = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,2}[.)][ \t]+)?/;
/** A table's header rule ('|---|:--:|') or a horizontal rule. */
const RULE_LINE = /^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/;

function isEmphasis(code: number): boolean {
  return code === 42 /* * */ || code === 95 /* _ */ || code === 126; /* ~ */
}

function isAlnum(source: string, i: number): boolean {
  const code = source.charCodeAt(i);
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return ALNUM.test(source[i]!);
}

function markupMask(source: string): Uint8Array {
  const drop = new Uint8Array(source.length);
  for (let lineStart = 0; lineStart <= source.length;) {
    const newline = source.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? source.length : newline;
    const line = source.slice(lineStart, lineEnd);
    if (RULE_LINE.test(line)) drop.fill(1, lineStart, lineEnd);
    else drop.fill(1, lineStart, lineStart + (LINE_MARKUP.exec(line)?.[0].length ?? 0));
    lineStart = lineEnd + 1;
  }
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code === 96 /* ` */) drop[i] = 1;
    if (!isEmphasis(code)) continue;
    let end = i;
    while (end < source.length && source.charCodeAt(end) === code) end++;
    // Inside a word ('snake_case', '5*10') the character is text, not emphasis.
    const inWord = i > 0 && isAlnum(source, i - 1) && end < source.length && isAlnum(source, end);
    if (!inWord) drop.fill(1, i, end);
    i = end - 1;
  }
  return drop;
}

/** Curly quotes and dashes in their plain forms; other characters unchanged. */
function plainCharacter(c: string, code: number): string {
  if (code < 0x2010) return c;
  if (SINGLE_QUOTES.test(c)) return "'";
  if (DOUBLE_QUOTES.test(c)) return '"';
  return DASHES.test(c) ? '-' : c;
}

const isSpace = (c: string, code: number) =>
  code === 32 || code === 10 || code === 9 || code === 13 || (code > 127 && /\s/.test(c));

/** Text with nothing to fold or strip is its own projection (most values and claims are). */
const PLAIN = /^(?:[A-Za-z0-9.,;:'"()%$/=](?: (?=[^ ]))?)*$/;

const LIST_NUMBER = /^\d{1,2}[.)] /;

const isPlain = (text: string) => PLAIN.test(text) && !text.startsWith(' ') && !LIST_NUMBER.test(text);

export function project(source: string, stripMarkup: boolean): Projection {
  if (isPlain(source)) {
    return { source, text: source, raw: Array.from({ length: source.length }, (_, i) => i) };
  }
  const drop = stripMarkup ? markupMask(source) : null;
  const edits = stripMarkup ? inlineEdits(source) : null;
  const characters: string[] = [];
  const raw: number[] = [];
  let afterSpace = true;
  for (let i = 0; i < source.length; i++) {
    const edit = edits?.get(i);
    if (edit !== undefined) {
      if (edit !== '') {
        characters.push(edit);
        raw.push(i);
        afterSpace = false;
      }
      continue;
    }
    if (drop?.[i]) continue;
    const c = source[i]!;
    const code = source.charCodeAt(i);
    // A table's cell border separates words as a space does.
    if (isSpace(c, code) || (stripMarkup && code === 124) /* | */) {
      if (!afterSpace) {
        characters.push(' ');
        raw.push(i);
        afterSpace = true;
      }
      continue;
    }
    characters.push(plainCharacter(c, code));
    raw.push(i);
    afterSpace = false;
  }
  if (characters[characters.length - 1] === ' ') {
    characters.pop();
    raw.pop();
  }
  return { source, text: characters.join(''), raw };
}

/**
 * Where `needle` stands in `hay.text` within [from, to), not cutting a word or number at either
 * end ('98' is not in '1989'); -1 when nowhere.
 */
export function locate(hay: Projection, needle: string, from = 0, to = hay.text.length): number {
  if (needle === '') return -1;
  const cutsStart = isAlnum(needle, 0);
  const cutsEnd = isAlnum(needle, needle.length - 1);
  for (
    let at = hay.text.indexOf(needle, from);
    at >= 0 && at + needle.length <= to;
    at = hay.text.indexOf(needle, at + 1)
  ) {
    if (cutsStart && at > 0 && isAlnum(hay.text, at - 1)) continue;
    if (cutsEnd && at + needle.length < hay.text.length && isAlnum(hay.text, at + needle.length)) continue;
    return at;
  }
  return -1;
}

/** Raw offsets [start, end) of the projected characters [from, from + length). */
export function rawSpan(p: Projection, from: number, length: number): [number, number] {
  return [p.raw[from]!, p.raw[from + length - 1]! + 1];
}

/** An answer projected once with its markup stripped, for finding the analyser's phrases in it. */
export class LooseText {
  private readonly projection: Projection;

  constructor(readonly raw: string) {
    this.projection = project(raw, true);
  }

  /**
   * The raw span of the first occurrence of `phrase` starting at or after `from` and no later than
   * `before` (positions in the projection), with `at`, its position there.
   */
  find(phrase: string, from = 0, before = Infinity): (Span & { at: number }) | null {
    const needle = isPlain(phrase) ? phrase : project(phrase, true).text;
    const to = Math.min(this.projection.text.length, before + needle.length);
    const at = locate(this.projection, needle, from, to);
    if (at < 0) return null;
    const [start, end] = rawSpan(this.projection, at, needle.length);
    return { start, end, at };
  }

  /** Whether a raw span sits inside **bold** (or __bold__) on its line. */
  isBold(span: Span): boolean {
    const lineStart = this.raw.lastIndexOf('\n', span.start - 1) + 1;
    const before = this.raw.slice(lineStart, span.start);
    const opened = (before.match(/\*\*|__/g) ?? []).length % 2 === 1;
    const lineEnd = this.raw.indexOf('\n', span.end);
    return opened && /\*\*|__/.test(this.raw.slice(span.end, lineEnd === -1 ? undefined : lineEnd));
  }
}
