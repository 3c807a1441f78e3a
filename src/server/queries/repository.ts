import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { MAX_RETRIES_PER_MODEL } from '../../common/limits';
import type { AnswerClaims, ComparisonAnalysis } from '../../common/comparison';
import { COMPARISON_MODEL } from '../../common/models';
import type { AnswerSource, CitationMark, ModelResponse, SavedQuery } from '../../common/query-schemas';
import { toStorableJson, toStorableText } from '../../common/text-rules';
import { settleCharged, type Reservation } from '../allowance/reservation-service';
import type { VendorFailure } from '../../common/vendor-failure-messages';
import type { Database, Transaction } from '../db/client';
import { queries, responses } from '../db/schema';
import { leaderboardAnswersOf, refreshLeaderboardAnswers, writeLeaderboardAnswers } from '../leaderboard/answers';

type QueryRow = typeof queries.$inferSelect;
type ResponseRow = typeof responses.$inferSelect;
/**
 * A queries row as history lists read it: everything but the claims, which only one query's page needs,
 * and the search vector, which only the search's WHERE reads (queries/history-repository.ts).
 */
export type ListedQueryRow = Omit<QueryRow, 'comparisonClaims' | 'searchVector'>;

/** The queries columns history lists read: all but the claims and the search vector. */
export const {
  comparisonClaims: _claimsColumn,
  searchVector: _searchColumn,
  ...listedColumns
} = getTableColumns(queries);

export interface NewResponse {
  model: string;
  modelVersion: string | null;
  text: string | null;
  error: string | null;
  failure: VendorFailure | null;
  responseTimeMs: number | null;
  confidenceScore: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  sources: AnswerSource[];
  citationMarks: CitationMark[];
  reasoning: string | null;
  thinkingMs: number | null;
  firstTokenMs: number | null;
}

const storable = (text: string | null) => (text === null ? null : toStorableText(text));

const withoutClaims = ({ claims: _claims, ...summary }: ComparisonAnalysis) => summary;

/**
 * Claims located in the answers as stored. The analysers measured offsets in the vendors' text,
 * and toStorableText drops each U+0000 from it (the same length otherwise), so every offset moves
 * back by the U+0000s before it: the marks still land on the values.
 */
function claimsInStoredText(claims: AnswerClaims[], answers: { model: string; text: string | null }[]): AnswerClaims[] {
  return claims.map((entry) => {
    const shift = offsetInStoredText(answers.find((a) => a.model === entry.model)?.text ?? '');
    if (!shift) return entry;
    return { ...entry, claims: entry.claims.map((c) => ({ ...c, start: shift(c.start), end: shift(c.end) })) };
  });
}

/** Where an offset into `raw` lands once its U+0000s are dropped; undefined when it has none. */
function offsetInStoredText(raw: string): ((offset: number) => number) | undefined {
  if (!raw.includes('\u0000')) return undefined;
  const dropped: number[] = [];
  for (let i = 0; i < raw.length; i++) if (raw[i] === '\u0000') dropped.push(i);
  return (offset) => offset - dropped.filter((i) => i < offset).length;
}

/** A new response as it is stored: its texts storable, its citation marks moved with the text (as claims are). */
function storableResponse(a: NewResponse) {
  const shift = offsetInStoredText(a.text ?? '');
  const marks = shift
    ? a.citationMarks.map((m) => ({
        ...m,
        start: shift(m.start),
        end: shift(m.end),
        ...(m.passageStart !== undefined && { passageStart: shift(m.passageStart) }),
      }))
    : a.citationMarks;
  return {
    model: a.model,
    modelVersion: storable(a.modelVersion),
    text: storable(a.text),
    error: storable(a.error),
    failure: a.failure,
    responseTimeMs: a.responseTimeMs,
    confidenceScore: a.confidenceScore,
    inputTokens: a.inputTokens,
    outputTokens: a.outputTokens,
    sources: a.sources.length > 0 ? toStorableJson(a.sources) : null,
    citationMarks: a.sources.length > 0 ? marks : null,
    reasoning: storable(a.reasoning),
    thinkingMs: a.thinkingMs,
    firstTokenMs: a.firstTokenMs,
  };
}

/**
 * Saves a question with every model's answer and the comparison row, in one transaction. Vendors'
 * and the judge's text is made storable first (src/common/text-rules.ts): a U+0000 in an answer
 * must not make the save fail after the question was charged. The comparison's claims go to their
 * own column and the rest to the summary, so history lists stay lean; the result carries both, as
 * the answer to the question just asked.
 */
export async function saveQuery(
  db: Database,
  unsafe: {
    userId: number;
    text: string;
    selectedModels: string[];
    /** Asked with "Search the web" on. */
    webSearch: boolean;
    /** A follow-up turn: the first question of its conversation. */
    followUpOf?: number | null;
    comparison: ComparisonAnalysis | null;
    /** The reservation to settle as charged with the save; null when the question is not charged. */
    charged: Reservation | null;
    answers: NewResponse[];
  },
): Promise<{ query: SavedQuery; charged: boolean }> {
  const claims = unsafe.comparison?.claims;
  const input = {
    ...unsafe,
    text: toStorableText(unsafe.text),
    comparison: unsafe.comparison && toStorableJson(withoutClaims(unsafe.comparison)),
    claims: claims ? toStorableJson(claimsInStoredText(claims, unsafe.answers)) : null,
    answers: unsafe.answers.map(storableResponse),
  };
  return db.transaction(async (tx) => {
    // Settled in the same transaction as the save: a result that is saved is never also given back.
    const charged = input.charged && (await settleCharged(tx, input.charged.id)) ? input.charged.bucket : null;
    const [query] = await tx
      .insert(queries)
      .values({
        userId: input.userId,
        text: input.text,
        selectedModels: input.selectedModels,
        webSearch: input.webSearch,
        followUpOf: input.followUpOf ?? null,
        comparisonSummary: input.comparison,
        comparisonClaims: input.claims,
        chargedTo: charged,
      })
      .returning();
    const rows = input.answers.map((a) => ({ ...a, queryId: query!.id }));
    if (input.comparison) rows.push(comparisonRow(query!.id, input.comparison));
    const saved = await tx.insert(responses).values(rows).returning();
    const counted = leaderboardAnswersOf({
      createdAt: query!.createdAt,
      comparison: input.comparison,
      claims: input.claims,
      answers: input.answers,
    });
    await writeLeaderboardAnswers(tx, query!.id, counted, { replace: false });
    return { query: toSavedQuery(query!, saved), charged: charged !== null };
  });
}

/** The `comparison` response: the analysis as readable text, beside the models' answers. */
function comparisonRow(queryId: number, comparison: Omit<ComparisonAnalysis, 'claims'>) {
  return {
    queryId,
    model: COMPARISON_MODEL,
    modelVersion: comparison.judge.kind === 'model' ? comparison.judge.model : 'local',
    text: comparisonText(comparison),
    error: null,
    failure: null,
    responseTimeMs: null,
    confidenceScore: null,
    inputTokens: null,
    outputTokens: null,
    sources: null,
    citationMarks: null,
    reasoning: null,
    thinkingMs: null,
    firstTokenMs: null,
  };
}

/**
 * Takes one of a model's free retries on a question (issue 20, item 2): one guarded UPDATE, so
 * concurrent clicks cannot take more than MAX_RETRIES_PER_MODEL between them. 'taken' with the count
 * now; otherwise why not: the model answered, or its retries are used up.
 */
export async function takeRetry(
  db: Database,
  queryId: number,
  model: string,
): Promise<'taken' | 'answered' | 'used-up'> {
  const taken = await db
    .update(responses)
    .set({ retries: sql`${responses.retries} + 1` })
    .where(
      and(
        eq(responses.queryId, queryId),
        eq(responses.model, model),
        isNotNull(responses.error),
        lt(responses.retries, MAX_RETRIES_PER_MODEL),
      ),
    )
    .returning({ retries: responses.retries });
  if (taken.length > 0) return 'taken';
  const [row] = await db
    .select({ error: responses.error })
    .from(responses)
    .where(and(eq(responses.queryId, queryId), eq(responses.model, model)));
  return row && row.error === null ? 'answered' : 'used-up';
}

/** Hands back a retry that was taken but could not run (the question could not be paid for). */
export async function returnRetry(db: Database, queryId: number, model: string): Promise<void> {
  await db
    .update(responses)
    .set({ retries: sql`greatest(${responses.retries} - 1, 0)` })
    .where(and(eq(responses.queryId, queryId), eq(responses.model, model)));
}

/**
 * Saves a retried model's new answer over its old one and returns the question's answers version
 * after it. With `charged`, the question (given back when no model had answered) is charged now,
 * in the same transaction, if this answer has text and no other retry charged it first; `charged`
 * says whether this one did (when it did not, the caller gives its reservation back).
 */
export async function saveRetriedAnswer(
  db: Database,
  queryId: number,
  unsafe: NewResponse,
  charge: Reservation | null,
): Promise<{ version: number; charged: boolean }> {
  const { model: _model, confidenceScore: _score, ...answer } = storableResponse(unsafe);
  return db.transaction(async (tx) => {
    await tx
      .update(responses)
      .set(answer)
      .where(and(eq(responses.queryId, queryId), eq(responses.model, unsafe.model)));
    let charged = false;
    if (charge) {
      const claimed = await tx
        .update(queries)
        .set({ chargedTo: charge.bucket })
        .where(and(eq(queries.id, queryId), isNull(queries.chargedTo)))
        .returning({ id: queries.id });
      charged = claimed.length > 0 && (await settleCharged(tx, charge.id));
      if (claimed.length > 0 && !charged)
        throw new Error('the retry reservation was settled before its answer was saved');
    }
    const [bumped] = await tx
      .update(queries)
      .set({ answersVersion: sql`${queries.answersVersion} + 1` })
      .where(eq(queries.id, queryId))
      .returning({ version: queries.answersVersion });
    return { version: bumped!.version, charged };
  });
}

/**
 * Stores the comparison of a question's answers after a retry, unless another retry saved an answer
 * since they were read (`version`): that retry's comparison, made from newer answers, is the one to keep.
 */
export async function saveRetriedComparison(
  db: Database,
  queryId: number,
  version: number,
  unsafe: { comparison: ComparisonAnalysis | null; answers: { model: string; text: string | null }[] },
  /** Changes the comparison inside the transaction, once the question's row is locked (a settled round). */
  rework: (tx: Transaction, comparison: ComparisonAnalysis) => Promise<ComparisonAnalysis> = async (_tx, c) => c,
): Promise<boolean> {
  const claims = unsafe.comparison?.claims;
  const comparison = unsafe.comparison && {
    ...unsafe.comparison,
    ...(claims && { claims: claimsInStoredText(claims, unsafe.answers) }),
  };
  return db.transaction(async (tx) => {
    const kept = await tx
      .update(queries)
      .set({ answersVersion: sql`${queries.answersVersion}` })
      .where(and(eq(queries.id, queryId), eq(queries.answersVersion, version)))
      .returning({ id: queries.id });
    if (kept.length === 0) return false;
    await writeComparison(tx, queryId, comparison && (await rework(tx, comparison)), unsafe.answers);
    return true;
  });
}

/**
 * Replaces a saved question's comparison (its claims already located in the stored answers), the
 * answers' places in the ranking and the comparison row; inside the caller's transaction.
 */
export async function writeComparison(
  tx: Transaction,
  queryId: number,
  comparison: ComparisonAnalysis | null,
  answers: readonly { model: string }[],
): Promise<void> {
  const summary = comparison && toStorableJson(withoutClaims(comparison));
  const storedClaims = comparison?.claims ? toStorableJson(comparison.claims) : null;
  const scoreOf = new Map(comparison?.confidenceRanking.map((c) => [c.model, c.score]));
  await tx
    .update(queries)
    .set({ comparisonSummary: summary, comparisonClaims: storedClaims })
    .where(eq(queries.id, queryId));
  for (const answer of answers) {
    await tx
      .update(responses)
      .set({ confidenceScore: scoreOf.get(answer.model) ?? null })
      .where(and(eq(responses.queryId, queryId), eq(responses.model, answer.model)));
  }
  await tx.delete(responses).where(and(eq(responses.queryId, queryId), eq(responses.model, COMPARISON_MODEL)));
  if (summary) await tx.insert(responses).values(comparisonRow(queryId, summary));
  await refreshLeaderboardAnswers(tx, queryId, comparison);
}

/** The comparison as readable Markdown: the `comparison` response's text. */
function comparisonText(c: Omit<ComparisonAnalysis, 'claims'>): string {
  const parts = [c.summary];
  if (c.agreements.length) parts.push('**Agreements**\n' + c.agreements.map((a) => `- ${a}`).join('\n'));
  if (c.disagreements.length) {
    parts.push(
      '**Disagreements**\n' +
        c.disagreements
          .map((d) => `- ${d.topic}: ` + d.positions.map((p) => `${p.model} says "${p.claim}"`).join('; '))
          .join('\n'),
    );
  }
  return parts.join('\n\n');
}

/** A saved query with its answers; with the comparison's claims when `query` was read with them. */
export function toSavedQuery(
  query: ListedQueryRow & Partial<Pick<QueryRow, 'comparisonClaims'>>,
  rows: ResponseRow[],
): SavedQuery {
  const toResponse = (r: ResponseRow): ModelResponse => ({
    model: r.model,
    text: r.text,
    error: r.error,
    responseTime: r.responseTimeMs,
    confidenceScore: r.confidenceScore,
    modelVersion: r.modelVersion,
    failure: r.failure,
    retries: r.retries,
    ...(r.sources && { sources: r.sources, citationMarks: r.citationMarks ?? [] }),
    reasoning: r.reasoning,
    thinkingTime: r.thinkingMs,
    firstTokenTime: r.firstTokenMs,
    usage:
      r.inputTokens === null && r.outputTokens === null
        ? null
        : { inputTokens: r.inputTokens, outputTokens: r.outputTokens },
  });
  // Answers in the order the models were picked, the comparison last.
  const order = (model: string) => {
    const index = query.selectedModels.indexOf(model);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return {
    id: query.id,
    text: query.text,
    createdAt: query.createdAt.toISOString(),
    selectedModels: query.selectedModels,
    responses: [...rows].sort((a, b) => order(a.model) - order(b.model)).map(toResponse),
    comparisonSummary: comparisonOf(query),
    webSearch: query.webSearch,
    ...(query.followUpOf !== null && { followUpOf: query.followUpOf }),
  };
}

function comparisonOf(query: ListedQueryRow & Partial<Pick<QueryRow, 'comparisonClaims'>>): ComparisonAnalysis | null {
  if (!query.comparisonSummary) return null;
  // Queries stored before claims existed have none: their page falls back to word overlap.
  return query.comparisonClaims
    ? { ...query.comparisonSummary, claims: query.comparisonClaims }
    : query.comparisonSummary;
}

/** Each row with its answers and comparison row, in one read. */
export async function withResponses(db: Database, rows: ListedQueryRow[]): Promise<SavedQuery[]> {
  if (rows.length === 0) return [];
  const answers = await db
    .select()
    .from(responses)
    .where(
      inArray(
        responses.queryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(responses.id));
  const byQuery = new Map<number, ResponseRow[]>();
  for (const answer of answers) byQuery.set(answer.queryId, [...(byQuery.get(answer.queryId) ?? []), answer]);
  return rows.map((row) => toSavedQuery(row, byQuery.get(row.id) ?? []));
}

/**
 * A conversation: the first question with its follow-up turns, oldest first, each with its claims,
 * whichever of its questions `id` names; none once its owner deleted the first question.
 */
export async function findThread(db: Database, id: number): Promise<{ userId: number; query: SavedQuery } | undefined> {
  const [named] = await db.select({ followUpOf: queries.followUpOf }).from(queries).where(eq(queries.id, id)).limit(1);
  if (!named) return undefined;
  const rootId = named.followUpOf ?? id;
  const rows = await db
    .select({ ...listedColumns, comparisonClaims: queries.comparisonClaims })
    .from(queries)
    .where(and(or(eq(queries.id, rootId), eq(queries.followUpOf, rootId)), isNull(queries.deletedAt)))
    .orderBy(asc(queries.id));
  const root = rows.find((row) => row.id === rootId);
  if (!root) return undefined;
  const [first, ...turns] = await withResponses(db, [root, ...rows.filter((row) => row.id !== rootId)]);
  return { userId: root.userId, query: turns.length > 0 ? { ...first!, followUps: turns } : first! };
}

/**
 * A question read again after a retry or a re-check, as its page shows it: a follow-up turn alone, a
 * first question with its turns.
 */
export function findAsShown(db: Database, query: Pick<SavedQuery, 'id' | 'followUpOf'>) {
  return query.followUpOf ? findQuery(db, query.id) : findThread(db, query.id);
}

/**
 * A saved question or follow-up turn with its claims; none once its owner deleted it, or the first
 * question of its conversation (queries/history-repository.ts).
 */
export async function findQuery(db: Database, id: number): Promise<{ userId: number; query: SavedQuery } | undefined> {
  const [row] = await db
    .select({ ...listedColumns, comparisonClaims: queries.comparisonClaims })
    .from(queries)
    .where(
      and(
        eq(queries.id, id),
        isNull(queries.deletedAt),
        // A follow-up turn is gone with its conversation's first question.
        sql`(${queries.followUpOf} is null or exists (select 1 from ${queries} root where root.id = ${queries.followUpOf} and root.deleted_at is null))`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const [query] = await withResponses(db, [row]);
  return { userId: row.userId, query: query! };
}
