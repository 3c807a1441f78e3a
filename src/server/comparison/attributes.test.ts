import { describe, expect, it } from 'vitest';
import type { AnswerForComparison } from '../../common/comparison';
import { analyseLocally } from './local-analyser';

const answers = (texts: Record<string, string>): AnswerForComparison[] =>
  Object.entries(texts).map(([model, text]) => ({ model, text, error: null }));

const found = (texts: Record<string, string>) =>
  analyseLocally(answers(texts)).disagreements.map((d) => [d.topic, d.positions.map((p) => [p.model, p.value])]);

describe('what a named thing is, out of kinds that exclude each other', () => {
  it('sets one kind against another for the same subject, each clause read for its own subject', () => {
    expect(
      found({
        chatgpt: 'Ruby is an interpreted language, whereas Go is a compiled language.',
        claude: 'Go is compiled ahead of time. Ruby is a compiled language too, in its newest runtime.',
      }),
    ).toEqual([
      [
        'Ruby: interpreted or compiled',
        [
          ['chatgpt', 'interpreted'],
          ['claude', 'compiled'],
        ],
      ],
    ]);
  });

  it('reads kinds joined in one run, past a label and before an explanation that hedges', () => {
    expect(
      found({
        chatgpt:
          '2. Typing: Lua is dynamically typed, while Kotlin is both statically and strongly typed, meaning that type errors may not survive compilation.',
        claude: 'Kotlin is dynamically typed.',
      }),
    ).toEqual([
      [
        'Kotlin: static or dynamic typing',
        [
          ['chatgpt', 'statically'],
          ['claude', 'dynamically typed'],
        ],
      ],
    ]);
  });

  it('reads the longer spelling of a kind as the one meant', () => {
    expect(
      found({
        chatgpt: 'Coal is a non-renewable resource.',
        claude: 'Coal is a renewable resource.',
        gemini: 'Coal is non-renewable, since it takes millions of years to form.',
      }),
    ).toEqual([
      [
        'Coal: renewable or not',
        [
          ['chatgpt', 'non-renewable'],
          ['claude', 'renewable'],
          ['gemini', 'non-renewable'],
        ],
      ],
    ]);
  });

  it('says nothing of a denied, hedged or doubled kind, a pronoun, or a kind the subject is not given', () => {
    expect(
      found({
        chatgpt: 'Ruby is not a compiled language. It is interpreted. Ruby code is often compiled to bytecode.',
        claude: 'Ruby is both interpreted and compiled, depending on the runtime. It is compiled by JRuby.',
        gemini: 'Ruby is an interpreted language. The Ruby team released a compiled list of gems.',
      }),
    ).toEqual([]);
  });
});
