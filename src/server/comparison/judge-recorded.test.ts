import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnswerForComparison } from '../../common/comparison';
import { verdictSchema, verifyVerdict, type VerifiedVerdict } from './judge-verification';

// Judge replies kept under tests/fixtures/judge/ (good, wrong, hallucinated, out of shape, empty),
// replayed as the app treats a judge's text: parsed, validated with the verdict schema, then checked
// against the answers (decision 0024). What each reply must come to is stated here, not in the files.

interface Fixture {
  question: string;
  answers: AnswerForComparison[];
  /** Each reply is the judge's JSON (`reply`) or, when it is not JSON, its raw text (`replyText`). */
  replies: Record<string, { note: string; reply?: unknown; replyText?: string }>;
}

const directory = new URL('../../../tests/fixtures/judge/', import.meta.url);
const fixtures: Record<string, Fixture> = Object.fromEntries(
  readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name, JSON.parse(readFileSync(new URL(name, directory), 'utf8')) as Fixture]),
);

type Kept = { topic: string; positions: [model: string, value: string][] };
type Outcome = 'out of shape' | { kept: Kept[]; dropped: VerifiedVerdict['dropped'] };

const expected: Record<string, Record<string, Outcome>> = {
  'eiffel-tower.json': {
    good: {
      kept: [
        {
          topic: 'Height of the tower',
          positions: [
            ['chatgpt', '330 metres'],
            ['claude', '330 m'],
            ['gemini', '300 metres'],
          ],
        },
        {
          topic: 'Year of completion',
          positions: [
            ['chatgpt', '1889'],
            ['claude', 'March 31, 1889'],
            ['gemini', '1887'],
          ],
        },
      ],
      dropped: { positions: 0, disputes: 0, agreements: 1 },
    },
    // Only the completion year survives, between the two answers quoted correctly.
    wrong: {
      kept: [
        {
          topic: 'Completion year',
          positions: [
            ['claude', 'March 31, 1889'],
            ['gemini', '1887'],
          ],
        },
      ],
      dropped: { positions: 4, disputes: 2, agreements: 0 },
    },
    hallucinated: {
      kept: [
        {
          topic: 'Height',
          positions: [
            ['chatgpt', '330 metres'],
            ['gemini', '300 metres'],
          ],
        },
      ],
      dropped: { positions: 3, disputes: 2, agreements: 1 },
    },
    'out-of-shape': 'out of shape',
    empty: { kept: [], dropped: { positions: 0, disputes: 0, agreements: 0 } },
  },
  'apollo-11.json': {
    good: {
      kept: [
        {
          topic: 'Landing date',
          positions: [
            ['chatgpt', '20 July 1969'],
            ['grok', 'July 20, 1969'],
            ['deepseek', '21 July 1969'],
          ],
        },
      ],
      dropped: { positions: 0, disputes: 0, agreements: 1 },
    },
    wrong: { kept: [], dropped: { positions: 3, disputes: 1, agreements: 0 } },
    'out-of-shape': 'out of shape',
    truncated: 'out of shape',
    empty: 'out of shape',
  },
  'swiss-currency.json': {
    good: {
      kept: [
        {
          topic: 'Currency of Switzerland',
          positions: [
            ['chatgpt', 'Swiss franc'],
            ['gemini', 'euro'],
            ['claude', 'swiss franc'],
          ],
        },
      ],
      dropped: { positions: 0, disputes: 0, agreements: 0 },
    },
    // Both sides say the same currency: not a disagreement.
    wrong: { kept: [], dropped: { positions: 0, disputes: 1, agreements: 1 } },
    hallucinated: { kept: [], dropped: { positions: 2, disputes: 1, agreements: 0 } },
  },
};

/** What the app makes of a judge's reply text: a verified verdict, or null when it is out of shape. */
function replay(fixture: Fixture, name: string): VerifiedVerdict | null {
  const reply = fixture.replies[name]!;
  let json: unknown;
  try {
    json = reply.replyText !== undefined ? JSON.parse(reply.replyText) : reply.reply;
  } catch {
    return null;
  }
  const parsed = verdictSchema.safeParse(json);
  return parsed.success ? verifyVerdict(fixture.answers, parsed.data) : null;
}

const cases = Object.entries(fixtures).flatMap(([file, fixture]) =>
  Object.keys(fixture.replies).map((reply) => [file, reply] as const),
);

describe('recorded judge replies', () => {
  it('each have a stated outcome', () => {
    expect(cases.map(([file, reply]) => `${file} ${reply}`).sort()).toEqual(
      Object.entries(expected)
        .flatMap(([file, replies]) => Object.keys(replies).map((reply) => `${file} ${reply}`))
        .sort(),
    );
  });

  it.each(cases)('%s, %s reply', (file, reply) => {
    const fixture = fixtures[file]!;
    const outcome = expected[file]?.[reply];
    const result = replay(fixture, reply);
    if (outcome === 'out of shape') {
      expect(result).toBeNull();
      return;
    }
    expect(result).not.toBeNull();
    expect(
      result!.disagreements.map((d) => ({
        topic: d.topic,
        positions: d.positions.map((p) => [p.model, p.value]),
      })),
    ).toEqual(outcome!.kept);
    expect(result!.disagreements.every((d) => d.source === 'judge')).toBe(true);
    expect(result!.dropped).toEqual(outcome!.dropped);

    // Every kept value is marked exactly where the answer writes it, and nothing else is marked.
    const textOf = new Map(fixture.answers.map((answer) => [answer.model, answer.text ?? '']));
    const marked = result!.claims.flatMap((entry) =>
      entry.claims.map((claim) => [entry.model, textOf.get(entry.model)!.slice(claim.start, claim.end)]),
    );
    const kept = outcome!.kept.flatMap((d) => d.positions);
    expect(marked.sort()).toEqual([...new Map(kept.map((p) => [p.join('\n'), p])).values()].sort());
  });

  it('mark answers that state the same value in other words as agreeing, and the other side as contradicting', () => {
    const apollo = replay(fixtures['apollo-11.json']!, 'good')!;
    const claimOf = (model: string) => apollo.claims.find((entry) => entry.model === model)?.claims[0];
    expect(claimOf('chatgpt')).toMatchObject({
      agreedBy: ['grok'],
      contradictedBy: [{ model: 'deepseek', value: '21 July 1969' }],
    });
    expect(claimOf('deepseek')).toMatchObject({
      agreedBy: [],
      contradictedBy: [
        { model: 'chatgpt', value: '20 July 1969', claim: '20 July 1969.' },
        {
          model: 'grok',
          value: 'July 20, 1969',
          claim: 'Apollo 11 landed on the Moon on July 20, 1969, at 20:17 UTC.',
        },
      ],
    });
    // The failed answer got no letter and no claims.
    expect(apollo.claims.map((entry) => entry.model)).toEqual(['chatgpt', 'grok', 'deepseek']);

    // 330 metres and 330 m are one height (decision 0064): they back each other against 300 metres.
    const eiffel = replay(fixtures['eiffel-tower.json']!, 'good')!;
    const eiffelClaim = (model: string) => eiffel.claims.find((entry) => entry.model === model)?.claims[0];
    expect(eiffelClaim('chatgpt')).toMatchObject({
      agreedBy: ['claude'],
      contradictedBy: [{ model: 'gemini', value: '300 metres' }],
    });
    // Its agreement is a bare sentence, as judges replied before decision 0064: nothing ties it to the answers.
    expect(eiffel.agreements).toEqual([]);

    const currency = replay(fixtures['swiss-currency.json']!, 'good')!;
    expect(currency.claims.find((entry) => entry.model === 'claude')?.claims[0]).toMatchObject({
      agreedBy: ['chatgpt'],
      contradictedBy: [{ model: 'gemini', value: 'euro' }],
    });
  });
});
