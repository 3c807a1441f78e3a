import { describe, expect, it } from 'vitest';
import { comparisonAnalysisSchema, type AnswerForComparison, type ComparisonAnalysis } from '../../common/comparison';
import { answers, matchesConflict, type LabelledSet } from '../../../tests/fixtures/comparison/analyser-corpus';
import { conflictSets } from '../../../tests/fixtures/comparison/analyser-corpus-conflicts';
import { heldOutConflictSets, heldOutStyleSets } from '../../../tests/fixtures/comparison/analyser-corpus-held-out';
import { styleSets } from '../../../tests/fixtures/comparison/analyser-corpus-style';
import { analyseLocally } from './local-analyser';

function expectConflicts(set: LabelledSet, analysis: ComparisonAnalysis): void {
  expect(analysis.disagreements, JSON.stringify(analysis.disagreements, null, 1)).toHaveLength(set.conflicts.length);
  for (const known of set.conflicts) {
    const found = analysis.disagreements.filter((disagreement) => matchesConflict(disagreement, known));
    expect(found, `${JSON.stringify(known)} in ${JSON.stringify(analysis.disagreements, null, 1)}`).toHaveLength(1);
    expect(found[0]?.positions.map((position) => position.model).sort()).toEqual(Object.keys(known).sort());
  }
}

/** Disagreements in a form that ignores the order they and their positions are listed in. */
function canonical(analysis: ComparisonAnalysis) {
  return analysis.disagreements
    .map((d) => ({ topic: d.topic, positions: [...d.positions].sort((a, b) => a.model.localeCompare(b.model)) }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const titanic = 'held out, date with an ordinal day: sinking of the Titanic';
const isPolarity = (set: LabelledSet) => set.name.startsWith('polarity:');

describe('conflict sets', () => {
  it.each(
    [...conflictSets, ...heldOutConflictSets]
      .filter((set) => set.name !== titanic && !isPolarity(set))
      .map((set) => [set.name, set]),
  )('%s', (_, set) => expectConflicts(set, analyseLocally(set.answers)));

  // Sentence polarity ('can be seen' / 'cannot be seen') was measured on real answers and removed: half of
  // what it reported was no conflict (decision 0065). Such a set now gets no disagreement rather than a guess.
  it.each(conflictSets.filter(isPolarity).map((set) => [set.name, set]))('%s: abstains', (_, set) => {
    expect(analyseLocally(set.answers).disagreements).toEqual([]);
  });

  // Known limitation: ChatGPT's 'struck an iceberg on 14 April' confirms Grok's 'sank on April 14th', because
  // the analyser cannot tell the two verbs' roles apart. When it learns to, this starts passing.
  it.fails('finds a date conflict that the other answer seems to confirm in another role (Titanic)', () => {
    const set = heldOutConflictSets.find((candidate) => candidate.name === titanic) as LabelledSet;
    expectConflicts(set, analyseLocally(set.answers));
  });
});

describe('style-only rewrites', () => {
  it.each([...styleSets, ...heldOutStyleSets].map((set) => [set.name, set]))('%s: no disagreement', (_, set) => {
    const analysis = analyseLocally(set.answers);
    expect(analysis.disagreements, JSON.stringify(analysis.disagreements, null, 1)).toEqual([]);
    // The summary says what was compared, and never more (issue 33, item 5).
    expect(analysis.summary).toMatch(
      /^(Compared \d+ figures?, dates? (and|or) names? across the answers: \d+ agrees?, 0 disagree\.|No figures, dates or names could be compared across the answers\.) Other statements were not checked\.$/,
    );
  });
});

describe('value types, one at a time', () => {
  it('agrees on one height given in metres, kilometres and feet', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Mount Everest is 8,849 m tall.',
        claude: 'Mount Everest is 8.849 km tall.',
        gemini: 'Mount Everest is 29,032 feet tall.',
      }),
    );
    expect(analysis.disagreements).toEqual([]);
    expect(analysis.agreements).toEqual(['Mount Everest is 8,849 m tall.']);
    expect(analysis.summary).toBe(
      'Compared 1 figure, date or name across the answers: 1 agrees, 0 disagree. Other statements were not checked.',
    );
  });

  it('reads "four" and "4" as one number, and finds "3" different', () => {
    const same = analyseLocally(answers({ chatgpt: 'A cat has four legs.', grok: 'Cats have 4 legs.' }));
    expect(same.disagreements).toEqual([]);
    expect(same.agreements).toHaveLength(1);
    const different = analyseLocally(answers({ chatgpt: 'A cat has four legs.', grok: 'Cats have 3 legs.' }));
    expect(different.disagreements).toEqual([
      {
        topic: 'Cat legs (number of legs)',
        positions: [
          { model: 'chatgpt', claim: 'A cat has four legs.', value: 'four' },
          { model: 'grok', claim: 'Cats have 3 legs.', value: '3' },
        ],
        source: 'local',
      },
    ]);
  });

  it('agrees on one date written four ways and disagrees with another day', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The Berlin Wall fell on 9 November 1989.',
        claude: 'The Berlin Wall fell on November 9, 1989.',
        gemini: 'The Berlin Wall fell on 1989-11-09.',
        grok: 'The Berlin Wall fell on the 9th of November 1989.',
      }),
    );
    expect(analysis.disagreements).toEqual([]);
    expect(analysis.agreements).toHaveLength(1);
    const different = analyseLocally(
      answers({
        chatgpt: 'The Berlin Wall fell on 9 November 1989.',
        claude: 'The Berlin Wall fell on 10 November 1989.',
      }),
    );
    expect(different.disagreements).toHaveLength(1);
    expect(different.disagreements[0]?.topic).toBe('Berlin Wall fell (date)');
  });

  it('finds different years', () => {
    const analysis = analyseLocally(
      answers({ chatgpt: 'Python was first released in 1991.', deepseek: 'Python was first released in 1994.' }),
    );
    expect(analysis.disagreements).toEqual([
      {
        topic: 'Python released (year)',
        positions: [
          { model: 'chatgpt', claim: 'Python was first released in 1991.', value: '1991' },
          { model: 'deepseek', claim: 'Python was first released in 1994.', value: '1994' },
        ],
        source: 'local',
      },
    ]);
  });

  it('finds a different name in the same slot, but not a name only one answer mentions', () => {
    const slot = analyseLocally(
      answers({
        chatgpt: 'The Mona Lisa was painted by Leonardo da Vinci.',
        grok: 'The Mona Lisa was painted by Raphael.',
      }),
    );
    expect(slot.disagreements.map((d) => d.positions.map((p) => p.claim))).toEqual([
      ['The Mona Lisa was painted by Leonardo da Vinci.', 'The Mona Lisa was painted by Raphael.'],
    ]);
    const aside = analyseLocally(
      answers({
        chatgpt: 'Edmund Hillary, a New Zealander, reached the summit with Tenzing Norgay in 1953.',
        grok: 'Edmund Hillary and Tenzing Norgay, a Sherpa, reached the summit in 1953.',
      }),
    );
    expect(aside.disagreements).toEqual([]);
  });

  it('finds opposite yes/no verdicts, and abstains on sentence polarity (decision 0065)', () => {
    const polarity = analyseLocally(
      answers({
        chatgpt: 'Drinking seawater is safe for humans.',
        claude: 'Drinking seawater is not safe for humans.',
      }),
    );
    expect(polarity.disagreements).toEqual([]);
    const verdict = analyseLocally(
      answers({ chatgpt: 'Yes, you can see it from orbit.', claude: 'No. You can only see it from a plane.' }),
    );
    expect(verdict.disagreements).toHaveLength(1);
    expect(verdict.disagreements[0]?.topic).toMatch(/yes or no answer/);
    expect(verdict.disagreements[0]?.positions.map((p) => p.claim)).toEqual([
      'Yes, you can see it from orbit.',
      'No. You can only see it from a plane.',
    ]);
  });
});

describe('what is not a conflict', () => {
  it('does not flag facts only one answer states', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The Eiffel Tower is 330 m tall. It was completed in 1889. About 7 million people visit it each year.',
        gemini: 'Completed in 1889, the Eiffel Tower stands 330 metres tall and weighs about 10,100 tonnes.',
      }),
    );
    expect(analysis.disagreements).toEqual([]);
    expect(analysis.agreements.length).toBeGreaterThanOrEqual(2);
  });

  it('does not set a figure for one place against a figure for a larger whole, but does within one place', () => {
    const wider = analyseLocally(
      answers({
        chatgpt: 'The famine killed about 1 million people in Ireland alone.',
        claude: 'The famine killed about 2 million people across Ireland and Scotland.',
      }),
    );
    expect(wider.disagreements).toEqual([]);
    const same = analyseLocally(
      answers({
        chatgpt: 'The famine killed about 1 million people in Ireland.',
        claude: 'The famine killed about 2 million people in Ireland.',
      }),
    );
    expect(same.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([['1 million', '2 million']]);
  });

  it('does not set one end of a range told around other words against a single figure', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Temperature: The temperature on the Moon is extremely cold, around -130 degrees Celsius.',
        claude:
          'At night, the Moon would experience temperatures ranging from around -170°C at its coldest, when it is in the shadow of the Earth, to over 120°C when it is in direct sunlight.',
      }),
    );
    expect(analysis.disagreements).toEqual([]);
  });

  it("does not set the answers' own examples, recipes or list members against each other", () => {
    const noneBetween = (question: string, texts: Record<string, string>) =>
      expect(analyseLocally(answers(texts), question).disagreements).toEqual([]);
    // Each answer's own example command.
    noneBetween('How do I run a GUI app without a screen?', {
      chatgpt: 'This command starts Xvfb on display 1 with a screen of 1024x768 at 16-bit color depth.',
      claude: 'This command starts Xvfb on display 99 with a screen of 1024x768 at 24-bit color depth.',
    });
    // Each answer's own recipe.
    noneBetween('Give me a recipe for 5 L of mead.', {
      chatgpt: 'Use 3 kg honey for the batch.',
      claude: 'Use 2 kg honey for the batch.',
    });
    // A list member, a count of the rest, and a rate against a total.
    noneBetween('How should I plan the project?', {
      chatgpt:
        'Ticket 1 covers User Authentication and Role Management. The framework sorts items into four categories.',
      claude:
        'Ticket 1 covers User Authentication and Authorization. Archives hold items from the other three categories.',
    });
    noneBetween('How do I use the stack in assembly?', {
      chatgpt: 'We reserve 16 bytes for the local variables.',
      claude: 'We reserve 8 bytes for each of the local variables.',
    });
  });

  it('finds nothing to dispute in what the answers make up on request, or in the years of the works they cite', () => {
    const noneBetween = (question: string, texts: Record<string, string>) =>
      expect(analyseLocally(answers(texts), question).disagreements).toEqual([]);
    noneBetween('Can you give me a swimming workout of about 4500 m?', {
      chatgpt: 'Pull set: 800m with paddles.\n\nCool down: 400m easy.',
      claude: 'Pull set: 1000m with paddles.\n\nCool down: 200m easy.',
    });
    noneBetween('Can you generate an exam question on circular motion, with its answer?', {
      chatgpt: 'The object completes one full revolution in 2 seconds.',
      claude: 'The object completes one full revolution in 1.4 seconds.',
    });
    noneBetween('Create a course for learning SQL, with the hours of each topic.', {
      chatgpt: 'Total course duration: 40 hours.',
      claude: 'Total course duration: 75 hours.',
    });
    noneBetween("What's the most reliable way to shape a baguette?", {
      chatgpt: 'Let the dough rest for 20 minutes before shaping.',
      claude: 'Let the dough rest for 45 minutes before shaping.',
    });
    noneBetween('Can you recommend three films set in a submarine, rated at least 7 on IMDb?', {
      chatgpt: 'Das Boot (1981) has an 8.3 IMDb rating.',
      claude: 'Crimson Tide (1995) - IMDb rating: 7.3',
    });
    noneBetween("I'd like your help creating a running playlist at a steady tempo.", {
      chatgpt: 'Start with "Run Boy Run" (Woodkid, 128 BPM).',
      claude: 'Tempo: 140 BPM',
    });
    noneBetween('Three people now share one pot of stew and argue over it. What should they do?', {
      chatgpt: 'One of them divides the stew into three portions.',
      claude: 'One of them divides the stew into two portions.',
    });
    noneBetween("Explain loops with a children's story.", {
      chatgpt: 'Timmy was a curious boy who counted to 10.',
      claude: 'Lily was a curious girl who counted to 20.',
    });
    noneBetween('I have eggs and potatoes. What is my best option to cook? Include the steps to prepare the meal.', {
      chatgpt: 'Bring the stew to a boil, then simmer for 30-40 minutes.',
      claude: 'Bring the stew to a boil, then simmer for 20-25 minutes.',
    });
    noneBetween('Write a section on research ethics and list references.', {
      chatgpt: 'Ioannidis, J. P. A. (2005). Why most published research findings are false.',
      claude: 'Ioannidis, J. P. (2018). The proposal to lower P value thresholds.',
    });
  });

  it('sets an interval written as a margin against one written by its ends, working in stars included', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          'Therefore, the 95% confidence interval for the mean of 50 rolls of fair eight-sided dice is about 4.1 to 4.9.',
        claude:
          'So the 95% confidence interval for the mean of 50 rolls is 4.5 ± 1.96 * 0.2, which is about 4.5 ± 0.39.',
        gemini:
          'Therefore, the 95% confidence interval for the mean of 50 rolls is 4.5 ± 0.06, a range of [4.44, 4.56].',
      }),
      'What is the 95% confidence interval for the mean of 50 rolls of fair eight-sided dice?',
    );
    expect(analysis.disagreements.map((d) => d.positions.map((p) => `${p.model}: ${p.value}`))).toEqual([
      ['chatgpt: 4.1 to 4.9', 'claude: 4.5 ± 0.39', 'gemini: 4.5 ± 0.06'],
    ]);
  });

  it('keeps the values of two lettered things apart: Plan A against Plan A, Plan B against Plan B', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          'So, the length of each Route A hike is approximately 2.4 hours, and the length of each Route B hike is 3/2 or 1.5 hours.',
        claude:
          'Therefore, the length of each Route A hike is 1.5 hours (90 minutes) and the length of each Route B hike is also 1.5 hours.',
      }),
      'A guide leads two hikes, Route A and Route B. How long does each of the hikes take?',
    );
    expect(analysis.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([['2.4 hours', '1.5 hours']]);
    const claude = analysis.claims?.find((entry) => entry.model === 'claude')?.claims ?? [];
    const routeA = claude.find((claim) => claim.status !== 'single-source');
    expect(routeA).toMatchObject({ status: 'contradicted' });
    expect(claude.filter((claim) => claim.status === 'agreed').map((claim) => claim.agreedBy)).toEqual([['chatgpt']]);
  });

  it('sets the options chosen in a multiple-choice question against each other, however each answer words its choice', () => {
    const question = 'Which gas makes up most of the air?\nA. oxygen\nB. nitrogen\nC. argon\nD. carbon dioxide';
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Looking at each option: A. oxygen is about 21%.\n\nTherefore, the correct answer is **B**: nitrogen.',
        claude: 'C. Argon is the most common gas.',
        gemini: 'Nitrogen makes up 78% of the air, so you should choose option B.',
      }),
      question,
    );
    expect(analysis.disagreements.map((d) => d.positions.map((p) => `${p.model}: ${p.value}`))).toEqual([
      ['chatgpt: correct answer is B', 'claude: C.', 'gemini: choose option B'],
    ]);
    // An answer naming two options chooses none; a question without options asks for none.
    const unsure = analyseLocally(
      answers({ chatgpt: 'The answer is A. Or the answer is B.', claude: 'The correct answer is C.' }),
      question,
    );
    expect(unsure.disagreements).toEqual([]);
    const open = analyseLocally(
      answers({ chatgpt: 'The correct answer is B.', claude: 'The correct answer is C.' }),
      'Which gas makes up most of the air?',
    );
    expect(open.disagreements).toEqual([]);
  });

  it('asks no thing of a question for a definition, and still names one where the question asks to identify it', () => {
    const definition = analyseLocally(
      answers({
        chatgpt: 'Entropy is a measure of disorder in a system.',
        claude: 'Entropy is a thermodynamic quantity that grows in isolated systems.',
      }),
      'In physics, what is entropy, and how does it relate to the arrow of time?',
    );
    expect(definition.disagreements).toEqual([]);
    const identify = analyseLocally(
      answers({ chatgpt: 'The largest moon of Saturn is Titan.', claude: 'The largest moon of Saturn is Rhea.' }),
      'What is the largest moon of Saturn?',
    );
    expect(identify.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([['Titan', 'Rhea']]);
  });

  it('reads the answer a sentence gives after restating what was asked, not the figure inside the restatement', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          "I cannot see today's date. The oldest person I know of was born in 1950.\n\nThat makes them 74 years old now, I think.\n\nThe smallest square number larger than 74 is 81. This may change next year.\n\nIt is a fun puzzle.",
        claude: 'The smallest square number larger than the age is 100.',
      }),
      'What is the smallest square number that is larger than the age of the oldest person you know of?',
    );
    expect(analysis.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([['81', '100']]);
  });

  it("sets aside only the date of a model's own cut-off, and compares dates of one named subject only", () => {
    const question = 'How old is the current president of the chess federation?';
    const sameSubject = analyseLocally(
      answers({
        chatgpt: 'As of my last update in 2021, the president is Arkady Dvorkovich, who was born on 26 March 1971.',
        claude: 'As of my last update in 2023, the president is Arkady Dvorkovich, who was born on 26 March 1972.',
      }),
      question,
    );
    expect(sameSubject.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([
      ['26 March 1971', '26 March 1972'],
    ]);
    const otherSubjects = analyseLocally(
      answers({
        chatgpt: 'As of my last update in 2021, the president is Arkady Dvorkovich, who was born on 26 March 1971.',
        claude: 'The president is Kirsan Ilyumzhinov. Kirsan Ilyumzhinov was born on 5 April 1962.',
      }),
      question,
    );
    expect(otherSubjects.disagreements.flatMap((d) => d.positions.map((p) => p.value))).not.toContain('5 April 1962');
  });

  it('still takes a figure the question names as an answer when it counts something else there', () => {
    const analysis = analyseLocally(
      answers({ chatgpt: 'The farmer has 9 sheep left.', claude: 'The farmer has 8 sheep left.' }),
      'A farmer has 17 sheep and all but 9 die. How many sheep does the farmer have left?',
    );
    expect(analysis.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([['9', '8']]);
  });

  it('still compares the answers to a question that asks for their working and their answer', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Therefore, hydrogen is produced at 0.046 kg per second.',
        claude: 'Therefore, hydrogen is produced at 0.012 kg per second.',
      }),
      'Methane is consumed at 262 litres per second. Calculate the rate at which hydrogen is produced. Give your answer in kilograms per second.',
    );
    expect(analysis.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([['0.046 kg', '0.012 kg']]);
  });

  it('still sets two totals against each other where no example, recipe or rate is in play', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The framework sorts items into four categories.',
        claude: 'The framework sorts items into three categories.',
      }),
      'How does the PARA method organise notes?',
    );
    expect(analysis.disagreements.map((d) => d.positions.map((p) => p.value))).toEqual([['four', 'three']]);
  });

  it('does not read a value its own clause denies as a statement of it', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The green house is left of the white house, so neither of them can be the first house.',
        claude: 'The green house is left of the white house, so the green house is the second house.',
      }),
    );
    expect(analysis.disagreements).toEqual([]);
  });

  it('ignores a failed answer and gives it no score', () => {
    const input: AnswerForComparison[] = [
      { model: 'chatgpt', text: 'Mars is the fourth planet from the Sun.', error: null },
      { model: 'grok', text: null, error: 'The model timed out.' },
      { model: 'gemini', text: 'Mars is the fourth planet from the Sun, with two moons.', error: null },
      { model: 'claude', text: 'Mars is the fifth planet from the Sun.', error: 'Stream interrupted' },
    ];
    const analysis = analyseLocally(input);
    expect(analysis.disagreements).toEqual([]);
    // The failed answers get no entry at all: no score is a score of nothing.
    expect(analysis.confidenceRanking.map(({ model, score, reason }) => ({ model, score, reason }))).toEqual([
      { model: 'chatgpt', score: 1, reason: 'Confirmed by another answer on all 2 checked claims' },
      { model: 'gemini', score: 1, reason: 'Confirmed by another answer on all 2 checked claims' },
    ]);
    expect(analysis.summary).toMatch(/Grok and Claude gave no answer\. Other statements were not checked\.$/);
  });

  it('finds the same disagreements whatever the order of the answers', () => {
    for (const set of conflictSets.filter((candidate) => candidate.answers.length === 3)) {
      const expected = canonical(analyseLocally(set.answers));
      const scores = Object.fromEntries(analyseLocally(set.answers).confidenceRanking.map((c) => [c.model, c.score]));
      for (const order of permutations(set.answers)) {
        const analysis = analyseLocally(order);
        expect(canonical(analysis), set.name).toEqual(expected);
        expect(Object.fromEntries(analysis.confidenceRanking.map((c) => [c.model, c.score]))).toEqual(scores);
        expect(analysis.disagreements.flatMap((d) => d.positions.map((p) => p.model))).toEqual(
          analysis.disagreements.flatMap((d) =>
            order.map((a) => a.model).filter((m) => d.positions.some((p) => p.model === m)),
          ),
        );
      }
    }
  });
});

describe('the analysis', () => {
  const berlin = conflictSets[0] as LabelledSet;

  it('has the shape the judge returns, with a plain summary and a ranking of every model', () => {
    const analysis = analyseLocally(berlin.answers);
    expect(comparisonAnalysisSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.judge).toEqual({ kind: 'local' });
    expect(analysis.summary).toBe(
      'Compared 2 figures, dates and names across the answers: 1 agrees, 1 disagrees. Disputed: Berlin Wall fell (year). Other statements were not checked.',
    );
    // Grok, alone against two answers on the year the Wall fell, ranks last; each score says why.
    expect(analysis.confidenceRanking.map((c) => c.model)).toEqual(['chatgpt', 'gemini', 'grok']);
    expect(analysis.confidenceRanking.at(-1)?.reason).toMatch(/^Contradicted on 1 of \d+ checked claims$/);
    const grokClaims = analysis.claims?.find((c) => c.model === 'grok')?.claims ?? [];
    const fell = grokClaims.find((claim) => claim.status === 'contradicted');
    expect(fell?.contradictedBy.map((c) => [c.model, c.value])).toEqual([
      ['chatgpt', '1989'],
      ['gemini', '1989'],
    ]);
  });

  it('ranks nobody when nothing could be compared, and says when only one answered', () => {
    const analysis = analyseLocally([
      { model: 'llama', text: 'Hello there.', error: null },
      { model: 'grok', text: null, error: 'failed' },
    ]);
    expect(analysis.confidenceRanking).toEqual([]);
    expect(analysis.summary).toBe('Only Llama answered, so there is nothing to compare. Grok gave no answer.');
    expect(analyseLocally([]).summary).toBe('None of the models answered, so there is nothing to compare.');
  });

  it('quotes claims without markdown and at most about 200 characters long', () => {
    const long = `**The Berlin Wall** fell in 1991, ${'after a long series of events that are described here at great length, '.repeat(4)}in the end.`;
    const analysis = analyseLocally(answers({ chatgpt: 'The **Berlin Wall** fell in *1989*.', grok: long }));
    const claims = analysis.disagreements.flatMap((d) => d.positions.map((p) => p.claim));
    expect(claims[0]).toBe('The Berlin Wall fell in 1989.');
    expect(claims[1]?.length).toBeLessThanOrEqual(200);
    expect(claims[1]).toMatch(/^The Berlin Wall fell in 1991, after .*…$/);
  });

  it('is deterministic', () => {
    expect(analyseLocally(berlin.answers)).toEqual(analyseLocally(berlin.answers));
  });
});

describe('a count written like a year', () => {
  it('reads "2000 lightning strikes" as a count of strikes, not the year 2000', () => {
    const analysis = analyseLocally(
      answers({
        gemini: 'There are about 8.6 million lightning strikes on Earth each day.',
        grok: 'Approximately 2000 lightning strikes occur on Earth each day.',
      }),
      'How many lightning strikes occur on Earth each day?',
    );
    expect(analysis.disagreements.map((d) => d.positions.map((p) => [p.model, p.value]))).toEqual([
      [
        ['gemini', '8.6 million'],
        ['grok', '2000'],
      ],
    ]);
  });
});
