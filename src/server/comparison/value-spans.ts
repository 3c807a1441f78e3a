// Where each value the analyser read stands in the raw answer (comparison issue, item 2). Claims come in
// text order, so each is looked for after the one before; a value is looked for inside its claim's
// stretch of the answer. A value that cannot be found has no span and gets no mark.

import type { Claim, ClaimValue } from './claims';
import { LooseText, type Span } from './locate';

const CLAIM_PREFIX = 24;
/** How far past a claim's start its values may be, beyond the claim's own length (markup, links). */
const CLAIM_SLACK = 200;

/** A claim's opening words, cut at a word boundary: the finder never matches part of a word. */
function prefixOf(text: string): string {
  if (text.length <= CLAIM_PREFIX) return text;
  const cut = text.slice(0, CLAIM_PREFIX + 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
}

export class ValueSpans {
  private readonly loose: LooseText[];
  private readonly spans = new Map<number, Span>();

  constructor(texts: string[], claims: Claim[][]) {
    this.loose = texts.map((text) => new LooseText(text));
    claims.forEach((answerClaims, answer) => {
      const loose = this.loose[answer] as LooseText;
      let cursor = 0;
      for (const claim of answerClaims) {
        const prefix = prefixOf(claim.text);
        const found = loose.find(prefix, cursor) ?? loose.find(prefix.split(/[,:;]/)[0] ?? prefix, cursor);
        const from = found ? found.at : cursor;
        if (found) cursor = found.at;
        const before = from + claim.text.length + CLAIM_SLACK;
        let valueCursor = from;
        for (const value of claim.values) {
          const span = loose.find(value.display, valueCursor, before) ?? loose.find(value.display, from, before);
          if (!span) continue;
          this.spans.set(value.id, { start: span.start, end: span.end });
          valueCursor = span.at;
        }
      }
    });
  }

  spanOf(value: ClaimValue): Span | null {
    return this.spans.get(value.id) ?? null;
  }

  isBold(value: ClaimValue): boolean {
    const span = this.spans.get(value.id);
    return span ? (this.loose[value.claim.answer] as LooseText).isBold(span) : false;
  }

  /** Whether the answer writes `phrase` in bold somewhere. */
  boldWords(answer: number, phrase: string): boolean {
    const loose = this.loose[answer] as LooseText;
    for (let at = 0; ;) {
      const span = loose.find(phrase, at);
      if (!span) return false;
      if (loose.isBold(span)) return true;
      at = span.at + 1;
    }
  }

  /** The raw span of a phrase inside a claim's stretch of its answer (for values read from words). */
  find(answer: number, phrase: string, near: Claim): Span | null {
    const loose = this.loose[answer] as LooseText;
    const claimAt = loose.find(prefixOf(near.text));
    const span = loose.find(phrase, claimAt?.at ?? 0) ?? loose.find(phrase);
    return span ? { start: span.start, end: span.end } : null;
  }
}
