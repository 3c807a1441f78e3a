import { conversationMessages } from '../../common/conversation-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Disagreement, RecheckOutcome } from '../../common/comparison';
import type { ModelKey } from '../../common/models';
import { hasAnswerText, type QueryResult, type SavedQuery, type StreamEvent } from '../../common/query-schemas';
import { queryMessages } from '../../common/query-messages';
import { toStorableText } from '../../common/text-rules';
import { refundReservation, type Reservation } from '../allowance/reservation-service';
import { subscriptionInfo } from '../allowance/service';
import {
  disagreementKey,
  disputedModels,
  readVerdict,
  recheckPrompt,
  settlementOf,
} from '../comparison/cross-examination';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import type { AppMetrics } from '../http/metrics';
import { answerCall, type ModelCredentials } from '../providers/language-models';
import { streamAnswer, type ConversationTurn } from '../providers/stream-answer';
import { findUserById } from '../users/repository';
import type { LiveStream } from './live-streams';
import { findAsShown, findQuery } from './repository';
import { threadsBefore } from './follow-up';
import type { QueryService } from './service';
import { holdSettlement, returnSettlement, saveSettlement, takeSettlement } from './settlements-repository';

// 'Settle this' (issue 13, item 2; decision 0055): one disagreement of a saved question is put back to
// every model that took part in it, blind (comparison/cross-examination.ts), their replies stream into
// the disagreement's card, and the comparison, ranking and Parallax answer are updated from them. The
// round costs one question, taken before any vendor is called like a question's, kept when any model
// replies, given back (with the round, so it can be tried again) when none does.

export interface SettlePlan {
  query: SavedQuery;
  disagreement: Disagreement;
  key: string;
  models: ModelKey[];
  userId: number;
  reservation: Reservation;
  available: Record<ModelKey, ModelCredentials | null>;
}

/** Every check that can refuse the round, before its stream opens; the round and its question taken last. */
export async function planSettle(
  db: Database,
  service: QueryService,
  request: { queryId: number; topic: string; userId: number; keyOwnerId: number | null },
): Promise<SettlePlan> {
  const found = await findQuery(db, request.queryId);
  if (!found || found.userId !== request.userId) throw new HttpError(404, queryMessages.queryNotFound);
  const key = disagreementKey({ topic: request.topic });
  const disagreement = found.query.comparisonSummary?.disagreements.find((d) => disagreementKey(d) === key);
  if (!disagreement) throw new HttpError(404, conversationMessages.disagreementNotFound);
  if (disagreement.settlement) throw new HttpError(409, conversationMessages.disagreementSettled);
  const models = disputedModels(disagreement) as ModelKey[];
  const available = await service.prepare(request.keyOwnerId, models);

  const taken = await takeSettlement(db, request.queryId, key);
  if (taken === 'gone') throw new HttpError(404, queryMessages.queryNotFound);
  if (taken === 'settled') throw new HttpError(409, conversationMessages.disagreementSettled);
  if (taken === 'used-up') throw new HttpError(409, conversationMessages.settlementsUsed);
  try {
    const reservation = await service.reserve(request.userId);
    await holdSettlement(db, request.queryId, key, reservation.id);
    return { query: found.query, disagreement, key, models, userId: request.userId, reservation, available };
  } catch (error) {
    await returnSettlement(db, request.queryId, key);
    throw error;
  }
}

export async function runSettle(
  db: Database,
  metrics: AppMetrics,
  plan: SettlePlan,
  options: {
    signal: AbortSignal;
    stream: LiveStream;
    emit: (event: StreamEvent) => void;
    log: FastifyBaseLogger;
    modelTimeoutMs: number;
  },
): Promise<QueryResult | null> {
  const { query, disagreement, key, reservation } = plan;
  let charged = false;
  try {
    const user = (await findUserById(db, plan.userId))!;
    options.emit({
      type: 'start',
      models: plan.models,
      subscriptionInfo: subscriptionInfo(user),
      streamId: options.stream.id,
    });
    // A follow-up turn's question ('and its height?') is read in its conversation.
    const threads = await threadsBefore(db, query, plan.models);
    const outcomes = await Promise.all(plan.models.map((model) => recheckOne(model, threads[model], options)));
    if (!outcomes.some((outcome) => outcome.reply !== null)) {
      options.emit({ type: 'error', message: conversationMessages.noModelRechecked });
      return null;
    }
    const settlement = settlementOf(disagreement, outcomes, new Date());
    const saved = await saveSettlement(db, { queryId: query.id, key, settlement, reservation });
    charged = saved.charged;
    if (charged) metrics.questionCharged(reservation.bucket);
    if (saved.comparison) options.emit({ type: 'comparison', comparison: saved.comparison });
    else options.emit({ type: 'error', message: conversationMessages.disagreementNotFound });
  } finally {
    // A round that was not charged goes back, and with it the question; if the database cannot be
    // reached to do it, the reconciliation gives the question back (allowance/reconciler.ts).
    if (!charged) {
      try {
        await returnSettlement(db, query.id, key);
        if (await refundReservation(db, reservation)) metrics.questionRefunded(reservation.bucket);
      } catch (error) {
        options.log.warn({ err: error, reservationId: reservation.id }, 'settle round could not be given back yet');
      }
    }
  }
  const result = (await findAsShown(db, query))?.query;
  if (!result) return null;
  const after = (await findUserById(db, plan.userId))!;
  const withAllowance: QueryResult = { ...result, subscriptionInfo: subscriptionInfo(after) };
  options.emit({ type: 'query', query: withAllowance });
  return withAllowance;

  async function recheckOne(
    model: ModelKey,
    history: ConversationTurn[] | undefined,
    { stream, emit, log, modelTimeoutMs }: Parameters<typeof runSettle>[3],
  ): Promise<RecheckOutcome> {
    const result = await streamAnswer({
      call: answerCall(model, plan.available[model]!, { webSearch: false }),
      question: recheckPrompt(query.text, disagreement, model),
      history,
      signal: stream.signalFor(model),
      timeoutMs: modelTimeoutMs,
      onDelta: (text) => emit({ type: 'recheck', model, text }),
      log,
    });
    metrics.vendorCall(model, result.responseTimeMs, result.failure);
    // Words that arrived were read, so they count for the charge; only a finished reply is a verdict
    // (one stopped or cut off keeps the model's position, comparison/consensus.ts, valuesAfterRecheck).
    const reply = hasAnswerText(result.text) ? toStorableText(result.text!) : null;
    const outcome: RecheckOutcome =
      reply && result.failure === null
        ? { model, ...readVerdict(reply, disagreement, model), reply, error: null }
        : { model, verdict: 'uncertain', reply, error: result.error };
    emit({ type: 'recheck-done', model, outcome });
    return outcome;
  }
}
