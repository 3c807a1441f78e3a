// Characters of an answer rewritten before it is read, one for one (or dropped), so that the claims'
// plain text (text-normalise.ts) and the projection that finds a value in the raw answer again (locate.ts)
// stay the same text: LaTeX that models write for mathematics ('\frac{30}{11}', '\boxed{3}', '\( x \)') read as
// the figures it sets, and a spaced star between operands read as the multiplication it is.

/** Index in the source -> its replacement: one character, or '' to drop it. */
export type Edits = Map<number, string>;

/** Commands that stand for one character; the backslash takes the character and the name is dropped. */
const SYMBOLS: ReadonlyMap<string, string> = new Map([
  ['times', '×'],
  ['cdot', '×'],
  ['pi', 'π'],
  ['approx', '≈'],
  ['neq', '≠'],
  ['ne', '≠'],
  ['leq', '≤'],
  ['le', '≤'],
  ['geq', '≥'],
  ['ge', '≥'],
  ['pm', '±'],
  ['div', '÷'],
  ['infty', '∞'],
  ['circ', '°'],
]);
/** Commands whose braced argument is kept as it is, the command and braces dropped. */
const WRAPPERS = new Set(['boxed', 'text', 'textbf', 'mathrm', 'mathbf', 'operatorname', 'mbox']);
/** Commands dropped whole ('\left(' keeps its bracket). */
const DROPPED = new Set(['left', 'right', 'displaystyle', 'quad', 'qquad']);

/** The index of the brace that closes the one at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

const drop = (edits: Edits, from: number, to: number) => {
  for (let i = from; i < to; i++) edits.set(i, '');
};

function latexEdits(text: string, edits: Edits): void {
  // 'x^{2}' reads 'x^2'; '45^{\\circ}' reads '45°'.
  for (const match of text.matchAll(/[\^_]\{/g)) {
    const end = closing(text, match.index + 1);
    if (end < 0) continue;
    edits.set(match.index + 1, '');
    edits.set(end, '');
    if (text.slice(match.index + 2, end) === '\\circ') edits.set(match.index, '');
  }
  for (let i = text.indexOf('\\'); i >= 0 && i < text.length; i = text.indexOf('\\', i + 1)) {
    const next = text[i + 1] ?? '';
    // '\(' '\)' '\[' '\]' open and close mathematics; '\,' '\;' '\!' are spacing; '\%' '\$' escape.
    if ('()[]'.includes(next) && next !== '') {
      drop(edits, i, i + 2);
      continue;
    }
    if (',;!'.includes(next) && next !== '') {
      edits.set(i, ' ');
      edits.set(i + 1, '');
      continue;
    }
    if ('%$'.includes(next) && next !== '') {
      edits.set(i, '');
      continue;
    }
    const name = /^[a-zA-Z]+/.exec(text.slice(i + 1, i + 16))?.[0] ?? '';
    if (!name) continue;
    const after = i + 1 + name.length;
    const symbol = SYMBOLS.get(name);
    if (symbol) {
      edits.set(i, symbol);
      drop(edits, i + 1, after);
    } else if (DROPPED.has(name)) {
      drop(edits, i, after);
    } else if (/^[dt]?frac$/.test(name) && text[after] === '{') {
      // '\frac{30}{11}' reads '30/11'.
      const end = closing(text, after);
      if (end < 0 || text[end + 1] !== '{') continue;
      const last = closing(text, end + 1);
      if (last < 0) continue;
      drop(edits, i, after + 1);
      edits.set(end, '/');
      edits.set(end + 1, '');
      edits.set(last, '');
    } else if (name === 'sqrt' && text[after] === '{') {
      const end = closing(text, after);
      if (end < 0) continue;
      edits.set(i, '√');
      drop(edits, i + 1, after + 1);
      edits.set(end, '');
    } else if (WRAPPERS.has(name) && text[after] === '{') {
      const end = closing(text, after);
      if (end < 0) continue;
      drop(edits, i, after + 1);
      edits.set(end, '');
    }
  }
}

/**
 * '$6m^2$', '$\\boxed{3}$': dollars around mathematics on one line, the content starting and ending with no
 * space; money ('$5 and $10') has a space before its second dollar. A bare figure ('$6$') counts only when
 * no digit follows, so '$5/$10' stays money.
 */
const INLINE_MATH = /\$(?=[^\s$])([^$\n]{0,200}?[^\s$\\])\$(?!\d)/g;

function mathDollarEdits(text: string, edits: Edits): void {
  for (const match of text.matchAll(INLINE_MATH)) {
    const content = match[1]!;
    if (!/[\\^_{}=a-zA-Z]/.test(content) && !/^[-−]?\d+(?:\.\d+)?$/.test(content)) continue;
    edits.set(match.index, '');
    edits.set(match.index + match[0].length - 1, '');
  }
}

/** The rewrites of `text`, or null when it has nothing to rewrite (most sentences). */
export function inlineEdits(text: string): Edits | null {
  const hasDollars = text.includes('$');
  const hasLatex = text.includes('\\');
  const hasStar = text.includes(' * ');
  if (!hasLatex && !hasStar && !hasDollars) return null;
  const edits: Edits = new Map();
  if (hasDollars) mathDollarEdits(text, edits);
  if (hasLatex) latexEdits(text, edits);
  // A star with a space on each side between operands is a multiplication ('1.96 * 17.1'), never emphasis.
  if (hasStar) for (const match of text.matchAll(/(?<=[\w)\]}] )\*(?= [\w([{\\])/g)) edits.set(match.index, '×');
  return edits.size > 0 ? edits : null;
}

/** `text` with its edits applied. */
export function applyEdits(text: string, edits: Edits | null): string {
  if (!edits) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) out += edits.get(i) ?? text[i];
  return out;
}
