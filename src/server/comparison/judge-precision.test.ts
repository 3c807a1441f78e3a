import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ComparisonAnalysis } from '../../common/comparison';
import { modelCatalogue } from '../../common/models';
import type { QueryResult } from '../../common/query-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The judge path keeps the comparison's precision (issue 33, item 7; decision 0064). A scripted judge,
// reached through the real app and AI SDK on the loopback vendor fakes, answers from a labelled answer
// set with planted mistakes: an invented conflict between two spellings of one value, an invented
// conflict over a value no answer has, a missed conflict, an agreement credited to a model that wrote
// otherwise, an agreement that quotes another fact's figure, and an agreement quoted from the previous
// question's answers. What the asker sees must hold only the labelled conflicts, each once, and credit
// no model with a value it contradicts.

let fakes: FakeAiVendors;
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t.close();
  await fakes.stop();
});

type Answering = 'chatgpt' | 'grok' | 'gemini';
const versions: Record<Answering, string> = {
  chatgpt: modelCatalogue.chatgpt.defaultVersion,
  grok: modelCatalogue.grok.defaultVersion,
  gemini: modelCatalogue.gemini.defaultVersion,
};
const judgeVersion = modelCatalogue.claude.defaultVersion;

/** Answers the three models give, and the judge's reply; the judge (Claude) sees them as A, B, C in this order. */
async function ask(
  question: string,
  answers: Record<Answering, string>,
  verdict: unknown,
): Promise<ComparisonAnalysis> {
  fakes.openai.script(versions.chatgpt, { text: answers.chatgpt });
  fakes.openai.script(versions.grok, { text: answers.grok });
  fakes.gemini.script(versions.gemini, { text: answers.gemini });
  fakes.anthropic.script(judgeVersion, { text: JSON.stringify(verdict) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    payload: {
      text: question,
      sessionId: `judge-precision-${++counter}`,
      selectedModels: ['chatgpt', 'grok', 'gemini'],
    },
  });
  expect(res.statusCode).toBe(200);
  const comparison = (res.json() as QueryResult).comparisonSummary!;
  expect(comparison.judge).toMatchObject({ kind: 'model', model: 'claude' });
  return comparison;
}

// ---- The earlier question: its answers are where the judge's stray agreement comes from -------------

const wall = {
  question: 'When did the Berlin Wall fall?',
  answers: {
    chatgpt: 'The Berlin Wall fell on 9 November 1989.',
    grok: 'The Berlin Wall fell on 9 November 1989.',
    gemini: 'The Berlin Wall fell on 9 November 1989.',
  },
};
const wallAgreement = {
  fact: 'The Berlin Wall fell on 9 November 1989.',
  positions: ['A', 'B', 'C'].map((answer) => ({
    answer,
    value: '9 November 1989',
    quote: 'The Berlin Wall fell on 9 November 1989.',
  })),
};

// ---- The labelled set -------------------------------------------------------------------------------

const tower = {
  question: 'How tall is the Eiffel Tower, when was it completed and how much does it weigh?',
  answers: {
    chatgpt: 'The Eiffel Tower is 330 metres tall. It was completed in 1889. It weighs about 10,100 tonnes.',
    grok: 'The Eiffel Tower is 330 m tall. It was completed in 1887. It weighs about 10,100 tonnes. The world fair it was built for opened in 1889.',
    gemini: 'The Eiffel Tower is 300 metres tall. It was completed in 1889. It weighs about 10,100 tonnes.',
  },
};

/** The labelled conflicts: per fact, each model's value as its answer writes it, and who sides with whom. */
const conflicts: { fact: string; values: Record<Answering, string>; sides: Answering[][] }[] = [
  {
    fact: 'height',
    values: { chatgpt: '330 metres', grok: '330 m', gemini: '300 metres' },
    sides: [['chatgpt', 'grok'], ['gemini']],
  },
  {
    fact: 'year completed',
    values: { chatgpt: '1889', grok: '1887', gemini: '1889' },
    sides: [['chatgpt', 'gemini'], ['grok']],
  },
];
const sideOf = (conflict: (typeof conflicts)[number], model: string) =>
  conflict.sides.findIndex((side) => side.includes(model as Answering));

const quote = (answer: 'A' | 'B' | 'C', value: string, sentence: string) => ({ answer, value, quote: sentence });

const plantedVerdict = {
  summary: 'The answers disagree on the height and on the weight.',
  disputes: [
    {
      topic: 'Height of the tower',
      positions: [
        quote('A', '330 metres', 'The Eiffel Tower is 330 metres tall.'),
        quote('B', '330 m', 'The Eiffel Tower is 330 m tall.'),
        quote('C', '300 metres', 'The Eiffel Tower is 300 metres tall.'),
      ],
    },
    // Invented: one height written two ways.
    {
      topic: 'Height in metres',
      positions: [
        quote('A', '330 metres', 'The Eiffel Tower is 330 metres tall.'),
        quote('B', '330 m', 'The Eiffel Tower is 330 m tall.'),
      ],
    },
    // Invented: no answer gives 7,300 tonnes.
    {
      topic: 'Weight',
      positions: [
        quote('A', '10,100 tonnes', 'It weighs about 10,100 tonnes.'),
        quote('C', '7,300 tonnes', 'It weighs about 7,300 tonnes.'),
      ],
    },
    // Missed: the year of completion (1889 against Grok's 1887) is not here.
  ],
  agreements: [
    // Credited to Grok, which wrote 1887.
    {
      fact: 'It was completed in 1889.',
      positions: [
        quote('A', '1889', 'It was completed in 1889.'),
        quote('B', '1889', 'It was completed in 1889.'),
        quote('C', '1889', 'It was completed in 1889.'),
      ],
    },
    // Grok's 1889 is the fair's year: quoted rightly, but Grok says the tower was completed in 1887.
    {
      fact: 'The tower was finished in 1889.',
      positions: [
        quote('A', '1889', 'It was completed in 1889.'),
        quote('B', '1889', 'The world fair it was built for opened in 1889.'),
      ],
    },
    // The previous question's answers.
    wallAgreement,
    // True of A and B, but C disputes the height.
    {
      fact: 'The tower is 330 metres tall.',
      positions: [
        quote('A', '330 metres', 'The Eiffel Tower is 330 metres tall.'),
        quote('B', '330 m', 'The Eiffel Tower is 330 m tall.'),
      ],
    },
    // Right.
    {
      fact: 'It weighs about 10,100 tonnes.',
      positions: [
        quote('A', '10,100 tonnes', 'It weighs about 10,100 tonnes.'),
        quote('B', '10,100 tonnes', 'It weighs about 10,100 tonnes.'),
        quote('C', '10,100 tonnes', 'It weighs about 10,100 tonnes.'),
      ],
    },
  ],
};

/** The labelled conflicts a reported disagreement names: a position of one side and one of another, each with its side's value. */
function named(disagreement: ComparisonAnalysis['disagreements'][number]): string[] {
  return conflicts
    .filter((conflict) => {
      const sides = disagreement.positions
        .filter((position) => {
          const labelled = conflict.values[position.model as Answering];
          return (
            labelled !== undefined &&
            position.value !== undefined &&
            (labelled === position.value || labelled.includes(position.value) || position.value.includes(labelled))
          );
        })
        .map((position) => sideOf(conflict, position.model));
      return new Set(sides.filter((side) => side >= 0)).size >= 2;
    })
    .map((conflict) => conflict.fact);
}

describe('the judge path, scored against a labelled set with planted judge mistakes', () => {
  it('reports only labelled conflicts, each once, the missed one from the local analysis', async () => {
    await ask(wall.question, wall.answers, { summary: 'They agree.', agreements: [wallAgreement], disputes: [] });
    const comparison = await ask(tower.question, tower.answers, plantedVerdict);

    // Precision: every reported disagreement names exactly one labelled conflict.
    expect(comparison.disagreements.map((d) => [d.topic, named(d)])).toEqual(
      comparison.disagreements.map((d) => [d.topic, [expect.any(String)]]),
    );
    // Each labelled conflict is named once: the height by the judge, the year it missed by the local analysis.
    expect(comparison.disagreements.map((d) => [named(d)[0], d.source]).sort()).toEqual([
      ['height', 'judge'],
      ['year completed', 'local'],
    ]);
    expect(comparison.summary).not.toMatch(/Weight|Height in metres/);
  });

  it('credits no model with a value it contradicts, and lists only the shared fact the answers bear out', async () => {
    await ask(wall.question, wall.answers, { summary: 'They agree.', agreements: [wallAgreement], disputes: [] });
    const comparison = await ask(tower.question, tower.answers, plantedVerdict);

    // Every mark: the models it is agreed by hold the same side of a labelled conflict, those that
    // contradict it the other side.
    const marks = comparison.claims!.flatMap((entry) =>
      entry.claims.map((claim) => ({
        model: entry.model,
        value: tower.answers[entry.model as Answering].slice(claim.start, claim.end),
        claim,
      })),
    );
    expect(marks.length).toBeGreaterThan(0);
    for (const { model, value, claim } of marks) {
      for (const conflict of conflicts) {
        if (conflict.values[model as Answering] !== value) continue;
        const side = sideOf(conflict, model);
        expect(claim.agreedBy.map((by) => [by, sideOf(conflict, by)])).toEqual(claim.agreedBy.map((by) => [by, side]));
        for (const { model: by } of claim.contradictedBy)
          expect([by, sideOf(conflict, by) === side]).toEqual([by, false]);
      }
    }
    // The 1889 marks: ChatGPT's is backed by Gemini and contradicted by Grok; Grok is never credited with 1889.
    const chatgptYear = marks.find((mark) => mark.model === 'chatgpt' && mark.value === '1889')!;
    expect(chatgptYear.claim.agreedBy).toContain('gemini');
    expect(chatgptYear.claim.contradictedBy.map((by) => by.model)).toEqual(['grok']);
    expect(marks.filter((mark) => mark.claim.agreedBy.includes('grok') && /1889/.test(mark.value))).toEqual([]);
    // Grok's 1889 is the fair's year: no one is credited with sharing it.
    const grokFair = marks.find((mark) => mark.model === 'grok' && mark.value === '1889');
    expect(grokFair?.claim.agreedBy ?? []).toEqual([]);

    // The Parallax answer states no sentence as shared by models on two sides of a labelled conflict.
    for (const sentence of comparison.consensus?.sentences ?? []) {
      for (const conflict of conflicts) {
        const stated = sentence.quotes.filter((q) =>
          q.text.includes(conflict.values[q.model as Answering] ?? '\u0000'),
        );
        expect(new Set(stated.map((q) => sideOf(conflict, q.model))).size, sentence.text).toBeLessThanOrEqual(1);
      }
    }

    // The weight is listed as shared; the contested, the miscredited and the earlier question's facts are not.
    expect(comparison.agreements).toContain('It weighs about 10,100 tonnes.');
    for (const fact of [
      'It was completed in 1889.',
      'The tower was finished in 1889.',
      'The tower is 330 metres tall.',
      'The Berlin Wall fell on 9 November 1989.',
    ]) {
      expect(comparison.agreements).not.toContain(fact);
    }
    expect(comparison.agreements.join(' ')).not.toMatch(/Berlin/);
  });
});
