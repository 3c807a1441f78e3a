import { describe, expect, it } from 'vitest';
import {
  confidenceEntrySchema,
  type AnswerClaim,
  type AnswerClaims,
  type AnswerForComparison,
} from '../../common/comparison';
import { CONFIDENCE_REASONS, rankByClaims } from './confidence';

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
        // The single-source third claim is not checked: 1 supported of 2.
        model: 'chatgpt',
        displayName: 'ChatGPT',
        score: 0.5,
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
    ]);
    for (const entry of ranking) expect(confidenceEntrySchema.parse(entry)).toEqual(entry);
  });

  it('counts models, not entries, and scores a tie as a half', () => {
    const answers = ['chatgpt', 'claude', 'gemini', 'grok'].map(answered);
    const claims: AnswerClaims[] = [
      // Claude twice against one Gemini is still one against one; Grok alone against two loses.
      { model: 'chatgpt', claims: [claim(['claude', 'claude'], ['gemini'])] },
      { model: 'grok', claims: [claim([], ['chatgpt', 'claude'])] },
    ];
    const byModel = Object.fromEntries(rankByClaims(answers, claims).map((entry) => [entry.model, entry]));
    expect(byModel.chatgpt).toMatchObject({ score: 0.5, checked: 1, contradicted: 1 });
    expect(byModel.grok).toMatchObject({ score: 0, checked: 1, contradicted: 1 });
  });

  it('rounds the score to two decimals', () => {
    const claims: AnswerClaims[] = [
      { model: 'chatgpt', claims: [claim(['claude']), claim(['claude']), claim([], ['claude'])] },
    ];
    expect(rankByClaims([answered('chatgpt'), answered('claude')], claims)[0]).toMatchObject({
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

  it('gives 0.5 with checked 0 and says nothing was checkable when no other answer states the same facts', () => {
    const claims: AnswerClaims[] = [{ model: 'chatgpt', claims: [claim([]), claim([])] }];
    const ranking = rankByClaims([answered('chatgpt'), answered('claude')], claims);
    expect(ranking).toEqual([
      {
        model: 'chatgpt',
        displayName: 'ChatGPT',
        score: 0.5,
        checked: 0,
        contradicted: 0,
        reason: CONFIDENCE_REASONS.nothingChecked,
      },
      // No claims entry at all reads the same.
      {
        model: 'claude',
        displayName: 'Claude',
        score: 0.5,
        checked: 0,
        contradicted: 0,
        reason: CONFIDENCE_REASONS.nothingChecked,
      },
    ]);
    expect(ranking.every((entry) => entry.checked === 0)).toBe(true);
  });

  it('puts failed and empty answers last with score 0 and "No answer", whatever claims name them', () => {
    const answers: AnswerForComparison[] = [
      { model: 'grok', text: null, error: 'Timed out' },
      answered('chatgpt'),
      { model: 'gemini', text: '   ', error: null },
      answered('claude'),
    ];
    const claims: AnswerClaims[] = [
      { model: 'grok', claims: [claim(['chatgpt'])] },
      { model: 'chatgpt', claims: [claim(['claude'])] },
    ];
    expect(rankByClaims(answers, claims).map((e) => [e.model, e.score, e.checked, e.reason])).toEqual([
      ['chatgpt', 1, 1, CONFIDENCE_REASONS.oneConfirmed],
      ['claude', 0.5, 0, CONFIDENCE_REASONS.nothingChecked],
      ['grok', 0, 0, 'No answer'],
      ['gemini', 0, 0, 'No answer'],
    ]);
  });

  it('keeps the input order between equal scores and ignores a model naming itself', () => {
    const answers = ['gemini', 'chatgpt', 'claude'].map(answered);
    const claims: AnswerClaims[] = [{ model: 'chatgpt', claims: [claim(['chatgpt'], ['chatgpt'])] }];
    expect(rankByClaims(answers, claims).map((e) => [e.model, e.checked])).toEqual([
      ['gemini', 0],
      ['chatgpt', 0],
      ['claude', 0],
    ]);
  });
});
