// Pairwise conflicts grouped into disagreements over all answers: a third answer that states one side's
// value joins that side, so 'ChatGPT and Grok say 1989, Gemini says 1990' is one disagreement with three
// positions, not two.

import type { Claim, ClaimValue } from './claims';
import { verdictOf } from './claims';
import { THRESHOLDS, type ClaimConflict, type Findings, type ValueLink } from './findings';
import { relate } from './value-compare';

export interface Position {
  answer: number;
  claim: Claim;
  /** Positions with the same side say the same thing. */
  side: number;
  /** The disputed value in this claim, for value conflicts. */
  value: ClaimValue | null;
}

export interface ConflictGroup {
  kind: 'value' | 'verdict';
  positions: Position[];
}

class UnionFind {
  private readonly parent = new Map<number, number>();
  find(x: number): number {
    let root = x;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root) as number;
    this.parent.set(x, root);
    return root;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    // The smaller id wins so that the grouping does not depend on the order edges arrive in.
    if (ra !== rb) this.parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
}

function assignSides<T>(items: Array<{ answer: number; item: T }>, same: (x: T, y: T) => boolean) {
  const representatives: T[] = [];
  return items.map(({ answer, item }) => {
    let side = representatives.findIndex((representative) => same(representative, item));
    if (side === -1) side = representatives.push(item) - 1;
    return { answer, item, side };
  });
}

function valueGroups(findings: Findings, answerCount: number): ConflictGroup[] {
  const union = new UnionFind();
  const edges: ValueLink[] = [];
  const addEdge = (link: ValueLink) => {
    union.union(link.from.id, link.to.id);
    edges.push(link);
  };
  for (const conflict of findings.valueConflicts) {
    addEdge(conflict);
    const involved = new Set([conflict.from.claim.answer, conflict.to.claim.answer]);
    for (let answer = 0; answer < answerCount; answer++) {
      if (involved.has(answer)) continue;
      let bestSupport: ValueLink | null = null;
      for (const support of findings.supports) {
        if (support.to.claim.answer !== answer) continue;
        if (support.from !== conflict.from && support.from !== conflict.to) continue;
        if (support.score < THRESHOLDS.joinSide) continue;
        if (!bestSupport || support.score > bestSupport.score) bestSupport = support;
      }
      if (bestSupport) addEdge(bestSupport);
    }
  }
  const byRoot = new Map<number, ValueLink[]>();
  for (const edge of edges) {
    const root = union.find(edge.from.id);
    byRoot.set(root, [...(byRoot.get(root) ?? []), edge]);
  }
  return [...byRoot.values()].map((groupEdges) => {
    const chosen = new Map<number, { value: ClaimValue; score: number }>();
    for (const edge of groupEdges) {
      for (const value of [edge.from, edge.to]) {
        const current = chosen.get(value.claim.answer);
        if (!current || edge.score > current.score || (edge.score === current.score && value.id < current.value.id)) {
          chosen.set(value.claim.answer, { value, score: edge.score });
        }
      }
    }
    const ordered = [...chosen.entries()].sort(([a], [b]) => a - b);
    const sided = assignSides(
      ordered.map(([answer, { value }]) => ({ answer, item: value })),
      (x, y) => relate(x.data, y.data) === 'same',
    );
    return {
      kind: 'value' as const,
      positions: sided.map(({ answer, item, side }) => ({ answer, claim: item.claim, side, value: item })),
    };
  });
}

interface Stance {
  claim: Claim;
  side: string;
}

function verdictStance(claims: Claim[]): Stance | undefined {
  const first = claims[0];
  const verdict = first && verdictOf(first);
  return first && verdict ? { claim: first, side: verdict } : undefined;
}

function claimGroups(findings: Findings, answers: Claim[][]): ConflictGroup[] {
  const groups: ConflictGroup[] = [];
  for (const kind of ['verdict'] as const) {
    const conflicts = findings.claimConflicts.filter((conflict) => conflict.kind === kind);
    const union = new UnionFind();
    for (const conflict of conflicts) union.union(conflict.a.id, conflict.b.id);
    const byRoot = new Map<number, ClaimConflict[]>();
    for (const conflict of conflicts) {
      const root = union.find(conflict.a.id);
      byRoot.set(root, [...(byRoot.get(root) ?? []), conflict]);
    }
    for (const members of byRoot.values()) {
      const chosen = new Map<number, Stance>();
      for (const conflict of members) {
        if (!chosen.has(conflict.a.answer)) chosen.set(conflict.a.answer, { claim: conflict.a, side: conflict.sideA });
        if (!chosen.has(conflict.b.answer)) chosen.set(conflict.b.answer, { claim: conflict.b, side: conflict.sideB });
      }
      // A third answer that makes the same statement, either way, takes its place in the disagreement.
      answers.forEach((claims, answer) => {
        if (chosen.has(answer)) return;
        const third = verdictStance(claims);
        if (third) chosen.set(answer, third);
      });
      const ordered = [...chosen.entries()].sort(([a], [b]) => a - b);
      const sided = assignSides(
        ordered.map(([answer, stance]) => ({ answer, item: stance })),
        (x, y) => x.side === y.side,
      );
      groups.push({
        kind,
        positions: sided.map(({ answer, item, side }) => ({ answer, claim: item.claim, side, value: null })),
      });
    }
  }
  return groups;
}

/** Every disagreement as a group of positions, one per answer that takes part. */
export function groupConflicts(findings: Findings, answers: Claim[][]): ConflictGroup[] {
  return [...valueGroups(findings, answers.length), ...claimGroups(findings, answers)].filter(
    (group) => new Set(group.positions.map((position) => position.side)).size > 1,
  );
}
