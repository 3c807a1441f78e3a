import { describe, expect, it } from 'vitest';
import type { AnswerForComparison } from '../../common/comparison';
import { analyseLocally } from './local-analyser';
import { stripInlineMarkdown } from './text-normalise';

describe('LaTeX and spaced stars in answers', () => {
  it('reads the mathematics models write in LaTeX as the figures it sets, and leaves money alone', () => {
    expect(stripInlineMarkdown('The product is $m(6m) = 6m^2 = \\boxed{\\frac{30}{11}}$.')).toBe(
      'The product is m(6m) = 6m^2 = 30/11.',
    );
    expect(stripInlineMarkdown('\\[m = \\frac{-5 \\pm \\sqrt{49}}{12} = -1, \\frac{1}{2}.\\]')).toBe(
      'm = -5 ± √49/12 = -1, 1/2.',
    );
    expect(stripInlineMarkdown('One slope is $6$ times the other, at $45^{\\circ}$.')).toBe(
      'One slope is 6 times the other, at 45°.',
    );
    expect(stripInlineMarkdown('It costs $5 and $10, or $5/$10.')).toBe('It costs $5 and $10, or $5/$10.');
    expect(stripInlineMarkdown('The margin is 1.96 * 17.1, about **33.5**.')).toBe(
      'The margin is 1.96 × 17.1, about 33.5.',
    );
  });

  it('compares boxed answers and marks each where the answer wrote it', () => {
    const answers: AnswerForComparison[] = [
      {
        model: 'chatgpt',
        text: 'Since $7^2 = 49$, the largest integer whose square is below 50 is $\\boxed{7}$.',
        error: null,
      },
      {
        model: 'claude',
        text: 'Therefore, the largest integer whose square is below 50 is \\(\\boxed{5}\\).',
        error: null,
      },
    ];
    const analysis = analyseLocally(answers, 'What is the largest integer whose square is below $50$?');
    expect(analysis.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([['7', '5']]);
    for (const entry of analysis.claims ?? []) {
      const text = answers.find((answer) => answer.model === entry.model)!.text!;
      const marked = entry.claims.filter((claim) => claim.status === 'contradicted');
      expect(marked.map((claim) => text.slice(claim.start, claim.end))).toEqual([
        entry.model === 'chatgpt' ? '7' : '5',
      ]);
    }
  });
});
