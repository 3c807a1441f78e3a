import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { SHARE_PREVIEW_SIZE } from '../../common/share-schemas';

// The link-preview card of a shared report (Open Graph and Twitter's summary_large_image): satori lays
// the card out as SVG with the text drawn as paths, resvg rasterises it. Nothing here touches the network.

export interface PreviewContent {
  question: string;
  /** Display names, e.g. 'ChatGPT'. */
  models: string[];
  disagreements: number;
  settled: number;
}

const colours = {
  background: '#f8fafc',
  text: '#0f172a',
  muted: '#5a687d',
  accent: '#4f46e5',
  onAccent: '#ffffff',
  pill: '#eef2ff',
  onPill: '#3730a3',
  disagreement: '#d97706',
  agreement: '#16a34a',
};

const PADDING_X = 72;
const CONTENT_WIDTH = SHARE_PREVIEW_SIZE.width - 2 * PADDING_X;
const QUESTION_LINE_HEIGHT = 1.18;
/** Largest type first; the question gets the first size at which it fits whole, else the last, clamped. */
const QUESTION_SIZES = [
  { fontSize: 72, maxLines: 2 },
  { fontSize: 60, maxLines: 3 },
  { fontSize: 50, maxLines: 4 },
] as const;
const PILL_FONT_SIZE = 28;
const PILL_PADDING_X = 20;
const PILL_GAP = 12;
const LONGEST_MODEL_NAME = 24;
const ELLIPSIS = '…';
/** Enough to fill the card several times over; cleaning more would only cost time. */
const QUESTION_CHARACTERS_READ = 2000;
const UNREADABLE_QUESTION = 'Open the link to read the question';

// ---------------------------------------------------------------------------------------------------
// Fonts: read once per process. Satori takes WOFF but not WOFF2.

interface CardFonts {
  fonts: Font[];
  /** Code points both weights draw; anything else would come out as a "NO GLYPH" box. */
  covered: Set<number>;
}

let cardFonts: Promise<CardFonts> | undefined;

function loadCardFonts(): Promise<CardFonts> {
  cardFonts ??= readCardFonts().catch((error: unknown) => {
    // A failed read (a deploy missing node_modules files) should not stick once it is fixed.
    cardFonts = undefined;
    throw error;
  });
  return cardFonts;
}

async function readCardFonts(): Promise<CardFonts> {
  const require = createRequire(import.meta.url);
  const weights = [400, 700] as const;
  const files = await Promise.all(
    weights.map((weight) => readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`))),
  );
  const [regular, bold] = files.map(codePointsOfWoff);
  return {
    fonts: files.map((data, i) => ({ name: 'Inter', data, weight: weights[i]!, style: 'normal' })),
    covered: new Set([...regular!].filter((codePoint) => bold!.has(codePoint))),
  };
}

/**
 * The code points a WOFF 1 font maps to a glyph, from its cmap table. Fontsource's unicode-range for the
 * Latin subset promises more than the file holds (all of U+2000-206F, U+FFFD), so ask the font itself.
 */
function codePointsOfWoff(woff: Buffer): Set<number> {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF 1 font');
  const tableCount = woff.readUInt16BE(12);
  let cmap: Buffer | undefined;
  for (let i = 0; i < tableCount; i++) {
    const entry = 44 + i * 20;
    if (woff.toString('latin1', entry, entry + 4) !== 'cmap') continue;
    const offset = woff.readUInt32BE(entry + 4);
    const storedLength = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + storedLength);
    cmap = storedLength < length ? inflateSync(stored) : stored;
  }
  if (!cmap) throw new Error('The font has no cmap table');

  // Format 4 maps the Basic Multilingual Plane, which holds all of a Latin subset; fonts carry it for Windows.
  const covered = new Set<number>();
  const subtableCount = cmap.readUInt16BE(2);
  for (let i = 0; i < subtableCount; i++) {
    const subtable = cmap.readUInt32BE(4 + i * 8 + 4);
    if (cmap.readUInt16BE(subtable) === 4) addSegmentMapping(cmap, subtable, covered);
  }
  if (covered.size === 0) throw new Error('The font maps no characters in a format this reads');
  return covered;
}

function addSegmentMapping(cmap: Buffer, at: number, covered: Set<number>) {
  const segmentCount = cmap.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + 2 * segmentCount + 2;
  const deltas = starts + 2 * segmentCount;
  const rangeOffsets = deltas + 2 * segmentCount;
  for (let s = 0; s < segmentCount; s++) {
    const start = cmap.readUInt16BE(starts + 2 * s);
    const end = cmap.readUInt16BE(ends + 2 * s);
    const delta = cmap.readInt16BE(deltas + 2 * s);
    const rangeOffsetAt = rangeOffsets + 2 * s;
    const rangeOffset = cmap.readUInt16BE(rangeOffsetAt);
    for (let codePoint = start; codePoint <= end && codePoint !== 0xffff; codePoint++) {
      const indexed =
        rangeOffset === 0 ? codePoint : cmap.readUInt16BE(rangeOffsetAt + rangeOffset + 2 * (codePoint - start));
      // Glyph 0 is .notdef: mapped, but drawn as the missing-glyph box.
      const glyph = rangeOffset !== 0 && indexed === 0 ? 0 : (indexed + delta) & 0xffff;
      if (glyph !== 0) covered.add(codePoint);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Text the font can draw. Emoji go (they decorate); accents it lacks fall back to their letter (ő -> o,
// 𝐀 -> A); a run in a script it lacks (CJK, Cyrillic, Arabic...) becomes one ellipsis. Control and
// formatting characters (bidi overrides, zero-width joiners, soft hyphens) go; any whitespace is a space.

/** Latin letters whose stroke is not a combining mark, so NFKD leaves them whole. */
const STROKED_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't' };

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const FOREIGN = null;

function drawableText(text: string, covered: Set<number>): string {
  let drawable = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    const drawn = drawableGrapheme(segment, covered);
    drawable += drawn === FOREIGN ? ELLIPSIS : drawn;
  }
  return drawable
    .replace(/\s+/gu, ' ')
    .replace(/…(?:\s*…)+/gu, ELLIPSIS)
    .trim();
}

function drawableGrapheme(grapheme: string, covered: Set<number>): string | typeof FOREIGN {
  if (/^\s+$/u.test(grapheme)) return ' ';
  let drawn = '';
  for (const character of grapheme) {
    const codePoint = character.codePointAt(0)!;
    if (covered.has(codePoint) && !/\p{Cc}|\p{Cf}/u.test(character)) {
      drawn += character;
      continue;
    }
    if (/\p{Extended_Pictographic}|\p{Emoji_Component}/u.test(character)) return '';
    if (/\p{C}/u.test(character)) continue;
    const base = (STROKED_LETTERS[character] ?? character.normalize('NFKD')).replace(/\p{M}/gu, '');
    if ([...base].every((c) => covered.has(c.codePointAt(0)!) && !/\p{C}/u.test(c))) drawn += base;
    else return FOREIGN;
  }
  return drawn;
}

const readableCharacters = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;

/** The question as the card can draw it, or a plain line when too little of it survives to make sense. */
function questionForCard(question: string, covered: Set<number>): string {
  const read = question.slice(0, QUESTION_CHARACTERS_READ);
  let drawable = drawableText(read, covered);
  if (read.length < question.length && drawable) drawable += ELLIPSIS;
  const kept = readableCharacters(drawable);
  if (kept === 0 || kept < readableCharacters(read) / 2) return UNREADABLE_QUESTION;
  return drawable;
}

// ---------------------------------------------------------------------------------------------------
// Fitting text without measuring it: each character counts as at least its width in Inter Bold (in em),
// so the lines counted here are never fewer than satori's. The question box also clips, in case.

function characterWidthEm(character: string): number {
  if (character === ' ') return 0.26;
  if ("iljIftr!|.,:;'()[]{}/\\-`".includes(character)) return 0.48;
  if ('mwMW%@ÆŒæœ…—©¼½¾↑↓'.includes(character)) return 1.06;
  if (/[\p{Lu}\p{N}#$&+<=>~?*^_€™¤«»¬®±×÷ß−]/u.test(character)) return 0.78;
  // Inter gives the few combining marks it has an advance of their own.
  if (/\p{M}/u.test(character)) return 0.3;
  return 0.65;
}

const widthEm = (text: string) => [...text].reduce((sum, character) => sum + characterWidthEm(character), 0);

/**
 * Lines the text takes at `lineWidthEm`, wrapped at spaces, a word longer than a line starting a line of
 * its own and breaking across the next ones. Stops counting past `limit`.
 */
function linesNeeded(text: string, lineWidthEm: number, limit: number): number {
  let lines = 1;
  let used = 0;
  for (const word of text.split(' ')) {
    const wordWidth = widthEm(word);
    const withSpace = used === 0 ? wordWidth : used + characterWidthEm(' ') + wordWidth;
    if (withSpace <= lineWidthEm) {
      used = withSpace;
      continue;
    }
    if (used > 0) lines++;
    used = 0;
    for (const character of word) {
      const width = characterWidthEm(character);
      if (used + width > lineWidthEm && used > 0) {
        lines++;
        used = 0;
      }
      used += width;
    }
    if (lines > limit) return lines;
  }
  return lines;
}

/** The text cut, on a word boundary where it has one, so that it and an ellipsis fit in `maxLines`. */
function clampToLines(text: string, lineWidthEm: number, maxLines: number): string {
  if (linesNeeded(text, lineWidthEm, maxLines) <= maxLines) return text;
  let kept = [...text].slice(0, Math.ceil((maxLines * lineWidthEm) / characterWidthEm(' '))).join('');
  while (kept && linesNeeded(kept + ELLIPSIS, lineWidthEm, maxLines) > maxLines) {
    const lastSpace = kept.lastIndexOf(' ');
    const lastWordBreaks = widthEm(kept.slice(lastSpace + 1)) > lineWidthEm;
    kept = lastSpace > 0 && !lastWordBreaks ? kept.slice(0, lastSpace) : [...kept].slice(0, -1).join('');
  }
  return kept.replace(/[\s\p{P}]+$/u, '') + ELLIPSIS;
}

function fitQuestion(question: string) {
  for (const size of QUESTION_SIZES) {
    const lineWidthEm = CONTENT_WIDTH / size.fontSize;
    if (linesNeeded(question, lineWidthEm, size.maxLines) <= size.maxLines) return { ...size, text: question };
  }
  const smallest = QUESTION_SIZES[QUESTION_SIZES.length - 1]!;
  return { ...smallest, text: clampToLines(question, CONTENT_WIDTH / smallest.fontSize, smallest.maxLines) };
}

/** The pills that fit on one line, the rest counted in a last "+N". */
function modelPills(models: string[], covered: Set<number>): string[] {
  const names = models
    .map((model) => drawableText(model, covered))
    .filter(Boolean)
    .map((name) =>
      [...name].length > LONGEST_MODEL_NAME ? [...name].slice(0, LONGEST_MODEL_NAME - 1).join('') + ELLIPSIS : name,
    );
  const pillWidth = (name: string) => widthEm(name) * PILL_FONT_SIZE + 2 * PILL_PADDING_X + PILL_GAP;
  const shown: string[] = [];
  let used = 0;
  for (const [i, name] of names.entries()) {
    const remaining = names.length - i - 1;
    const moreWidth = remaining > 0 ? pillWidth(`+${remaining}`) : 0;
    if (used + pillWidth(name) + moreWidth > CONTENT_WIDTH) return [...shown, `+${names.length - i}`];
    shown.push(name);
    used += pillWidth(name);
  }
  return shown;
}

const asCount = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

function statusLine(disagreements: number, settled: number): string {
  const found = asCount(disagreements);
  const rechecked = asCount(settled);
  const disagreementText =
    found === 0 ? 'No factual disagreements' : `${found} ${found === 1 ? 'disagreement' : 'disagreements'}`;
  return rechecked > 0 ? `${disagreementText} · ${rechecked} settled on re-check` : disagreementText;
}

// ---------------------------------------------------------------------------------------------------
// The card. Satori reads React-shaped elements; plain objects with a null key are that.

type Style = Record<string, string | number>;
interface CardElement {
  type: string;
  key: null;
  props: { style: Style; children?: CardChild | CardChild[] };
}
type CardChild = CardElement | string;

const box = (style: Style, children?: CardChild | CardChild[]): CardElement => ({
  type: 'div',
  key: null,
  props: { style: { display: 'flex', ...style }, children },
});

function card(content: PreviewContent, covered: Set<number>): CardElement {
  const question = fitQuestion(questionForCard(content.question, covered));
  const disagreed = asCount(content.disagreements) > 0;

  const header = box({ alignItems: 'center', justifyContent: 'space-between' }, [
    box({ alignItems: 'center', gap: 16 }, [
      box(
        {
          width: 48,
          height: 48,
          borderRadius: 12,
          backgroundColor: colours.accent,
          color: colours.onAccent,
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 30,
          fontWeight: 700,
        },
        'P',
      ),
      box({ fontSize: 38, fontWeight: 700, letterSpacing: -0.5 }, 'Parallax'),
    ]),
    box({ fontSize: 30, color: colours.muted }, 'AI answers compared'),
  ]);

  const questionBlock = box({ flexGrow: 1, alignItems: 'center', margin: '28px 0' }, [
    box(
      {
        width: '100%',
        fontSize: question.fontSize,
        fontWeight: 700,
        lineHeight: QUESTION_LINE_HEIGHT,
        maxHeight: Math.ceil(question.fontSize * QUESTION_LINE_HEIGHT * question.maxLines),
        overflow: 'hidden',
        wordBreak: 'break-word',
      },
      question.text,
    ),
  ]);

  const pills = box(
    { gap: PILL_GAP },
    modelPills(content.models, covered).map((name) =>
      box(
        {
          padding: `8px ${PILL_PADDING_X}px`,
          borderRadius: 999,
          backgroundColor: colours.pill,
          color: colours.onPill,
          fontSize: PILL_FONT_SIZE,
          fontWeight: 700,
        },
        name,
      ),
    ),
  );

  const status = box({ alignItems: 'center', gap: 14, marginTop: 22, fontSize: 32 }, [
    box({
      width: 16,
      height: 16,
      borderRadius: 8,
      backgroundColor: disagreed ? colours.disagreement : colours.agreement,
    }),
    statusLine(content.disagreements, content.settled),
  ]);

  // Satori adds padding to a box's set size (content-box), which pushed the card past its edges: the
  // padding goes on a child of the sized root.
  return box(
    {
      width: SHARE_PREVIEW_SIZE.width,
      height: SHARE_PREVIEW_SIZE.height,
      flexDirection: 'column',
      backgroundColor: colours.background,
      color: colours.text,
      fontFamily: 'Inter',
    },
    [
      box({ height: 12, flexShrink: 0, backgroundColor: colours.accent }),
      box({ flexGrow: 1, flexDirection: 'column', padding: `40px ${PADDING_X}px 52px` }, [
        header,
        questionBlock,
        box({ flexDirection: 'column' }, [pills, status]),
      ]),
    ],
  );
}

/**
 * The card as a PNG of SHARE_PREVIEW_SIZE. Text the bundled Inter cannot draw is left out or replaced,
 * never drawn as a box. The same content always gives the same bytes.
 */
export async function renderPreviewImage(content: PreviewContent): Promise<Buffer> {
  const { fonts, covered } = await loadCardFonts();
  const svg = await satori(card(content, covered), { ...SHARE_PREVIEW_SIZE, fonts });
  // On libuv's thread pool, so a render does not hold up the requests around it.
  const image = await renderAsync(svg, { font: { loadSystemFonts: false } });
  return image.asPng();
}
