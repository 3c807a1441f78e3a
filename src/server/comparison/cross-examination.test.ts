import { describe, expect, it } from 'vitest';
import type { ComparisonAnalysis } from '../../common/comparison';
import { assembleConsensus } from './consensus';
import { applySettlement, disagreementKey, readVerdict, recheckPrompt, settlementOf } from './cross-examination';
import { analyseLocally } from './local-analyser';

// Cross-examination (issue 13, item 2): the re-check prompt is blind, a reply's verdict is read however
// the model words it, and a round changes the claims, the ranking and the Parallax answer honestly.

const QUESTION = 'Tell me about the Eiffel Tower';
const TOWER_A =
  'The Eiffel Tower is 330 metres tall. It was completed in 1889. It weighs about 10,100 tonnes. It has 1,665 steps to the top.';
const TOWER_B =
  'The Eiffel Tower is 300 metres tall. It was completed in 1887. It weighs about 7,300 tonnes. It has 1,665 steps to the top.';
const answers = [
  { model: 'chatgpt', text: TOWER_A, error: null },
  { model: 'claude', text: TOWER_B, error: null },
];

function compared(): ComparisonAnalysis {
  const local = analyseLocally(answers, QUESTION);
  return { ...local, consensus: assembleConsensus(local, answers) ?? undefined };
}
const heightOf = (c: ComparisonAnalysis) => c.disagreements.find((d) => d.topic.includes('tall'))!;
/** ChatGPT's claim over the words '330 metres' in its answer. */
const heightClaim = (c: ComparisonAnalysis) =>
  c
    .claims!.find((entry) => entry.model === 'chatgpt')!
    .claims.find((claim) => TOWER_A.slice(claim.start, claim.end) === '330 metres')!;
const scoreOf = (c: ComparisonAnalysis, model: string) => c.confidenceRanking.find((e) => e.model === model)!;

describe('the re-check prompt', () => {
  it("names no model, quotes the other side's claim and the model's own, and asks for one of three words", () => {
    const height = heightOf(compared());
    const prompt = recheckPrompt(QUESTION, height, 'claude');
    expect(prompt).toContain('Another assistant states: "The Eiffel Tower is 330 metres tall."');
    expect(prompt).toContain('You stated: "The Eiffel Tower is 300 metres tall."');
    expect(prompt).toContain('keep, revise, or uncertain');
    expect(prompt).toContain(QUESTION);
    expect(prompt).not.toMatch(/chatgpt|claude|openai|anthropic|gpt|gemini/i);
  });
});

describe('reading a verdict', () => {
  const height = heightOf(compared());
  it.each([
    ['KEEP. The official height including antennas is 330 m.', 'held', undefined],
    ['**Keep** — I checked: 330 metres.', 'held', undefined],
    ['Uncertain: sources differ on whether antennas count.', 'uncertain', undefined],
    ['REVISE: 330 metres. The other figure includes the antennas; mine was the old height.', 'changed', '330 metres'],
    ['revise: 330 m. I had the 1889 height.', 'changed', '330 metres'],
    ['Revised: about 312 metres. That was its height in 1889.', 'changed', 'about 312 metres'],
    ['After re-checking I would revise my answer; the other figure is right.', 'changed', '330 metres'],
    ['I am not able to tell.', 'uncertain', undefined],
    ['I see no reason to revise my figure.', 'uncertain', undefined],
    ["I don't think I should revise it.", 'uncertain', undefined],
    ['I see no reason to revise; I keep 300 metres.', 'held', undefined],
    ['constructor', 'uncertain', undefined],
  ])('%s', (reply, verdict, value) => {
    expect(readVerdict(reply, height, 'claude')).toEqual({ verdict, ...(value && { value }) });
  });
});

describe('a settled round', () => {
  it('makes the mover confirm the other side: ranking, claim marks, agreements and the Parallax answer follow', () => {
    const before = compared();
    const height = heightOf(before);
    expect(heightClaim(before)).toMatchObject({ status: 'contradicted', agreedBy: [] });
    const settlement = settlementOf(
      height,
      [
        { model: 'chatgpt', verdict: 'held', reply: 'KEEP. 330 metres with antennas.', error: null },
        {
          model: 'claude',
          verdict: 'changed',
          value: '330 metres',
          reply: 'REVISE: 330 metres. I was wrong.',
          error: null,
        },
      ],
      new Date('2026-11-27T00:00:00Z'),
    );
    expect(settlement).toMatchObject({ settled: true, value: '330 metres' });
    const after = applySettlement(before, answers, disagreementKey(height), settlement);

    expect(heightOf(after).settlement).toEqual(settlement);
    expect(scoreOf(after, 'chatgpt').contradicted).toBe(scoreOf(before, 'chatgpt').contradicted! - 1);
    expect(scoreOf(after, 'chatgpt').score).toBeGreaterThan(scoreOf(before, 'chatgpt').score);
    // Claude's answer still says 300 metres: its claim stays contradicted, and so its score stays.
    expect(scoreOf(after, 'claude').contradicted).toBe(scoreOf(before, 'claude').contradicted);
    const chatgptHeight = heightClaim(after);
    expect(chatgptHeight).toMatchObject({ status: 'agreed', agreedBy: ['claude'], contradictedBy: [] });
    expect(after.agreements).toContain(`${height.topic}: 330 metres (settled when the models re-checked it)`);
    expect(after.summary).toMatch(
      /disagree on 2: .*\. Settled when the models re-checked: Eiffel Tower tall \(length\)\.$/,
    );
    expect(after.summary).not.toContain(`disagree on ${before.disagreements.length}`);

    // Before, the height's sentence was disputed, so not told as shared (though both name the Eiffel Tower).
    expect(before.consensus!.sentences.map((s) => s.text)).not.toContain('The Eiffel Tower is 330 metres tall.');
    // After, it is told once, marked settled: no sentence is told twice.
    const told = after.consensus!.sentences.map((s) => s.text);
    expect(told.filter((text) => text === 'The Eiffel Tower is 330 metres tall.')).toHaveLength(1);
    expect(new Set(told).size).toBe(told.length);
    expect(after.consensus!.disputes.map((d) => d.topic)).not.toContain(height.topic);
    expect(after.consensus!.disputes).toHaveLength(before.consensus!.disputes.length - 1);
    const settled = after.consensus!.sentences.find((s) => s.settled)!;
    expect(settled).toMatchObject({ text: 'The Eiffel Tower is 330 metres tall.', models: ['chatgpt', 'claude'] });
    expect(settled.quotes.find((q) => q.model === 'claude')!.text).toBe('REVISE: 330 metres. I was wrong.');
    // The other disputes are untouched.
    expect(after.disagreements.filter((d) => d.settlement)).toHaveLength(1);
  });

  it('an unsure model stops contradicting without confirming; the dispute stays, saying who is unsure', () => {
    const before = compared();
    const height = heightOf(before);
    const settlement = settlementOf(
      height,
      [
        { model: 'chatgpt', verdict: 'held', reply: 'KEEP.', error: null },
        { model: 'claude', verdict: 'uncertain', reply: 'UNCERTAIN. Sources differ.', error: null },
      ],
      new Date(),
    );
    expect(settlement.settled).toBe(false);
    const after = applySettlement(before, answers, disagreementKey(height), settlement);
    const chatgptHeight = heightClaim(after);
    expect(chatgptHeight).toMatchObject({ status: 'single-source', agreedBy: [], contradictedBy: [] });
    const dispute = after.consensus!.disputes.find((d) => d.topic === height.topic)!;
    expect(dispute).toEqual({
      topic: height.topic,
      sides: [{ value: '330 metres', models: ['chatgpt'] }],
      uncertain: ['claude'],
    });
  });

  it('both keeping their values changes nothing but the record of the round', () => {
    const before = compared();
    const height = heightOf(before);
    const settlement = settlementOf(
      height,
      [
        { model: 'chatgpt', verdict: 'held', reply: 'KEEP.', error: null },
        { model: 'claude', verdict: 'held', reply: 'KEEP.', error: null },
      ],
      new Date(),
    );
    const after = applySettlement(before, answers, disagreementKey(height), settlement);
    expect(after.confidenceRanking).toEqual(before.confidenceRanking);
    expect(after.claims).toEqual(before.claims);
    expect(after.consensus!.disputes).toEqual(before.consensus!.disputes);
  });

  it('a model that moves to a third value still contradicts both sides', () => {
    const before = compared();
    const height = heightOf(before);
    const settlement = settlementOf(
      height,
      [
        { model: 'chatgpt', verdict: 'held', reply: 'KEEP.', error: null },
        { model: 'claude', verdict: 'changed', value: '312 metres', reply: 'REVISE: 312 metres.', error: null },
      ],
      new Date(),
    );
    expect(settlement.settled).toBe(false);
    const after = applySettlement(before, answers, disagreementKey(height), settlement);
    expect(heightClaim(after)).toMatchObject({ status: 'contradicted' });
    expect(after.confidenceRanking).toEqual(before.confidenceRanking);
    expect(after.consensus!.disputes.find((d) => d.topic === height.topic)!.sides).toEqual([
      { value: '330 metres', models: ['chatgpt'] },
      { value: '312 metres', models: ['claude'] },
    ]);
  });

  it('a reply stopped or cut off keeps the position it stated', () => {
    const before = compared();
    const height = heightOf(before);
    const settlement = settlementOf(
      height,
      [
        { model: 'chatgpt', verdict: 'held', reply: 'KEEP.', error: null },
        { model: 'claude', verdict: 'uncertain', reply: 'REVISE: 330', error: 'Stopped.' },
      ],
      new Date(),
    );
    expect(settlement.settled).toBe(false);
    const after = applySettlement(before, answers, disagreementKey(height), settlement);
    expect(after.claims).toEqual(before.claims);
  });

  it('a model that could not be asked keeps its position', () => {
    const height = heightOf(compared());
    const settlement = settlementOf(
      height,
      [
        { model: 'chatgpt', verdict: 'uncertain', reply: null, error: 'The model took too long to answer.' },
        { model: 'claude', verdict: 'changed', value: '330 metres', reply: 'REVISE: 330 metres.', error: null },
      ],
      new Date(),
    );
    expect(settlement).toMatchObject({ settled: true, value: '330 metres' });
  });
});
