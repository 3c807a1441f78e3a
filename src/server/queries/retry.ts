import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { COMPARISON_MODEL, type ModelKey } from '../../common/models';
import { answerReceived } from '../../common/answer-text';
import type { QueryResult, SavedQuery, StreamEvent } from '../../common/query-schemas';
import { queryMessages } from '../../common/query-messages';
import { refundReservation, type Reservation } from '../allowance/reservation-service';
import { subscriptionInfo } from '../allowance/service';
import type { Database } from '../db/client';
import { queries } from '../db/schema';
import { HttpError } from '../http/errors';
import type { ModelCredentials } from '../providers/language-models';
import type { AppMetrics } from '../http/metrics';
import { findUserById } from '../users/repository';
import type { LiveStream } from './live-streams';
import { rankedAnswer, withFinishedRounds } from './settlements-repository';
import { threadsBefore } from './follow-up';
import { findAsShown, findQuery, returnRetry, saveRetriedAnswer, saveRetriedComparison, takeRetry } from './repository';
import { toNewResponse, type QueryService } from './service';

// Retry one model (issue 20, item 2; decision 0049): a model that failed, timed out or was stopped is
// asked the same question again, alone, streaming into its card; the comparison, ranking and marks
// are made again from every answer. A retry costs nothing: the question was charged when a model
// first answered. When none had (the question was given back), the retry that brings the first words
// charges the question, once, as the one rule says (decision 0040); if it brings none, it is given
// back again. At most MAX_RETRIES_PER_MODEL per model and question, taken atomically (repository.ts).

export interface RetryPlan {
  query: SavedQuery;
  model: ModelKey;
  userId: number;
  /** Taken when the question was given back earlier: this retry may be the one that charges it. */
  reservation: Reservation | null;
  available: Record<ModelKey, ModelCredentials | null>;
}

/**
 * Every check that can refuse the retry, before its stream opens: the question is the caller's, the
 * model was asked and did not answer, a retry is left, and (for a question given back) one question is.
 */
export async function planRetry(
  db: Database,
  service: QueryService,
  request: { queryId: number; model: ModelKey; userId: number; keyOwnerId: number | null },
): Promise<RetryPlan> {
  const found = await findQuery(db, request.queryId);
  if (!found || found.userId !== request.userId) throw new HttpError(404, queryMessages.queryNotFound);
  const previous = found.query.responses.find((r) => r.model === request.model);
  if (!previous) throw new HttpError(400, queryMessages.retryModelNotAsked);
  if (previous.error === null) throw new HttpError(409, queryMessages.retryNotNeeded);
  const available = await service.prepare(request.keyOwnerId, [request.model]);

  const taken = await takeRetry(db, request.queryId, request.model);
  if (taken === 'answered') throw new HttpError(409, queryMessages.retryNotNeeded);
  if (taken === 'used-up') throw new HttpError(409, queryMessages.retriesUsed);
  let reservation: Reservation | null = null;
  try {
    const [row] = await db
      .select({ chargedTo: queries.chargedTo })
      .from(queries)
      .where(eq(queries.id, request.queryId));
    if (row?.chargedTo === null) reservation = await service.reserve(request.userId);
  } catch (error) {
    await returnRetry(db, request.queryId, request.model);
    throw error;
  }
  return { query: found.query, model: request.model, userId: request.userId, reservation, available };
}

export async function runRetry(
  db: Database,
  service: QueryService,
  metrics: AppMetrics,
  plan: RetryPlan,
  options: {
    signal: AbortSignal;
    stream: LiveStream;
    emit: (event: StreamEvent) => void;
    log: FastifyBaseLogger;
    webSearch: boolean;
  },
): Promise<QueryResult> {
  const { query, model, reservation } = plan;
  let settled = false;
  try {
    const user = (await findUserById(db, plan.userId))!;
    options.emit({
      type: 'start',
      models: [model],
      subscriptionInfo: subscriptionInfo(user),
      streamId: options.stream.id,
    });
    const answer = await service.askOne(model, plan.available[model]!, {
      text: query.text,
      signal: options.stream.signalFor(model),
      emit: options.emit,
      log: options.log,
      webSearch: options.webSearch,
      // A follow-up turn is asked again in its conversation, as it was first (follow-up.ts).
      history: (await threadsBefore(db, query, [model]))[model],
    });
    const answered = answerReceived(answer);
    const saved = await saveRetriedAnswer(db, query.id, toNewResponse(answer, null), answered ? reservation : null);
    settled = saved.charged;
    if (saved.charged) metrics.questionCharged(reservation!.bucket);

    // Compared again from the answers as they are now, this one included.
    const fresh = (await findQuery(db, query.id))?.query;
    if (fresh) {
      const answers = fresh.responses
        .filter((r) => r.model !== COMPARISON_MODEL)
        .map((r) => ({
          model: r.model as ModelKey,
          text: r.text,
          error: r.error,
          failure: r.failure ?? null,
          sources: r.sources ?? [],
          citationMarks: r.citationMarks ?? [],
        }));
      const assembled = await service.compareAnswers(
        fresh.text,
        fresh.selectedModels as ModelKey[],
        answers,
        plan.available,
        options.signal,
      );
      // Worded by the judge again, as the question's first comparison was (service.ts).
      const written =
        assembled &&
        (await service.writtenConsensus(
          fresh.text,
          fresh.selectedModels as ModelKey[],
          assembled,
          plan.available,
          options.signal,
        ));
      const compared = assembled && written ? { ...assembled, consensus: written } : assembled;
      // The disagreements the models already re-checked keep their rounds (settle.ts), read under the
      // row lock so a round finishing meanwhile is kept too.
      let comparison = compared;
      await saveRetriedComparison(db, query.id, saved.version, { comparison: compared, answers }, async (tx, made) => {
        comparison = await withFinishedRounds(tx, query.id, made, answers.map(rankedAnswer));
        return comparison;
      });
      if (comparison) options.emit({ type: 'comparison', comparison });
    }
  } finally {
    // A reservation this retry did not turn into the charge goes back: the question stays as it was.
    // If the database cannot be reached to do it, the reconciliation does (allowance/reconciler.ts).
    if (reservation && !settled) {
      try {
        if (await refundReservation(db, reservation)) metrics.questionRefunded(reservation.bucket);
      } catch (error) {
        options.log.warn(
          { err: error, reservationId: reservation.id },
          'retry reservation could not be given back yet',
        );
      }
    }
  }
  const result = (await findAsShown(db, query))!.query;
  const after = (await findUserById(db, plan.userId))!;
  const withAllowance: QueryResult = { ...result, subscriptionInfo: subscriptionInfo(after) };
  options.emit({ type: 'query', query: withAllowance });
  return withAllowance;
}
