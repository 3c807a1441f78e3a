import { describe, expect, it } from 'vitest';
import type { ComparisonAnalysis } from '../../common/comparison';
import { answers } from '../../../tests/fixtures/comparison/analyser-corpus';
import { analyseLocally } from './local-analyser';
import { expectationsOf } from './question';

// The question-aware comparison (issue 'Comparison you can trust', item 1): what the question asks for
// decides which value of each answer is compared, and values are read as the answer writes them.

const values = (analysis: ComparisonAnalysis) =>
  analysis.disagreements.map((d) => Object.fromEntries(d.positions.map((p) => [p.model, p.value])));

describe('what the question asks for', () => {
  it.each([
    ['When did the Titanic sink?', ['time']],
    ['What was the date of the Moon landing?', ['time']],
    ['Who painted the Sistine Chapel ceiling?', ['person']],
    ['Where was Napoleon born?', ['place']],
    ['What nationality was Mozart?', ['place']],
    ['How many strings does a violin have?', ['count']],
    ['How many hours does a flight from London to Tokyo take?', ['quantity']],
    ['How tall is the Burj Khalifa?', ['quantity']],
    ['How much did the Louisiana Purchase cost?', ['money']],
    ['What share of the Earth is covered by ocean?', ['proportion']],
    ['Which gas do plants take in?', ['thing']],
    ['Which countries border Austria?', ['list']],
    ['When was the telephone invented, and who invented it?', ['time', 'person']],
    ['Tell me about Rome: when was it founded and who founded it?', ['time', 'person']],
    ['Is a tomato a fruit?', []],
    ['On Monday there were 9 clients who did plan A. How long does each plan last?', ['quantity']],
    ['In 1969, which astronaut walked on the Moon first?', ['thing']],
    ['Calculate the probability that Tom wins three games. Write the calculation.', ['proportion']],
    ['What are the chances of rolling two sixes?', ['proportion']],
    ['Find the area of a circle of radius 2 m.', ['quantity']],
    ['I have a dataset which contains images, how do I find the closest one?', []],
    ['In what order should I learn the topics of calculus?', []],
    ['Tell me which country won the 2010 World Cup.', ['place']],
  ])('%s', (question, kinds) => {
    expect(expectationsOf(question).map((e) => e.kind)).toEqual(kinds);
  });
});

describe('main values compared directly', () => {
  it('compares the answer however the sentence is worded, and a bare fragment too', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The Titanic sank on **15 April 1912**, after striking an iceberg.',
        claude: '15 April 1912.',
        gemini: 'The ship went down in the early hours of April 14, 1912, in the North Atlantic.',
      }),
      'When did the Titanic sink?',
    );
    expect(values(analysis)).toEqual([{ chatgpt: '15 April 1912', claude: '15 April 1912', gemini: 'April 14, 1912' }]);
    expect(analysis.disagreements[0]?.source).toBe('local');
  });

  it('answers each of several counts asked at once, however each answer names what it counts', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'So the basket holds 6 apples, 12 pears and 4 plums.',
        claude: 'The number of apples is 6, the number of pears is 9, and the number of plums is 4.',
        gemini: 'Altogether there are 4 apples, 4 pears and 4 plums in the basket.',
      }),
      'How many apples, how many pears, and how many plums are in the basket?',
    );
    expect(values(analysis)).toEqual([
      { chatgpt: '6', claude: '6', gemini: '4' },
      { chatgpt: '12', claude: '9', gemini: '4' },
    ]);
  });

  it("takes an estimate's figure from the clause after its supposition, and only counts of what is asked", () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Assuming a typical lamp post weighs 400 kg, about 35,000 balloons would be needed.',
        claude: 'There are some 2 million lamp posts in the country. In total, about 100,000 balloons would be needed.',
      }),
      'How many balloons would it take to lift a lamp post?',
    );
    expect(values(analysis)).toEqual([{ chatgpt: '35,000', claude: '100,000' }]);
  });

  it('takes the result of the working a concluding sentence announces, and names the topic by the part asked', () => {
    const question = 'How many bricks are in the garden wall? Try to explain your answer step by step.';
    const working = [
      'First, the wall is about 10 metres long and 2 metres high.',
      'A brick with its mortar covers about 0.02 square metres.',
      'Each square metre therefore takes about 50 bricks.',
      'The wall has 20 square metres.',
      'So the total number of bricks would be:',
      '20 x 50 = 1,000 bricks',
    ].join('\n\n');
    const analysis = analyseLocally(
      answers({
        chatgpt: working,
        claude:
          'A garden wall is small.\n\nIt is two bricks thick.\n\nIts face is 20 square metres.\n\nIt rises in 40 courses.\n\nTherefore, the wall holds about 2,400 bricks.',
      }),
      question,
    );
    expect(values(analysis)).toEqual([{ chatgpt: '1,000', claude: '2,400' }]);
    expect(analysis.disagreements[0]?.topic).toBe('Bricks garden wall (how many)');
  });

  it("answers 'how many times' in times, and never with a rate of another period", () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'It beats about 70 times per minute.\n\nSo the total comes to about 2.5 billion times.',
        claude: 'About 100,000 times a day.\n\nTherefore, roughly 3.5 billion times over a long life.',
      }),
      'How many times does a human heart beat in a lifetime?',
    );
    expect(values(analysis)).toEqual([{ chatgpt: '2.5 billion times', claude: '3.5 billion times' }]);
  });

  it("reads 'at least' as the question's own bound, and 'items' as whatever is counted", () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Therefore, she must sell at least 120 tickets to break even.',
        claude: 'So she has to sell at least 150 items before she breaks even.',
        gemini: 'Therefore she must sell at least 120 tickets.',
      }),
      'How many tickets must she sell at least to break even?',
    );
    expect(values(analysis)).toEqual([{ chatgpt: '120', claude: '150', gemini: '120' }]);
  });

  it('compares the probability each answer works out, never a share the question itself writes', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          'He must win four out of five games.\n\nSo, the probability that he wins at least four out of five games is 1/64.',
        claude: 'Winning four out of five has 5 orderings.\n\nTherefore, the probability is 31/1024.',
        gemini: 'We need four out of five wins.\n\nSo the probability is 1/64.',
      }),
      'Calculate the probability that Sam wins at least four out of five games.',
    );
    expect(values(analysis)).toEqual([{ chatgpt: '1/64', claude: '31/1024', gemini: '1/64' }]);
  });

  it('never takes a count per something else for the count asked', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'There are 5 cars.\n\nSo, in total, there are 20 wheels (5 cars with 4 wheels per car).',
        claude: 'Therefore the lot holds 24 wheels.',
      }),
      'A lot holds 5 cars. How many wheels are there?',
    );
    expect(values(analysis)).toEqual([{ chatgpt: '20', claude: '24' }]);
  });

  it('takes neither a count of the working nor a description by its class for the answer', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'To find the force, we break the problem into two parts.\n\nTherefore, the force is 91.5 N.',
        claude: 'So, the force on the charge is approximately 270.75 N.',
      }),
      'A ring of radius 0.75 m carries a charge of 275 μC. Find the magnitude of the force on a point charge at its centre.',
    );
    expect(values(analysis)).toEqual([{ chatgpt: '91.5', claude: '270.75' }]);
    const described = analyseLocally(
      answers({
        chatgpt: 'HMAC is a widely used method for authenticating messages.',
        claude: 'HMAC is a specific type of message authentication code.',
      }),
      'What is HMAC?',
    );
    expect(described.disagreements).toEqual([]);
  });

  it('reads a figure followed by its own aside and then arithmetic as an operand, not the answer', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          'The minimum number of weighings needed is 2 (for the first split) + 2 (for the second) = 4 weighings.',
        claude: 'The minimum number of weighings needed is 3.',
      }),
      'What is the minimum number of weighings needed?',
    );
    expect(values(analysis).flatMap((finding) => Object.values(finding))).not.toContain('2');
  });

  it('does not let a wrong name in another role confirm the answer', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The first person to reach the South Pole was **Roald Amundsen**, in December 1911.',
        grok: 'The first person to reach the South Pole was Robert Falcon Scott. His rival Roald Amundsen led the Norwegian party.',
      }),
      'Who was the first person to reach the South Pole?',
    );
    expect(values(analysis)).toEqual([{ chatgpt: 'Roald Amundsen', grok: 'Robert Falcon Scott' }]);
  });

  it('reads nationality adjectives and country names as one place', () => {
    const same = analyseLocally(
      answers({ chatgpt: 'Mozart was Austrian.', claude: 'Mozart was born in Austria, in Salzburg.' }),
      'What nationality was Mozart?',
    );
    expect(same.disagreements).toEqual([]);
    const different = analyseLocally(
      answers({ chatgpt: 'Mozart was Austrian.', claude: 'Mozart was a German composer.' }),
      'What nationality was Mozart?',
    );
    expect(values(different)).toEqual([{ chatgpt: 'Austrian', claude: 'German' }]);
  });

  it('compares lower-case answers to a "which thing" question', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Plants take in **carbon dioxide** from the air through their leaves.',
        deepseek: 'carbon dioxide, through the stomata.',
        llama: 'Plants take in **nitrogen** from the air to make their food.',
      }),
      'Which gas do plants take in for photosynthesis?',
    );
    expect(values(analysis)).toEqual([{ chatgpt: 'carbon dioxide', deepseek: 'carbon dioxide', llama: 'nitrogen' }]);
  });
});

describe('numbers as they are written', () => {
  const ask = (question: string, texts: Record<string, string>) => values(analyseLocally(answers(texts), question));

  it('reads scientific notation, and tells 10^23 from 10^22', () => {
    expect(
      ask('What is the Faraday constant?', { chatgpt: 'It is 9.649 × 10^4 C/mol.', grok: 'It is 9.649e4 C/mol.' }),
    ).toEqual([]);
    expect(
      ask('How many stars are in the observable universe?', {
        chatgpt: 'Roughly 2 × 10^23 stars.',
        grok: 'Roughly 2 × 10^22 stars.',
      }),
    ).toEqual([{ chatgpt: '2 × 10^23', grok: '2 × 10^22' }]);
  });

  it('reads European thousands separators', () => {
    expect(
      ask('How many people live in Porto?', { chatgpt: 'About 232,000 people.', claude: 'About 232.000 people.' }),
    ).toEqual([]);
  });

  it('compares fractions in words with percentages', () => {
    expect(
      ask('What share of the Earth is covered by ocean?', {
        chatgpt: 'About 71%.',
        claude: 'Roughly seven-tenths of it.',
      }),
    ).toEqual([]);
    expect(
      ask('What share of the Earth is covered by ocean?', { chatgpt: 'About 71%.', claude: 'About a third of it.' }),
    ).toHaveLength(1);
  });

  it('reads a range in words as a range and compares both ends', () => {
    expect(
      ask('How many hours should an adult sleep?', {
        chatgpt: 'Adults need between seven and nine hours a night.',
        claude: 'Adults need 7–9 hours a night.',
      }),
    ).toEqual([]);
    expect(
      ask('How many hours should an adult sleep?', {
        chatgpt: 'Adults need between seven and nine hours a night.',
        claude: 'Adults need 6–8 hours a night.',
      }),
    ).toHaveLength(1);
  });

  it('follows the precision written, across unit systems', () => {
    expect(
      ask('How fast did he run?', { chatgpt: 'He ran it in 10.49 seconds.', grok: 'He ran it in 10.54 seconds.' }),
    ).toHaveLength(1);
    expect(
      ask('How many people live in India?', {
        chatgpt: 'About 1.4 billion people.',
        grok: 'Around 1.43 billion people.',
      }),
    ).toEqual([]);
    expect(
      ask('How long is the Golden Gate Bridge?', { chatgpt: 'It is 2,737 m long.', grok: 'It is 8,980 feet long.' }),
    ).toEqual([]);
    expect(
      ask('What temperature does oxygen boil at?', { chatgpt: 'It boils at 90 K.', grok: 'It boils at −183 °C.' }),
    ).toEqual([]);
    expect(
      ask('What temperature does oxygen boil at?', { chatgpt: 'It boils at 90 K.', grok: 'It boils at −163 °C.' }),
    ).toHaveLength(1);
  });
});

describe('claims located in the answers', () => {
  it('marks the contradicted value itself, inside the Markdown as stored', () => {
    const text = 'The Titanic sank on **15 April 1912**, after striking an iceberg.';
    const analysis = analyseLocally(
      answers({ chatgpt: text, gemini: 'The Titanic sank on 14 April 1912.' }),
      'When did the Titanic sink?',
    );
    const marked = analysis.claims?.find((c) => c.model === 'chatgpt')?.claims.find((c) => c.status === 'contradicted');
    expect(marked && text.slice(marked.start, marked.end)).toBe('15 April 1912');
    expect(marked?.contradictedBy).toEqual([
      { model: 'gemini', value: '14 April 1912', claim: 'The Titanic sank on 14 April 1912.' },
    ]);
  });

  it('marks a value nobody else states as single-source', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The Titanic sank in 1912. About 1,500 people died.',
        gemini: 'The Titanic sank in 1912.',
      }),
      'When did the Titanic sink?',
    );
    const statuses = analysis.claims?.find((c) => c.model === 'chatgpt')?.claims.map((c) => c.status);
    expect(statuses).toEqual(['agreed', 'single-source']);
  });

  it('marks a contradicted value again where the answer repeats it for the same fact, and only there', () => {
    const text =
      'The bridge opened in 1932 and its span is 503 m.\n\n- **Opened:** 1932\n- **Span:** 503 m\n- **Tolls dropped:** 1932';
    const analysis = analyseLocally(
      answers({ chatgpt: text, gemini: 'The Sydney Harbour Bridge opened in 1932, with a main span of 530 m.' }),
      'How long is the main span of the Sydney Harbour Bridge?',
    );
    const marks = analysis.claims?.find((c) => c.model === 'chatgpt')?.claims ?? [];
    const statusOf = (from: number) => marks.find((c) => c.start >= from)?.status;
    expect(statusOf(text.indexOf('503 m'))).toBe('contradicted');
    expect(statusOf(text.lastIndexOf('503 m'))).toBe('contradicted');
    expect(statusOf(text.lastIndexOf('1932'))).not.toBe('contradicted');
  });
});

describe('facts beyond the question, in long answers', () => {
  const overview = 'Give me an overview of the Titanic.';

  it('compares a fact two answers tell in closely alike sentences, whatever else they say', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          'The Titanic left Southampton on its maiden voyage in April 1912. On 14 April 1912 it struck an iceberg in the North Atlantic and sank within three hours. The wreck was found in 1985 by Robert Ballard.',
        claude:
          'Built in Belfast, the ship sailed from Southampton in April 1912. On 14 April 1912 it struck an iceberg in the North Atlantic. The wreck was located in 1991 by Robert Ballard and a French team.',
      }),
      overview,
    );
    expect(values(analysis)).toEqual([{ chatgpt: '1985', claude: '1991' }]);
  });

  it('does not set two sentences about different stretches of the story against each other', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'In its first two days the company lost nearly a quarter of its value.',
        claude: 'Over the next three years the company lost about 80% of its value.',
      }),
      'What happened to the company?',
    );
    expect(analysis.disagreements).toEqual([]);
  });

  it('reads the whole answer, however long', () => {
    const filler = Array.from({ length: 200 }, (_, i) => `Paragraph ${i + 1} talks about deck plans and menus.`).join(
      ' ',
    );
    const analysis = analyseLocally(
      answers({
        chatgpt: `${filler} The wreck was found in 1985 by Robert Ballard.`,
        claude: `${filler} The wreck was found in 1991 by Robert Ballard.`,
      }),
      overview,
    );
    expect(values(analysis)).toEqual([{ chatgpt: '1985', claude: '1991' }]);
  });
});

describe('what the claim-by-claim matcher leaves out', () => {
  it('does not set bare counts about different things against each other', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Five more crews went on to land on the Moon.',
        claude: 'Apollo 11 landed the first two people on the Moon.',
      }),
      'Tell me about the Apollo programme.',
    );
    expect(analysis.disagreements).toEqual([]);
  });

  it('never sets two bounds in the same direction against each other', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The games were held at Olympia for more than a thousand years.',
        claude: 'The games were held at Olympia for more than 1,100 years.',
      }),
      'Tell me about the ancient Olympics.',
    );
    expect(analysis.disagreements).toEqual([]);
  });
});

describe('the same thing affirmed and denied', () => {
  const question = 'What should I know before eating out in Germany?';

  it('abstains on a denial against an affirmation: a statement is not a typed value (decision 0065)', () => {
    // Half of what sentence polarity reported on real answers was no conflict; the judge, when one is
    // configured, still names this one.
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Reservations are mandatory at most popular restaurants in Berlin on weekends, so book ahead.',
        grok: 'Reservations are not mandatory; walking in is normal, though booking helps at busy places.',
      }),
      question,
    );
    expect(analysis.disagreements).toEqual([]);
  });

  it('leaves alone an answer that says it both ways, and different predicates', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Tap water is safe everywhere in Germany. Still water is not free in restaurants.',
        grok: 'Tap water is not free in most restaurants, although tap water is free in some cafés. Tap water is drinkable.',
      }),
      question,
    );
    expect(analysis.disagreements).toEqual([]);
  });
});

describe('lists, labels and subjects in long answers', () => {
  const question = 'Tell me about the Nordic countries.';

  it('sets two lists against each other on the one member they name differently, with a third answer on its side', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Of the Nordic states, only Norway and Iceland stayed outside the European Union after their votes.',
        claude: 'Two Nordic states, Norway and Iceland, stayed outside the European Union.',
        grok: 'Only Norway and Finland stayed outside the European Union among the Nordic states.',
      }),
      question,
    );
    expect(values(analysis)).toEqual([{ chatgpt: 'Iceland', claude: 'Iceland', grok: 'Finland' }]);
  });

  it('leaves alone lists that share no member, or whose odd member the other answer names elsewhere', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Norway and Iceland stayed outside the European Union. Finland uses the euro.',
        claude: 'Norway and Finland border Sweden. Iceland is an island republic far to the west.',
      }),
      question,
    );
    expect(analysis.disagreements).toEqual([]);
  });

  it('does not compare label lines under different labels', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: '- **Ferry crossing time:** about 2 hours',
        claude: '- **Ferry check-in time:** 45 minutes',
      }),
      'How do I get from Helsinki to Tallinn?',
    );
    expect(analysis.disagreements).toEqual([]);
  });

  it('does not set two subjects against each other when their figures differ too', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'After the 2023 count, Sweden has the most islands (267,570), while Denmark has 443 named ones.',
        claude: 'Finland, for example, has 178,947 islands, while Norway has about 239,000 after the same count.',
      }),
      question,
    );
    expect(analysis.disagreements).toEqual([]);
  });
});

describe('records keyed by a date', () => {
  const question = 'Where are the next World Expos?';

  it('sets table rows and label lines of one key against each other on the place they name', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          '| Event | Year | City |\n|---|---|---|\n| World Expo | 2025 | Osaka, Japan |\n| World Expo | 2030 | Rome |',
        claude: '- **World Expo 2025:** Osaka\n- **World Expo 2030:** Riyadh, Saudi Arabia',
        grok: '| Event | Year | City |\n|---|---|---|\n| World Expo | 2025 | Osaka |\n| World Expo | 2030 | Riyadh |',
      }),
      question,
    );
    expect(values(analysis)).toEqual([{ chatgpt: 'Rome', claude: 'Riyadh', grok: 'Riyadh' }]);
  });

  it('leaves alone rows of different keys, and a name the other answer gives under that key elsewhere', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          '| Event | Year | City |\n|---|---|---|\n| World Expo | 2030 | Riyadh |\n| Specialised Expo | 2027 | Belgrade |',
        claude:
          '| Event | Year | City |\n|---|---|---|\n| World Expo | 2030 | Rome |\n| Horticultural Expo | 2027 | Yokohama |\n\nRiyadh beat Busan and Rome to host in 2030.',
      }),
      question,
    );
    expect(analysis.disagreements).toEqual([]);
  });
});

describe('superlative definitions', () => {
  const question = 'Tell me about the planets of the solar system.';

  it('sets the things different answers pick out under one superlative against each other', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The hottest planet is Venus, because its thick atmosphere traps heat.',
        claude: '- **Hottest planet:** Venus (about 465 °C at the surface)',
        grok: 'The hottest planet is actually mercury, which lies closest to the Sun.',
      }),
      question,
    );
    expect(analysis.disagreements).toHaveLength(1);
    expect(analysis.disagreements[0]?.topic).toBe('Hottest planet');
    expect(values(analysis)).toEqual([{ chatgpt: 'Venus', claude: 'Venus', grok: 'mercury' }]);
  });

  it('leaves alone different superlatives, different ranked things and words that only end in -est', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The largest planet is Jupiter. The densest planet is Earth. The rainforest is home to many species.',
        claude: 'The smallest planet is Mercury. The largest moon is Ganymede. The forest is home to few species.',
      }),
      question,
    );
    expect(analysis.disagreements).toEqual([]);
  });
});

describe('a verb each answer dates once', () => {
  const question = 'Tell me the history of the Golden Gate Bridge.';

  it('sets the dates against each other, a label line against a sentence about the answers’ subject', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt:
          'The Golden Gate Bridge spans the strait at the mouth of San Francisco Bay. In brief: the Golden Gate Bridge was opened in 1935, after four years of work, and its towers rise 227 m above the water. The Golden Gate Bridge is painted International Orange.',
        claude:
          'The Golden Gate Bridge crosses the strait between San Francisco and Marin County.\n\n- **Opened:** May 1937\n- **Length:** 2,737 m\n\nThe Golden Gate Bridge was the longest suspension span in the world until 1964.',
        grok: 'Work began in 1933. The Golden Gate Bridge was opened in 1937, a day after pedestrians first crossed it.',
      }),
      question,
    );
    expect(values(analysis)).toEqual([{ chatgpt: '1935', claude: 'May 1937', grok: '1937' }]);
  });

  it('leaves alone a verb an answer dates twice, sentences with nothing in common but the verb, and a sentence stating both dates', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'The approach roads were opened in 1936. The bridge itself was opened in 1937.',
        claude: 'A ferry terminal was opened in 1935 on the northern shore.',
        grok: 'The approach roads followed in 1936, and the bridge was opened in 1937.',
      }),
      question,
    );
    expect(analysis.disagreements).toEqual([]);
  });
});

describe('what a disagreement is called', () => {
  it('names it by what the disputed part asks about, never by the question text itself (issue 33, item 1)', () => {
    const analysis = analyseLocally(
      answers({
        chatgpt: 'Photosynthesis turns light into chemical energy. It was discovered by Jan Ingenhousz in 1779.',
        claude: 'Plants use light to make sugar. It was discovered by Joseph Priestley in 1779.',
      }),
      'How does photosynthesis work, and who discovered it?',
    );
    expect(analysis.disagreements).toHaveLength(1);
    expect(analysis.disagreements[0]!.topic).toMatch(/^Discovered\b/);
    expect(analysis.disagreements[0]!.topic.toLowerCase()).not.toContain('who discovered it');
  });
});
