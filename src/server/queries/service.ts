import type { FastifyBaseLogger } from 'fastify';
import { combine } from '../comparison/combine-findings';
import { comparedPart } from '../comparison/compared-part';
import { judgeAnswers } from '../comparison/judge';
import { comparisonWorkers, type ComparisonWorkers } from '../comparison/worker-pool';
import { writeConsensus } from '../comparison/written-consensus';
import type { AnswerForComparison, ComparisonAnalysis, Consensus } from '../../common/comparison';
import { fillMessage, toastMessages } from '../../common/messages';
import { displayNameOf, type ModelKey } from '../../common/models';
import { answerReceived } from '../../common/answer-text';
import { hasAnswerText, type QueryResult, type StreamEvent } from '../../common/query-schemas';
import { queryMessages } from '../../common/query-messages';
import {
  DailyCeilingReached,
  keepCharged,
  refundReservation,
  reserveQuestion,
  type Reservation,
} from '../allowance/reservation-service';
import { fairUseMessages } from '../../common/fair-use-messages';
import { describeWait } from '../http/rate-limit';
import { subscriptionInfo } from '../allowance/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import type { AppMetrics } from '../http/metrics';
import { answerCall, createLanguageModel, type ModelCredentials } from '../providers/language-models';
import type { CredentialStore } from '../providers/credentials';
import { streamAnswer, type AnswerResult, type ConversationTurn } from '../providers/stream-answer';
import { findUserById } from '../users/repository';
import type { LiveStream } from './live-streams';
import { saveQuery, type NewResponse } from './repository';

/** Preference order for the judge when none is configured (docs/architecture.md, "The comparison"). */
const JUDGE_PREFERENCE: readonly ModelKey[] = [
  'claude',
  'chatgpt',
  'gemini',
  'grok',
  'deepseek',
  'perplexity',
  'llama',
];

export interface AskOptions {
  text: string;
  models: ModelKey[];
  /** "Search the web" is on: each vendor that has a web search uses it (common/web-search.ts). */
  webSearch: boolean;
  /** Aborts when the asker goes away: every model stops, and so does the comparison. */
  signal: AbortSignal;
  /** The stream the asker can stop model by model (live-streams.ts); without one, only `signal` stops them. */
  stream?: LiveStream;
  emit: (event: StreamEvent) => void;
  /** Resolves when what was emitted so far has been written out (routes.ts, streamEvents). */
  flushed?: () => Promise<void>;
  /** The request's logger: vendor failures are logged with the request id (providers/stream-answer.ts). */
  log: FastifyBaseLogger;
  /** A follow-up turn (follow-up.ts): the first question's id, and each model's conversation so far. */
  followUp?: { of: number; history: Partial<Record<ModelKey, ConversationTurn[]>> };
}

/** One model's answer as the pipeline keeps it: the vendor's model version with the streamed result. */
export type ModelAnswer = AnswerResult & { model: ModelKey; version: string | null };

/** A model's answer as it is saved, with its place in the confidence ranking. */
export function toNewResponse(answer: ModelAnswer, confidenceScore: number | null): NewResponse {
  return {
    model: answer.model,
    modelVersion: answer.version,
    text: answer.text,
    error: answer.error,
    failure: answer.failure,
    responseTimeMs: answer.responseTimeMs,
    confidenceScore,
    inputTokens: answer.inputTokens,
    outputTokens: answer.outputTokens,
    sources: answer.sources,
    citationMarks: answer.citationMarks,
    reasoning: answer.reasoning,
    thinkingMs: answer.thinkingMs,
    firstTokenMs: answer.firstTokenMs,
  };
}

/** What became of the reserved question: still open, kept because a model answered, or given back. */
interface Charge {
  state: 'reserved' | 'charged' | 'refunded';
}

/** The question pipeline (docs/architecture.md, "The question pipeline"). */
export class QueryService {
  constructor(
    private readonly db: Database,
    private readonly credentials: CredentialStore,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: AppMetrics,
    private readonly workers: ComparisonWorkers = comparisonWorkers(),
  ) {
    workers.warm();
  }

  /** Checks run before anything is charged or streamed; failures are ordinary HTTP errors. */
  async prepare(keyOwnerId: number | null, models: ModelKey[]) {
    const available = await this.credentials.resolveAll(keyOwnerId);
    const missing = models.filter((m) => !available[m]);
    if (missing.length > 0) {
      const missingServices = missing.map(displayNameOf);
      throw new HttpError(400, fillMessage(queryMessages.apiKeysRequired, { services: missingServices.join(', ') }), {
        apiConfigurationRequired: true,
        missingServices,
      });
    }
    return available as Record<ModelKey, ModelCredentials | null>;
  }

  /** Takes one question before any vendor is called; none left is the 402 of docs/product.md, "Errors and messages". */
  async reserve(userId: number): Promise<Reservation> {
    const reservation = await reserveQuestion(this.db, userId, this.config.fairUse.unlimitedQuestionsPerDay).catch(
      (error: unknown) => {
        if (!(error instanceof DailyCeilingReached)) throw error;
        // The Unlimited plan's fair-use ceiling (decision 0059): 429 until midnight UTC, nothing taken.
        const wait = Math.max(1, Math.ceil((error.resetsAt.getTime() - Date.now()) / 1000));
        throw new HttpError(
          429,
          fillMessage(fairUseMessages.unlimitedDailyCeiling, { limit: error.ceiling, wait: describeWait(wait) }),
          { fairUseCeiling: true },
          { 'retry-after': String(wait) },
        );
      },
    );
    if (!reservation) throw new HttpError(402, toastMessages.subscriptionRequired, { subscriptionRequired: true });
    return reservation;
  }

  /**
   * Fans the reserved question out, compares and saves. The question is charged as soon as any
   * model has produced answer text or shown reasoning (common/answer-text.ts, answerReceived),
   * whatever fails after that (the user has read it); it is given back, exactly once, only when no
   * model produced anything. When the database cannot be
   * reached to settle either way, the reservation stays open and the reconciliation gives the
   * question back later (allowance/reservation-service.ts): nothing was saved for the user to come back to.
   */
  async run(
    reservation: Reservation,
    options: AskOptions,
    available: Record<ModelKey, ModelCredentials | null>,
  ): Promise<QueryResult> {
    const charge: Charge = { state: 'reserved' };
    try {
      return await this.answer(reservation, options, available, charge);
    } catch (error) {
      await this.settleAfterFailure(reservation, charge, error);
      throw error;
    }
  }

  private async settleAfterFailure(reservation: Reservation, charge: Charge, error: unknown): Promise<void> {
    const { userId } = reservation;
    try {
      if (charge.state === 'reserved' && (await refundReservation(this.db, reservation))) {
        this.metrics.questionRefunded(reservation.bucket);
      }
      if (charge.state === 'charged') {
        await keepCharged(this.db, reservation);
        this.metrics.questionCharged(reservation.bucket);
        this.log.error({ err: error, userId }, 'question failed after the models answered; it stays charged');
      }
    } catch (settleError) {
      this.log.warn(
        { err: settleError, userId, reservationId: reservation.id },
        'question could not be settled; the reconciliation will give it back',
      );
    }
  }

  private async answer(
    reservation: Reservation,
    options: AskOptions,
    available: Record<ModelKey, ModelCredentials | null>,
    charge: Charge,
  ): Promise<QueryResult> {
    const { userId } = reservation;
    const user = (await findUserById(this.db, userId))!;
    options.emit({
      type: 'start',
      models: options.models,
      subscriptionInfo: subscriptionInfo(user),
      streamId: options.stream?.id,
    });

    const answers = await Promise.all(
      options.models.map((model) =>
        this.askOne(model, available[model]!, {
          ...options,
          signal: options.stream?.signalFor(model) ?? options.signal,
          history: options.followUp?.history[model],
        }),
      ),
    );

    const answered = answers.some(answerReceived);
    // Kept from here on: answers or reasoning have been streamed, so a later failure must not make them free.
    if (answered) charge.state = 'charged';

    const compared = await this.compareAnswers(options.text, options.models, answers, available, options.signal);
    if (compared) {
      options.emit({ type: 'comparison', comparison: compared });
      // The asker sees the comparison before the answers are saved: with the embedded database the saving
      // holds the event loop for a long answer's few hundred milliseconds.
      await options.flushed?.();
    }
    // The judge's wording of the Parallax answer comes after the comparison, so it never holds the answers up.
    const written =
      compared && (await this.writtenConsensus(options.text, options.models, compared, available, options.signal));
    if (written) options.emit({ type: 'consensus', consensus: written });
    const comparison = compared && written ? { ...compared, consensus: written } : compared;

    const scoreOf = new Map(comparison?.confidenceRanking.map((c) => [c.model, c.score]));
    const { query: saved, charged } = await saveQuery(this.db, {
      userId,
      text: options.text,
      selectedModels: options.models,
      webSearch: options.webSearch,
      followUpOf: options.followUp?.of ?? null,
      comparison,
      charged: answered ? reservation : null,
      answers: answers.map((a) => toNewResponse(a, scoreOf.get(a.model) ?? null)),
    });
    // Saved first, given back second: if saving fails, run() gives the question back instead.
    if (answered) {
      if (charged) this.metrics.questionCharged(reservation.bucket);
    } else {
      if (await refundReservation(this.db, reservation)) this.metrics.questionRefunded(reservation.bucket);
      charge.state = 'refunded';
    }
    const after = (await findUserById(this.db, userId))!;
    const result: QueryResult = { ...saved, subscriptionInfo: subscriptionInfo(after) };
    options.emit({ type: 'query', query: result });
    return result;
  }

  /** One model's answer, streamed to the asker as it arrives; never throws (providers/stream-answer.ts). */
  async askOne(
    model: ModelKey,
    credentials: ModelCredentials,
    options: Pick<AskOptions, 'text' | 'signal' | 'emit' | 'log' | 'webSearch'> & {
      history?: readonly ConversationTurn[];
    },
  ): Promise<ModelAnswer> {
    const call = answerCall(model, credentials, { webSearch: options.webSearch });
    // A thinking model may say nothing for many seconds: its card says it is thinking from the start.
    if (call.thinks) options.emit({ type: 'reasoning', model, text: '' });
    const result = await streamAnswer({
      call,
      question: options.text,
      history: options.history,
      signal: options.signal,
      timeoutMs: this.config.modelTimeoutMs,
      onDelta: (text) => options.emit({ type: 'delta', model, text }),
      onReasoning: (text) => options.emit({ type: 'reasoning', model, text }),
      onSources: (sources, citationMarks) => options.emit({ type: 'sources', model, sources, citationMarks }),
      log: options.log,
    });
    this.metrics.vendorCall(model, result.responseTimeMs, result.failure);
    options.emit({
      type: 'model-done',
      model,
      responseTime: result.responseTimeMs,
      error: result.error,
      modelVersion: credentials.version,
      failure: result.failure,
      thinkingTime: result.thinkingMs,
      firstTokenTime: result.firstTokenMs,
    });
    return { model, version: credentials.version, ...result };
  }

  /**
   * The comparison of what the models said, or null when none said anything. An answer the asker
   * stopped is compared on the part that arrived, and the analysis names it (issue 20, item 1).
   */
  async compareAnswers(
    question: string,
    models: ModelKey[],
    answers: readonly (Pick<ModelAnswer, 'model' | 'text' | 'error' | 'failure'> &
      Partial<Pick<ModelAnswer, 'sources' | 'citationMarks'>>)[],
    available: Record<ModelKey, ModelCredentials | null>,
    signal: AbortSignal,
  ): Promise<ComparisonAnalysis | null> {
    const keptWhenStopped = (a: (typeof answers)[number]) => a.failure === 'stopped' && hasAnswerText(a.text);
    // Each answer is read as far as COMPARED_ANSWER_CHARS (comparison/compared-part.ts, decision 0058).
    const parts = answers.map((a) => ({ ...a, text: a.text === null ? null : comparedPart(a.text) }));
    const forComparison: AnswerForComparison[] = parts.map((a) => ({
      model: a.model,
      text: a.text,
      error: keptWhenStopped(a) ? null : a.error,
    }));
    if (!forComparison.some((a) => a.error === null && hasAnswerText(a.text))) return null;
    const compared = await this.compare(question, models, forComparison, available, signal);
    // Without the local analysis there is nothing to compare on: the answers stand without one.
    if (!compared) return null;
    const stopped = answers.filter(keptWhenStopped).map((a) => a.model);
    const comparedInPart = forComparison.flatMap((a, i) =>
      a.error === null && a.text !== null && a.text.length < (answers[i]!.text?.length ?? 0)
        ? [{ model: a.model, chars: a.text.length }]
        : [],
    );
    const { comparison, consensus } = await this.workers.finish(compared, parts).catch((err: unknown) => {
      this.log.warn({ err }, 'the Parallax answer could not be assembled; the comparison stands without it');
      return { comparison: compared, consensus: null };
    });
    return {
      ...comparison,
      // A stopped answer is compared on what arrived but gets no score (issue 33, item 6).
      confidenceRanking: comparison.confidenceRanking.filter((entry) => !new Set<string>(stopped).has(entry.model)),
      ...(stopped.length > 0 && { stopped }),
      ...(comparedInPart.length > 0 && { comparedInPart }),
      ...(consensus && { consensus }),
    };
  }

  /**
   * The Parallax answer as the judge words it (comparison/written-consensus.ts), or null to keep the
   * assembled one: no judge, nothing shared to word, or a judge that failed or wrote nothing traceable.
   */
  async writtenConsensus(
    question: string,
    models: ModelKey[],
    comparison: ComparisonAnalysis,
    available: Record<ModelKey, ModelCredentials | null>,
    signal: AbortSignal,
  ): Promise<Consensus | null> {
    const assembled = comparison.consensus;
    const judgeKey = this.chooseJudge(models, available);
    if (!assembled || assembled.sentences.length === 0 || !judgeKey || signal.aborted) return null;
    try {
      const { consensus } = await writeConsensus({
        judge: { key: judgeKey, model: createLanguageModel(judgeKey, available[judgeKey]!) },
        question,
        assembled,
        signal,
        timeoutMs: this.config.modelTimeoutMs,
      });
      if (consensus.dropped) {
        this.log.info(
          { judge: judgeKey, dropped: consensus.dropped },
          'consensus sentences the claims do not carry were dropped',
        );
      }
      return consensus;
    } catch (err) {
      this.log.warn({ err, judge: judgeKey }, 'consensus writer failed; keeping the assembled Parallax answer');
      return null;
    }
  }

  /**
   * The local analysis always, in a worker thread (comparison/worker-pool.ts, decision 0058); with a judge
   * that answers in shape, its verified findings first and the local ones it missed after them
   * (combine-findings.ts, decision 0024). Null when the local analysis ran out of time or memory.
   */
  private async compare(
    question: string,
    models: ModelKey[],
    answers: AnswerForComparison[],
    available: Record<ModelKey, ModelCredentials | null>,
    signal: AbortSignal,
  ): Promise<ComparisonAnalysis | null> {
    let local: ComparisonAnalysis;
    try {
      local = await this.workers.analyse(answers, question);
    } catch (err) {
      this.log.warn({ err }, 'the local comparison could not be completed; the answers stand without one');
      return null;
    }
    const judgeKey = this.chooseJudge(models, available);
    if (judgeKey && !signal.aborted) {
      try {
        const run = await judgeAnswers({
          judge: { key: judgeKey, model: createLanguageModel(judgeKey, available[judgeKey]!) },
          question,
          answers,
          signal,
          timeoutMs: this.config.modelTimeoutMs,
        });
        if (run.dropped.positions > 0 || run.dropped.disputes > 0) {
          // Expected now and then (a judge misquotes); a steady stream of these says the prompt or the judge needs a look.
          this.log.info(
            { judge: judgeKey, dropped: run.dropped },
            'comparison judge findings not found in the answers were dropped',
          );
        }
        return combine(run.findings, local, answers, run.info);
      } catch (err) {
        // A judge that fails or answers out of shape must not cost the user the comparison.
        this.log.warn({ err, judge: judgeKey }, 'comparison judge failed; using the local analysis');
      }
    }
    return local;
  }

  /** A configured model that did not answer, when there is one; else the first configured. */
  private chooseJudge(answered: ModelKey[], available: Record<ModelKey, ModelCredentials | null>): ModelKey | null {
    if (this.config.judgeModel === 'local') return null;
    const preference = this.config.judgeModel
      ? [this.config.judgeModel, ...JUDGE_PREFERENCE.filter((m) => m !== this.config.judgeModel)]
      : JUDGE_PREFERENCE;
    const configured = preference.filter((m) => available[m]);
    return configured.find((m) => !answered.includes(m)) ?? configured[0] ?? null;
  }
}
