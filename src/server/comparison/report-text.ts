// The words of the local analysis: a disagreement's topic, the summary sentence, trimmed claims.

import type { Claim } from './claims';
import type { ConflictGroup } from './conflict-groups';
import { MONTHS, NUMBER_WORDS, ORDINAL_WORDS } from './units';
import { isContentWord, stem } from './words';

const MAX_CLAIM_LENGTH = 200;
const MAX_TOPIC_WORDS = 5;

export function trimClaim(text: string): string {
  if (text.length <= MAX_CLAIM_LENGTH) return text;
  const cut = text.slice(0, MAX_CLAIM_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_CLAIM_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

const DIMENSION_LABELS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    length: 'length',
    mass: 'weight',
    temperature: 'temperature',
    degree: 'degrees',
    percent: 'percentage',
    time: 'duration',
    speed: 'speed',
    area: 'area',
    volume: 'volume',
    energy: 'energy',
    electricity: 'energy',
    power: 'power',
    data: 'size',
    frequency: 'frequency',
    times: 'factor',
  }),
);

function roleWords(claim: Claim, from: number, role: string[]): string {
  const words = claim.tokens
    .slice(from, from + 4)
    .filter((token) => token.kind === 'word' && role.includes(stem(token.lower)))
    .map((token) => token.lower);
  return words.join(' ');
}

function labelOf(group: ConflictGroup): string {
  if (group.kind === 'verdict') return 'yes or no answer';
  const value = group.positions.find((position) => position.value)?.value;
  if (!value) return 'value';
  const data = value.data;
  switch (data.kind) {
    case 'date':
      return group.positions.some((p) => p.value?.data.kind === 'date' && p.value.data.day !== undefined)
        ? 'date'
        : 'year';
    case 'ordinal':
      return 'rank';
    case 'name':
      return 'name';
    case 'quantity': {
      if (data.dim.startsWith('money:')) return 'amount';
      if (data.dim !== 'count') return DIMENSION_LABELS.get(data.dim) ?? 'number';
      const role = roleWords(value.claim, value.end, data.role);
      return role ? `number of ${role}` : 'number';
    }
  }
}

/** Words of the first claim that the other claims share: what the answers disagree about. */
function phraseOf(claims: Claim[]): string {
  const [first, ...others] = claims;
  if (!first) return '';
  const counts = new Map<string, number>();
  for (const claim of claims) for (const word of claim.stems) counts.set(word, (counts.get(word) ?? 0) + 1);
  const valueTokens = new Set<number>();
  for (const value of first.values) {
    if (value.data.kind === 'name') continue;
    for (let k = value.start; k < value.end; k++) valueTokens.add(k);
  }
  const candidates = first.tokens.filter(
    (token, k) =>
      token.kind === 'word' &&
      !valueTokens.has(k) &&
      isContentWord(token.lower) &&
      !NUMBER_WORDS.has(token.lower) &&
      !ORDINAL_WORDS.has(token.lower) &&
      !MONTHS.has(token.lower),
  );
  const inAll = candidates.filter((token) => (counts.get(stem(token.lower)) ?? 0) === claims.length);
  const inSome = candidates.filter((token) => (counts.get(stem(token.lower)) ?? 0) > 1);
  const shared = others.length === 0 || inAll.length > 0 ? inAll : inSome;
  const chosen = shared.length > 0 ? shared : candidates.slice(0, 4);
  const seen = new Set<string>();
  const words: string[] = [];
  for (const token of chosen) {
    const key = stem(token.lower);
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(
      /^[A-Z][a-z]/.test(token.text) && token !== first.tokens[0] ? token.text.replace(/'s$/, '') : token.lower,
    );
    if (words.length === MAX_TOPIC_WORDS) break;
  }
  return words.join(' ');
}

/** 'Berlin Wall fell (year)': the shared words of the claims, then what kind of value differs. */
export function topicOf(groups: ConflictGroup[]): string {
  const positions = [...(groups[0]?.positions ?? [])].sort((a, b) => a.answer - b.answer);
  const phrase = phraseOf(positions.map((position) => position.claim));
  const labels = [...new Set(groups.map(labelOf))].join(', ');
  const text = phrase ? `${phrase} (${labels})` : labels;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export interface SummaryInput {
  answered: string[];
  failed: string[];
  agreements: number;
  topics: string[];
}

/**
 * The summary says what the analysis could compare and how that came out (issue 33, item 5), never that
 * the answers agree beyond it: 'Compared 9 figures, dates and names across the answers: 7 agree, 2
 * disagree. Disputed: Height and Year completed. Other statements were not checked.'
 */
export function summarise({ answered, failed, agreements, topics }: SummaryInput): string {
  const failures = failed.length > 0 ? ` ${listOf(failed)} gave no answer.` : '';
  if (answered.length === 0) return 'None of the models answered, so there is nothing to compare.';
  if (answered.length === 1) return `Only ${answered[0]} answered, so there is nothing to compare.${failures}`;
  const compared = agreements + topics.length;
  if (compared === 0) {
    return `No figures, dates or names could be compared across the answers.${failures} ${NOT_CHECKED}`;
  }
  const what = compared === 1 ? '1 figure, date or name' : `${compared} figures, dates and names`;
  const agree = `${agreements} ${agreements === 1 ? 'agrees' : 'agree'}`;
  const shown = topics.length > 3 ? [...topics.slice(0, 3), `${topics.length - 3} more`] : topics;
  const disagree = `${topics.length} ${topics.length === 1 ? 'disagrees' : 'disagree'}`;
  const disputed = topics.length > 0 ? ` Disputed: ${listOf(shown)}.` : '';
  return `Compared ${what} across the answers: ${agree}, ${disagree}.${disputed}${failures} ${NOT_CHECKED}`;
}

/** What every summary ends with: the comparison checks typed values only. */
export const NOT_CHECKED = 'Other statements were not checked.';
