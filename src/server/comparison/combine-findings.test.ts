import { describe, expect, it } from 'vitest';
import {
  comparisonAnalysisSchema,
  type AnswerClaim,
  type AnswerForComparison,
  type ComparisonAnalysis,
  type Disagreement,
} from '../../common/comparison';
import { combine, type JudgeFindings } from './combine-findings';
import { rankByClaims } from './confidence';
import type { AgreedPosition } from './judge-verification';
import { summarise } from './report-text';

// Answers with two planted conflicts: the year (the judge finds it) and the height (only the local
// analyser finds it). Offsets are computed from the text so the fixtures cannot drift from it.

const chatgptText = 'The Wall fell in 1989. It stood 3.6 metres tall. It ran through Berlin.';
const claudeText = 'The Wall fell in 1990. It stood 4 metres tall. It ran through Berlin.';
const answers: AnswerForComparison[] = [
  { model: 'chatgpt', text: chatgptText, error: null },
  { model: 'grok', text: null, error: 'Timed out' },
  { model: 'claude', text: claudeText, error: null },
];

function claim(text: string, value: string, fields: Partial<AnswerClaim>): AnswerClaim {
  const start = text.indexOf(value);
  return {
    start,
    end: start + value.length,
    text: text.slice(text.lastIndexOf('.', start) + 1, text.indexOf('.', start + value.length) + 1).trim(),
    status: 'contradicted',
    agreedBy: [],
    contradictedBy: [],
    source: 'local',
    ...fields,
  };
}

/** A model's verified share in a judge agreement: its value where the answer writes it (after `after`), in its sentence. */
function agreed(model: string, text: string, value: string, after = ''): AgreedPosition {
  const start = text.indexOf(value, after ? text.indexOf(after) : 0);
  const end = start + value.length;
  const sentence = text.slice(text.lastIndexOf('.', start) + 1, text.indexOf('.', end) + 1).trim();
  return { model, value, claim: sentence, start, end };
}

const berlin = [agreed('chatgpt', chatgptText, 'Berlin'), agreed('claude', claudeText, 'Berlin')];

const judge: JudgeFindings = {
  agreements: [{ fact: 'The Wall ran through Berlin.', positions: berlin }],
  disagreements: [
    {
      topic: 'Year the Wall fell',
      source: 'judge',
      positions: [
        { model: 'chatgpt', claim: 'The Wall fell in 1989.', value: '1989' },
        { model: 'claude', claim: 'The Wall fell in 1990.', value: '1990' },
      ],
    },
  ],
  claims: [
    {
      model: 'chatgpt',
      claims: [
        claim(chatgptText, '1989', {
          source: 'judge',
          contradictedBy: [{ model: 'claude', value: '1990', claim: 'The Wall fell in 1990.' }],
        }),
      ],
    },
    {
      model: 'claude',
      claims: [
        claim(claudeText, '1990', {
          source: 'judge',
          contradictedBy: [{ model: 'chatgpt', value: '1989', claim: 'The Wall fell in 1989.' }],
        }),
      ],
    },
  ],
};

/** What the local analyser says about the same answers: both conflicts and one shared fact. */
function localAnalysis(overrides: Partial<ComparisonAnalysis> = {}): ComparisonAnalysis {
  return {
    summary: 'Local summary.',
    agreements: ['It ran through Berlin.', 'The Wall ran through berlin'],
    disagreements: [
      {
        topic: 'Wall fell (year)',
        positions: [
          { model: 'chatgpt', claim: 'The Wall fell in 1989.', value: '1989' },
          { model: 'claude', claim: 'The Wall fell in 1990.', value: '1990' },
        ],
      },
      {
        topic: 'Stood tall (length)',
        positions: [
          { model: 'chatgpt', claim: 'It stood 3.6 metres tall.', value: '3.6 metres' },
          { model: 'claude', claim: 'It stood 4 metres tall.', value: '4 metres' },
        ],
      },
    ],
    confidenceRanking: [],
    judge: { kind: 'local' },
    claims: [
      {
        model: 'chatgpt',
        claims: [
          // 'fell in 1989': a wider local span over the judge's value.
          claim(chatgptText, 'fell in 1989', {
            contradictedBy: [{ model: 'claude', value: '1990', claim: 'The Wall fell in 1990.' }],
          }),
          claim(chatgptText, '3.6 metres', {
            contradictedBy: [{ model: 'claude', value: '4 metres', claim: 'It stood 4 metres tall.' }],
          }),
          claim(chatgptText, 'Berlin', { status: 'agreed', agreedBy: ['claude'] }),
        ],
      },
      {
        model: 'claude',
        claims: [
          claim(claudeText, '1990', {
            contradictedBy: [{ model: 'chatgpt', value: '1989', claim: 'The Wall fell in 1989.' }],
          }),
          claim(claudeText, '4 metres', {
            contradictedBy: [{ model: 'chatgpt', value: '3.6 metres', claim: 'It stood 3.6 metres tall.' }],
          }),
          claim(claudeText, 'Berlin', { status: 'agreed', agreedBy: ['chatgpt'] }),
        ],
      },
    ],
    ...overrides,
  };
}

const info = { model: 'gemini', modelVersion: 'gemini-2.5-flash-001', durationMs: 1234 };

describe('combine', () => {
  it('lists the judge findings first and adds the local ones the judge missed, each with its source', () => {
    const result = combine(judge, localAnalysis(), answers, info);
    expect(result.disagreements.map((d) => [d.topic, d.source])).toEqual([
      ['Year the Wall fell', 'judge'],
      ['Stood tall (length)', 'local'],
    ]);
    expect(result.judge).toEqual({
      kind: 'model',
      model: 'gemini',
      displayName: 'Gemini',
      modelVersion: 'gemini-2.5-flash-001',
      durationMs: 1234,
    });
    expect(comparisonAnalysisSchema.parse(result)).toEqual(result);
  });

  it('counts a local disagreement as covered when the judge marked the same places, even with other values', () => {
    // The local analyser read the values differently ('fell in 1989'), but its claims sit where the judge's do.
    const local = localAnalysis();
    local.disagreements[0]!.positions = [
      { model: 'chatgpt', claim: 'The Wall fell in 1989.', value: 'fell in 1989' },
      { model: 'claude', claim: 'The Wall fell in 1990.' },
    ];
    expect(combine(judge, local, answers, info).disagreements.map((d) => d.source)).toEqual(['judge', 'local']);
  });

  it('keeps a local disagreement the judge touched in one answer only', () => {
    const local = localAnalysis();
    local.disagreements[0]!.positions = [
      { model: 'chatgpt', claim: 'The Wall fell in 1989.', value: '1989' },
      { model: 'claude', claim: 'It ran through Berlin.', value: 'Berlin' },
    ];
    expect(combine(judge, local, answers, info).disagreements.map((d) => d.topic)).toEqual([
      'Year the Wall fell',
      'Wall fell (year)',
      'Stood tall (length)',
    ]);
  });

  it("merges the claims per answer, the judge's disputed and agreed values winning where both mark the same words", () => {
    const result = combine(judge, localAnalysis(), answers, info);
    const marks = (model: string, text: string) =>
      result.claims
        ?.find((entry) => entry.model === model)
        ?.claims.map((c) => [text.slice(c.start, c.end), c.source, c.status]);
    expect(marks('chatgpt', chatgptText)).toEqual([
      ['1989', 'judge', 'contradicted'],
      ['3.6 metres', 'local', 'contradicted'],
      ['Berlin', 'judge', 'agreed'],
    ]);
    expect(marks('claude', claudeText)).toEqual([
      ['1990', 'judge', 'contradicted'],
      ['4 metres', 'local', 'contradicted'],
      ['Berlin', 'judge', 'agreed'],
    ]);
  });

  it('ranks confidence from the merged claims', () => {
    const result = combine(judge, localAnalysis(), answers, info);
    expect(result.confidenceRanking).toEqual(rankByClaims(answers, result.claims!));
    // Each answer's three merged marks are what it is ranked on.
    expect(result.claims?.map((entry) => [entry.model, entry.claims.length])).toEqual([
      ['chatgpt', 3],
      ['claude', 3],
    ]);
  });

  it('lists the judge agreements, then local ones not already listed, at most ten, and the summary counts them', () => {
    const result = combine(judge, localAnalysis(), answers, info);
    // 'The Wall ran through berlin' is the judge's agreement again in other letters.
    expect(result.agreements).toEqual(['The Wall ran through Berlin.', 'It ran through Berlin.']);
    // The summary is written from what is shown: these two facts and both disagreements, by model name.
    expect(result.summary).toBe(
      summarise({
        answered: ['ChatGPT', 'Claude'],
        failed: ['Grok'],
        agreements: 2,
        topics: ['Year the Wall fell', 'Stood tall (length)'],
      }),
    );
    const many = combine(
      { ...judge, agreements: Array.from({ length: 8 }, (_, k) => ({ fact: `Judge fact ${k}.`, positions: berlin })) },
      localAnalysis({ agreements: Array.from({ length: 8 }, (_, k) => `Local fact ${k}.`) }),
      answers,
      info,
    );
    expect(many.agreements).toHaveLength(10);
    expect(many.agreements.slice(7, 9)).toEqual(['Judge fact 7.', 'Local fact 0.']);
    expect(many.summary).toBe(
      summarise({
        answered: ['ChatGPT', 'Claude'],
        failed: ['Grok'],
        agreements: 16,
        topics: ['Year the Wall fell', 'Stood tall (length)'],
      }),
    );
  });

  it('returns the local analysis untouched without judge findings', () => {
    const local = localAnalysis();
    expect(combine(null, local, answers, info)).toBe(local);
  });

  it('works with a local analysis that has no claims (stored before claims existed)', () => {
    const result = combine(judge, localAnalysis({ claims: undefined }), answers, info);
    expect(result.disagreements.map((d) => d.source)).toEqual(['judge', 'local']);
    // The judge's disputed year and its agreed Berlin.
    expect(result.claims?.map((entry) => [entry.model, entry.claims.length])).toEqual([
      ['chatgpt', 2],
      ['claude', 2],
    ]);
  });
});

describe('combine, keeping the judge to what the answers say', () => {
  // The judge missed the year conflict and credited ChatGPT and Gemini with 1889; Grok wrote 1887.
  const chatgpt = 'The tower is 330 metres tall. It was completed in 1889.';
  const gemini = 'The tower is 300 metres tall. It was completed in 1889.';
  const grok = 'The tower is 330 m tall. It was completed in 1887. The fair it was built for opened in 1889.';
  const tower: AnswerForComparison[] = [
    { model: 'chatgpt', text: chatgpt, error: null },
    { model: 'grok', text: grok, error: null },
    { model: 'gemini', text: gemini, error: null },
  ];
  const yearConflict: Disagreement = {
    topic: 'Completed (year)',
    positions: [
      { model: 'chatgpt', claim: 'It was completed in 1889.', value: '1889' },
      { model: 'grok', claim: 'It was completed in 1887.', value: '1887' },
      { model: 'gemini', claim: 'It was completed in 1889.', value: '1889' },
    ],
  };
  const contradictedYear = (model: string, text: string, value: string, by: [string, string][]) =>
    claim(text, value, {
      contradictedBy: by.map(([other, v]) => ({ model: other, value: v, claim: `It was completed in ${v}.` })),
    });
  const local = (disagreements: Disagreement[]): ComparisonAnalysis => ({
    summary: 'Local summary.',
    agreements: [],
    disagreements,
    confidenceRanking: [],
    judge: { kind: 'local' },
    claims: [
      { model: 'chatgpt', claims: [contradictedYear('chatgpt', chatgpt, '1889', [['grok', '1887']])] },
      {
        model: 'grok',
        claims: [
          contradictedYear('grok', grok, '1887', [
            ['chatgpt', '1889'],
            ['gemini', '1889'],
          ]),
        ],
      },
      { model: 'gemini', claims: [contradictedYear('gemini', gemini, '1889', [['grok', '1887']])] },
    ],
  });
  const heightDispute: Disagreement = {
    topic: 'Height',
    source: 'judge',
    positions: [
      { model: 'chatgpt', claim: 'The tower is 330 metres tall.', value: '330 metres' },
      { model: 'grok', claim: 'The tower is 330 m tall.', value: '330 m' },
      { model: 'gemini', claim: 'The tower is 300 metres tall.', value: '300 metres' },
    ],
  };
  const judged = (agreements: JudgeFindings['agreements'], disagreements: Disagreement[] = []): JudgeFindings => ({
    agreements,
    disagreements,
    claims: [],
  });
  const completed1889 = {
    fact: 'It was completed in 1889.',
    positions: [agreed('chatgpt', chatgpt, '1889'), agreed('gemini', gemini, '1889')],
  };

  it('drops an agreement the local analysis contradicts between the models credited with it', () => {
    // Grok's 1889 is the fair's year, quoted rightly; the local analysis has Grok at 1887 against ChatGPT's 1889.
    const withGrok = { ...completed1889, positions: [...completed1889.positions, agreed('grok', grok, '1889')] };
    const result = combine(judged([withGrok]), local([yearConflict]), tower, info);
    expect(result.agreements).toEqual([]);
    const agreedMarks = result.claims!.flatMap((entry) => entry.claims.filter((c) => c.agreedBy.includes('grok')));
    expect(agreedMarks).toEqual([]);
    expect(result.disagreements.map((d) => [d.topic, d.source])).toEqual([['Completed (year)', 'local']]);
  });

  it('marks the credit of an agreement another model contests, but does not list it as a shared fact', () => {
    const result = combine(judged([completed1889]), local([yearConflict]), tower, info);
    expect(result.agreements).toEqual([]);
    const chatgptYear = result.claims!.find((entry) => entry.model === 'chatgpt')!.claims[0]!;
    expect(chatgpt.slice(chatgptYear.start, chatgptYear.end)).toBe('1889');
    expect(chatgptYear).toMatchObject({
      status: 'contradicted',
      agreedBy: ['gemini'],
      contradictedBy: [{ model: 'grok', value: '1887' }],
    });
  });

  it('lists an uncontested agreement and its marks', () => {
    const height = {
      fact: 'The tower is 330 metres tall.',
      positions: [agreed('chatgpt', chatgpt, '330 metres'), agreed('grok', grok, '330 m')],
    };
    const result = combine(judged([height]), local([]), tower, info);
    expect(result.agreements).toEqual(['The tower is 330 metres tall.']);
    const grokHeight = result.claims!.find((entry) => entry.model === 'grok')!.claims[0]!;
    expect([grok.slice(grokHeight.start, grokHeight.end), grokHeight.status, grokHeight.agreedBy]).toEqual([
      '330 m',
      'agreed',
      ['chatgpt'],
    ]);
  });

  it('adds a local disagreement only when no judge dispute already holds it, values compared by meaning', () => {
    // The local analyser reads the same height conflict with values written its own way.
    const localHeight: Disagreement = {
      topic: 'Tower tall (length)',
      positions: [
        { model: 'chatgpt', claim: 'The tower is 330 metres tall.', value: '330 m' },
        { model: 'gemini', claim: 'The tower is 300 metres tall.', value: '300 m' },
      ],
    };
    const result = combine(judged([], [heightDispute]), local([localHeight, yearConflict]), tower, info);
    expect(result.disagreements.map((d) => [d.topic, d.source])).toEqual([
      ['Height', 'judge'],
      ['Completed (year)', 'local'],
    ]);
    // A judge dispute on another fact of the same models does not hide the year.
    expect(result.summary).toContain('Height and Completed (year)');
  });
});
