import { describe, expect, it } from 'vitest';
import { webSearchCents, webSearchTexts } from './web-search';

describe('what "Search the web" adds to a question', () => {
  it('counts the search fee of each picked model that searches only when asked', () => {
    expect(webSearchCents(['chatgpt', 'claude'])).toBe(2);
    expect(webSearchTexts.cost(webSearchCents(['chatgpt', 'claude']))).toBe(
      'Adds about 2¢ in vendor search fees to this question.',
    );
    // Perplexity searches anyway and DeepSeek cannot: the switch adds nothing for them.
    expect(webSearchCents(['perplexity', 'deepseek'])).toBe(0);
    expect(webSearchTexts.cost(0)).toBe('Adds no search fee for the models picked.');
    expect(webSearchTexts.cost(webSearchCents(['grok']))).toBe(
      'Adds about 0.5¢ in vendor search fees to this question.',
    );
    expect(webSearchTexts.cost(webSearchCents(['gemini', 'chatgpt', 'grok']))).toBe(
      'Adds about 5¢ in vendor search fees to this question.',
    );
  });
});
