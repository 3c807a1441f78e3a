// Word-level helpers of the local analyser (docs/architecture.md, "The local analyser"): tokens, stop words,
// light stemming. Stemming and the synonym table exist so that two answers saying the same thing in different words
// still align; they are deliberately small, because over-merging words aligns unrelated claims.

export type TokenKind = 'word' | 'number' | 'symbol';

export interface Token {
  text: string;
  lower: string;
  kind: TokenKind;
  /** True when whitespace separates this token from the previous one. */
  spaceBefore: boolean;
  /** Letters glued to a number: '1st', '1980s', '5km', '2.5M'. */
  suffix: string;
  /** Where the token starts in the text it was read from. */
  offset: number;
  /** For numbers written in a form `Number()` cannot read: scientific notation, '545.000'. */
  value?: number;
}

// Thousands separated by commas or (narrow) spaces are one number; the space form must be followed by a
// non-digit so that '2019 500' stays two numbers.
// Scientific notation ('6.022e23', '6.022 × 10^23', '6.022 x 10²³') and European thousands ('1.234.567',
// '545.000': a point followed by exactly three zeros is not a decimal anyone writes) are read first.
// A bare power of ten ('10^18', '10²³') is scientific notation with a mantissa of one.
const SCIENTIFIC = String.raw`10(?:\s?(?:\^|\*\*)\s?[-−+]?\d+|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)|\d+(?:\.\d+)?(?:[eE][+-]?\d+(?![\d.])|\s?[×x*]\s?10\s?(?:\^|\*\*)\s?[-−+]?\d+|\s?[×x]\s?10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)`;
const EUROPEAN = String.raw`\d{1,3}(?:\.\d{3}){2,}(?![\d,.])|\d{1,3}\.000(?![\d,.])`;
const TOKEN_RE = new RegExp(
  String.raw`(${SCIENTIFIC})|(${EUROPEAN})|(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?: \d{3})+(?![\d,]|\.\d)|\d+(?:\.\d+)?)([A-Za-z]+)?|([A-Za-zÀ-ÖØ-öø-ÿ]+(?:'[A-Za-zÀ-ÖØ-öø-ÿ]+)*)|(\S)`,
  'g',
);

const SUPERSCRIPTS: Record<string, string> = {
  '⁻': '-',
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

/** Mantissa and exponent of a scientific-notation token's text. */
export function scientificParts(text: string): { mantissa: string; exponent: number } | null {
  const plain = text.replace(/[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]/g, (c) => SUPERSCRIPTS[c] ?? c).replace('−', '-');
  const power = /^10\s?(?:\^|\*\*)?\s?([-+]?\d+)$/.exec(plain);
  if (power) return { mantissa: '1', exponent: Number(power[1]) };
  const match = /^(\d+(?:\.\d+)?)(?:[eE]([+-]?\d+)|\s?[×x*]\s?10\s?(?:\^|\*\*)?\s?([-+]?\d+))$/.exec(plain);
  if (!match) return null;
  return { mantissa: match[1] as string, exponent: Number(match[2] ?? match[3]) };
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN_RE)) {
    const start = match.index;
    const spaceBefore = start > last || tokens.length === 0;
    last = start + match[0].length;
    const offset = start;
    if (match[1] !== undefined) {
      const parts = scientificParts(match[1]);
      const value = parts ? Number(parts.mantissa) * 10 ** parts.exponent : Number(match[1]);
      tokens.push({ text: match[1], lower: match[1], kind: 'number', spaceBefore, suffix: '', offset, value });
    } else if (match[2] !== undefined) {
      const value = Number(match[2].replace(/\./g, ''));
      tokens.push({ text: match[2], lower: match[2], kind: 'number', spaceBefore, suffix: '', offset, value });
    } else if (match[3] !== undefined) {
      const core = match[3];
      tokens.push({ text: core, lower: core, kind: 'number', spaceBefore, suffix: match[4] ?? '', offset });
    } else if (match[5] !== undefined) {
      tokens.push({ text: match[5], lower: match[5].toLowerCase(), kind: 'word', spaceBefore, suffix: '', offset });
    } else {
      // The minus sign reads as a hyphen-minus; claims keep the character the answer wrote.
      const symbol = match[0] === '\u2212' ? '-' : match[0];
      tokens.push({ text: symbol, lower: symbol, kind: 'symbol', spaceBefore, suffix: '', offset });
    }
  }
  return tokens;
}

/** Numeric value of a number token ('8,849' -> 8849, '8 849' -> 8849). */
export function numberOf(token: Token): number {
  return token.value ?? Number(token.text.replace(/[, ]/g, ''));
}

const STOP_WORD_LIST = `a about above according across actually after again against ago all almost along already also
although always am among an and another any anyone anything approximately are aren't around as at be became because
become been before being below between both but by can can't could couldn't did didn't do does doesn't doing don't
done during each either else especially even ever every exactly fairly few for from further generally get gets got
had hadn't has hasn't have haven't having he her here hers him his how however i if in including indeed into is isn't
it it's its itself just known largely least less let like likely little made mainly many may maybe me might more
most mostly much must my nearly neither no nor not nothing now of off often on once one only onto or other others
otherwise our ours out over overall own particularly per perhaps quite rather really regarded roughly said same
say says several she should shouldn't since so some something sometimes still such than that that's the their theirs
them then there there's these they this those though through thus to too toward towards typically under unlike
until up upon us usually various very via was wasn't we well were weren't what when where whereas whether which while
who whom whose why will with within without would wouldn't yes yet you your commonly widely considered
approx circa estimated estimate total totally simply basically essentially certainly definitely probably
possibly arguably notably importantly additionally furthermore moreover meanwhile therefore hence instead
sure great good answer question short note true correct key fact facts detail details overview summary despite today later
earlier eventually finally initially currently originally recently previously here`;

export const STOP_WORDS: ReadonlySet<string> = new Set(STOP_WORD_LIST.split(/\s+/));

/** Words that negate the claim they stand in (the polarity of docs/architecture.md, "The local analyser", step 2). */
export const NEGATORS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'none',
  'nobody',
  'nothing',
  'neither',
  'nor',
  'cannot',
  'false',
  'untrue',
  'incorrect',
  'myth',
  'misconception',
]);

// 'not only X but Y' and 'not always' hedge rather than deny; counting them would flip the polarity of
// claims whose answers agree.
export const NON_NEGATING_FOLLOWERS: ReadonlySet<string> = new Set([
  'only',
  'just',
  'always',
  'necessarily',
  'all',
  'every',
  'entirely',
  'exactly',
  'quite',
  'merely',
  'matter',
  'less',
  'more',
]);

export function isNegator(lower: string): boolean {
  return NEGATORS.has(lower) || lower.endsWith("n't");
}

const IRREGULAR: ReadonlyMap<string, string> = new Map(
  Object.entries({
    fell: 'fall',
    fallen: 'fall',
    built: 'build',
    wrote: 'write',
    written: 'write',
    began: 'begin',
    begun: 'begin',
    won: 'win',
    rose: 'rise',
    risen: 'rise',
    grew: 'grow',
    grown: 'grow',
    found: 'find',
    took: 'take',
    taken: 'take',
    gave: 'give',
    given: 'give',
    became: 'become',
    came: 'come',
    knew: 'know',
    led: 'lead',
    held: 'hold',
    sank: 'sink',
    sunk: 'sink',
    stood: 'stand',
    left: 'leave',
    lost: 'lose',
    spoke: 'speak',
    spoken: 'speak',
    chose: 'choose',
    chosen: 'choose',
    drew: 'draw',
    drawn: 'draw',
    flew: 'fly',
    flown: 'fly',
    froze: 'freeze',
    frozen: 'freeze',
    thought: 'think',
    brought: 'bring',
    taught: 'teach',
    sold: 'sell',
    told: 'tell',
    paid: 'pay',
    met: 'meet',
    seen: 'see',
    saw: 'see',
    went: 'go',
    gone: 'go',
    died: 'die',
    dies: 'die',
    dying: 'die',
    children: 'child',
    men: 'man',
    women: 'woman',
    feet: 'foot',
    teeth: 'tooth',
    mice: 'mouse',
    geese: 'goose',
    lay: 'lie',
    lain: 'lie',
    ran: 'run',
    struck: 'strike',
    shot: 'shoot',
    fought: 'fight',
    caught: 'catch',
    bought: 'buy',
    meant: 'mean',
    sent: 'send',
    spent: 'spend',
    kept: 'keep',
    slept: 'sleep',
    felt: 'feel',
    dealt: 'deal',
    split: 'split',
    heard: 'hear',
  }),
);

// Words the answers use interchangeably for one fact, first word canonical. Kept to predicates facts are
// commonly stated with, so that 'tall' and 'height' align but unrelated claims do not.
const SYNONYM_GROUPS: string[][] = [
  ['height', 'tall', 'high', 'elevation', 'altitude'],
  ['build', 'construct', 'construction', 'erect', 'complete'],
  ['fall', 'collapse', 'topple'],
  ['climb', 'summit', 'ascend', 'ascent'],
  ['die', 'death', 'dead', 'kill', 'fatality'],
  ['born', 'birth'],
  ['found', 'establish'],
  ['large', 'big'],
  ['begin', 'start', 'commence'],
  ['end', 'finish', 'conclude'],
  ['write', 'author'],
  ['people', 'inhabitant', 'resident', 'population'],
  ['long', 'length'],
  ['wide', 'width'],
  ['deep', 'depth'],
  ['weigh', 'weight'],
  ['speed', 'velocity', 'fast'],
  ['country', 'nation'],
  ['locate', 'situate'],
  ['discover', 'discovery'],
  ['invent', 'invention'],
  ['make', 'create', 'produce'],
  ['consist', 'comprise', 'contain', 'include'],
  ['mountain', 'mount', 'peak'],
  ['city', 'town', 'metropolis'],
  ['world', 'earth', 'globe', 'planet'],
];

// Superlatives whose base is a common adjective; '-est' is stripped only from these ('tallest' -> 'tall')
// because most other words ending in -est ('forest', 'interest', 'Everest') are not superlatives.
const SUPERLATIVE_BASES = new Set(
  'high tall larg big long deep old small short great low fast hot cold wid heavi young earli lat strong clos bright near rich poor dens hard soft light dark'.split(
    ' ',
  ),
);

function undouble(word: string): string {
  return /([b-df-hj-km-np-rtv-y])\1$/.test(word) ? word.slice(0, -1) : word;
}

const hasVowel = (word: string) => /[aeiouy]/.test(word);

function baseStem(word: string): string {
  let w = word.toLowerCase().replace(/'s?$/, '');
  const irregular = IRREGULAR.get(w);
  // Irregular forms map to a base word, which is then stemmed like any other ('struck' -> 'strike' -> 'strik').
  if (irregular) return irregular.length > 4 && irregular.endsWith('e') ? irregular.slice(0, -1) : irregular;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|z|ch|sh|o)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is|ous)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing') && hasVowel(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed') && hasVowel(w.slice(0, -2)))
    w = undouble(w.slice(0, -2));
  else if (w.length > 6 && w.endsWith('ally')) w = w.slice(0, -2);
  else if (w.length > 5 && w.endsWith('ly')) w = w.slice(0, -2);
  else if (w.length > 5 && w.endsWith('est') && SUPERLATIVE_BASES.has(undouble(w.slice(0, -3))))
    w = undouble(w.slice(0, -3));
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

const SYNONYMS: ReadonlyMap<string, string> = new Map(
  SYNONYM_GROUPS.flatMap((group) => group.map((word) => [baseStem(word), baseStem(group[0] as string)] as const)),
);

// Answers repeat their words; stemming each distinct word once keeps claim building cheap. The cache is
// bounded so that a long-running server does not grow it without limit.
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

/** Light stemming (plurals, -ing, -ed, -ly, superlatives, a final e), then the synonym table. */
export function stem(word: string): string {
  let result = stemCache.get(word);
  if (result === undefined) {
    const base = baseStem(word);
    result = SYNONYMS.get(base) ?? base;
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, result);
  }
  return result;
}

/** A word that carries content: not a stop word, longer than two letters. */
export function isContentWord(lower: string): boolean {
  return lower.length > 2 && !STOP_WORDS.has(lower) && !isNegator(lower) && /[a-z]/.test(lower);
}
