import { describe, expect, it } from 'vitest';
import type { AnswerForComparison } from '../../common/comparison';
import { analyseLocally } from './local-analyser';

const answers = (texts: Record<string, string>): AnswerForComparison[] =>
  Object.entries(texts).map(([model, text]) => ({ model, text, error: null }));

describe("a worked answer's results, by the question's variables", () => {
  const question = 'Solve the equations step by step: x + y = 30 and 2x + 3y = 80';

  it('sets the last value each answer gives a variable against the others', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          'From the first, x = 30 - y.\n\nSubstituting: 2(30 - y) + 3y = 80, so y = 20.\n\nTherefore x = 10 and y = 20.',
        gemini: 'Subtracting twice the first: y = 20.\n\nThen x = 10.',
        llama: 'Multiply the first by 2: 2x + 2y = 60.\n\nSo y = 20 and x = 13.33.',
      }),
      question,
    );
    expect(analysis.disagreements.map((d) => [d.topic, d.positions.map((p) => [p.model, p.value])])).toEqual([
      [
        'Value of x',
        [
          ['chatgpt', 'x = 10'],
          ['gemini', 'x = 10'],
          ['llama', 'x = 13.33'],
        ],
      ],
    ]);
  });

  it('reads a fraction, a mixed number and a decimal as the numbers they are', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Dividing both sides by 8, x = 1/8.',
        claude: 'So x = 0.125.',
        gemini: 'Hence y = 23 1/3 and x = 0.125.',
      }),
      'Solve for x: 8x = 1',
    );
    expect(analysis.disagreements).toEqual([]);
  });

  it('leaves alone working that is not a result, and letters that are words', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'We have y = 30 - x, and a = 5 is just a label. Finally x = 10.',
        claude: 'Write x = 30 - y first; at the end x = 10.',
      }),
      question,
    );
    expect(analysis.disagreements).toEqual([]);
  });
  it('reads the last term of a chain of working, and a result said in words', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'f(2) = 5(2)^3 - 2(2) + 3\n\nf(2) = 40 - 1\n\nTherefore, the value of f(2) is 39.',
        gemini: 'Substituting x=2: f(2) = 5(2)^3 - 2(2) + 3 = 40 - 4 + 3 = 39',
        deepseek: 'f(2) = 5(2)^3 - 2(2) + 3 = 5 \\* 8 - 2 + 3 = 41 - 2 + 3 = 40\n\nSo the value of f(2) equals 40.',
      }),
      'Given that f(x) = 5x^3 - 2x + 3, find the value of f(2).',
    );
    expect(analysis.disagreements.map((d) => [d.topic, d.positions.map((p) => [p.model, p.value])])).toEqual([
      [
        'Value of f(2)',
        [
          ['chatgpt', 'f(2) = 39'],
          ['gemini', 'f(2) = 39'],
          ['deepseek', 'f(2) = 40'],
        ],
      ],
    ]);
  });
});
