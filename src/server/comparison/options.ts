// Multiple-choice questions: the options a question offers, and where an answer says which it chose. Read by
// the comparison (main-values.ts) and by the one notion of the same value (same-value.ts), so that 'the
// correct answer is B', 'choose option B' and a re-check's bare 'B' are one value.

/** Lines of a multiple-choice question that offer an option ('a.', 'B)', '(c)'), by letter. */
const OPTION_LINE = /^[ \t]*\(?([a-e])[.)](?:[ \t]|$)/gim;
/** The fewest options a question offers to be taken as multiple choice. */
export const MIN_OPTIONS = 3;
/**
 * Where an answer says which option it chose: 'the correct answer is c', 'the correct choice is A:',
 * 'option C is the correct answer', 'you should choose option D.'. The letter must end its phrase, so
 * 'the answer is a bit longer' chooses nothing.
 */
export const CHOSEN_OPTION = [
  /\b(?:(?:correct|right|best|final) )?(?:answer|choice|option) (?:would be|is|:) ?(?:option )?\(?([a-e])\)?(?=[ \t]*(?:[.:,;)]|$))/gim,
  /\b(?:choose|select|pick) (?:option |answer |choice )?\(?([a-e])\)?(?=[ \t]*(?:[.:,;)]|$))/gim,
  /\boption \(?([a-e])\)? (?:is|would be) (?:the )?(?:correct|right|best|answer)\b/gim,
];

/** The letters a question offers as options, lower-cased. */
export const optionsOffered = (question: string) =>
  new Set([...question.matchAll(OPTION_LINE)].map((match) => match[1]!.toLowerCase()));

/** A value as written that is an option's letter ('correct answer is B', 'choose option B', 'B.'), or null. */
const OPTION_VALUE =
  /^(?:(?:the )?(?:(?:correct|right|best|final) )?(?:answer|choice|option)(?: would be| is|:)? ?(?:option )?|(?:choose|select|pick) (?:option |answer |choice )?)?\(?([a-e])\)?\.?$/i;

const OPTION_FIRST = /^option \(?([a-e])\)? (?:is|would be) (?:the )?(?:correct|right|best|answer)\b[\w ]*\.?$/i;

export function optionLetterOf(value: string): string | null {
  const text = value.trim();
  return (OPTION_VALUE.exec(text) ?? OPTION_FIRST.exec(text))?.[1]?.toLowerCase() ?? null;
}
