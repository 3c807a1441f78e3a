import { COMPARED_ANSWER_CHARS } from '../../common/limits';

// How much of an answer the comparison reads (decision 0058): at most COMPARED_ANSWER_CHARS, ending
// where a paragraph or a sentence ends so that no claim is cut in half. The part is a prefix of the
// answer, so every claim's character offsets stay valid against the whole stored answer.

/** A cut this far short of the cap is not worth a whole paragraph: a sentence end is taken instead. */
const PARAGRAPH_REACH = 0.5;

/** The first `cap` characters or fewer of `text`, ended at a paragraph or sentence end where there is one. */
export function comparedPart(text: string, cap = COMPARED_ANSWER_CHARS): string {
  if (text.length <= cap) return text;
  const head = text.slice(0, cap);
  const paragraph = head.lastIndexOf('\n\n');
  if (paragraph >= cap * PARAGRAPH_REACH) return head.slice(0, paragraph);
  let sentence = -1;
  for (const match of head.matchAll(/[.!?]["')\]]*(?=\s)/g)) sentence = match.index + match[0].length;
  if (sentence > 0) return head.slice(0, sentence);
  const line = head.lastIndexOf('\n');
  if (line > 0) return head.slice(0, line);
  const space = head.lastIndexOf(' ');
  return space > 0 ? head.slice(0, space) : head;
}
