import { describe, expect, it } from 'vitest';
import { comparisonAnalysisSchema, type AnswerForComparison } from '../../common/comparison';
import {
  labelAnswers,
  locateQuotedValue,
  sameValueKey,
  verdictSchema,
  verifyVerdict,
  type JudgeVerdict,
} from './judge-verification';

// The judge's disputes and agreements are kept only as far as the answers bear them out: every check
// here is one a judge model has been seen to fail (invented quotes, values moved between answers, wrong
// letters, facts credited to an answer that states otherwise, facts of another question's answers).

const wall: AnswerForComparison[] = [
  { model: 'chatgpt', text: 'The Berlin Wall fell on 9 November 1989, when crossings opened.', error: null },
  { model: 'grok', text: null, error: 'Timed out' },
  { model: 'gemini', text: 'It came down in **1990**, after months of protest.', error: null },
  { model: 'claude', text: 'The Wall fell on 9 November 1989.', error: null },
];

/** The raw text a claim's offsets point at. */
const at = (answers: AnswerForComparison[], model: string, span: { start: number; end: number }) =>
  answers.find((answer) => answer.model === model)?.text?.slice(span.start, span.end);

function verdict(...positions: { answer: string; value: string; quote: string }[][]): JudgeVerdict {
  return {
    summary: 'The answers disagree on the year.',
    agreements: [],
    disputes: positions.map((list, k) => ({ topic: `Dispute ${k + 1}`, positions: list })),
  };
}

const A = {
  answer: 'A',
  value: '9 November 1989',
  quote: 'The Berlin Wall fell on 9 November 1989, when crossings opened.',
};
const B = { answer: 'B', value: '1990', quote: 'It came down in 1990, after months of protest.' };
const C = { answer: 'C', value: '9 November 1989', quote: 'The Wall fell on 9 November 1989.' };

describe('labelAnswers', () => {
  it('labels only the answers that have text, in the order they came', () => {
    expect(labelAnswers(wall).map(({ label, model }) => [label, model])).toEqual([
      ['A', 'chatgpt'],
      ['B', 'gemini'],
      ['C', 'claude'],
    ]);
  });
});

describe('verifyVerdict', () => {
  it('keeps a correct dispute, names the models and locates each value in the raw answer', () => {
    const result = verifyVerdict(wall, verdict([A, B, C]));
    expect(result.dropped).toEqual({ positions: 0, disputes: 0, agreements: 0 });
    expect(result.disagreements).toEqual([
      {
        topic: 'Dispute 1',
        source: 'judge',
        positions: [
          {
            model: 'chatgpt',
            value: '9 November 1989',
            claim: 'The Berlin Wall fell on 9 November 1989, when crossings opened.',
          },
          // The claim and value are the answer's own words as a reader sees them, without the bold markers.
          { model: 'gemini', value: '1990', claim: 'It came down in 1990, after months of protest.' },
          { model: 'claude', value: '9 November 1989', claim: 'The Wall fell on 9 November 1989.' },
        ],
      },
    ]);
    const claimsOf = (model: string) => result.claims.find((entry) => entry.model === model)?.claims ?? [];
    const [chatgpt] = claimsOf('chatgpt');
    expect(at(wall, 'chatgpt', chatgpt!)).toBe('9 November 1989');
    expect(chatgpt).toMatchObject({
      status: 'contradicted',
      source: 'judge',
      agreedBy: ['claude'],
      contradictedBy: [{ model: 'gemini', value: '1990', claim: 'It came down in 1990, after months of protest.' }],
    });
    const [gemini] = claimsOf('gemini');
    expect(at(wall, 'gemini', gemini!)).toBe('1990');
    expect(gemini).toMatchObject({
      agreedBy: [],
      contradictedBy: [
        { model: 'chatgpt', value: '9 November 1989' },
        { model: 'claude', value: '9 November 1989' },
      ],
    });
    expect(result.claims.map((entry) => entry.model)).toEqual(['chatgpt', 'gemini', 'claude']);
    // The result fits the stored shape.
    comparisonAnalysisSchema.parse({
      summary: '',
      agreements: result.agreements.map((agreement) => agreement.fact),
      disagreements: result.disagreements,
      confidenceRanking: [],
      judge: { kind: 'local' },
      claims: result.claims,
    });
  });

  it('drops a position whose quote is not in the answer, and the dispute it leaves one-sided', () => {
    const invented = { answer: 'B', value: '1991', quote: 'The Wall was torn down in 1991.' };
    const result = verifyVerdict(wall, verdict([A, invented]));
    expect(result.disagreements).toEqual([]);
    expect(result.dropped).toEqual({ positions: 1, disputes: 1, agreements: 0 });
    expect(result.claims.every((entry) => entry.claims.length === 0)).toBe(true);
  });

  it('drops a position whose value is not inside its quote', () => {
    const moved = { answer: 'B', value: '1991', quote: 'It came down in 1990, after months of protest.' };
    const result = verifyVerdict(wall, verdict([A, moved, C]));
    // A and C are left, but they state the same value: no dispute.
    expect(result.disagreements).toEqual([]);
    expect(result.dropped).toEqual({ positions: 1, disputes: 1, agreements: 0 });
  });

  it('drops a right quote attributed to the wrong answer', () => {
    const wrongLetter = { ...B, answer: 'C' };
    const result = verifyVerdict(wall, verdict([A, wrongLetter]));
    expect(result.disagreements).toEqual([]);
    expect(result.dropped.positions).toBe(1);
  });

  it('drops a position with a letter that names no answer, keeping the rest of the dispute', () => {
    const unknown = { ...B, answer: 'D' };
    const failed = { ...B, answer: 'Grok' };
    const result = verifyVerdict(wall, verdict([A, unknown, failed, B]));
    expect(result.disagreements[0]?.positions.map((position) => position.model)).toEqual(['chatgpt', 'gemini']);
    expect(result.dropped).toEqual({ positions: 2, disputes: 0, agreements: 0 });
  });

  it('accepts "Answer B" and lower-case letters as labels', () => {
    const result = verifyVerdict(
      wall,
      verdict([
        { ...A, answer: 'answer a' },
        { ...B, answer: 'Answer B' },
      ]),
    );
    expect(result.disagreements[0]?.positions.map((position) => position.model)).toEqual(['chatgpt', 'gemini']);
  });

  it('drops a dispute whose sides state the same value however written', () => {
    const answers: AnswerForComparison[] = [
      { model: 'chatgpt', text: 'It fell on 9 November 1989.', error: null },
      { model: 'claude', text: 'It fell on 9 november, 1989.', error: null },
    ];
    const result = verifyVerdict(
      answers,
      verdict([
        { answer: 'A', value: '9 November 1989', quote: 'It fell on 9 November 1989.' },
        { answer: 'B', value: '9 november, 1989', quote: 'It fell on 9 november, 1989.' },
      ]),
    );
    expect(result.disagreements).toEqual([]);
    expect(result.dropped.disputes).toBe(1);
  });

  it('drops a dispute whose sides state one value in other units or spellings, and keeps only the sides of one that differs', () => {
    const tower: AnswerForComparison[] = [
      { model: 'chatgpt', text: 'The Eiffel Tower is 330 metres tall.', error: null },
      { model: 'claude', text: 'It stands 330 m (1,083 ft) tall.', error: null },
      { model: 'gemini', text: 'The tower is 300 metres tall.', error: null },
    ];
    const chatgpt = { answer: 'A', value: '330 metres', quote: 'The Eiffel Tower is 330 metres tall.' };
    const claudeFeet = { answer: 'B', value: '1,083 ft', quote: 'It stands 330 m (1,083 ft) tall.' };
    const gemini = { answer: 'C', value: '300 metres', quote: 'The tower is 300 metres tall.' };
    const invented = verifyVerdict(tower, verdict([chatgpt, claudeFeet]));
    expect(invented.disagreements).toEqual([]);
    expect(invented.dropped.disputes).toBe(1);

    const real = verifyVerdict(tower, verdict([chatgpt, claudeFeet, gemini]));
    expect(real.disagreements[0]?.positions.map((position) => [position.model, position.value])).toEqual([
      ['chatgpt', '330 metres'],
      ['claude', '1,083 ft'],
      ['gemini', '300 metres'],
    ]);
    // 330 metres and 1,083 ft are one height: each backs the other, and only 300 metres contradicts them.
    expect(real.claims.find((entry) => entry.model === 'chatgpt')?.claims[0]).toMatchObject({
      agreedBy: ['claude'],
      contradictedBy: [{ model: 'gemini', value: '300 metres' }],
    });
  });

  it('keeps one position per answer and one mark per place in an answer', () => {
    const again = { ...A, value: '1989' };
    const result = verifyVerdict(wall, verdict([A, again, B], [A, B]));
    expect(result.disagreements).toHaveLength(2);
    expect(result.disagreements[0]?.positions).toHaveLength(2);
    // The second dispute marks the same words again; the answer still carries one mark there.
    expect(result.claims.find((entry) => entry.model === 'chatgpt')?.claims).toHaveLength(1);
  });
});

describe('sameValueKey', () => {
  it('reads the same words and numbers in any order and case as one value, and nothing looser', () => {
    expect(sameValueKey('9 November 1989')).toBe(sameValueKey('November 9, 1989'));
    expect(sameValueKey('Swiss franc')).toBe(sameValueKey('swiss franc'));
    expect(sameValueKey('1,083 ft')).toBe(sameValueKey('1083 ft'));
    expect(sameValueKey('660.000')).toBe(sameValueKey('660000'));
    expect(sameValueKey('1.5 km')).not.toBe(sameValueKey('15 km'));
    expect(sameValueKey('9 November 1989')).not.toBe(sameValueKey('9 November 1990'));
  });

  it('keeps a dispute between 1.5 km and 15 km', () => {
    const answers: AnswerForComparison[] = [
      { model: 'chatgpt', text: 'The tunnel is 1.5 km long.', error: null },
      { model: 'claude', text: 'The tunnel is 15 km long.', error: null },
    ];
    const result = verifyVerdict(
      answers,
      verdict([
        { answer: 'A', value: '1.5 km', quote: 'The tunnel is 1.5 km long.' },
        { answer: 'B', value: '15 km', quote: 'The tunnel is 15 km long.' },
      ]),
    );
    expect(result.disagreements).toHaveLength(1);
  });
});

describe('locateQuotedValue', () => {
  const markdown = [
    '## The fall',
    '',
    '- The   Berlin Wall **fell** on *9 November 1989*,\u00a0after the border opened.',
    '- East Germany’s leader was `Egon Krenz` — not Honecker.',
    '',
    '| City | Population |',
    '|------|-----------:|',
    '| Tokyo | 37.4 million |',
  ].join('\n');

  it('accepts a quote without the Markdown, with plain spaces, quotes and dashes, and points at the raw value', () => {
    const found = locateQuotedValue(
      markdown,
      'The Berlin Wall fell on 9 November 1989, after the border opened.',
      '9 November 1989',
    );
    expect(found).not.toBeNull();
    expect(markdown.slice(found!.value[0], found!.value[1])).toBe('9 November 1989');
    const krenz = locateQuotedValue(markdown, "East Germany's leader was Egon Krenz - not Honecker.", 'Egon Krenz');
    expect(markdown.slice(krenz!.value[0], krenz!.value[1])).toBe('Egon Krenz');
    const tokyo = locateQuotedValue(markdown, 'Tokyo | 37.4 million', '37.4 million');
    expect(markdown.slice(tokyo!.value[0], tokyo!.value[1])).toBe('37.4 million');
    // A quote that keeps the Markdown is found too.
    const kept = locateQuotedValue(markdown, '- The Berlin Wall **fell** on *9 November 1989*', '9 November 1989');
    expect(markdown.slice(kept!.value[0], kept!.value[1])).toBe('9 November 1989');
  });

  it('accepts nothing else: changed words, digits, or a value cut out of a longer number', () => {
    expect(
      locateQuotedValue(markdown, 'The Berlin Wall fell on 9 November 1990, after the border opened.', '1990'),
    ).toBeNull();
    expect(locateQuotedValue(markdown, 'The Berlin Wall came down on 9 November 1989', '9 November 1989')).toBeNull();
    expect(locateQuotedValue(markdown, 'Tokyo | 37.4 million', '7.4 million')).toBeNull();
    expect(locateQuotedValue(markdown, 'fell on 9 November 198', '198')).toBeNull();
    expect(locateQuotedValue('Use snake_case names.', 'Use snakecase names.', 'snakecase')).toBeNull();
  });
});

describe('verifyVerdict, agreements', () => {
  const tower: AnswerForComparison[] = [
    { model: 'chatgpt', text: 'The Eiffel Tower is **330 metres** tall. It was completed in 1889.', error: null },
    { model: 'claude', text: 'It stands 330 m tall and was completed in 1889.', error: null },
    { model: 'gemini', text: 'The tower is 300 metres tall. It was completed in 1887.', error: null },
  ];
  const height = {
    fact: 'The tower is 330 metres tall.',
    positions: [
      { answer: 'A', value: '330 metres', quote: 'The Eiffel Tower is 330 metres tall.' },
      { answer: 'B', value: '330 m', quote: 'It stands 330 m tall and was completed in 1889.' },
    ],
  };
  const agreeing = (...agreements: JudgeVerdict['agreements']): JudgeVerdict => ({ agreements, disputes: [] });

  it('keeps a fact every credited answer quotes with the same value, however written, located in each answer', () => {
    const result = verifyVerdict(tower, agreeing(height));
    expect(result.dropped).toEqual({ positions: 0, disputes: 0, agreements: 0 });
    expect(result.agreements).toHaveLength(1);
    const [agreement] = result.agreements;
    expect(agreement!.fact).toBe('The tower is 330 metres tall.');
    expect(agreement!.positions.map(({ model, value, claim }) => [model, value, claim])).toEqual([
      ['chatgpt', '330 metres', 'The Eiffel Tower is 330 metres tall.'],
      ['claude', '330 m', 'It stands 330 m tall and was completed in 1889.'],
    ]);
    expect(agreement!.positions.map((position) => at(tower, position.model, position))).toEqual([
      '330 metres',
      '330 m',
    ]);
  });

  it('does not credit an answer whose quote says otherwise, and drops a fact left with one answer', () => {
    // Gemini wrote 300 metres; the judge credits it with the others' sentence.
    const wrongCredit = {
      ...height,
      positions: [...height.positions, { answer: 'C', value: '330 metres', quote: 'The tower is 330 metres tall.' }],
    };
    const result = verifyVerdict(tower, agreeing(wrongCredit));
    expect(result.agreements[0]?.positions.map((position) => position.model)).toEqual(['chatgpt', 'claude']);
    expect(result.dropped).toEqual({ positions: 1, disputes: 0, agreements: 0 });

    const alone = { ...height, positions: [height.positions[0]!, wrongCredit.positions[2]!] };
    expect(verifyVerdict(tower, agreeing(alone)).agreements).toEqual([]);
  });

  it('drops a fact whose answers quote values that differ by meaning', () => {
    // Each quote is right, but 1887 is not 1889: the judge called a conflict an agreement.
    const year = {
      fact: 'The tower was completed in 1889.',
      positions: [
        { answer: 'A', value: '1889', quote: 'It was completed in 1889.' },
        { answer: 'C', value: '1887', quote: 'It was completed in 1887.' },
      ],
    };
    const result = verifyVerdict(tower, agreeing(year));
    expect(result.agreements).toEqual([]);
    expect(result.dropped).toEqual({ positions: 0, disputes: 0, agreements: 1 });
  });

  it("drops a fact of another question's answers, one whose sentence states none of the quoted values, and a bare sentence", () => {
    const otherQuestion = {
      fact: 'The Berlin Wall fell in 1989.',
      positions: [
        { answer: 'A', value: '1989', quote: 'The Berlin Wall fell on 9 November 1989.' },
        { answer: 'B', value: '1989', quote: 'The Wall fell in 1989.' },
      ],
    };
    const restated = { ...height, fact: 'The tower is 300 metres tall.' };
    const bare = 'The tower is 330 metres tall.';
    const parsed = verdictSchema.parse(agreeing(otherQuestion, restated, bare));
    const result = verifyVerdict(tower, parsed);
    expect(result.agreements).toEqual([]);
    expect(result.dropped).toEqual({ positions: 2, disputes: 0, agreements: 3 });
  });

  it('lists a fact stated twice in the same words once', () => {
    const result = verifyVerdict(tower, agreeing(height, { ...height, fact: 'the tower is 330 metres tall' }));
    expect(result.agreements.map((agreement) => agreement.fact)).toEqual(['The tower is 330 metres tall.']);
  });
});
