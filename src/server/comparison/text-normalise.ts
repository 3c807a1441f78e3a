// Markdown in, plain claims out (docs/architecture.md, "The local analyser", step 1). The same fact written as a
// bullet, a table row or a sentence in a paragraph must come out as the same plain text, or formatting alone
// would change what the analyser compares.

import { applyEdits, inlineEdits } from './inline-edits';

export interface ClaimText {
  text: string;
  /** Headings label a section; they are matched but carry no names of their own. */
  heading: boolean;
}

interface Block {
  text: string;
  heading: boolean;
  kind: 'paragraph' | 'item' | 'heading' | 'row';
}

const HEADING_RE = /^#{1,6}\s+(.*?)\s*#*$/;
const ITEM_RE = /^(?:[-*+•]|\d{1,3}[.)]|[a-z][.)])\s+(.*)$/;
const RULE_RE = /^(?:[-*_]\s*){3,}$/;
const TABLE_SEPARATOR_RE = /^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$/;

export function stripInlineMarkdown(text: string): string {
  // Each rewrite runs only when its marker is present: most sentences carry no markup at all.
  let plain = applyEdits(text, inlineEdits(text));
  if (plain.includes('[')) {
    plain = plain
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      // Citation markers ([1], [2, 3], [^4]) would otherwise read as numbers.
      .replace(/\[\^?\d+(?:\s*[,–-]\s*\d+)*\]/g, '');
  }
  if (plain.includes('【')) plain = plain.replace(/【[^】]*】/g, '');
  if (plain.includes('http')) plain = plain.replace(/https?:\/\/\S+/g, '');
  if (plain.includes('<')) plain = plain.replace(/<[^>]+>/g, ' ');
  if (plain.includes('~~')) plain = plain.replace(/~~[^~]*~~/g, '');
  if (plain.includes('`')) plain = plain.replace(/`([^`]*)`/g, '$1');
  if (plain.includes('*') || plain.includes('_')) {
    plain = plain
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(?<![\w*])\*(?=\S)([^*]*?\S)\*(?![\w*])/g, '$1')
      .replace(/(?<![\w_])_(?=\S)([^_]*?\S)_(?![\w_])/g, '$1')
      .replace(/\*{1,3}/g, '');
  }
  // Inline enumerators '(1)', '2)' are list structure, not numbers.
  if (plain.includes(')')) plain = plain.replace(/(^|\s)\(?\d{1,2}\)\s/g, '$1');
  return plain.replace(/\s+/g, ' ').trim();
}

function normaliseCharacters(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/[\u00a0\u2007\u202f\u2009]/g, ' ')
    .replace(/\u00ba/g, '°');
}

/** How a line ends when the sentence goes on in the next: punctuation, or a word that needs what follows. */
const WRAPPED_END =
  /(?:[.!?,;:(\-–—]|\b(?:the|a|an|of|and|or|to|in|for|with|by|on|at|from|is|are|was|were|that|which))$/i;

function toBlocks(markdown: string): Block[] {
  const withoutCode = normaliseCharacters(markdown)
    .replace(/```[\s\S]*?(?:```|$)/g, '\n')
    .replace(/~~~[\s\S]*?(?:~~~|$)/g, '\n');
  const blocks: Block[] = [];
  let open: Block | null = null;
  for (const rawLine of withoutCode.split('\n')) {
    const indented = /^\s{2,}\S/.test(rawLine);
    const line = rawLine.trim().replace(/^(?:>\s*)+/, '');
    if (line === '' || RULE_RE.test(line)) {
      open = null;
      continue;
    }
    const heading = HEADING_RE.exec(line);
    if (heading) {
      blocks.push({ text: heading[1] ?? '', heading: true, kind: 'heading' });
      open = null;
      continue;
    }
    if (line.startsWith('|')) {
      if (!TABLE_SEPARATOR_RE.test(line)) {
        const cells = line
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((cell) => cell.trim())
          .filter(Boolean);
        blocks.push({ text: cells.join(cells.length === 2 ? ': ' : ', '), heading: false, kind: 'row' });
      }
      open = null;
      continue;
    }
    const item = ITEM_RE.exec(line);
    if (item) {
      open = { text: item[1] ?? '', heading: false, kind: 'item' };
      blocks.push(open);
      continue;
    }
    // Wrapped prose and an item's indented continuation belong to the block above. A capitalised line after
    // one that ends without punctuation or a joining word is a line of its own ('Number of days in June: 30'
    // over 'Round trips per day: 1'): models break lines where they mean them.
    const ownLine = /^[A-Z0-9]/.test(line) && open !== null && !WRAPPED_END.test(open.text);
    if (open && !ownLine && (open.kind === 'paragraph' || (open.kind === 'item' && indented))) {
      open.text += ` ${line}`;
      continue;
    }
    open = { text: line, heading: false, kind: 'paragraph' };
    blocks.push(open);
  }
  return blocks;
}

const ABBREVIATIONS = new Set(
  `e.g i.e etc vs dr mr mrs ms st mt jr sr approx ca c u.s u.k a.m p.m inc ltd co jan feb mar apr jun jul aug sep
  sept oct nov dec gen col prof fig al v`.split(/\s+/),
);

/** Sentence boundaries: . ! ? ; followed by a space and a capital, digit or quote; not after abbreviations. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const boundary = /([.!?;])\s+(?=["'([]?[A-Z0-9])|([!?;])\s+/g;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + 1;
    if (match[1] === '.') {
      const before = text.slice(start, match.index);
      const lastWord = /(?:^|\s)([A-Za-z.]+)$/.exec(before)?.[1] ?? '';
      // A single capital is an initial ('J. K. Rowling'); known abbreviations do not end sentences. Unit
      // symbols ('8,849 m.') do end them, which is why they are not in the list.
      if (/^[A-Z]$/.test(lastWord) || ABBREVIATIONS.has(lastWord.toLowerCase().replace(/\.$/, ''))) continue;
    }
    sentences.push(text.slice(start, end));
    start = match.index + match[0].length;
  }
  sentences.push(text.slice(start));
  return sentences.map((sentence) => sentence.trim()).filter((sentence) => /[A-Za-z0-9]/.test(sentence));
}

/** Splits an answer into claims: sentences and list items with their markdown removed. */
export function splitIntoClaims(markdown: string): ClaimText[] {
  const claims: ClaimText[] = [];
  for (const block of toBlocks(markdown)) {
    const plain = stripInlineMarkdown(block.text);
    if (plain === '') continue;
    if (block.heading) {
      claims.push({ text: plain, heading: true });
      continue;
    }
    for (const sentence of splitSentences(plain)) claims.push({ text: sentence, heading: false });
  }
  return claims;
}
