import { describe, expect, it } from 'vitest';
import { answerSnippet, matchRanges, searchWords } from './history-match';
import { savedQuery } from './test-fixtures';

describe('history search matches', () => {
  it('splits the typed text into words as the server does', () => {
    expect(searchWords(`  Kube & 'ÉVOL':* kube `)).toEqual(['kube', 'évol']);
    expect(searchWords('?!')).toEqual([]);
  });

  it('marks where a word begins with a typed word, in any case', () => {
    expect(matchRanges('Run Kubernetes, not kubectl or Minikube', ['kube'])).toEqual([
      [4, 8],
      [20, 24],
    ]);
    expect(matchRanges('anything', [])).toEqual([]);
  });

  it('quotes the answer that holds a typed word only when the question holds none', () => {
    const query = savedQuery({
      text: 'When did the Berlin Wall fall?',
      responses: [
        { model: 'comparison', text: 'grok says November', error: null, responseTime: null, confidenceScore: null },
        {
          model: 'chatgpt',
          text: `${'Long preamble. '.repeat(6)}It fell on **9 November 1989**, after weeks of protest.`,
          error: null,
          responseTime: 1,
          confidenceScore: null,
        },
      ],
    });
    const snippet = answerSnippet(query, ['novem']);
    expect(snippet).toMatch(/^….*It fell on 9 November 1989, after weeks of protest\.$/);
    expect(answerSnippet(query, ['berlin'])).toBeNull();
    expect(answerSnippet(query, ['tokamak'])).toBeNull();
    expect(answerSnippet(query, [])).toBeNull();
  });
});
