// Comparison fixtures shared by the server's storage tests and the client's mark tests: two models each
// contradicted on the one claim checked (the shape the local analyser gives a two-answer dispute).

import type { ConfidenceEntry } from '../../src/common/comparison';

export function bothContradictedOnce(): ConfidenceEntry[] {
  return [
    { model: 'chatgpt', displayName: 'ChatGPT' },
    { model: 'grok', displayName: 'Grok' },
  ].map((entry) => ({
    ...entry,
    score: 0.5,
    checked: 1,
    contradicted: 1,
    reason: 'Contradicted on 1 of 1 checked claims',
  }));
}
