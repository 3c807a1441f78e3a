// Opposite yes/no verdicts (docs/architecture.md, "The local analyser"): 'Yes, ...' against 'No, ...' at the
// start of two answers. Statements that deny what another affirms were compared here too until issue 33
// measured them on real answers: half of what they reported was no conflict, and they were removed
// (decision 0065).

import { verdictOf, type Claim } from './claims';
import type { Findings } from './findings';

export function compareVerdicts(a: Claim[], b: Claim[], findings: Findings): void {
  const x = a[0];
  const y = b[0];
  if (!x || !y) return;
  const verdictA = verdictOf(x);
  const verdictB = verdictOf(y);
  if (verdictA && verdictB && verdictA !== verdictB) {
    findings.claimConflicts.push({
      kind: 'verdict',
      a: x,
      b: y,
      sideA: verdictA,
      sideB: verdictB,
      statements: [],
      score: 1,
    });
  }
}
