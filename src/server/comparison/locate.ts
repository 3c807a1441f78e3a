// Finding analysed text again in the raw answer (comparison issue, item 2): the analyser reads claims
// with their Markdown removed, but a claim's marks must point at characters of the answer as stored.
// A loose copy of the answer drops Markdown markup, folds quotes, dashes and spaces, and lower-cases,
// remembering for each of its characters where it came from; a phrase is found in that copy and mapped
// back. Nothing beyond markup, punctuation variants and spacing is forgiven: digits and letters must match.

export interface Span {
  start: number;
  end: number;
}

const FOLDED: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2212': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u00ba': '°',
};

/** Markup a model adds or drops when it writes the same words again: emphasis, code, tables, headings, quotes. */
function isMarkup(text: string, i: number): boolean {
  const c = text[i];
  if (c === '*' || c === '`' || c === '|' || c === '~') return true;
  if (c === '_') return !(/\w/.test(text[i - 1] ?? '') && /\w/.test(text[i + 1] ?? ''));
  if (c === '#' || c === '>') {
    const lineStart = text.lastIndexOf('\n', i - 1) + 1;
    return /^[\s#>]*$/.test(text.slice(lineStart, i));
  }
  return false;
}

export class LooseText {
  /** The folded copy. */
  readonly text: string;
  /** For each character of the copy, its offset in the raw text. */
  private readonly origin: number[];

  constructor(readonly raw: string) {
    let text = '';
    const origin: number[] = [];
    let spaced = true;
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i] as string;
      if (isMarkup(raw, i)) continue;
      if (/\s/.test(c)) {
        if (!spaced) {
          text += ' ';
          origin.push(i);
          spaced = true;
        }
        continue;
      }
      text += (FOLDED[c] ?? c).toLowerCase();
      origin.push(i);
      spaced = false;
    }
    this.text = text;
    this.origin = origin;
  }

  static fold(phrase: string): string {
    return new LooseText(phrase).text.trim();
  }

  /** The raw span of the first occurrence of `phrase` at or after `from` (a position in the copy). */
  find(phrase: string, from = 0, before = Infinity): (Span & { at: number }) | null {
    const needle = LooseText.fold(phrase);
    if (needle === '') return null;
    const at = this.text.indexOf(needle, from);
    if (at === -1 || at > before) return null;
    const last = at + needle.length - 1;
    return { start: this.origin[at] as number, end: (this.origin[last] as number) + 1, at };
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
