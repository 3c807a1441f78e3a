import type { Element, ElementContent, Root, Text } from 'hast';
import { sentenceRanges } from '../../lib/difference-highlight';

// A rehype plugin for difference highlighting: in each paragraph and list item, the sentences the
// predicate picks are wrapped in <mark>. It works on the text nodes of the rendered tree, so a
// sentence that runs through bold or a link is still found whole, and code is never touched.

export type SentencePredicate = (sentence: string) => boolean;

/** Elements whose own text is split into sentences. */
const BLOCKS = new Set(['p', 'li']);
/** Elements whose text belongs to something else (a nested block) or is not prose (code). */
const NOT_OWN_TEXT = new Set(['p', 'li', 'ul', 'ol', 'pre', 'code', 'table', 'blockquote', 'mark']);

export const MARK_CLASS = ['bg-yellow-100', 'text-inherit'];

interface Piece {
  parent: Element;
  node: Text;
}

function collectText(element: Element, pieces: Piece[]) {
  for (const child of element.children) {
    if (child.type === 'text') pieces.push({ parent: element, node: child });
    else if (child.type === 'element' && !NOT_OWN_TEXT.has(child.tagName)) collectText(child, pieces);
  }
}

function mark(value: string): Element {
  return {
    type: 'element',
    tagName: 'mark',
    properties: { className: MARK_CLASS },
    children: [{ type: 'text', value }],
  };
}

function markBlock(block: Element, highlight: SentencePredicate) {
  const pieces: Piece[] = [];
  collectText(block, pieces);
  const text = pieces.map((piece) => piece.node.value).join('');
  const marked = sentenceRanges(text).filter(([start, end]) => highlight(text.slice(start, end)));
  if (marked.length === 0) return;

  let offset = 0;
  for (const { parent, node } of pieces) {
    const from = offset;
    const to = offset + node.value.length;
    offset = to;
    const cuts = marked
      .map(([start, end]): [number, number] => [Math.max(start, from), Math.min(end, to)])
      .filter(([start, end]) => end > start);
    if (cuts.length === 0) continue;

    const replacement: ElementContent[] = [];
    let at = from;
    for (const [start, end] of cuts) {
      if (start > at) replacement.push({ type: 'text', value: text.slice(at, start) });
      replacement.push(mark(text.slice(start, end)));
      at = end;
    }
    if (to > at) replacement.push({ type: 'text', value: text.slice(at, to) });
    parent.children.splice(parent.children.indexOf(node), 1, ...replacement);
  }
}

function walk(node: Root | Element, highlight: SentencePredicate) {
  for (const child of [...node.children]) {
    if (child.type !== 'element' || child.tagName === 'pre') continue;
    if (BLOCKS.has(child.tagName)) markBlock(child, highlight);
    walk(child, highlight);
  }
}

export function rehypeMarkSentences(options: { highlight?: SentencePredicate }) {
  return (tree: Root) => {
    if (options.highlight) walk(tree, options.highlight);
  };
}
