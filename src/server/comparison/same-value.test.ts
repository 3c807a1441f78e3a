import { describe, expect, it } from 'vitest';
import { compareWrittenValues } from './same-value';

describe('one notion of the same value (issue 33, item 6)', () => {
  it.each([
    ['330 m', '330 metres'],
    ['330 m', '1,083 ft'],
    ['1.2 × 10^6', '1,200,000'],
    ['9 November 1989', 'November 9, 1989'],
    ['Zürich', 'Zurich'],
    ['Isaac Newton', 'Newton'],
    ['United States', 'USA'],
    ['about 300 m', '324 m'],
    ['15-20', '18'],
    ['$19.99', '$19.99'],
    ['330', '330 metres'],
    ['330 m (1,083 ft)', '330 metres'],
    ['5 hours and 53 minutes', '5.88 hours'],
  ])('%s and %s are the same value', (a, b) => {
    expect(compareWrittenValues(a, b)).toBe('same');
  });

  it.each([
    ['330 m', '300 m'],
    ['1887', '1889'],
    ['1.2e6', '2e6'],
    ['$19.99', '$20.00'],
    ['Canberra', 'Sydney'],
    ['3:00 pm EST', '3:00 pm PST'],
    ['300', '330 metres'],
  ])('%s and %s are different values', (a, b) => {
    expect(compareWrittenValues(a, b)).toBe('different');
  });

  it('does not set a figure against a sentence that states none', () => {
    expect(compareWrittenValues('330 m', 'it depends on the antenna')).toBe('unknown');
  });
});

describe('options chosen in a multiple-choice question', () => {
  it('are one value when they name one letter, however each answer words its choice', () => {
    expect(compareWrittenValues('correct answer is B', 'choose option B')).toBe('same');
    expect(compareWrittenValues('B', 'option B is the correct answer')).toBe('same');
    expect(compareWrittenValues('correct answer is B', 'C.')).toBe('different');
    // A letter at the end of a longer name is no option, and tells that name from its siblings.
    expect(compareWrittenValues('vitamin B', 'vitamin C')).not.toBe('same');
    expect(compareWrittenValues('Plan A', 'plan A')).toBe('same');
  });
});
