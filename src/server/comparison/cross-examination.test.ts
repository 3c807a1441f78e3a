import { describe, expect, it } from 'vitest';
import type { ComparisonAnalysis, Disagreement, RecheckOutcome } from '../../common/comparison';
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
    // A value ends with its sentence even after a figure, and where the reply sets it against another.
    ['REVISE: 330. Construction added the antennas later.', 'changed', '330 metres'],
    ['REVISE: 330 m, not 300 m as I said.', 'changed', '330 metres'],
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
      /2 disagree\. Disputed: .*\. Settled when the models re-checked: Eiffel Tower tall \(length\)\. Other statements were not checked\.$/,
    );
    expect(after.summary).not.toContain(`${before.disagreements.length} disagree`);

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

// Issue 33, item 6: the round compares values by what they mean (same-value.ts), never by their spelling.
describe('a round read by what the values mean', () => {
  const THREE_QUESTION = 'How tall is the Eiffel Tower?';
  const THREE = [
    {
      model: 'chatgpt',
      text: 'The Eiffel Tower stands 330 m tall, including its antennas. It was completed in 1889 for the World’s Fair in Paris.',
      error: null,
    },
    {
      model: 'grok',
      text: 'Including the antennas at its top, the Eiffel Tower is 330 metres high. Gustave Eiffel’s company finished it in 1889.',
      error: null,
    },
    {
      model: 'gemini',
      text: 'The Eiffel Tower is 300 metres tall. It opened in 1889 as the entrance arch to the World’s Fair.',
      error: null,
    },
  ];
  function threeCompared(): ComparisonAnalysis {
    const local = analyseLocally(THREE, THREE_QUESTION);
    return { ...local, consensus: assembleConsensus(local, THREE) ?? undefined };
  }
  const threeHeight = (c: ComparisonAnalysis) =>
    c.disagreements.find((d) => d.positions.some((p) => p.value === '300 metres'))!;
  /** A model's claim over `words` in its answer. */
  const claimOver = (c: ComparisonAnalysis, model: string, words: string) => {
    const text = THREE.find((answer) => answer.model === model)!.text;
    return c
      .claims!.find((entry) => entry.model === model)!
      .claims.find((claim) => text.slice(claim.start, claim.end) === words)!;
  };

  /** A dispute over one fact, each model's position given as [model, value, claim]. */
  const dispute = (...positions: [string, string, string][]): Disagreement => ({
    topic: 'The fact re-checked',
    positions: positions.map(([model, value, claim]) => ({ model, value, claim })),
  });
  const held = (model: string): RecheckOutcome => ({
    model,
    verdict: 'held',
    reply: 'KEEP. I checked it.',
    error: null,
  });
  const movedTo = (model: string, value: string): RecheckOutcome => ({
    model,
    verdict: 'changed',
    value,
    reply: `REVISE: ${value}. I checked it again.`,
    error: null,
  });

  it("quotes to each model the other side's own claim, leaving out a side stating its value in other words", () => {
    const height = threeHeight(threeCompared());
    expect(height.positions.map((p) => [p.model, p.value])).toEqual([
      ['chatgpt', '330 m'],
      ['grok', '330 metres'],
      ['gemini', '300 metres'],
    ]);
    const toChatgpt = recheckPrompt(THREE_QUESTION, height, 'chatgpt');
    expect(toChatgpt).toContain('Another assistant states: "The Eiffel Tower is 300 metres tall."');
    expect(toChatgpt).toContain('You stated: "The Eiffel Tower stands 330 m tall, including its antennas."');
    expect(toChatgpt).not.toContain('330 metres high');
    const toGemini = recheckPrompt(THREE_QUESTION, height, 'gemini');
    expect(toGemini).toContain(
      'Other assistants state: "The Eiffel Tower stands 330 m tall, including its antennas."; "Including the antennas at its top, the Eiffel Tower is 330 metres high."',
    );
    expect(toGemini).toContain('You stated: "The Eiffel Tower is 300 metres tall."');
    // Each side is quoted with the claim of this fact only: no sentence about when it was finished.
    for (const prompt of [toChatgpt, toGemini]) expect(prompt).not.toMatch(/1889|completed|finished|opened/);
  });

  it.each([
    ['units', ['330 m', '330 metres', '1,083 ft'], '330 m'],
    ['spelling of a unit', ['330 metres', '330 meters'], '330 metres'],
    ['date formats', ['9 November 1989', 'November 9, 1989', '1989-11-09'], '9 November 1989'],
    ['diacritics', ['Zürich', 'Zurich'], 'Zürich'],
    ['an alias', ['United States', 'USA'], 'United States'],
    ['number formats', ['10,100 tonnes', '10100 tonnes'], '10,100 tonnes'],
    ['a scale word', ['1.2 million people', '1,200,000 people'], '1.2 million people'],
  ])('is settled when the models end on one value written in different %s', (_, values, shown) => {
    const models = ['chatgpt', 'grok', 'gemini'].slice(0, values.length);
    // Each held its own wording but the last, which moved from a value of its own to the wording it now writes.
    const disagreement = dispute(
      ...models.map((model, i): [string, string, string] =>
        i === models.length - 1
          ? [model, 'a different value', 'It is a different value.']
          : [model, values[i]!, `It is ${values[i]}.`],
      ),
    );
    const outcomes = models.map((model, i) => (i === models.length - 1 ? movedTo(model, values[i]!) : held(model)));
    expect(settlementOf(disagreement, outcomes, new Date(0))).toEqual({
      outcomes,
      settled: true,
      value: shown,
      at: new Date(0).toISOString(),
    });
  });

  it.each([
    ['two years', '1889', '1887'],
    ['two heights', '330 m', '300 metres'],
    ['amounts a cent apart', '$19.99', '$20.00'],
    ['two cities', 'Canberra', 'Sydney'],
  ])('stays disputed on truly different values: %s', (_, one, other) => {
    const disagreement = dispute(['chatgpt', one, `It is ${one}.`], ['grok', other, `It is ${other}.`]);
    const settlement = settlementOf(disagreement, [held('chatgpt'), held('grok')], new Date(0));
    expect(settlement).toMatchObject({ settled: false });
    expect(settlement).not.toHaveProperty('value');
  });

  it('is settled only when every two models end on the same value, not each on one hedged figure', () => {
    const disagreement = dispute(
      ['chatgpt', '290 m', 'It is 290 m tall.'],
      ['grok', 'about 300 m', 'It is about 300 m tall.'],
      ['gemini', '310 m', 'It is 310 m tall.'],
    );
    const outcomes = [held('chatgpt'), held('grok'), held('gemini')];
    expect(settlementOf(disagreement, outcomes, new Date(0)).settled).toBe(false);
  });

  it.each([
    ['REVISE: 1,083 ft. The other figure includes the antennas.', '330 m'],
    ['REVISE: 330 meters, with the antennas.', '330 m'],
    ['Revise: about 1,083 feet. I had the height without the antennas.', '330 m'],
  ])("reads a revision naming the other side's value in other units as that side: %s", (reply, value) => {
    const height = threeHeight(threeCompared());
    expect(readVerdict(reply, height, 'gemini')).toEqual({ verdict: 'changed', value });
  });

  it("a revision to the other side's value in other units joins it, and the round settles in one form", () => {
    const before = threeCompared();
    const height = threeHeight(before);
    const reply = 'REVISE: 1,083 ft. I gave the height before the antennas were added.';
    const outcomes: RecheckOutcome[] = [
      held('chatgpt'),
      held('grok'),
      { model: 'gemini', ...readVerdict(reply, height, 'gemini'), reply, error: null },
    ];
    const settlement = settlementOf(height, outcomes, new Date(0));
    expect(settlement).toMatchObject({ settled: true, value: '330 m' });
    const after = applySettlement(before, THREE, disagreementKey(height), settlement);

    // Both sides written differently on the 330 side are now confirmed by Gemini and contradicted by nobody.
    expect(claimOver(before, 'grok', '330 metres').contradictedBy.map((said) => said.model)).toEqual(['gemini']);
    for (const [model, words] of [
      ['chatgpt', '330 m'],
      ['grok', '330 metres'],
    ] as const) {
      expect(claimOver(after, model, words)).toMatchObject({ status: 'agreed', contradictedBy: [] });
      expect(claimOver(after, model, words).agreedBy).toContain('gemini');
    }
    // Gemini's answer still says 300 metres: its claim stays contradicted.
    expect(claimOver(after, 'gemini', '300 metres').status).toBe('contradicted');
    expect(after.agreements).toContain(`${height.topic}: 330 m (settled when the models re-checked it)`);
    const settled = after.consensus!.sentences.find((s) => s.settled)!;
    expect(settled).toMatchObject({
      text: 'The Eiffel Tower stands 330 m tall, including its antennas.',
      models: ['chatgpt', 'grok', 'gemini'],
    });
    expect(after.consensus!.disputes.map((d) => d.topic)).not.toContain(height.topic);
  });

  it('a stored revision written in other units than the side it moved to still joins that side', () => {
    const before = compared();
    const height = heightOf(before);
    const outcomes: RecheckOutcome[] = [
      { model: 'chatgpt', verdict: 'held', reply: 'KEEP.', error: null },
      { model: 'claude', verdict: 'changed', value: '1,083 ft', reply: 'REVISE: 1,083 ft.', error: null },
    ];
    const settlement = settlementOf(height, outcomes, new Date(0));
    expect(settlement).toMatchObject({ settled: true, value: '330 metres' });
    const after = applySettlement(before, answers, disagreementKey(height), settlement);
    expect(heightClaim(after)).toMatchObject({ status: 'agreed', agreedBy: ['claude'], contradictedBy: [] });
  });
});
