// The local analyser's claim-level result (comparison issue, item 2): every checkable value of every
// answer, located in the raw answer, marked contradicted (another answer states something else where
// this one states it), agreed (another answer states the same) or single-source (no other answer
// speaks to it). The card's marks and the confidence reasons are read from these.

import type { AnswerClaim, AnswerClaims } from '../../common/comparison';
import type { Claim, ClaimValue } from './claims';
import type { ConflictGroup } from './conflict-groups';
import type { Findings } from './findings';
import type { Span } from './locate';
import type { MainValue } from './main-candidates';
import type { MainFinding } from './main-values';
import { trimClaim } from './report-text';
import type { TwinConflict } from './claim-pairs';
import { relate } from './value-compare';
import type { ValueSpans } from './value-spans';
import { stem } from './words';

interface Draft {
  answer: number;
  span: Span;
  claim: Claim;
  agreedBy: Set<string>;
  contradictedBy: Map<string, { model: string; value: string; claim: string }>;
}

/** Values worth a mark when nobody else states them: figures, dates and names given as an answer. */
function isCheckable(value: ClaimValue): boolean {
  if (value.claim.heading) return false;
  if (value.data.kind === 'name') return value.data.predicative;
  if (value.data.kind === 'quantity')
    return value.data.dim !== 'count' || value.data.role.length > 0 || Math.abs(value.data.amount) >= 10;
  return true;
}

/** A figure with a unit ('300 m') rarely recurs in one answer for another fact; years and counts do. */
const isMeasurement = (value: ClaimValue) =>
  value.data.kind === 'quantity' && value.data.dim !== 'count' && value.data.dim !== 'percent';

const SLOT_LINKS = new Set(['in', 'on', 'at', 'by', 'of', 'the', 'a', 'an', 'about', 'around', ':', 'was', 'is']);

/** The word a value is said of: 'completed' in 'was completed in 1887' and in 'Completed: 1887'. */
function slotWord(value: ClaimValue): string {
  const tokens = value.claim.tokens;
  let k = value.start - 1;
  while (k >= 0 && SLOT_LINKS.has(tokens[k]!.lower)) k -= 1;
  return tokens[k]?.kind === 'word' ? stem(tokens[k]!.lower) : '';
}

export function buildAnswerClaims(input: {
  models: string[];
  claims: Claim[][];
  spans: ValueSpans;
  findings: Findings;
  mainFindings: MainFinding[];
  twinConflicts: TwinConflict[];
  conflicts: ConflictGroup[];
}): AnswerClaims[] {
  const { models, claims, spans } = input;
  const drafts = new Map<string, Draft>();
  const keyOf = (answer: number, span: Span) => `${answer}:${span.start}:${span.end}`;
  const draftAt = (answer: number, span: Span | null, claim: Claim): Draft | null => {
    if (!span) return null;
    const key = keyOf(answer, span);
    let draft = drafts.get(key);
    if (!draft) {
      draft = { answer, span, claim, agreedBy: new Set(), contradictedBy: new Map() };
      drafts.set(key, draft);
    }
    return draft;
  };
  const spanOfMain = (main: MainValue) =>
    main.value ? spans.spanOf(main.value) : spans.find(main.answer, main.display, main.claim);

  const addSides = <T>(
    sides: T[][],
    answerOf: (t: T) => number,
    spanOf: (t: T) => Span | null,
    claimOf: (t: T) => Claim,
    display: (t: T) => string,
  ) => {
    sides.forEach((side, s) => {
      for (const item of side) {
        const draft = draftAt(answerOf(item), spanOf(item), claimOf(item));
        if (!draft) continue;
        for (const ally of side) if (ally !== item) draft.agreedBy.add(models[answerOf(ally)] ?? '');
        sides.forEach((other, o) => {
          if (o === s) return;
          for (const opponent of other) {
            const model = models[answerOf(opponent)] ?? '';
            if (!draft.contradictedBy.has(model)) {
              draft.contradictedBy.set(model, {
                model,
                value: display(opponent),
                claim: trimClaim(claimOf(opponent).text),
              });
            }
          }
        });
      }
    });
  };

  for (const finding of input.mainFindings) {
    addSides(
      finding.sides,
      (m) => m.answer,
      spanOfMain,
      (m) => m.claim,
      (m) => m.display,
    );
  }
  for (const twin of input.twinConflicts) {
    addSides(
      twin.sides,
      (v) => v.claim.answer,
      (v) => spans.spanOf(v),
      (v) => v.claim,
      (v) => v.display,
    );
  }
  for (const group of input.conflicts) {
    const valued = group.positions.filter((position) => position.value);
    const sideIds = [...new Set(valued.map((position) => position.side))];
    const sides = sideIds.map((id) => valued.filter((position) => position.side === id));
    addSides(
      sides,
      (p) => p.answer,
      (p) => (p.value ? spans.spanOf(p.value) : null),
      (p) => p.claim,
      (p) => p.value?.display ?? '',
    );
  }
  for (const link of input.findings.supports) {
    if (link.from.claim.answer === link.to.claim.answer || !isCheckable(link.from) || !isCheckable(link.to)) continue;
    const from = draftAt(link.from.claim.answer, spans.spanOf(link.from), link.from.claim);
    if (from && !from.contradictedBy.has(models[link.to.claim.answer] ?? ''))
      from.agreedBy.add(models[link.to.claim.answer] ?? '');
    const to = draftAt(link.to.claim.answer, spans.spanOf(link.to), link.to.claim);
    if (to && !to.contradictedBy.has(models[link.from.claim.answer] ?? ''))
      to.agreedBy.add(models[link.from.claim.answer] ?? '');
  }
  const valueDrafts: { value: ClaimValue; draft: Draft }[] = [];
  claims.forEach((answerClaims, answer) => {
    for (const claim of answerClaims) {
      for (const value of claim.values) {
        if (!isCheckable(value)) continue;
        const draft = draftAt(answer, spans.spanOf(value), claim);
        if (draft) valueDrafts.push({ value, draft });
      }
    }
  });
  // An answer that repeats a contradicted value for the same fact ('completed in 1887' … 'Completed: 1887')
  // is contradicted in both places, not single-source in the second.
  // Only values already contradicted can be twins, and only of one answer and one kind: kept in lists by
  // both (in valueDrafts order, so the first twin found is the one a scan of every value would find),
  // instead of scanning every value for each (issue 32, H2; decision 0058).
  const kindOf = (value: ClaimValue) =>
    value.data.kind === 'quantity' ? `quantity:${value.data.dim}` : value.data.kind;
  const twinsByKind = new Map<string, number[]>();
  const entriesOf = new Map<Draft, number[]>();
  valueDrafts.forEach(({ draft }, k) => entriesOf.set(draft, [...(entriesOf.get(draft) ?? []), k]));
  const becameContradicted = (k: number) => {
    const entry = valueDrafts[k]!;
    const key = `${entry.draft.answer}:${kindOf(entry.value)}`;
    const list = twinsByKind.get(key) ?? [];
    let at = list.length;
    while (at > 0 && list[at - 1]! > k) at -= 1;
    list.splice(at, 0, k);
    twinsByKind.set(key, list);
  };
  valueDrafts.forEach(({ draft }, k) => draft.contradictedBy.size > 0 && becameContradicted(k));
  for (const { value, draft } of valueDrafts) {
    if (draft.agreedBy.size > 0 || draft.contradictedBy.size > 0) continue;
    const twinAt = (twinsByKind.get(`${draft.answer}:${kindOf(value)}`) ?? []).find((k) => {
      const other = valueDrafts[k]!.value;
      return relate(value.data, other.data) === 'same' && (isMeasurement(value) || slotWord(value) === slotWord(other));
    });
    if (twinAt === undefined) continue;
    for (const [model, said] of valueDrafts[twinAt]!.draft.contradictedBy) draft.contradictedBy.set(model, said);
    if (draft.contradictedBy.size > 0) for (const k of entriesOf.get(draft) ?? []) becameContradicted(k);
  }

  return models.map((model, answer) => {
    const own = [...drafts.values()]
      .filter((draft) => draft.answer === answer)
      .sort((a, b) => a.span.start - b.span.start || b.contradictedBy.size - a.contradictedBy.size);
    const result: AnswerClaim[] = [];
    let reached = -1;
    for (const draft of own) {
      // Overlapping spans (a date inside a longer quoted value) would nest marks: the first one stays.
      if (draft.span.start < reached) continue;
      reached = draft.span.end;
      const contradictedBy = [...draft.contradictedBy.values()];
      const agreedBy = [...draft.agreedBy].filter((m) => m !== model);
      result.push({
        start: draft.span.start,
        end: draft.span.end,
        text: trimClaim(draft.claim.text),
        status: contradictedBy.length > 0 ? 'contradicted' : agreedBy.length > 0 ? 'agreed' : 'single-source',
        agreedBy,
        contradictedBy,
        source: 'local',
      });
    }
    return { model, claims: result };
  });
}
