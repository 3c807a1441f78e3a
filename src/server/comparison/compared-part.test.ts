import { describe, expect, it } from 'vitest';
import { COMPARED_ANSWER_CHARS } from '../../common/limits';
import { analyseLocally } from './local-analyser';
import { comparedPart } from './compared-part';

// How much of an answer the comparison reads (decision 0058): the start of it, at most the cap, ended
// where a paragraph or a sentence ends, so claims stay whole and their offsets hold in the whole answer.

const paragraph = (i: number) => `Paragraph ${i} says the tower is ${300 + i} metres tall. It opened in ${1800 + i}.`;

describe('the part of an answer that is compared', () => {
  it('is the whole answer when it is within the cap', () => {
    const text = paragraph(1);
    expect(comparedPart(text)).toBe(text);
    expect(comparedPart('x'.repeat(COMPARED_ANSWER_CHARS))).toHaveLength(COMPARED_ANSWER_CHARS);
  });

  it('ends at the last paragraph end before the cap', () => {
    const text = Array.from({ length: 2000 }, (_, i) => paragraph(i)).join('\n\n');
    const part = comparedPart(text);
    expect(part.length).toBeLessThanOrEqual(COMPARED_ANSWER_CHARS);
    expect(part.length).toBeGreaterThan(COMPARED_ANSWER_CHARS - 200);
    expect(text.startsWith(part)).toBe(true);
    expect(text.slice(part.length, part.length + 2)).toBe('\n\n');
  });

  it('ends at the last sentence end when the answer has no paragraphs', () => {
    const text = Array.from({ length: 2000 }, (_, i) => paragraph(i)).join(' ');
    const part = comparedPart(text);
    expect(part.length).toBeLessThanOrEqual(COMPARED_ANSWER_CHARS);
    expect(part.endsWith('.')).toBe(true);
    expect(text.startsWith(part)).toBe(true);
  });

  it('cuts a text without any break at the cap', () => {
    expect(comparedPart('y'.repeat(COMPARED_ANSWER_CHARS * 2))).toHaveLength(COMPARED_ANSWER_CHARS);
  });

  it("keeps every claim's place valid in the whole answer", () => {
    const texts = [0, 1].map((k) => Array.from({ length: 900 }, (_, i) => paragraph(i + k)).join('\n\n'));
    const answers = texts.map((text, i) => ({
      model: i ? 'grok' : 'chatgpt',
      text: comparedPart(text, 3000),
      error: null,
    }));
    const analysis = analyseLocally(answers);
    const claims = analysis.claims!.flatMap((entry) =>
      entry.claims.map((claim) => ({ claim, whole: texts[entry.model === 'grok' ? 1 : 0]! })),
    );
    expect(claims.length).toBeGreaterThan(0);
    for (const { claim, whole } of claims) {
      expect(claim.end).toBeLessThanOrEqual(3000);
      expect(whole.slice(claim.start, claim.end)).toBe(
        answers[whole === texts[1] ? 1 : 0]!.text.slice(claim.start, claim.end),
      );
    }
  });
});
