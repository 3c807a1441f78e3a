import { describe, expect, it } from 'vitest';
import {
  contentWords,
  differenceHighlighter,
  sentenceRanges,
  similarity,
  splitSentences,
} from './difference-highlight';

describe('splitSentences', () => {
  it('splits at full stops, question and exclamation marks followed by a new sentence', () => {
    expect(splitSentences('The wall fell in 1989. It was a Thursday! Was it cold?  Yes.')).toEqual([
      'The wall fell in 1989.',
      'It was a Thursday!',
      'Was it cold?',
      'Yes.',
    ]);
  });

  it('keeps decimals, abbreviations before lower-case words and closing quotes inside one sentence', () => {
    expect(splitSentences('Pi is about 3.14, e.g. when rounded. He said "stop." Then left.')).toEqual([
      'Pi is about 3.14, e.g. when rounded.',
      'He said "stop."',
      'Then left.',
    ]);
  });

  it('treats line breaks as boundaries and drops empty pieces', () => {
    expect(splitSentences('- first item\n- second item\n\n  \nLast line')).toEqual([
      '- first item',
      '- second item',
      'Last line',
    ]);
    expect(splitSentences('   ')).toEqual([]);
  });

  it('gives ranges that slice back to the sentences', () => {
    const text = '  One two. Three four.';
    expect(sentenceRanges(text).map(([start, end]) => text.slice(start, end))).toEqual(['One two.', 'Three four.']);
  });
});

describe('similarity', () => {
  it('ignores case, punctuation and words of 2 letters or fewer', () => {
    expect([...contentWords('It is THE Eiffel-Tower, in 2024 at 42 m.')]).toEqual(['the', 'eiffel', 'tower', '2024']);
  });

  it("is the share of the first text's content words found in the second", () => {
    expect(similarity('Paris is the capital of France', 'The capital city of France is Paris')).toBe(1);
    // paris, the, capital, france are found; largest, city, and are not: 4 of 7.
    expect(similarity('Paris is the largest city and capital of France', 'The capital of France is Paris')).toBeCloseTo(
      4 / 7,
    );
    expect(similarity('Berlin wall', 'Paris tower')).toBe(0);
  });

  it('is not symmetric and is 0 for a text with no content words', () => {
    expect(similarity('cats', 'cats dogs')).toBe(1);
    expect(similarity('cats dogs', 'cats')).toBe(0.5);
    expect(similarity('it is', 'it is')).toBe(0);
  });
});

describe('differenceHighlighter', () => {
  const chatgpt = 'The Berlin Wall fell on November 9, 1989. Crowds gathered at the border crossings.';
  const grok = 'The Berlin Wall fell on November 9, 1989. East German guards opened the gates that night.';

  it('highlights a sentence the other answer does not share and leaves shared ones alone', () => {
    const highlight = differenceHighlighter(chatgpt, [grok]);
    expect(highlight('The Berlin Wall fell on November 9, 1989.')).toBe(false);
    expect(highlight('Crowds gathered at the border crossings.')).toBe(true);
  });

  it('highlights when the sentence differs from at least one of several answers', () => {
    const gemini = 'Crowds gathered at the border crossings on that famous night in Berlin.';
    const highlight = differenceHighlighter(chatgpt, [grok, gemini]);
    // Shared with Gemini but not with Grok: still a difference.
    expect(highlight('Crowds gathered at the border crossings.')).toBe(true);
    // Shared with Grok but not with Gemini (berlin is there, wall/fell/november/1989 are not).
    expect(highlight('The Berlin Wall fell on November 9, 1989.')).toBe(true);
  });

  it('uses the 0.5 threshold: exactly half shared is not highlighted, less than half is', () => {
    const highlight = differenceHighlighter('own text', ['alpha beta gamma delta']);
    expect(highlight('alpha beta omega sigma')).toBe(false); // 2 of 4 = 0.5
    expect(highlight('alpha omega sigma kappa')).toBe(true); // 1 of 4 = 0.25
  });

  it('counts words spread over several sentences of the other answer', () => {
    const highlight = differenceHighlighter('own text', ['Water boils at sea level. The temperature is 100 degrees.']);
    expect(highlight('Water boils at 100 degrees.')).toBe(false);
  });

  it('never highlights sentences without content words, nor anything without another answer', () => {
    expect(differenceHighlighter(chatgpt, [grok])('It is so.')).toBe(false);
    expect(differenceHighlighter(chatgpt, [])('Crowds gathered at the border crossings.')).toBe(false);
    expect(differenceHighlighter(chatgpt, ['', '   '])('Crowds gathered at the border crossings.')).toBe(false);
  });
});
