import { conversationMessages } from '../../common/conversation-messages';
import { threadFits } from '../../common/context-windows';
import { MAX_FOLLOW_UPS_PER_QUESTION } from '../../common/limits';
import { fillMessage } from '../../common/messages';
import { displayNameOf, type ModelKey } from '../../common/models';
import { hasAnswerText, type SavedQuery } from '../../common/query-schemas';
import { queryMessages } from '../../common/query-messages';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queries } from '../db/schema';
import { HttpError } from '../http/errors';
import type { ConversationTurn } from '../providers/stream-answer';
import { findThread } from './repository';

// Follow-up turns (issue 13, item 3; decision 0055): a question of its own, asked in the conversation of
// an earlier one, to all of its models or to one. Each model keeps its own thread: the turns it was asked
// and what it answered there, sent as the conversation's messages; a turn it was not asked, or did not
// answer, is not in its thread. Each turn is compared, stored and charged as any question is (service.ts);
// a thread that would no longer fit a model's context window is refused before anything is charged.

export interface FollowUpPlan {
  /** The first question of the conversation. */
  rootId: number;
  models: ModelKey[];
  history: Partial<Record<ModelKey, ConversationTurn[]>>;
}

/** What `model` said in each turn it was asked and answered, oldest first; only turns before `beforeId` when given. */
function threadOf(conversation: SavedQuery, model: ModelKey, beforeId = Infinity): ConversationTurn[] {
  const turns = [conversation, ...(conversation.followUps ?? [])].filter((turn) => turn.id < beforeId);
  return turns.flatMap((turn) => {
    const answer = turn.responses.find((r) => r.model === model);
    // A stopped answer is kept as far as it went, as it was shown and compared.
    const usable = answer && hasAnswerText(answer.text) && (answer.error === null || answer.failure === 'stopped');
    return usable ? [{ question: turn.text, answer: answer.text! }] : [];
  });
}

/** Every check that can refuse a follow-up, before anything is charged. */
export async function planFollowUp(
  db: Database,
  request: { queryId: number; userId: number; text: string; model: ModelKey | undefined },
): Promise<FollowUpPlan> {
  const found = await findThread(db, request.queryId);
  if (!found || found.userId !== request.userId) throw new HttpError(404, queryMessages.queryNotFound);
  const conversation = found.query;
  const asked = conversation.selectedModels as ModelKey[];
  if (request.model && !asked.includes(request.model))
    throw new HttpError(400, conversationMessages.followUpModelNotAsked);
  const models = request.model ? [request.model] : asked;
  const history = Object.fromEntries(models.map((model) => [model, threadOf(conversation, model)]));
  for (const model of models) {
    const characters = history[model]!.reduce(
      (sum, turn) => sum + turn.question.length + turn.answer.length,
      request.text.length,
    );
    if (!threadFits(model, characters))
      throw new HttpError(400, fillMessage(conversationMessages.threadTooLong, { model: displayNameOf(model) }), {
        threadTooLong: true,
      });
  }
  // Taken last, when nothing else can refuse the turn; the caller gives it back if the turn is not saved.
  if (!(await takeFollowUp(db, conversation.id))) throw new HttpError(409, conversationMessages.followUpsUsed);
  return { rootId: conversation.id, models, history };
}

/**
 * Takes one of a conversation's MAX_FOLLOW_UPS_PER_QUESTION turns in one guarded UPDATE, so parallel
 * follow-ups cannot take more between them (issue 32; decision 0059). False when they are used up.
 */
async function takeFollowUp(db: Database, rootId: number): Promise<boolean> {
  const taken = await db
    .update(queries)
    .set({ followUpsTaken: sql`${queries.followUpsTaken} + 1` })
    .where(and(eq(queries.id, rootId), lt(queries.followUpsTaken, MAX_FOLLOW_UPS_PER_QUESTION)))
    .returning({ id: queries.id });
  return taken.length > 0;
}

/** Gives back a turn taken by planFollowUp that was refused (402, 429) or could not be saved. */
export async function returnFollowUp(db: Database, rootId: number): Promise<void> {
  await db
    .update(queries)
    .set({ followUpsTaken: sql`greatest(${queries.followUpsTaken} - 1, 0)` })
    .where(eq(queries.id, rootId));
}

/**
 * The threads a follow-up turn's models were asked in, for a retry or a re-check of that turn: its
 * conversation's turns before it, read once for all of them. Empty for a first question.
 */
export async function threadsBefore(
  db: Database,
  turn: SavedQuery,
  models: readonly ModelKey[],
): Promise<Partial<Record<ModelKey, ConversationTurn[]>>> {
  if (!turn.followUpOf) return {};
  const found = await findThread(db, turn.followUpOf);
  return found ? Object.fromEntries(models.map((model) => [model, threadOf(found.query, model, turn.id)])) : {};
}
