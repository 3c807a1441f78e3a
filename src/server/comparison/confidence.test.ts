import { describe, expect, it } from 'vitest';
import {
  confidenceEntrySchema,
  type AnswerClaim,
  type AnswerClaims,
  type AnswerForComparison,
} from '../../common/comparison';
import { RANKING_MIN_CHECKED } from '../../common/comparison';
import { rankByClaims } from './confidence';

const answered = (model: string): AnswerForComparison => ({ model, text: `${model} answered.`, error: null });

/** A claim another model may back (agreedBy) or dispute (contradictedBy: model names). */
function claim(agreedBy: string[], contradictedBy: string[] = []): AnswerClaim {
  return {
    start: 0,
    end: 4,
    text: 'A sentence.',
    status: contradictedBy.length > 0 ? 'contradicted' : agreedBy.length > 0 ? 'agreed' : 'single-source',
    agreedBy,
    contradictedBy: contradictedBy.map((model) => ({ model, value: '1990', claim: `${model} says 1990.` })),
    source: 'local',
  };
}

describe('rankByClaims', () => {
  it('scores each answer by the checked claims other answers back, with the reason in words', () => {
    const answers = ['chatgpt', 'claude', 'gemini'].map(answered);
    const claims: AnswerClaims[] = [
      { model: 'chatgpt', claims: [claim(['claude']), claim([], ['claude', 'gemini']), claim([])] },
      { model: 'claude', claims: [claim(['chatgpt']), claim(['gemini'], ['chatgpt'])] },
      { model: 'gemini', claims: [claim(['claude'], ['chatgpt'])] },
    ];
    const ranking = rankByClaims(answers, claims);
    expect(ranking).toEqual([
      {
        // One confirmed claim, one where Gemini backs it and ChatGPT disputes it (a tie, a half).
        model: 'claude',
        displayName: 'Claude',
        score: 0.75,
        checked: 2,
        contradicted: 1,
        reason: 'Contradicted on 1 of 2 checked claims',
      },
      {
        model: 'gemini',
        displayName: 'Gemini',
        score: 0.5,
        checked: 1,
        contradicted: 1,
        reason: '1 checked claim, contradicted by another answer',
      },
      {
        // The single-source third claim is not checked: 1 supported of 2. Claude and Gemini both
        // hold 1990 against it, so it ranks below them, its score just under theirs.
        model: 'chatgpt',
        displayName: 'ChatGPT',
        score: 0.49,
        checked: 2,
        contradicted: 1,
        reason: 'Contradicted on 1 of 2 checked claims',
      },
    ]);
    for (const entry of ranking) expect(confidenceEntrySchema.parse(entry)).toEqual(entry);
  });

  it('counts models, not entries, and scores a tie as a half', () => {
    const answers = ['chatgpt', 'claude', 'gemini', 'grok'].map(answered);
    const claims: AnswerClaims[] = [
      // Claude twice against one Gemini is still one against one; Grok alone against two loses.
      { model: 'chatgpt', claims: [claim(['claude', 'claude'], ['gemini']), claim(['claude'])] },
      { model: 'grok', claims: [claim([], ['chatgpt', 'claude'])] },
    ];
    const byModel = Object.fromEntries(rankByClaims(answers, claims).map((entry) => [entry.model, entry]));
    expect(byModel.chatgpt).toMatchObject({ score: 0.75, checked: 2, contradicted: 1 });
    expect(byModel.grok).toMatchObject({ score: 0, checked: 1, contradicted: 1 });
  });

  it('rounds the score to two decimals', () => {
    const claims: AnswerClaims[] = [
      { model: 'chatgpt', claims: [claim(['claude']), claim(['claude']), claim([], ['claude'])] },
      { model: 'claude', claims: [claim(['chatgpt'])] },
    ];
    expect(rankByClaims([answered('chatgpt'), answered('claude')], claims)[1]).toMatchObject({
      model: 'chatgpt',
      score: 0.67,
      reason: 'Contradicted on 1 of 3 checked claims',
    });
  });

  it('says when every checked claim is confirmed', () => {
    const claims: AnswerClaims[] = [
      { model: 'chatgpt', claims: [claim(['claude']), claim(['claude']), claim(['claude']), claim(['claude'])] },
      { model: 'claude', claims: [claim(['chatgpt'])] },
    ];
    expect(
      rankByClaims([answered('chatgpt'), answered('claude')], claims).map((e) => [e.model, e.score, e.reason]),
    ).toEqual([
      ['chatgpt', 1, 'Confirmed by another answer on all 4 checked claims'],
      ['claude', 1, '1 checked claim, confirmed by another answer'],
    ]);
  });

  it('ranks nobody when too few claims could be checked (issue 33, item 5)', () => {
    // Nothing checkable at all.
    expect(
      rankByClaims([answered('chatgpt'), answered('claude')], [{ model: 'chatgpt', claims: [claim([])] }]),
    ).toEqual([]);
    // One answer checked: no second answer to rank it against.
    const one: AnswerClaims[] = [
      { model: 'chatgpt', claims: [claim(['claude']), claim(['claude']), claim(['claude'])] },
    ];
    expect(rankByClaims([answered('chatgpt'), answered('claude')], one)).toEqual([]);
    // Two answers, one fact each: fewer than RANKING_MIN_CHECKED checks.
    const two: AnswerClaims[] = [
      { model: 'chatgpt', claims: [claim([], ['claude'])] },
      { model: 'claude', claims: [claim([], ['chatgpt'])] },
    ];
    expect(RANKING_MIN_CHECKED).toBeGreaterThan(2);
    expect(rankByClaims([answered('chatgpt'), answered('claude')], two)).toEqual([]);
  });

  it('gives a failed or empty answer no entry, whatever claims name it', () => {
    const answers: AnswerForComparison[] = [
      { model: 'grok', text: null, error: 'Timed out' },
      answered('chatgpt'),
      { model: 'gemini', text: '   ', error: null },
      answered('claude'),
    ];
    const claims: AnswerClaims[] = [
      { model: 'grok', claims: [claim(['chatgpt'])] },
      { model: 'chatgpt', claims: [claim(['claude']), claim(['claude'])] },
      { model: 'claude', claims: [claim(['chatgpt'])] },
    ];
    expect(rankByClaims(answers, claims).map((e) => [e.model, e.score, e.checked])).toEqual([
      ['chatgpt', 1, 2],
      ['claude', 1, 1],
    ]);
  });

  it('never ranks an answer two others agree against above them, whatever its score', () => {
    const answers = ['grok', 'chatgpt', 'claude'].map(answered);
    const against = (value: string) => [
      { model: 'chatgpt', value, claim: `ChatGPT says ${value}.` },
      { model: 'claude', value, claim: `Claude says ${value}.` },
    ];
    const claims: AnswerClaims[] = [
      // Grok is confirmed on four facts and outvoted on one: 0.8, above the others' 0.5, yet ranked last.
      {
        model: 'grok',
        claims: [
          claim(['chatgpt']),
          claim(['chatgpt']),
          claim(['claude']),
          claim(['claude']),
          { ...claim([], ['x']), contradictedBy: against('1889 m') },
        ],
      },
      { model: 'chatgpt', claims: [claim(['claude'], ['grok'])] },
      { model: 'claude', claims: [claim(['chatgpt'], ['grok'])] },
    ];
    const ranking = rankByClaims(answers, claims);
    expect(ranking.map((e) => e.model)).toEqual(['chatgpt', 'claude', 'grok']);
    // Its score goes below theirs, so no card shows it tied with them; its reason still says why.
    expect(ranking.map((e) => e.score)).toEqual([0.5, 0.5, 0.49]);
    expect(ranking[2]!.reason).toBe('Contradicted on 1 of 5 checked claims');
  });

  it('keeps the input order between equal scores and ignores a model naming itself', () => {
    const answers = ['gemini', 'chatgpt', 'claude'].map(answered);
    const claims: AnswerClaims[] = [
      { model: 'chatgpt', claims: [claim(['chatgpt'], ['chatgpt']), claim(['gemini'])] },
      { model: 'gemini', claims: [claim(['chatgpt'])] },
      { model: 'claude', claims: [claim(['gemini'])] },
    ];
    expect(rankByClaims(answers, claims).map((e) => [e.model, e.checked])).toEqual([
      ['gemini', 1],
      ['chatgpt', 1],
      ['claude', 1],
    ]);
  });
});
