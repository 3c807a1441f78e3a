import { describe, expect, it } from 'vitest';
import { buildClaims, type Claim } from './claims';
import { splitIntoClaims } from './text-normalise';
import type { ValueData } from './value-types';
import { relate } from './value-compare';

function claimsOf(text: string): Claim[] {
  return buildClaims([text])[0] ?? [];
}

function valuesOf(text: string): ValueData[] {
  return claimsOf(text).flatMap((claim) => claim.values.map((value) => value.data));
}

function only(text: string, kind: ValueData['kind']): ValueData {
  const values = valuesOf(text).filter((value) => value.kind === kind);
  expect(values, text).toHaveLength(1);
  return values[0] as ValueData;
}

const quantity = (text: string) => {
  const value = only(text, 'quantity');
  if (value.kind !== 'quantity') throw new Error('not a quantity');
  return value;
};

describe('splitting an answer into claims', () => {
  it('strips headings, emphasis, links, code, bullets, numbers and citation markers', () => {
    const claims = splitIntoClaims(`## The **Berlin Wall**

1. It was built in *1961* [1].
2. See [the museum](https://example.org) for \`details\`.
- **Length:** about 155 km

\`\`\`js
const year = 1989;
\`\`\`
> It fell in 1989. Germany reunified in 1990!`);
    expect(claims.map((claim) => claim.text)).toEqual([
      'The Berlin Wall',
      'It was built in 1961 .',
      'See the museum for details.',
      'Length: about 155 km',
      'It fell in 1989.',
      'Germany reunified in 1990!',
    ]);
    expect(claims[0]?.heading).toBe(true);
  });

  it('keeps a line of its own where the line above ends without punctuation, and joins wrapped prose', () => {
    const claims = splitIntoClaims(
      'Number of days in June: 30\nRound trips per day: 1\n\nThe tower was finished in\n1889 and is 330 m tall.',
    );
    expect(claims.map((claim) => claim.text)).toEqual([
      'Number of days in June: 30',
      'Round trips per day: 1',
      'The tower was finished in 1889 and is 330 m tall.',
    ]);
  });

  it('keeps abbreviations, initials and decimals inside one sentence', () => {
    const claims = splitIntoClaims(
      'J. K. Rowling lives in the U.S. now, e.g. in summer. Mt. Everest is 8.849 km high. It grew.',
    );
    expect(claims.map((claim) => claim.text)).toEqual([
      'J. K. Rowling lives in the U.S. now, e.g. in summer.',
      'Mt. Everest is 8.849 km high.',
      'It grew.',
    ]);
  });

  it('turns table rows into claims and drops the separator row', () => {
    const claims = splitIntoClaims('| Peak | Height |\n|---|---|\n| Everest | 8,849 m |');
    expect(claims.map((claim) => claim.text)).toEqual(['Peak: Height', 'Everest: 8,849 m']);
  });

  it('joins a bare "Yes." to the sentence it answers', () => {
    expect(claimsOf('Yes. Lightning can strike twice.').map((claim) => claim.text)).toEqual([
      'Yes. Lightning can strike twice.',
    ]);
  });
});

describe('numbers and units', () => {
  it.each([
    ['The peak is 8,849 m high.', 'length', 8849],
    ['The peak is 8 849 metres high.', 'length', 8849],
    ['The peak is 8.849 km high.', 'length', 8849],
    ['The peak is 29,032 feet high.', 'length', 8848.9536],
    ['It is 384,400 kilometers away.', 'length', 384_400_000],
    ['The wall was 3.6-metre-high.', 'length', 3.6],
    ['It weighs 150 tonnes.', 'mass', 150_000],
    ['It weighs 330,000 pounds.', 'mass', 149_685.48],
    ['Water boils at 100 °C.', 'temperature', 100],
    ['Water boils at 212 degrees Fahrenheit.', 'temperature', 100],
    ['Water boils at 100 degrees Celsius.', 'temperature', 100],
    ['It fell to -60 °C.', 'temperature', -60],
    ['About 71 per cent is water.', 'percent', 71],
    ['About 71% is water.', 'percent', 71],
    ['It cost $15 million.', 'money:usd', 15_000_000],
    ['It cost 15 million dollars.', 'money:usd', 15_000_000],
    ['It cost $2.5M.', 'money:usd', 2_500_000],
    ['The city has 1.4 billion people.', 'count', 1_400_000_000],
    ['It took 330k votes.', 'count', 330_000],
    ['It has 2.5M users.', 'count', 2_500_000],
    ['He ran 100m.', 'length', 100],
    ['Light moves at 299,792 km/s.', 'speed', 299_792_000],
    ['Light moves at 186,282 miles per second.', 'speed', 299_791_819],
    ['The car drove at 100 km/h.', 'speed', 27.78],
    ['It covers 9.6 million square kilometres.', 'area', 9.6e12],
    ['It lasted 28 years.', 'time', 28 * 31_557_600],
  ])('%s', (text, dim, amount) => {
    const value = quantity(text);
    expect(value.dim).toBe(dim);
    expect(value.amount).toBeCloseTo(amount, 0);
  });

  it('reads number words and keeps the noun they count', () => {
    expect(quantity('A spider has eight legs.')).toMatchObject({ dim: 'count', amount: 8, role: ['leg'] });
    expect(quantity('It has twenty-five rooms.')).toMatchObject({ amount: 25, role: ['room'] });
    expect(quantity('It has one hundred and twenty rooms.')).toMatchObject({ amount: 120 });
    expect(quantity('It has two million residents.')).toMatchObject({ amount: 2_000_000 });
    expect(valuesOf('It is one of the oldest cities.').filter((value) => value.kind === 'quantity')).toEqual([]);
  });

  it('marks hedges, bounds and ranges', () => {
    expect(quantity('About 800 people climb it.').bound).toBe('approx');
    expect(quantity('More than 1,500 people died.').bound).toBe('lower');
    expect(quantity('Up to 400 mg a day is safe.').bound).toBe('upper');
    expect(quantity('It takes 5 to 7 days.')).toMatchObject({ dim: 'time', amount: 6 * 86_400 });
  });

  it('reads a figure with its margin, and an interval in brackets, as a range', () => {
    const relation = (a: string, b: string) => relate(quantity(a), quantity(b));
    expect(quantity('The interval is 350 ± 33.5.')).toMatchObject({ amount: 350, spread: 33.5 });
    expect(quantity('It weighs 5 +/- 2 kg.')).toMatchObject({ dim: 'mass', amount: 5, spread: 2 });
    expect(relation('The interval is 350 ± 33.5.', 'The interval is approximately (316.5, 383.5).')).toBe('same');
    expect(relation('The interval is 350 ± 3.34.', 'It gives a range of [316.5, 383.5].')).toBe('different');
    // A margin still to be worked out leaves the middle and the margin unread; a point in brackets is no interval.
    expect(valuesOf('The mean is 350 ± 1.96 * 17.1 here.').map((v) => v.kind === 'quantity' && v.amount)).toEqual([
      17.1,
    ]);
    expect(valuesOf('The point (30, 40) lies on the line.').some((v) => v.kind === 'quantity' && v.spread)).toBe(false);
  });

  it('does not read a number joined to a word as a count of its own', () => {
    expect(
      valuesOf('They rolled 100 fair six-sided dice in a 3-door car.').map((v) => v.kind === 'quantity' && v.amount),
    ).toEqual([100]);
  });

  it('does not read identifiers, versions, times or ratios as quantities', () => {
    expect(valuesOf('Apollo 11 landed. It runs 24/7 from 10:30 on 5G.').filter((v) => v.kind === 'quantity')).toEqual(
      [],
    );
  });

  it('treats equal amounts in different units as the same, and different ones as different', () => {
    const relation = (a: string, b: string) => relate(quantity(a), quantity(b));
    expect(relation('It is 8,849 m high.', 'It is 8.849 km high.')).toBe('same');
    expect(relation('It is 8,849 m high.', 'It is 29,032 ft high.')).toBe('same');
    expect(relation('It is 8,849 m high.', 'It is 8,611 m high.')).toBe('different');
    expect(relation('It has eight legs.', 'It has 8 legs.')).toBe('same');
    expect(relation('It has eight legs.', 'It has seven legs.')).toBe('different');
    expect(relation('It has eight legs.', 'It has eight eyes.')).toBe('incomparable');
    expect(relation('About 300 bones.', 'Roughly 270 to 300 bones.')).toBe('same');
    expect(relation('More than 1,500 died.', 'About 1,517 died.')).toBe('same');
    expect(relation('At least 270 votes win.', '270 votes win.')).toBe('same');
    // A bound far below a figure leaves room for it without stating it.
    expect(relation('It took over 3.8 billion years.', 'It took 4.5 billion years.')).toBe('incomparable');
    expect(relation('It boils at 100 °C.', 'It boils at 212 °F.')).toBe('same');
    expect(relation('It boils at 100 °C.', 'It boils at 90 °C.')).toBe('different');
    expect(relation('It is 343 m/s.', 'It is 1,235 km/h.')).toBe('same');
  });

  it('keeps the minus of a figure in brackets', () => {
    const relation = (a: string, b: string) => relate(quantity(a), quantity(b));
    expect(quantity('It is colder (-40 °F) up there.')).toMatchObject({ dim: 'temperature', amount: -40 });
    expect(relation('It falls to -270 degrees Celsius.', 'It falls to (-454 degrees Fahrenheit).')).toBe('same');
  });

  it('reads scientific notation whole, a bare power of ten included', () => {
    expect(quantity('There are about 10^18 atoms in it.')).toMatchObject({ amount: 1e18, role: ['atom'] });
    expect(quantity('There are about 10²³ atoms in it.')).toMatchObject({ amount: 1e23 });
    expect(quantity('There are 6.022 × 10^23 atoms in a mole.').amount / 6.022e23).toBeCloseTo(1, 9);
    const relation = (a: string, b: string) => relate(quantity(a), quantity(b));
    expect(relation('It holds 10^18 atoms.', 'It holds 6 x 10^20 atoms.')).toBe('different');
    expect(relation('It holds 10^18 atoms.', 'It holds 1,000,000,000,000,000,000 atoms.')).toBe('same');
  });

  it('reads a proper fraction in figures as a share, and leaves dates, ratios of equals and 24/7 alone', () => {
    const relation = (a: string, b: string) => relate(quantity(a), quantity(b));
    expect(quantity('The chance is 1/64.')).toMatchObject({ dim: 'percent', amount: 1.5625 });
    expect(relation('The chance is 1/4.', 'The chance is 25%.')).toBe('same');
    expect(relation('The chance is 1/64.', 'The chance is 31/1024.')).toBe('different');
    expect(relation('About 1/3 of voters agreed.', 'About a third of voters agreed.')).toBe('same');
    expect(valuesOf('It is open 24/7 and odds are 50/50.').filter((v) => v.kind === 'quantity')).toEqual([]);
    expect(valuesOf('It rained on 3/4/2020.').map((v) => v.kind)).toEqual(['date']);
  });

  it('reads an order of magnitude in words as every figure inside it', () => {
    const relation = (a: string, b: string) => relate(quantity(a), quantity(b));
    expect(relation('It lasts hundreds of years.', 'It lasts thousands of years.')).toBe('different');
    expect(relation('It lasts thousands of years.', 'It lasts tens of thousands of years.')).toBe('different');
    expect(relation('It lasts hundreds of years.', 'It lasts many hundreds of years.')).toBe('same');
    expect(relation('Several hundred thousand songs exist.', 'Billions of songs exist.')).toBe('different');
    // A figure inside the order neither contradicts it nor is confirmed by it: it only has room there.
    expect(relation('It lasts hundreds of years.', 'It lasts about 450 years.')).toBe('incomparable');
    expect(relation('Tens of thousands of people came.', 'About 40,000 people came.')).toBe('incomparable');
    expect(relation('It lasts hundreds of years.', 'It lasts 5,000 years.')).toBe('different');
    // Said of nothing in particular, it is no figure.
    expect(valuesOf('Hundreds of them came.').filter((v) => v.kind === 'quantity')).toEqual([]);
  });
});

describe('dates, years and ordinals', () => {
  const date = (text: string) => only(text, 'date');

  it.each([
    'The wall fell on 9 November 1989.',
    'The wall fell on November 9, 1989.',
    'The wall fell on 1989-11-09.',
    'The wall fell on the 9th of November 1989.',
    'The wall fell on Nov. 9th, 1989.',
    'The wall fell on 9 Nov 1989.',
  ])('%s', (text) => {
    expect(date(text)).toMatchObject({ year: 1989, month: 11, day: 9 });
  });

  it('reads a numeric date only when day and month cannot be swapped', () => {
    expect(date('Born on 14/03/1879.')).toMatchObject({ year: 1879, month: 3, day: 14 });
    expect(date('Born on 04/03/1879.')).toEqual({ kind: 'date', bound: 'exact', year: 1879 });
  });

  it('relates a year, a month and a full date', () => {
    const relation = (a: string, b: string) => relate(date(a), date(b));
    expect(relation('It fell in 1989.', 'It fell on 9 November 1989.')).toBe('same');
    expect(relation('It fell in November 1989.', 'It fell on 9 November 1989.')).toBe('same');
    expect(relation('It fell on 9 November 1989.', 'It fell on 10 November 1989.')).toBe('different');
    expect(relation('It fell in 1989.', 'It fell in 1990.')).toBe('different');
    expect(relation('It happened in the 1980s.', 'It fell in 1989.')).toBe('same');
    expect(relation('It has been the capital since 1913.', 'It became the capital in 1920.')).toBe('same');
  });

  it('reads ordinals in words and digits, but not "First," as a discourse marker', () => {
    expect(only('Mars is the fourth planet.', 'ordinal')).toMatchObject({ n: 4, role: ['world'] });
    expect(only('It is the 2nd largest city.', 'ordinal')).toMatchObject({ n: 2 });
    expect(valuesOf('First, preheat the oven.')).toEqual([]);
  });
});

describe('names and polarity', () => {
  it('finds multi-word names, not capitals that only start a sentence', () => {
    const names = valuesOf('The laws were written by Isaac Newton. However, Newton was not alone.')
      .filter((value) => value.kind === 'name')
      .map((value) => (value.kind === 'name' ? value.key.join(' ') : ''));
    expect(names).toEqual(['isaac newton', 'newton']);
  });

  it("marks a name that fills the claim's slot", () => {
    const names = valuesOf('The capital of Australia is Canberra, not Sydney.').filter(
      (value) => value.kind === 'name',
    );
    expect(names.map((name) => (name.kind === 'name' ? [name.key[0], name.predicative] : []))).toEqual([
      ['australia', false],
      ['canberra', true],
      ['sydney', false],
    ]);
  });

  it('counts negations per clause', () => {
    const negated = (text: string) => claimsOf(text)[0]?.negated;
    expect(negated('The wall is not visible from space.')).toBe(true);
    expect(negated('Bats are never blind.')).toBe(true);
    expect(negated("It isn't visible.")).toBe(true);
    expect(negated('It is a myth that lightning never strikes twice.')).toBe(false);
    expect(negated('It is not only visible but bright.')).toBe(false);
    expect(negated('No, it is visible.')).toBe(false);
  });

  it('does not mistake object-prototype words for numbers or units', () => {
    expect(() =>
      claimsOf('The constructor of toString and __proto__ was valueOf hasOwnProperty 3 constructor.'),
    ).not.toThrow();
  });
});

describe('month words in names', () => {
  const names = (text: string) =>
    buildClaims([text])[0]!.flatMap((claim) =>
      claim.values.filter((v) => v.data.kind === 'name').map((v) => v.display),
    );

  it('reads a month word before a surname as a first name, and after a preposition as a time', () => {
    expect(names('It was discovered by Jan Ingenhousz in 1779.')).toEqual(['Jan Ingenhousz']);
    expect(names('June Carter recorded it in 1963.')).toEqual(['June Carter']);
    expect(names('In June Britain voted to leave.')).toEqual(['Britain']);
  });
});
