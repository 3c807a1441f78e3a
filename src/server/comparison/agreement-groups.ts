// Facts the answers share: claims of different answers that state the same value in a related claim, or
// that say the same thing in nearly the same words. Each group holds at most one claim per answer, so
// one fact is counted once however many times an answer repeats it.

import type { Claim } from './claims';
import type { Findings } from './matching';
import type { Similarity } from './similarity';
import { relate } from './value-compare';

/** A confirmed value this related (specificity included) makes its two claims one shared fact. */
const AGREEMENT_LINK = 0.4;
/** Claims this alike, with the same polarity and no differing value, state one fact. */
const TEXT_AGREEMENT = 0.6;

export interface AgreementGroup {
  claims: Claim[];
  score: number;
}

interface Edge {
  a: Claim;
  b: Claim;
  score: number;
}

function compatible(a: Claim, b: Claim): boolean {
  if (a.negated !== b.negated) return false;
  return a.values.every((v) => b.values.every((w) => relate(v.data, w.data) !== 'different' || v.data.kind === 'name'));
}

export function groupAgreements(
  findings: Findings,
  answers: Claim[][],
  similarity: Similarity,
  disputed: { claims: ReadonlySet<number>; values: ReadonlySet<number> },
): AgreementGroup[] {
  // A claim with a disputed value can still share another of its values; a claim that shares only its
  // wording cannot, once it is disputed.
  const usable = (claim: Claim) => !claim.heading && !disputed.claims.has(claim.id);
  const edges: Edge[] = [];
  for (const link of findings.supports) {
    const a = link.from.claim;
    const b = link.to.claim;
    const undisputed = !disputed.values.has(link.from.id) && !disputed.values.has(link.to.id);
    // Mentioning the same name is not stating the same fact, unless the name is what both claims assert
    // and neither claim is disputed.
    const fact =
      link.from.data.kind !== 'name' ||
      (link.from.data.predicative &&
        link.to.data.kind === 'name' &&
        link.to.data.predicative &&
        !disputed.claims.has(a.id) &&
        !disputed.claims.has(b.id));
    if (link.score >= AGREEMENT_LINK && undisputed && fact && !a.heading && !b.heading && a.negated === b.negated) {
      edges.push({ a, b, score: link.score });
    }
  }
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      for (const a of (answers[i] as Claim[]).filter(usable)) {
        for (const b of (answers[j] as Claim[]).filter(usable)) {
          if (a.stems.length < 2 || b.stems.length < 2) continue;
          const score = similarity.claim(a, b);
          if (score >= TEXT_AGREEMENT && compatible(a, b)) edges.push({ a, b, score });
        }
      }
    }
  }
  edges.sort(
    (x, y) =>
      y.score - x.score ||
      Math.min(x.a.id, x.b.id) - Math.min(y.a.id, y.b.id) ||
      Math.max(x.a.id, x.b.id) - Math.max(y.a.id, y.b.id),
  );
  const groupOf = new Map<number, AgreementGroup>();
  for (const { a, b, score } of edges) {
    const ga = groupOf.get(a.id);
    const gb = groupOf.get(b.id);
    if (ga && ga === gb) continue;
    const members = [...(ga?.claims ?? [a]), ...(gb?.claims ?? [b])];
    if (new Set(members.map((claim) => claim.answer)).size !== members.length) continue;
    const merged: AgreementGroup = { claims: members, score: Math.max(score, ga?.score ?? 0, gb?.score ?? 0) };
    for (const claim of members) groupOf.set(claim.id, merged);
  }
  const groups = [...new Set(groupOf.values())];
  return groups.sort(
    (x, y) =>
      y.claims.length - x.claims.length ||
      y.score - x.score ||
      Math.min(...x.claims.map((c) => c.id)) - Math.min(...y.claims.map((c) => c.id)),
  );
}
