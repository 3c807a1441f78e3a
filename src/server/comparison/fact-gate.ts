// The precision gate (issue 33, item 1; docs/architecture.md, "The local analyser", step 4): every
// finding the readers propose passes here before it is reported as a disagreement or an agreement. A value
// is compared only when it is a fact the answer states: not a figure the question itself gives, not an
// operand of a calculation, not the model's own knowledge cut-off, and not one of several values of one
// sort in its sentence (then which fact it belongs to is a guess). Two values are one fact only when they
// are said of the same thing over the same period. What fails is neither agreed nor contradicted.

import type { Claim, ClaimValue } from './claims';
import { countryOf } from './place-names';
import type { ValueData } from './value-types';
import { relate } from './value-compare';
import { isNegator, tokenise, type Token } from './words';
import { NUMBER_WORDS } from './units';

/** Symbols that make a figure next to them an operand of a calculation, not a stated fact. */
const OPERATORS = new Set(['×', '*', '/', '+', '÷', '^', '−', '=', '≈']);
const CUT_OFF =
  /\b(as of (?:my|the) (?:last|latest|knowledge)|as of (?:my )?(?:last )?(?:update|training|cut-?off)|(?:last|latest) (?:knowledge )?update|knowledge cut-?off|training (?:data|cut-?off)|as of (?:january|february|march|april|may|june|july|august|september|october|november|december)? ?\d{4},)/i;

/** How many tokens after the start of a cut-off phrase its date may stand ('as of my last knowledge update in October 2023'). */
const CUT_OFF_REACH = 10;

const cutOffStarts = new WeakMap<Claim, number>();
/** The token where a claim's cut-off phrase starts, or -1. */
function cutOffAt(claim: Claim): number {
  let at = cutOffStarts.get(claim);
  if (at === undefined) {
    const match = CUT_OFF.exec(claim.text);
    at = match ? tokenise(claim.text.slice(0, match.index)).length : -1;
    cutOffStarts.set(claim, at);
  }
  return at;
}

const SUPPOSED =
  /^\W*(?:if|suppose|supposing|assume|assuming|imagine|let's say|let us say|say|for example|for instance|e\.g\.)\b|\b(?:if we assume|let's assume|let us assume|assuming|suppose that|we assume|for example|for instance|e\.g\.|hypothetically)\b/i;

const OPENING_SUPPOSITION = /^\W*(?:if|suppose|supposing|assume|assuming|imagine|let's say|let us say|say)\b/i;
const MIDDLE_SUPPOSITION =
  /\b(?:if|if we assume|let's assume|let us assume|assuming|suppose that|we assume|for example|for instance|e\.g\.|hypothetically)\b/i;

const PERIODS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(per|a|an|each|every) (second|sec)\b/i, 'second'],
  [/\b(per|a|an|each|every) minute\b/i, 'minute'],
  [/\b(per|a|an|each|every) hour\b/i, 'hour'],
  [/\b(per|a|each|every) day\b|\bdaily\b/i, 'day'],
  [/\b(per|a|each|every) week\b|\bweekly\b/i, 'week'],
  [/\b(per|a|each|every) month\b|\bmonthly\b/i, 'month'],
  [/\b(per|a|each|every) year\b|\b(annually|yearly)\b/i, 'year'],
  [/\b(in a|in one|over a|per|each|every) (lifetime|life)\b/i, 'lifetime'],
];

const operatorCounts = new WeakMap<Claim, number>();
/** How many arithmetic operators a claim holds, counted once per claim. */
function operatorCount(claim: Claim): number {
  let count = operatorCounts.get(claim);
  if (count === undefined) {
    count = claim.tokens.filter((_, i) => isOperator(claim.tokens, i)).length;
    operatorCounts.set(claim, count);
  }
  return count;
}

const periods = new WeakMap<Claim, string | null>();
function periodOfClaim(claim: Claim): string | null {
  let period = periods.get(claim);
  if (period === undefined) {
    period = periodOf(claim.text);
    periods.set(claim, period);
  }
  return period;
}

/**
 * The period a claim's figures are counted over ('per day', 'every minute'), when it names one in words;
 * a unit such as km/h is a speed, not a period.
 */
function periodOf(text: string): string | null {
  for (const [pattern, period] of PERIODS) if (pattern.test(text)) return period;
  return null;
}

/** The figures a text writes, as written numbers without separators ('1,480' -> '1480'). */
function writtenNumbers(text: string): Set<string> {
  return new Set(
    [...text.replace(/(?<=\d)[,\u00a0\u202f](?=\d{3}(?!\d))/g, '').matchAll(/\d+(?:\.\d+)?/g)].map((m) =>
      m[0].replace(/^0+(?=\d)/, ''),
    ),
  );
}

const CONTINENTS = new Set([
  'europe',
  'asia',
  'africa',
  'antarctica',
  'australia',
  'oceania',
  'north america',
  'south america',
  'latin america',
  'middle east',
]);
/** Sub-national regions the country table does not know, by their shape ('Western Australia', 'New South Wales'). */
const STATE_LIKE =
  /^(?:Western|Eastern|Northern|Southern|New|South|North|East|West)\s[A-Z]|^(?:Queensland|Victoria|Tasmania|California|Texas|Florida|Ontario|Quebec|Bavaria|Scotland|Wales|England)$/;

/** The region or country a name stands for, when it is one. */
function placeOf(display: string): string | null {
  const name = display.toLowerCase().replace(/^the /, '').replace(/'s$/, '');
  if (CONTINENTS.has(name)) return name;
  return countryOf(name) ?? (STATE_LIKE.test(display) ? name : null);
}

/** What sort of value it is, for telling whether a sentence states one value of its sort or several. */
function sortOf(data: ValueData): string {
  if (data.kind === 'quantity') return data.dim === 'count' ? `count:${data.role.join(' ')}` : `q:${data.dim}`;
  if (data.kind === 'date') return data.year !== undefined ? 'year' : 'day';
  return data.kind;
}

/** The longest aside in brackets after a figure that still belongs to it. */
const ASIDE_TOKENS = 8;

/** This many operators make a sentence a calculation. */
const CALCULATION_OPERATORS = 3;

const isFigure = (token: Token | undefined) =>
  token !== undefined && (token.kind === 'number' || token.text === '(' || token.text === ')');

/** An arithmetic operator: a symbol, or a spaced hyphen or an 'x' between figures ('3100 - 1800', '7.9 x 2,000'). */
function isOperator(tokens: Token[], i: number): boolean {
  const token = tokens[i];
  if (!token) return false;
  if (token.kind === 'symbol' && OPERATORS.has(token.text)) return true;
  const between = isFigure(tokens[i - 1]) && isFigure(tokens[i + 1]);
  if (token.text === '-' || token.text === '–') return between && token.spaceBefore && tokens[i + 1]!.spaceBefore;
  return token.lower === 'x' && between;
}

/**
 * The figure a line of working ends on ('500,000,000 x 320 = 160 billion pages'): what the working arrives
 * at, so it may stand as the answer to the question, though never as a fact aligned by its sentence.
 */
function isWorkingResult(value: ClaimValue): boolean {
  const { tokens } = value.claim;
  const before = tokens[value.start - 1]?.text;
  if (before !== '=' && before !== '≈') return false;
  // What follows names what was worked out ('pages'), with no more arithmetic.
  return tokens.slice(value.end).every((token) => token.kind !== 'number' && !OPERATORS.has(token.text));
}

const RANGE_HEDGES = new Set([
  'around',
  'about',
  'approximately',
  'roughly',
  'nearly',
  'almost',
  'over',
  'under',
  'just',
]);

/** The word before a value, hedges skipped ('from around -150°C'). */
function wordBefore(value: ClaimValue): string {
  let i = value.start - 1;
  while (RANGE_HEDGES.has(value.claim.tokens[i]?.lower ?? '')) i -= 1;
  return value.claim.tokens[i]?.lower ?? '';
}

/**
 * One end of a range told around other words: '-150°C' in 'temperatures ranging from around -150°C at its
 * coldest, when it was in shadow, to over 200°C in sunlight'. It is neither end's figure alone.
 */
function isRangeEnd(value: ClaimValue): boolean {
  if (value.data.kind !== 'quantity') return false;
  const sort = (v: ClaimValue) => (v.data.kind === 'quantity' ? v.data.dim : null);
  const before = wordBefore(value);
  const others = value.claim.values.filter((other) => other !== value && sort(other) === sort(value));
  if (before === 'from') return others.some((other) => other.start > value.end && wordBefore(other) === 'to');
  if (before === 'to') return others.some((other) => other.end < value.start && wordBefore(other) === 'from');
  return false;
}

/**
 * What a request may ask to have made that is still about the world: a summary of it, a proof, its history,
 * or the working and answer of a question ('Give your answer in kg/s', 'Write calculations').
 */
const FACTUAL_MAKING = `summary|summaries|proof|explanation|overview|history|report|account|timeline|comparison|
description|table|list|chronology|biography|facts?|answers?|results?|calculations?|working|work|steps|solution|reasoning|
estimate`.replace(/\s+/g, '');
/**
 * Questions that ask the answers to make something of their own, or to advise: each answer's figures, names
 * and steps are its own choices, and two answers that differ do not contradict each other.
 */
const OWN_MAKING = new RegExp(
  [
    String.raw`\brecipes?\b`,
    // 'How do I shape a baguette', 'the most reliable way to ...': each answer's advice is its own.
    String.raw`^\W*(?:(?:please )?(?:show|tell|teach|explain to) (?:me|us) )?(?:how (?:do|can|should|would|could) (?:i|we|you|one)|how to|what(?:'s| is| are) (?:the |some )?(?:best|most \w+|easiest|fastest|simplest|right|proper|correct|good) (?:way|ways|method|approach|practices?))\b`,
    String.raw`\bhow (?:do i|to|can i|should i) (?:make|cook|bake|brew)\b`,
    // 'A new way must be found. What to do?', 'what should we do about it': advice, each answer's own plan.
    String.raw`\bwhat (?:to do|(?:should|can|could|must|would you have) (?:i|we|they|he|she|one|you) do)\b`,
    // 'What's my best option to cook? Include all the steps to prepare the meal': cooking told step by step.
    String.raw`\b(?:cook|bake|meal|dish)\b[^]*\b(?:steps?|instructions?|how to)\b|\b(?:steps?|instructions?|how to)\b[^]*\b(?:cook|bake|meal|dish)\b`,
    // 'Write a requirements specification', 'create a course', 'can you generate an exam question', 'give me a
    // workout', 'match the statement to ...': a request for something the answer makes, or makes of the
    // asker's own text. A request for a summary, a proof or a history asks for facts.
    String.raw`(?:^|[.?!:]\s+|\b(?:can|could|would|will) you (?:please )?|\bplease |\bi want you to |\bhelp me )(?:write|create|generate|compose|draft|design|make|give|offer|suggest|recommend|prepare|build|propose|develop|produce|devise|construct|outline|match|rank|rate|score|classify|categori[sz]e|translate|rewrite|paraphrase|edit|fix|refactor|convert|implement|code)(?: me| us)? (?!(?:an? |the |some |me |us )?(?:[\w-]+ ){0,2}(?:${FACTUAL_MAKING})\b)`,
    // 'Author a Latin Requiem', 'explain it with a children's story', 'what's my best meal': a work the answer writes.
    String.raw`^[^.?!]{0,160}\b(?:stor(?:y|ies)|screenplay|poem|sonnet|haiku|limerick|song|lyrics|requiem|novel|tale|fable|rap|dialogue|character card)\b`,
    String.raw`^\W*(?:author|pen|compose|invent|devise|sketch)\b`,
    // 'I'd like your help creating a DJ set': the set is the answer's own.
    String.raw`\byour help (?:with |in )?(?:creating|writing|making|designing|building|planning|choosing|picking)\b`,
    // 'You are a mountain climber', 'act as a coach', 'conduct a debate': a part the answer plays.
    String.raw`^\W*(?:you(?:'re| are) (?:an? |the )|act as |imagine (?:you|that you)|pretend |role-?play|conduct a debate)`,
  ].join('|'),
  'i',
);

/** A sentence about the answer's own example ('In this example, we allocate 16 bytes'), not about the world. */
const OWN_EXAMPLE =
  /\b(?:(?:in|using|with|for|from|on) (?:this|our|the above|my|the same|that) (?:example|code|snippet|script|command|case|scenario)|this (?:command|code|snippet|script|example)|the (?:command|code|snippet|script) above|here,? we)\b/i;

function isOwnExample(value: ClaimValue): boolean {
  return OWN_EXAMPLE.test(value.claim.text);
}

/** The year of a citation ('Ioannidis, J. P. A. (2005)', '(Smith, 2019)'): which work is cited, not a fact. */
function isCitation(value: ClaimValue): boolean {
  if (value.data.kind !== 'date' || value.data.month !== undefined) return false;
  const { tokens } = value.claim;
  const [before, after] = [tokens[value.start - 1], tokens[value.end]];
  if (after?.text !== ')') return false;
  const author = (token: Token | undefined) => token !== undefined && (/^[A-Z]/.test(token.text) || token.text === '.');
  if (before?.text === '(') return author(tokens[value.start - 2]);
  return (
    before?.text === ',' && author(tokens[value.start - 2]) && tokens.slice(0, value.start).some((t) => t.text === '(')
  );
}

const STATE_VERBS = /^(?:was|were|is|are|worth|valued|stood|totaled|totalled|had|has|amounted|numbered)$/;

/**
 * The year a figure was measured in ('the market was worth £11 billion in 2019'): when the figure held, not a
 * fact of its own. Two answers citing one figure for different years do not disagree on a year. An event's
 * year ('reached 8 billion in 2022') is left alone: the verb tells a change, not a state.
 */
function isMeasuredIn(value: ClaimValue): boolean {
  if (value.data.kind !== 'date' || value.data.month !== undefined) return false;
  const { tokens, values } = value.claim;
  if (tokens[value.start - 1]?.lower !== 'in') return false;
  const figure = values.find(
    (other) =>
      other.data.kind === 'quantity' &&
      other.clause === value.clause &&
      other.end <= value.start - 1 &&
      other.end >= value.start - 3,
  );
  if (!figure) return false;
  return tokens.slice(Math.max(0, figure.start - 4), figure.start).some((token) => STATE_VERBS.test(token.lower));
}

const CLAUSE_EDGES = new Set([',', ';', ':', '.', '(', ')', 'but', 'while', 'whereas', 'although', 'though']);

/** A value its own clause denies ('neither of them can be the first house', 'it was not 1887'): no statement of it. */
function isDenied(value: ClaimValue): boolean {
  const { tokens } = value.claim;
  for (let i = value.start - 1; i >= 0 && !CLAUSE_EDGES.has(tokens[i]!.lower); i--) {
    if (isNegator(tokens[i]!.lower)) return true;
  }
  return false;
}

/** 'The other three categories': a count of what remains, not of the whole. */
function isRestOfCount(value: ClaimValue): boolean {
  if (value.data.kind !== 'quantity' || value.data.dim !== 'count') return false;
  return /^(?:other|remaining)$/.test(value.claim.tokens[value.start - 1]?.lower ?? '');
}

/**
 * A name joined to another by 'and', 'or' or '&' ('Authentication and Authorization'): one member of an open
 * list, which may name any members. A list told as closed ('only Norway and Iceland', 'the two states') is a
 * fact about every member, and stays.
 */
function isListMember(value: ClaimValue): boolean {
  if (value.data.kind !== 'name') return false;
  // 'Frameworks such as TensorFlow, PyTorch and Keras': examples of a kind, however many.
  if (OPEN_LIST.test(value.claim.text)) return true;
  if (CLOSED_LIST.test(value.claim.text)) return false;
  const { tokens, values } = value.claim;
  const joins = (i: number) => /^(?:and|or|&)$/.test(tokens[i]?.lower ?? '');
  // 'A and B', 'A, and B'. A comma alone also joins table cells, which are no list.
  const comma = (i: number) => tokens[i]?.text === ',';
  const before = joins(value.start - 1) ? (comma(value.start - 2) ? value.start - 2 : value.start - 1) : -1;
  const after = joins(value.end) ? value.end + 1 : comma(value.end) && joins(value.end + 1) ? value.end + 2 : -1;
  return values.some(
    (other) =>
      other !== value && other.data.kind === 'name' && ((before >= 0 && other.end === before) || other.start === after),
  );
}

const OPEN_LIST = /\b(?:such as|including|e\.g\.|for example|for instance|like)\b/i;

const CLOSED_LIST = /\b(?:only|both|exactly|two|three|four|five|six|seven|eight|nine|ten)\b/i;

/** What a figure is counted per ('8 bytes for each local variable', '3 kernels per filter'), or ''. */
function rateOf(value: ClaimValue): string {
  const { tokens } = value.claim;
  let at = value.end;
  while (at < value.end + 2 && tokens[at]?.kind === 'word' && !/^(?:per|each|every|for)$/.test(tokens[at]!.lower))
    at += 1;
  const word = tokens[at]?.lower;
  if (word === 'per' || word === 'each' || word === 'every') return tokens[at + 1]?.lower ?? '';
  if (word === 'for' && /^(?:each|every)$/.test(tokens[at + 1]?.lower ?? '')) return tokens[at + 2]?.lower ?? '';
  return '';
}

export class FactGate {
  private readonly questionNumbers: Set<string>;

  /** The question asks the answers to make something of their own or to advise (`OWN_MAKING`): nothing is admitted. */
  private readonly ownMaking: boolean;

  constructor(question: string) {
    this.ownMaking = OWN_MAKING.test(question);
    this.questionNumbers = writtenNumbers(question);
    // 'five games' gives 5 as surely as '5 games' does.
    for (const token of tokenise(question)) {
      const amount = NUMBER_WORDS.get(token.lower);
      if (amount !== undefined && amount > 1) this.questionNumbers.add(String(amount));
    }
  }

  /** A figure the question gives ('35 heads and 94 legs'): restating it checks nothing. */
  isGiven(display: string): boolean {
    const [first] = writtenNumbers(display);
    return first !== undefined && this.questionNumbers.has(first);
  }

  /** An operand of a calculation ('6 × 75 = 450'), or a result in a chain of them. */
  isOperand(value: ClaimValue): boolean {
    const tokens = value.claim.tokens;
    const operators = operatorCount(value.claim);
    // A line of working ('n = (0.65 atm)(262 L) / (0.0821)(479 K)') states no fact of its own.
    if (operators >= CALCULATION_OPERATORS) return true;
    // Brackets around an operand do not make it a fact: '(7.9 billion) x (2,000)'.
    let after = value.end;
    while (tokens[after]?.text === ')') after += 1;
    // '2 (for the initial division) + 2': a figure's own aside comes before the arithmetic it takes part in.
    if (tokens[after]?.text === '(') {
      const close = tokens.findIndex((token, i) => i > after && i <= after + ASIDE_TOKENS && token.text === ')');
      if (close > 0) after = close + 1;
    }
    if (isOperator(tokens, after)) return true;
    let before = value.start - 1;
    while (tokens[before]?.text === '(') before -= 1;
    if (!isOperator(tokens, before)) return false;
    if (tokens[before]!.text !== '=' && tokens[before]!.text !== '≈') return true;
    // 'x = 10' states a result; '40 × 0.8 = 32 = ...' or 'a = 6 × 75 = 450' is working.
    return operators > 1;
  }

  /**
   * The model's own 'as of my last update in 2023': a date about the model, not the question. Only the date
   * the phrase governs: 'As of my last update in 2021, the prime minister is Suga, who was born on 6 December
   * 1956' still states a birth date.
   */
  isCutOff(value: ClaimValue): boolean {
    if (value.data.kind !== 'date') return false;
    const at = cutOffAt(value.claim);
    if (at < 0) return false;
    const governed = value.claim.values.find(
      (other) => other.data.kind === 'date' && other.start >= at && other.start - at <= CUT_OFF_REACH,
    );
    return governed === value;
  }

  /** Another value of the same sort in the same clause that means something else: which fact is which is a guess. */
  isAmbiguous(value: ClaimValue): boolean {
    const sort = sortOf(value.data);
    // Names are told apart by their own rules (names.ts): the subject and the answer share a clause.
    if (value.data.kind === 'name') return false;
    return value.claim.values.some(
      (other) =>
        other !== value &&
        other.clause === value.clause &&
        (other.end <= value.start || other.start >= value.end) &&
        sortOf(other.data) === sort &&
        relate(other.data, value.data) !== 'same',
    );
  }

  /** A value supposed, not stated: 'If there were 98 truth tellers', 'assuming 320 pages a book'. */
  isSupposed(value: ClaimValue): boolean {
    return SUPPOSED.test(value.claim.text);
  }

  /**
   * The figure an answer arrives at from its own supposition, after the clause that supposes it: '40,000' in
   * 'Assuming the house weighs 60,000 pounds, 40,000 balloons would be necessary'. An estimate's answer is
   * worded so; it may stand as the answer to the question, never as a fact aligned by its sentence.
   */
  private concludedFromSupposition(value: ClaimValue): boolean {
    const { tokens, text } = value.claim;
    if (!OPENING_SUPPOSITION.test(text) || MIDDLE_SUPPOSITION.test(text.replace(OPENING_SUPPOSITION, ''))) return false;
    const comma = tokens.findIndex((token) => token.text === ',');
    return comma >= 0 && value.start > comma;
  }

  /** A claim that asserts what it says: not a supposition, a question or an exclamation. */
  asserts(claim: Claim): boolean {
    return !SUPPOSED.test(claim.text) && !/[?!]["'”’)]?\s*$/.test(claim.text.trim());
  }

  /**
   * Whether a value may stand in a finding at all. `strict` (values aligned by their sentences, not as the
   * question's answer): also refuse a sentence stating several of its sort, and a figure the question gives.
   * An answer's own answer may equal a given figure ('5 hours' to dry 30 dresses as to dry 5).
   */
  admits(value: ClaimValue | undefined, display: string, strict: boolean): boolean {
    // A value takes part in many candidate pairs: each one is judged once.
    if (value && strict && display === value.display) {
      const known = this.admitted.get(value);
      if (known !== undefined) return known;
      const verdict = this.judge(value, display, strict);
      this.admitted.set(value, verdict);
      return verdict;
    }
    return this.judge(value, display, strict);
  }

  private readonly admitted = new WeakMap<ClaimValue, boolean>();

  private judge(value: ClaimValue | undefined, display: string, strict: boolean): boolean {
    // What the answers make for the asker (a workout, a story, a plan) is theirs: nothing to agree or disagree on.
    if (this.ownMaking) return false;
    if (value) {
      // 'One' counts anything ('one panel', 'one prisoner'): as a value it says too little to compare.
      if (strict && value.data.kind === 'quantity' && /^(?:one|a single)$/i.test(value.display)) return false;
      if (this.isCutOff(value) || isRangeEnd(value)) return false;
      if (this.isOperand(value) && (strict || !isWorkingResult(value))) return false;
      if (this.isSupposed(value) && (strict || !this.concludedFromSupposition(value))) return false;
      if (strict && this.isAmbiguous(value)) return false;
      if (
        strict &&
        (isOwnExample(value) ||
          isRestOfCount(value) ||
          isListMember(value) ||
          isCitation(value) ||
          isMeasuredIn(value) ||
          isDenied(value))
      ) {
        return false;
      }
    }
    return !strict || !this.isGiven(display);
  }

  /**
   * Two claims are about different subjects when each names a place the other does not (a bill in Western
   * Australia is not one in Queensland). A place only one of them adds may be a detail ('when crowds crossed
   * into West Berlin'), so it alone separates nothing. Names that are the values compared do not count.
   */
  sameSubjectPlaces(a: ClaimValue, b: ClaimValue): boolean {
    const places = (value: ClaimValue) =>
      new Set<string | null>(
        value.claim.values
          .filter((other) => other !== value && other.data.kind === 'name')
          .flatMap((other) => placeOf(other.display) ?? []),
      );
    const x = places(a);
    const y = places(b);
    const exclude = new Set([placeOf(a.display), placeOf(b.display)]);
    const onlyIn = (p: Set<string | null>, q: Set<string | null>) =>
      [...p].some((place) => !q.has(place) && !exclude.has(place));
    if (onlyIn(x, y) && onlyIn(y, x)) return false;
    // A figure's places are its scope: one that counts 'in Europe alone' and one that counts 'across Europe
    // and Asia' count two different wholes. A name's other places are only its context.
    const figures = a.data.kind === 'quantity' && b.data.kind === 'quantity';
    return !figures || x.size === 0 || y.size === 0 || !(onlyIn(x, y) || onlyIn(y, x));
  }

  /** Two values aligned by their sentences are one fact only over one period and about the same places. */
  sameFact(a: ClaimValue, b: ClaimValue): boolean {
    return this.samePeriod(a.claim, b.claim) && this.sameSubjectPlaces(a, b) && rateOf(a) === rateOf(b);
  }

  /** Two claims state their values over the same period, or one names none. */
  samePeriod(a: Claim, b: Claim): boolean {
    if (a === b) return true;
    const x = periodOfClaim(a);
    const y = periodOfClaim(b);
    return x === null || y === null || x === y;
  }
}
