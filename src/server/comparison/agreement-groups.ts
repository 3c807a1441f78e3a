// Facts the answers share: one value stated in related claims of different answers ('330 m', '1889'),
// or one statement made in nearly the same words. A fact holds at most one claim per answer, so a fact
// is counted once however often an answer repeats it; a claim that states two shared values is two facts.

import type { Claim, ClaimValue } from './claims';
import type { Findings } from './findings';
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
  /** Values for a shared value, claims for a shared statement. */
  a: { id: number; claim: Claim };
  b: { id: number; claim: Claim };
  score: number;
}

function compatible(a: Claim, b: Claim): boolean {
  if (a.negated !== b.negated) return false;
  return a.values.every((v) => b.values.every((w) => relate(v.data, w.data) !== 'different' || v.data.kind === 'name'));
}

/** Mentioning the same name is not stating the same fact, unless the name is what both claims assert. */
function isFact(from: ClaimValue, to: ClaimValue, disputedClaims: ReadonlySet<number>): boolean {
  if (from.data.kind !== 'name') return true;
  return (
    from.data.predicative &&
    to.data.kind === 'name' &&
    to.data.predicative &&
    !disputedClaims.has(from.claim.id) &&
    !disputedClaims.has(to.claim.id)
  );
}

/** Greedy grouping, strongest links first, never two members of one answer in a group. */
function group(edges: Edge[]): AgreementGroup[] {
  edges.sort(
    (x, y) =>
      y.score - x.score ||
      Math.min(x.a.id, x.b.id) - Math.min(y.a.id, y.b.id) ||
      Math.max(x.a.id, x.b.id) - Math.max(y.a.id, y.b.id),
  );
  const groupOf = new Map<number, { members: Edge['a'][]; score: number }>();
  for (const { a, b, score } of edges) {
    const ga = groupOf.get(a.id);
    const gb = groupOf.get(b.id);
    if (ga && ga === gb) continue;
    const members = [...(ga?.members ?? [a]), ...(gb?.members ?? [b])];
    if (new Set(members.map((member) => member.claim.answer)).size !== members.length) continue;
    const merged = { members, score: Math.max(score, ga?.score ?? 0, gb?.score ?? 0) };
    for (const member of members) groupOf.set(member.id, merged);
  }
  return [...new Set(groupOf.values())].map(({ members, score }) => ({
    claims: members.map((member) => member.claim),
    score,
  }));
}

/**
 * A word in more of the other answer's claims than this ('item' down a numbered list) tells none of them
 * apart and is not used to find alike claims: claims alike enough to agree (TEXT_AGREEMENT) share rarer
 * words too. It bounds each claim's look-ups by its own words times this, instead of the other answer's
 * length (issue 32, H2; decision 0058).
 */
const MAX_WORD_CLAIMS = 64;

export function groupAgreements(
  findings: Findings,
  answers: Claim[][],
  similarity: Similarity,
  disputed: { claims: ReadonlySet<number>; values: ReadonlySet<number> },
): AgreementGroup[] {
  const valueEdges: Edge[] = [];
  const linked = new Set<number>();
  const claimCount = answers.reduce((sum, claims) => sum + claims.length, 0);
  const pair = (a: Claim, b: Claim) => Math.min(a.id, b.id) * claimCount + Math.max(a.id, b.id);
  // Names last: 'Mount Everest is 8,849 m tall' in two answers is one fact, the height, not two.
  const supports = [...findings.supports].sort(
    (x, y) => Number(x.from.data.kind === 'name') - Number(y.from.data.kind === 'name'),
  );
  for (const link of supports) {
    const { from, to } = link;
    if (link.score < AGREEMENT_LINK || disputed.values.has(from.id) || disputed.values.has(to.id)) continue;
    if (from.claim.heading || to.claim.heading || from.claim.negated !== to.claim.negated) continue;
    if (!isFact(from, to, disputed.claims)) continue;
    if (from.data.kind === 'name' && linked.has(pair(from.claim, to.claim))) continue;
    valueEdges.push({ a: from, b: to, score: link.score });
    linked.add(pair(from.claim, to.claim));
  }
  // A claim that shares only its wording cannot be a shared fact once it is disputed; claims already
  // linked by a shared value need no second fact for their wording.
  const wordy = answers.map((claims) =>
    claims.filter((claim) => !claim.heading && !disputed.claims.has(claim.id) && claim.stems.length >= 2),
  );
  const textEdges: Edge[] = [];
  for (let i = 0; i < wordy.length; i++) {
    for (let j = i + 1; j < wordy.length; j++) {
      // Only claims that share a word (their own or one a pronoun stands for) can be alike.
      const byStem = new Map<string, Claim[]>();
      for (const b of wordy[j] as Claim[]) {
        for (const word of [...b.stems, ...b.inherited]) {
          const list = byStem.get(word);
          if (list) list.push(b);
          else byStem.set(word, [b]);
        }
      }
      for (const a of wordy[i] as Claim[]) {
        const seen = new Set<Claim>();
        for (const word of [...a.stems, ...a.inherited]) {
          const others = byStem.get(word) ?? [];
          if (others.length > MAX_WORD_CLAIMS) continue;
          for (const b of others) {
            if (seen.has(b)) continue;
            seen.add(b);
            if (linked.has(pair(a, b))) continue;
            const score = similarity.claim(a, b);
            if (score >= TEXT_AGREEMENT && compatible(a, b)) {
              textEdges.push({ a: { id: a.id, claim: a }, b: { id: b.id, claim: b }, score });
            }
          }
        }
      }
    }
  }
  const groups = [...group(valueEdges), ...group(textEdges)];
  return groups.sort(
    (x, y) =>
      y.claims.length - x.claims.length ||
      y.score - x.score ||
      Math.min(...x.claims.map((c) => c.id)) - Math.min(...y.claims.map((c) => c.id)),
  );
}
