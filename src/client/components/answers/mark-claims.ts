import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import type { AnswerClaim } from '../../../common/comparison';

// A rehype plugin for claim marks (issue 'Comparison you can trust', item 4): each claim's value,
// located by UTF-16 offsets into the answer's Markdown source (src/common/comparison.ts), is wrapped
// in a <mark data-claim="i">. The rendered text is not the source (Markdown syntax, escapes and line
// indentation are gone), so each text node's characters are aligned back to the source through the
// node's position; a claim whose ends do not both land on characters of one text node is skipped,
// never drawn in the wrong place.

/** The statuses that get a mark: agreed claims stay unmarked, the toggle shows differences. */
export const MARKED_STATUSES: ReadonlySet<AnswerClaim['status']> = new Set(['contradicted', 'single-source']);

/** Text under these elements is not prose a claim could sit in, or is already interactive. */
const SKIPPED = new Set(['pre', 'a', 'mark', 'script', 'style']);

export interface Located {
  parent: Element | Root;
  node: Text;
  /** The source offset of each character of node.value. */
  offsets: number[];
}

/**
 * The source offset of each character of a text node, found by walking the node's source range and
 * dropping what the parser removed (escape backslashes, indentation after line breaks, inline-code
 * backticks). Undefined when the value cannot be aligned (an entity such as &copy; was decoded).
 */
export function alignToSource(value: string, source: string, start: number, end: number): number[] | undefined {
  const offsets: number[] = [];
  let at = start;
  // Index by index: offsets are UTF-16 units, like the claims' (src/common/comparison.ts).
  for (let index = 0; index < value.length; index++) {
    while (at < end && source[at] !== value[index]) at++;
    if (at >= end) return undefined;
    offsets.push(at++);
  }
  return offsets;
}

/** Every text node of the tree that can be aligned to `source`, outside code, links and marks. */
export function collect(node: Root | Element, source: string, found: Located[]) {
  for (const child of node.children) {
    if (child.type === 'text') {
      const start = child.position?.start.offset;
      const end = child.position?.end.offset;
      if (start === undefined || end === undefined) continue;
      const offsets = alignToSource(child.value, source, start, end);
      if (offsets) found.push({ parent: node, node: child, offsets });
    } else if (child.type === 'element' && !SKIPPED.has(child.tagName)) {
      collect(child, source, found);
    }
  }
}

function markElement(value: string, index: number, claim: AnswerClaim): Element {
  return {
    type: 'element',
    tagName: 'mark',
    properties: { dataClaim: String(index), dataStatus: claim.status },
    children: [{ type: 'text', value }],
  };
}

/** Where [start, end) falls in this text node's value, or undefined when either end is not one of its characters. */
function spanIn(located: Located, start: number, end: number): [number, number] | undefined {
  const from = located.offsets.indexOf(start);
  const last = located.offsets.indexOf(end - 1, Math.max(from, 0));
  return from >= 0 && last >= from ? [from, last + 1] : undefined;
}

/** Wraps every markable claim of `claims` in the tree of `source`; returns the indices it could place. */
export function markClaims(tree: Root, source: string, claims: readonly AnswerClaim[]): Set<number> {
  const located: Located[] = [];
  collect(tree, source, located);
  const placed = new Set<number>();
  const cuts = new Map<Located, Array<{ from: number; to: number; index: number }>>();

  claims.forEach((claim, index) => {
    if (!MARKED_STATUSES.has(claim.status) || claim.end <= claim.start) return;
    for (const piece of located) {
      const first = piece.offsets[0];
      const last = piece.offsets.at(-1);
      if (first === undefined || last === undefined || claim.start < first || claim.end - 1 > last) continue;
      const span = spanIn(piece, claim.start, claim.end);
      if (!span) continue;
      const list = cuts.get(piece) ?? [];
      // Overlapping claims: the first in text order keeps the characters.
      if (list.some((cut) => span[0] < cut.to && cut.from < span[1])) return;
      list.push({ from: span[0], to: span[1], index });
      cuts.set(piece, list);
      placed.add(index);
      return;
    }
  });

  for (const [piece, list] of cuts) {
    list.sort((a, b) => a.from - b.from);
    const { value } = piece.node;
    const replacement: ElementContent[] = [];
    let at = 0;
    for (const { from, to, index } of list) {
      if (from > at) replacement.push({ type: 'text', value: value.slice(at, from) });
      replacement.push(markElement(value.slice(from, to), index, claims[index]!));
      at = to;
    }
    if (at < value.length) replacement.push({ type: 'text', value: value.slice(at) });
    const siblings = piece.parent.children as RootContent[];
    siblings.splice(siblings.indexOf(piece.node), 1, ...replacement);
  }
  return placed;
}

export function rehypeMarkClaims(options: { source: string; claims?: readonly AnswerClaim[] }) {
  return (tree: Root) => {
    if (options.claims && options.claims.length > 0) markClaims(tree, options.source, options.claims);
  };
}
