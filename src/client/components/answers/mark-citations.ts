import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import type { AnswerSource, CitationMark } from '../../../common/query-schemas';
import { collect, type Located } from './mark-claims';
import { safeSourceUrl } from '../../lib/source-links';

// A rehype plugin for citation markers (issue 17, item 2): each citation mark the server placed
// (UTF-16 offsets into the answer's Markdown source, common/query-schemas.ts) becomes a numbered link
// to its source. A mark over the vendor's own '[2]' replaces those characters; a mark at a point goes
// right after the character before it. Text is aligned to the source as claim marks are
// (mark-claims.ts); a mark that lands in code, in a link, or where alignment fails is left out, never
// drawn in the wrong place. It runs before the claim marks, and the text it splits keeps its source
// position, so the claim marks still find their values.

interface Cut {
  /** Characters of the text node's value to replace: from === to inserts. */
  from: number;
  to: number;
  sources: number[];
}

function marker(sources: readonly AnswerSource[], index: number): Element {
  const source = sources[index]!;
  const href = safeSourceUrl(source.url);
  const label = `Source ${index + 1}: ${source.title ?? source.url}`;
  const number: Text = { type: 'text', value: `[${index + 1}]` };
  const inner: Element = href
    ? {
        type: 'element',
        tagName: 'a',
        properties: { href, ariaLabel: label, title: source.title ?? source.url, dataCitation: String(index + 1) },
        children: [number],
      }
    : { type: 'element', tagName: 'span', properties: { title: label }, children: [number] };
  return { type: 'element', tagName: 'sup', properties: { className: ['citation'] }, children: [inner] };
}

/** A text piece of `piece` from value index `from` to `to`, keeping where it stands in the source. */
function slice(piece: Located, from: number, to: number): Text {
  const start = piece.offsets[from];
  const last = piece.offsets[to - 1];
  const node: Text = { type: 'text', value: piece.node.value.slice(from, to) };
  if (start !== undefined && last !== undefined) {
    node.position = { start: { line: 0, column: 0, offset: start }, end: { line: 0, column: 0, offset: last + 1 } };
  }
  return node;
}

/** Characters Markdown may put between a word and the place after it: emphasis, code and link ends. */
const CLOSING_SYNTAX = /^[*_~`)\]>]*$/;

function cutFor(
  located: readonly Located[],
  text: string,
  mark: CitationMark,
): { piece: Located; from: number; to: number } | undefined {
  if (mark.end > mark.start) {
    for (const piece of located) {
      const from = piece.offsets.indexOf(mark.start);
      const last = piece.offsets.indexOf(mark.end - 1, Math.max(from, 0));
      if (from >= 0 && last >= from) return { piece, from, to: last + 1 };
    }
    return undefined;
  }
  // A point: after the last drawn character before it, when only closing syntax stands between them
  // ('**330 m**' with the mark after the closing stars goes right after 'm', inside the bold).
  let best: { piece: Located; index: number; offset: number } | undefined;
  for (const piece of located) {
    for (let index = piece.offsets.length - 1; index >= 0; index--) {
      const offset = piece.offsets[index]!;
      if (offset >= mark.start) continue;
      if (!best || offset > best.offset) best = { piece, index, offset };
      break;
    }
  }
  if (!best || !CLOSING_SYNTAX.test(text.slice(best.offset + 1, mark.start))) return undefined;
  return { piece: best.piece, from: best.index + 1, to: best.index + 1 };
}

export function markCitations(
  tree: Root,
  text: string,
  sources: readonly AnswerSource[],
  marks: readonly CitationMark[],
): void {
  const located: Located[] = [];
  collect(tree, text, located);
  const cuts = new Map<Located, Cut[]>();
  for (const mark of marks) {
    if (!sources[mark.source]) continue;
    const found = cutFor(located, text, mark);
    if (!found) continue;
    const list = cuts.get(found.piece) ?? [];
    const same = list.find((cut) => cut.from === found.from && cut.to === found.to);
    if (same) {
      if (!same.sources.includes(mark.source)) same.sources.push(mark.source);
    } else if (!list.some((cut) => found.from < cut.to && cut.from < found.to)) {
      list.push({ from: found.from, to: found.to, sources: [mark.source] });
    }
    cuts.set(found.piece, list);
  }
  for (const [piece, list] of cuts) {
    list.sort((a, b) => a.from - b.from);
    const replacement: ElementContent[] = [];
    let at = 0;
    for (const cut of list) {
      if (cut.from > at) replacement.push(slice(piece, at, cut.from));
      for (const source of cut.sources) replacement.push(marker(sources, source));
      at = cut.to;
    }
    if (at < piece.node.value.length) replacement.push(slice(piece, at, piece.node.value.length));
    const siblings = piece.parent.children as RootContent[];
    siblings.splice(siblings.indexOf(piece.node), 1, ...replacement);
  }
}

export function rehypeMarkCitations(options: {
  source: string;
  sources?: readonly AnswerSource[];
  marks?: readonly CitationMark[];
}) {
  return (tree: Root) => {
    if (options.sources?.length && options.marks?.length)
      markCitations(tree, options.source, options.sources, options.marks);
  };
}
