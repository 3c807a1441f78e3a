import type { TextStreamPart, ToolSet } from 'ai';
import type { AnswerSource, CitationMark } from '../../common/query-schemas';

// What a model's stream is made of besides its words (issue 17, items 2 and 3; decision 0052): the
// reasoning a thinking model shows, the pages its answer cites and where, and when its thinking and its
// answer began. Each vendor says these its own way, and the AI SDK passes most of that on as stream parts;
// this is the one place that turns them into what a card shows and a response row keeps.
//
// Where a citation goes, in order of what the vendor tells:
// 1. Gemini's grounding supports name the answer's byte ranges each source backs: a mark after each range.
// 2. A source the answer links to in its own words ('[[1]](url)', as xAI writes) is marked there.
// 3. A source that arrives inside a text block: before the block's first word it cites the block
//    (Anthropic sends each cited passage as its own block with its citations first), so the mark goes at
//    the block's end; after words it cites what came just before (OpenAI's annotations follow the words).
// 4. An answer that numbers its own citations ('[1]', as Perplexity's do) has those spans marked,
//    number n citing the n-th source: when a source arrives right after its number, or when no source
//    arrived inside the text at all.
// A vendor that cites passages also hands over every search result it read (Anthropic): once some are
// cited, results never cited are left out of the answer's sources.

type StreamPart = TextStreamPart<ToolSet>;

/** How a piece of text moved the answer on: words of the answer, or of the reasoning before it. */
export interface PartEffect {
  text?: string;
  reasoning?: string;
  /** A new source arrived, or a mark was placed. */
  sourcesChanged?: boolean;
}

const OPEN_THINK = '<think>';
const CLOSE_THINK = '</think>';

export class AnswerParts {
  text = '';
  reasoning = '';
  readonly sources: AnswerSource[] = [];
  private marks: CitationMark[] = [];
  /** Sources that first arrived outside any text block: search results rather than citations. */
  private readonly unplaced = new Set<number>();
  private startedThinkingAt: number | undefined;
  private firstWordAt: number | undefined;
  /** Where the open text block began, and the sources it cites from its start (rule 3). */
  private block: { start: number; citesWhole: number[] } | undefined;
  /** Gemini's supports, kept until the answer is whole (rule 1). */
  private groundingSupports: Grounding | undefined;
  /**
   * Hosts that serve open reasoning models (DeepSeek R1 and its kin on a Llama host, Perplexity's
   * sonar-reasoning) put the thinking at the start of the answer inside <think>…</think>: those words
   * are the reasoning, not the answer. 'maybe' while what arrived could still be the opening tag.
   */
  private thinkTag: 'maybe' | 'inside' | 'done' = 'maybe';
  private held = '';
  private finished = false;

  constructor(private readonly startedAt: number) {}

  /** Takes one stream part at time `now` (ms, the clock `startedAt` was read on). */
  add(part: StreamPart, now: number): PartEffect {
    switch (part.type) {
      case 'text-start':
        this.block = { start: this.text.length, citesWhole: [] };
        return {};
      case 'text-end':
        return this.closeBlock();
      case 'text-delta':
        return this.addText(part.text, now);
      case 'reasoning-start':
        this.startThinking(now);
        return { reasoning: '' };
      case 'reasoning-delta':
        this.startThinking(now);
        this.reasoning += part.text;
        return { reasoning: part.text };
      case 'source':
        return part.sourceType === 'url' ? this.addSource(part.url, part.title) : {};
      case 'finish-step':
        this.groundingSupports ??= groundingSupportsOf(part.providerMetadata);
        return {};
      default:
        return {};
    }
  }

  /** Call once the stream has ended: places the marks only a whole answer can place (rules 1, 2 and 4). */
  finish(): PartEffect {
    if (this.finished) return {};
    this.finished = true;
    const effect: PartEffect = this.block ? this.closeBlock() : {};
    if (this.thinkTag === 'maybe' && this.held) {
      this.text += this.held;
      effect.text = (effect.text ?? '') + this.held;
    } else if (this.thinkTag === 'inside' && this.held) {
      // A <think> never closed: what it held back is thinking too.
      this.reasoning += this.held;
      effect.reasoning = this.held;
    }
    this.held = '';
    const before = this.marks;
    if (this.groundingSupports) this.marks = this.marksFromGrounding(this.groundingSupports);
    else this.placeOwnMarkers();
    if (this.marks !== before) effect.sourcesChanged = true;
    return effect;
  }

  get citationMarks(): CitationMark[] {
    return [...this.marks].sort((a, b) => a.start - b.start || a.source - b.source);
  }

  /** From the first thought to the first answer word (or to `now` when no word came); null without thoughts. */
  thinkingMs(now: number): number | null {
    if (this.startedThinkingAt === undefined) return null;
    return Math.round((this.firstWordAt ?? now) - this.startedThinkingAt);
  }

  /** From the question to the first answer word; null when none came. */
  get firstTokenMs(): number | null {
    return this.firstWordAt === undefined ? null : Math.round(this.firstWordAt - this.startedAt);
  }

  private startThinking(now: number) {
    this.startedThinkingAt ??= now;
  }

  private addText(delta: string, now: number): PartEffect {
    const { answer, reasoning } = this.splitThinkTag(delta);
    if (reasoning) {
      this.startThinking(now);
      this.reasoning += reasoning;
    }
    if (answer) {
      if (this.firstWordAt === undefined && answer.trim()) this.firstWordAt = now;
      this.text += answer;
    }
    return { ...(answer && { text: answer }), ...(reasoning && { reasoning }) };
  }

  /** Routes a leading <think>…</think> to the reasoning; everything else is answer. */
  private splitThinkTag(delta: string): { answer: string; reasoning: string } {
    if (this.thinkTag === 'done') return { answer: delta, reasoning: '' };
    if (this.thinkTag === 'maybe') {
      this.held += delta;
      const start = this.held.trimStart();
      if (start.startsWith(OPEN_THINK)) {
        this.thinkTag = 'inside';
        const rest = start.slice(OPEN_THINK.length);
        this.held = '';
        return this.splitThinkTag(rest);
      }
      if (OPEN_THINK.startsWith(start)) return { answer: '', reasoning: '' };
      this.thinkTag = 'done';
      const answer = this.held;
      this.held = '';
      return { answer, reasoning: '' };
    }
    // Inside the tag: hold back a tail that could be the start of the closing tag.
    this.held += delta;
    const close = this.held.indexOf(CLOSE_THINK);
    if (close >= 0) {
      this.thinkTag = 'done';
      const reasoning = this.held.slice(0, close);
      const answer = this.held.slice(close + CLOSE_THINK.length).replace(/^\s+/, '');
      this.held = '';
      return { answer, reasoning };
    }
    let keep = 0;
    for (let n = Math.min(CLOSE_THINK.length - 1, this.held.length); n > 0; n--) {
      if (CLOSE_THINK.startsWith(this.held.slice(-n))) {
        keep = n;
        break;
      }
    }
    const reasoning = this.held.slice(0, this.held.length - keep);
    this.held = this.held.slice(this.held.length - keep);
    return { answer: '', reasoning };
  }

  private addSource(url: string, title: string | undefined): PartEffect {
    let index = this.sources.findIndex((s) => sameUrl(s.url, url));
    if (index < 0) {
      index = this.sources.push({ url, title: title?.trim() || null }) - 1;
      if (!this.block) this.unplaced.add(index);
    }
    const block = this.block;
    if (block && this.text.length === block.start) {
      if (!block.citesWhole.includes(index)) block.citesWhole.push(index);
    } else if (block) {
      this.placeMark(this.text.trimEnd().length, index, block.start);
    }
    return { sourcesChanged: true };
  }

  private closeBlock(): PartEffect {
    const block = this.block;
    this.block = undefined;
    if (!block || block.citesWhole.length === 0 || this.text.length === block.start) return {};
    const at = this.text.trimEnd().length;
    const passageStart = block.start + (this.text.length - this.text.slice(block.start).trimStart().length);
    for (const index of block.citesWhole) this.placeMark(at, index, passageStart);
    return { sourcesChanged: true };
  }

  private placeMark(at: number, source: number, passageStart?: number) {
    if (this.marks.some((m) => m.start === at && m.source === source)) return;
    this.marks.push({ start: at, end: at, source, ...(passageStart !== undefined && { passageStart }) });
  }

  private marksFromGrounding({ supports, chunkUrls }: Grounding): CitationMark[] {
    const toOffset = utf8ToUtf16Offsets(this.text);
    const marks: CitationMark[] = [];
    for (const support of supports) {
      const end = toOffset(support.endIndex);
      const passageStart = toOffset(support.startIndex);
      if (end === undefined || passageStart === undefined) continue;
      const at = this.text.slice(0, end).trimEnd().length;
      // Chunks are named by their place in Gemini's list; the sources are that list with repeats and
      // non-web chunks left out, so each is found by its address.
      for (const chunk of support.chunks) {
        const url = chunkUrls[chunk];
        const source = url === undefined ? -1 : this.sources.findIndex((s) => sameUrl(s.url, url));
        if (source >= 0 && !marks.some((m) => m.start === at && m.source === source))
          marks.push({ start: at, end: at, source, passageStart });
      }
    }
    return marks;
  }

  /**
   * Rules 2 and 4, then the pruning of uncited search results. A source the answer links to itself is
   * marked where the link stands, in place of where it arrived; numbered markers count only when no
   * source arrived inside the text (a vendor that numbers its citations hands them over up front).
   */
  private placeOwnMarkers() {
    if (this.sources.length === 0) return;
    const { links, numbered } = this.ownMarkers();
    const linked = new Set(links.map((m) => m.source));
    // A source announced right after the answer's own '[n]' for it (Perplexity's Agent API) is that marker.
    const placed = this.marks.map(
      (m) =>
        numbered.find(
          (own) =>
            own.source === m.source &&
            m.start === m.end &&
            own.end <= m.start &&
            !this.text.slice(own.end, m.start).trim(),
        ) ?? m,
    );
    let marks = [...placed.filter((m) => !linked.has(m.source)), ...links];
    if (this.marks.length === 0) marks = [...marks, ...numbered];
    const cited = new Set(marks.map((m) => m.source));
    if (this.marks.length > 0 && [...this.unplaced].some((index) => !cited.has(index))) {
      const kept = this.sources.flatMap((source, index) =>
        this.unplaced.has(index) && !cited.has(index) ? [] : [index],
      );
      const renumber = new Map(kept.map((old, index) => [old, index]));
      this.sources.splice(0, this.sources.length, ...kept.map((index) => this.sources[index]!));
      marks = marks.map((m) => ({ ...m, source: renumber.get(m.source)! }));
    }
    this.marks = marks;
  }

  /**
   * The markers the vendor wrote into the answer, outside code: '[1]', '[2][3]' and '[1, 2]', number n
   * naming the n-th source (Perplexity), and Markdown links to one of the sources (xAI writes
   * '[[1]](url)', OpenAI's models '([site](url))').
   */
  private ownMarkers(): { links: CitationMark[]; numbered: CitationMark[] } {
    const marks: CitationMark[] = [];
    const numbered: CitationMark[] = [];
    const code = codeRanges(this.text);
    const outsideCode = (start: number) => !code.some(([from, to]) => start >= from && start < to);
    const links: [number, number][] = [];
    for (const match of this.text.matchAll(/\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\((\S+?)\)/g)) {
      const source = this.sources.findIndex((s) => sameUrl(s.url, match[2]!));
      if (source < 0 || !outsideCode(match.index)) continue;
      links.push([match.index, match.index + match[0].length]);
      marks.push({ start: match.index, end: match.index + match[0].length, source });
    }
    for (const match of this.text.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/g)) {
      const start = match.index;
      if (!outsideCode(start) || links.some(([from, to]) => start >= from && start < to)) continue;
      const numbers = match[1]!.split(',').map((n) => Number(n.trim()));
      if (numbers.some((n) => n < 1 || n > this.sources.length)) continue;
      for (const n of numbers) numbered.push({ start, end: start + match[0].length, source: n - 1 });
    }
    return { links: marks, numbered };
  }
}

interface Grounding {
  supports: {
    /** UTF-8 byte offsets, end exclusive, of the supported words in the answer. */
    startIndex: number;
    endIndex: number;
    /** Places in Gemini's list of grounding chunks. */
    chunks: number[];
  }[];
  /** Each grounding chunk's web address, by its place in Gemini's list (undefined for non-web chunks). */
  chunkUrls: (string | undefined)[];
}

/** Gemini's grounding from the step's provider metadata (@ai-sdk/google puts it there). */
function groundingSupportsOf(metadata: unknown): Grounding | undefined {
  const grounding = (metadata as { google?: { groundingMetadata?: unknown } } | undefined)?.google
    ?.groundingMetadata as { groundingSupports?: unknown; groundingChunks?: unknown } | null | undefined;
  const supports = grounding?.groundingSupports;
  if (!Array.isArray(supports)) return undefined;
  const chunks = Array.isArray(grounding?.groundingChunks) ? grounding.groundingChunks : [];
  return {
    chunkUrls: chunks.map((chunk: { web?: { uri?: unknown } }) =>
      typeof chunk?.web?.uri === 'string' ? chunk.web.uri : undefined,
    ),
    supports: supports.flatMap(
      (support: { segment?: { startIndex?: unknown; endIndex?: unknown }; groundingChunkIndices?: unknown }) => {
        const end = support?.segment?.endIndex;
        // Gemini leaves a zero start out, as protobuf JSON does.
        const start = support?.segment?.startIndex ?? 0;
        const indices = support?.groundingChunkIndices;
        if (typeof end !== 'number' || typeof start !== 'number' || !Array.isArray(indices)) return [];
        return [
          {
            startIndex: start,
            endIndex: end,
            chunks: indices.filter((i): i is number => Number.isInteger(i) && i >= 0),
          },
        ];
      },
    ),
  };
}

/** Maps a UTF-8 byte offset into `text` to its UTF-16 offset (undefined past the end). */
function utf8ToUtf16Offsets(text: string): (byteOffset: number) => number | undefined {
  return (byteOffset) => {
    let bytes = 0;
    for (let index = 0; index < text.length;) {
      if (bytes >= byteOffset) return index;
      const point = text.codePointAt(index)!;
      bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
      index += point >= 0x10000 ? 2 : 1;
    }
    return bytes >= byteOffset ? text.length : undefined;
  };
}

/** Two URLs name the same page, trailing slash and #fragment aside. */
function sameUrl(a: string, b: string): boolean {
  const plain = (url: string) => url.replace(/#.*$/, '').replace(/\/$/, '');
  return plain(a) === plain(b);
}

/** Fenced blocks and inline code spans, as [start, end) offsets. */
function codeRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(/```[\s\S]*?(?:```|$)|`[^`\n]*`/g))
    ranges.push([match.index, match.index + match[0].length]);
  return ranges;
}
