// What the question asks for (comparison issue, item 1): each part of the question ('when was it built,
// who designed it, and how tall is it?') becomes an expectation of one kind of value, with the words
// that say which value of that kind is meant. The main-value comparison (main-values.ts) then compares
// each answer's value for every expectation directly, however differently the answers word it.

import { NUMBER_WORDS } from './units';
import { isContentWord, stem } from './words';

export type AnswerKind =
  | 'time' // a year or a date
  | 'person' // who: a person, or the team or body that did it
  | 'place'
  | 'quantity' // a number with a unit
  | 'count'
  | 'proportion' // a percentage or fraction
  | 'money'
  | 'thing' // the name of a thing, often lower case: an element, a disease, a currency
  | 'list';

export interface Expectation {
  kind: AnswerKind;
  /** For proportions: stems of the whole the share is of ('earth water' in 'how much of Earth's water is fresh'). */
  of?: string[];
  /** Stems of the part's content words: which value of the kind is meant ('built', 'tall'). */
  focus: string[];
  /** For 'thing' and 'list': the noun asked about ('element', 'countries'). */
  head?: string;
  /** The part of the question it comes from, lower-cased ('when was it built'). */
  part?: string;
  /** For counts: stems of what is counted ('page' in 'how many pages are in all the books'). */
  counted?: string[];
}

const WH = /\b(?:when|who|whom|whose|where|what|which|how)\b/;
/** Imperatives that ask for a value as a question word does: 'Calculate the probability that ...'. */
const ASKING_VERB = /^(?:calculate|compute|find|determine|estimate|work|figure|give)$/;
const PART_BREAK =
  /\?|[.!:]\s+(?=[a-z"'“])|[,;:—–]\s*(?:and\s+)?(?=(?:when|who|where|what|which|how)\b)|\s+and\s+(?=(?:when|who|where|what|which|how)\b)/;

/** Words that only frame a question and never say which value is meant. */
const FRAME_WORDS = new Set(
  `tell give explain describe know history overview short brief main facts please want like happen happened
  kind sort type exactly roughly approximately really actually today currently modern`.split(/\s+/),
);

/** Words that end the noun a 'what'/'which' question asks about ('which element IS', 'what disease DO you get'). */
const NOUN_PHRASE_END = new Set(
  `is was are were do does did has have had can could will would should of in on for to from that which border borders
  borders lies live lives made make use used alive today between among with about like than into by`.split(/\s+/),
);
/** Plural heads whose members are proper names, so that one answer's member can stand in for another's. */
const NAMED_MEMBERS = new Set(
  `countries states cities members planets moons continents oceans languages nations provinces islands teams
  companies capitals rivers mountains presidents founders winners`.split(/\s+/),
);
/** Heads that ask for an explanation, not a value: 'what caused the war', 'what practical things'. */
const ABSTRACT_HEADS = new Set(
  `caused causes cause reason reasons fact facts thing things event events way ways difference differences
  benefit benefits risk risks effect effects impact role history meaning purpose point idea happened practical
  steps tips advice should best order method methods approach approaches technique techniques tool tools
  framework frameworks library libraries option options strategy strategies`.split(/\s+/),
);
const SUPERLATIVES = new Set(
  'most biggest largest smallest main first best only oldest longest highest official'.split(' '),
);

const UNIT_AFTER_HOW_MANY =
  /^how many (?:hours|minutes|seconds|days|weeks|months|years|km|kilometres|kilometers|miles|metres|meters|feet|calories|grams|kilograms|litres|liters|degrees|volts)\b/;

const PLACE_NOUNS =
  'country|countries|city|cities|continent|state|states|town|region|island|ocean|sea|river|capital|nationality|port|harbour|harbor';
const SINGULAR_PLACE = new Set([
  'country',
  'city',
  'continent',
  'state',
  'town',
  'region',
  'island',
  'ocean',
  'sea',
  'river',
  'capital',
  'nationality',
  'port',
  'harbour',
  'harbor',
]);

function kindOf(part: string): Pick<Expectation, 'kind' | 'head'> | null {
  // 'Calculate the probability that Tom wins', 'what are the chances': a share, in figures, words or per cent.
  if (
    /\b(?:calculate|compute|find|determine|estimate|what is|what's|what are)\b (?:the |out the )?(?:probability|chances?|odds|likelihood)\b/.test(
      part,
    )
  )
    return { kind: 'proportion' };
  if (/\b(?:when|what year|which year|what date|which date|what day|in what year|how long ago)\b/.test(part))
    return { kind: 'time' };
  if (/\bwho (?:are|were) the\b|\bwho (?:are|were) (?:all )?(?:the )?(?:members|permanent|founding)\b/.test(part))
    return { kind: 'list', head: 'members' };
  if (
    /^who\b|\bwho (?:was|is|were|did|invented|discovered|won|wrote|painted|founded|designed|built|created|first)\b/.test(
      part,
    )
  )
    return { kind: 'person' };
  if (
    /\b(?:what|which) (?:percentage|percent|share|proportion|fraction|majority|portion|part)\b|\bhow much of\b|\bwhat per ?cent\b/.test(
      part,
    )
  )
    return { kind: 'proportion' };
  if (
    /\bhow much\b[^?]*\b(?:pay|paid|cost|costs|price|spend|spent|worth|sell|sold|buy|bought|charge|charged|earn|make)\b/.test(
      part,
    )
  )
    return { kind: 'money' };
  if (/\b(?:what|how much) (?:did|does|do|would|will) [^?]*\bcost\b|\bwhat (?:is|was) the price\b/.test(part))
    return { kind: 'money' };
  if (UNIT_AFTER_HOW_MANY.test(part.slice(part.search(/how many/)))) return { kind: 'quantity' };
  if (/\bhow many\b/.test(part)) return { kind: 'count' };
  if (
    /\bhow (?:far|tall|high|long|deep|big|large|heavy|hot|cold|fast|old|wide|much|warm|heavy|loud|bright|strong)\b/.test(
      part,
    )
  )
    return { kind: 'quantity' };
  if (
    /\b(?:temperature|speed|distance|height|length|weight|mass|depth|boiling point|melting point|record|number|constant|altitude|voltage|area|volume|energy|power|force|pressure|density|velocity|acceleration|interval|margin|mean|median|average|variance|deviation|sum|total|product|ratio|integer)\b/.test(
      part,
    ) &&
    /\bwhat\b|^(?:\w+ )?(?:calculate|compute|find|determine|estimate)\b/.test(part)
  )
    return { kind: 'quantity' };
  if (/\bpopulation\b/.test(part)) return { kind: 'count' };
  if (/^where\b|\bwhere (?:is|was|are|were|did|does|do)\b/.test(part)) return { kind: 'place' };
  const placeNoun = new RegExp(
    `\\b(?:what|which|what's the|which is the|what is the)(?: \\w+)? (${PLACE_NOUNS})\\b`,
  ).exec(part);
  if (placeNoun)
    return SINGULAR_PLACE.has(placeNoun[1] ?? '') ? { kind: 'place' } : { kind: 'list', head: placeNoun[1] };
  // 'What if ...' asks for a story, not a value.
  if (/\bwhat if\b/.test(part)) return null;
  // 'What is superposition', 'what's a black hole' ask for a definition, told in each answer's own words;
  // 'what is the capital of ...' and 'what colour is ...' ask to name one thing.
  if (DEFINITION.test(part)) return null;
  const after = /\b(?:what|which)\b(.*)$/.exec(part)?.[1] ?? '';
  const nounWords: string[] = [];
  for (const word of after.split(/[^a-z']+/).filter(Boolean)) {
    if (nounWords.length === 0 && /^(?:is|was|are|were|the|a|an)$/.test(word)) continue;
    if (NOUN_PHRASE_END.has(word) || nounWords.length === 3) break;
    nounWords.push(word);
  }
  const head = nounWords.filter((word) => !SUPERLATIVES.has(word)).at(-1);
  if (head === 'date' || head === 'year' || head === 'day') return { kind: 'time' };
  if (head && !/^(?:happens|happened|causes|caused|makes|made|means|it|this|that|they|you|i|we)$/.test(head)) {
    if (ABSTRACT_HEADS.has(head)) return null;
    if (/s$/.test(head) && !/(?:[aiosu]s|species|series)$/.test(head)) {
      // Only lists of named things compare member by member; 'what were the key events' does not.
      return NAMED_MEMBERS.has(head) ? { kind: 'list', head } : null;
    }
    return { kind: 'thing', head };
  }
  return null;
}

const DEFINITION =
  /\bwhat (?:is|are|was|were) (?!the\b|this\b|that\b|it\b|its\b|your\b|my\b)(?:an? )?[a-z][\w-]*(?: [a-z][\w-]*){0,3}(?:$|[,;]| and\b)/;

const MODALS = new Set('would will could can should might must do does did'.split(' '));

/** The noun phrase after 'how many', as stems: 'how many text messages are sent' counts 'text messag'. */
function countedIn(part: string): string[] {
  const after = /\bhow many\s+(.*)$/.exec(part)?.[1] ?? '';
  const words: string[] = [];
  for (const word of after.split(/[^a-z']+/).filter(Boolean)) {
    if (NOUN_PHRASE_END.has(word) || MODALS.has(word) || words.length === 3) break;
    words.push(word);
  }
  return words.filter(isContentWord).map(stem);
}

function normaliseQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\bwhat's\b/g, 'what is')
    .replace(/\bwho's\b/g, 'who is')
    .replace(/\bwhere's\b/g, 'where is')
    .replace(/\s+/g, ' ')
    .trim();
}

function stemsOf(phrase: string): string[] {
  return [
    ...new Set(
      phrase
        .split(/[^a-z']+/)
        .map((word) => word.replace(/'s$/, ''))
        .filter(isContentWord)
        .map(stem),
    ),
  ];
}

/** Every part of the question that asks for a value, in the order asked. Yes/no questions have none here. */
/** The parts of a question that ask something ('how do vaccines work', 'who invented the first one'). */
export function questionParts(question: string): string[] {
  return normaliseQuestion(question)
    .split(PART_BREAK)
    .map((part) => part.trim())
    .filter(asksSomething);
}

/** Words a part may open with before its question word ('and do you know who', 'in 1969, which'). */
const WORDS_BEFORE_QUESTION = 4;

/**
 * A part asks when its question word comes first or nearly so; further in, the word opens a relative clause
 * of a statement ('on Monday there were 9 clients who did plan A') and asks nothing.
 */
function asksSomething(part: string): boolean {
  const words = part.split(/[^a-z0-9']+/).filter(Boolean);
  const at = words.findIndex((word) => WH.test(word) || ASKING_VERB.test(word));
  if (at < 0 || at > WORDS_BEFORE_QUESTION) return false;
  // 'a dataset which contains', 'clients who did': a question word right after a noun opens a relative clause.
  const before = words[at - 1];
  return (
    before === undefined || LEADS_INTO_QUESTION.test(before) || /,\s*$/.test(part.slice(0, part.indexOf(words[at]!)))
  );
}

/** Words after which a question word still asks ('tell me which', 'and who', 'do you know where'). */
const LEADS_INTO_QUESTION =
  /^(?:and|or|but|so|then|also|me|us|know|tell|ask|wonder|explain|describe|show|see|about|on|of|in|to|for|at|by|from|with|exactly|please|just|now|is|was|are|were|as|\d+)$/;

/** The most words a question may have for its 'what' to ask for a thing by name. */
const THING_QUESTION_WORDS = 40;

export function expectationsOf(question: string): Expectation[] {
  const parts = questionParts(question);
  const expectations: Expectation[] = [];
  // A long request ('As a critic, your role is ...') asks 'what' of everything at once: only a short question
  // asks for a thing by name.
  const short = question.split(/\s+/).filter(Boolean).length <= THING_QUESTION_WORDS;
  for (const part of parts) {
    const kind = kindOf(part);
    if (!kind || (kind.kind === 'thing' && !short)) continue;
    const focus = [
      ...new Set(
        part
          .split(/[^a-z']+/)
          .filter((word) => isContentWord(word) && !FRAME_WORDS.has(word) && !WH.test(word))
          .map(stem),
      ),
    ];
    const whole =
      kind.kind === 'proportion'
        ? /\b(?:how much|share|percentage|percent|proportion|fraction|portion|part) of (?:the )?([a-z' ]+?) (?:is|are|was|were|lives?|live|do|does|has|have)\b/.exec(
            part,
          )?.[1]
        : undefined;
    const counted = kind.kind === 'count' ? countedIn(part) : [];
    expectations.push({
      ...kind,
      focus,
      part,
      ...(whole ? { of: stemsOf(whole) } : {}),
      ...(counted.length > 0 ? { counted } : {}),
    });
  }
  return expectations;
}

/**
 * The question's own words: a value the question already names is never the answer to it. Each count the
 * question gives is there too, as its amount and what it counts ('50 roll' for '50 rolls'; `givenCount`).
 */
export function questionStems(question: string): Set<string> {
  const normalised = normaliseQuestion(question);
  const stems = new Set(
    normalised
      .split(/[^a-z0-9']+/)
      .filter(Boolean)
      .map((word) => stem(word.replace(/'s$/, ''))),
  );
  for (const found of normalised.matchAll(/(?<![\d.,])(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?) ([a-z]+)/g)) {
    // 'At least 1 liar and 1 truth teller' bounds what is asked; it gives no count.
    if (BOUND_BEFORE.test(normalised.slice(Math.max(0, found.index - 30), found.index))) continue;
    stems.add(givenCount(Number(found[1]!.replace(/,/g, '')), stem(found[2]!)));
  }
  // In words too: 'the two lines' gives two lines.
  for (const found of normalised.matchAll(/\b([a-z]+) ([a-z]+)/g)) {
    const amount = NUMBER_WORDS.get(found[1]!);
    if (amount === undefined || amount < 2) continue;
    if (BOUND_BEFORE.test(normalised.slice(Math.max(0, found.index - 30), found.index))) continue;
    stems.add(givenCount(amount, stem(found[2]!)));
  }
  return stems;
}

const BOUND_BEFORE =
  /\b(?:at least|at most|more than|fewer than|less than|up to|no more than|no fewer than|minimum|maximum)\b/;

/** How `questionStems` holds a count the question gives. */
export const givenCount = (amount: number, counted: string) => `${amount} ${counted}`;
