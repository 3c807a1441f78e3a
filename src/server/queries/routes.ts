import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_INT_MAX } from '../../common/limits';
import { serverMessages } from '../../common/messages';
import { apiStatusSchema, modelCatalogue, modelKeys, modelKeySchema, type ModelKey } from '../../common/models';
import {
  apiKeyRequestSchema,
  modelVersionsSchema,
  queryRequestSchema,
  queryResultSchema,
  queryOptionsSchema,
  savedQuerySchema,
  retryRequestSchema,
  settleRequestSchema,
  followUpRequestSchema,
  sessionIdSchema,
  stopRequestSchema,
  streamIdSchema,
  type StreamEvent,
} from '../../common/query-schemas';
import { queryMessages } from '../../common/query-messages';
import { messageResponseSchema } from '../../common/user-schemas';
import { getAuth } from '../auth/context';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import { logFailure } from '../lib/outage-log';
import type { AppMetrics } from '../http/metrics';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import type { ModelLists } from '../providers/model-lists';
import type { CredentialStore } from '../providers/credentials';
import { webSearchAllowed, type SettingsService } from '../settings/service';
import { webSearchTexts } from '../../common/web-search';
import { comparisonExport, comparisonExportSchema, comparisonMarkdown } from '../../common/comparison-export';
import type { AnonymousLimits } from '../users/anonymous-limits';
import { findOrCreateSessionUser, isAdminUser } from '../users/repository';
import { signedInOrSessionUser } from '../auth/caller';
import { readableQuery } from './access';
import type { LiveStream, LiveStreams } from './live-streams';
import { planRetry, runRetry } from './retry';
import { planSettle, runSettle } from './settle';
import { planFollowUp, returnFollowUp } from './follow-up';
import type { QueryService } from './service';
import { admitFreeQuestion, refusalFor } from './unverified-questions';

export interface QueryRouteDeps {
  db: Database;
  liveStreams: LiveStreams;
  metrics: AppMetrics;
  modelLists: ModelLists;
  config: Config;
  queries: QueryService;
  credentials: CredentialStore;
  anonymousLimits: AnonymousLimits;
  settings: SettingsService;
}

const queryIdParams = z.object({ id: z.coerce.number().int().positive().max(DATABASE_INT_MAX) });

/**
 * Opens the reply as Server-Sent Events (`event: <type>`, `data: <StreamEvent JSON>`) and runs `work`
 * with a sender. A failure after the stream opened ends it with an `error` event; the stream's stop
 * handle is let go when it ends.
 */
async function streamEvents(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  stream: LiveStream,
  work: (emit: (event: StreamEvent) => void, flushed: () => Promise<void>) => Promise<unknown>,
): Promise<void> {
  reply.hijack();
  reply.raw.writeHead(200, {
    // The headers every answer carries (http/response-headers.ts): a hijacked reply sends only these.
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold the deltas back.
    'x-accel-buffering': 'no',
  });
  // Resolves once everything sent so far has left for the socket: a long comparison is hundreds of KB, and
  // work that holds the event loop after it (saving to the embedded database) must not hold it back.
  let written = Promise.resolve();
  const send = (event: StreamEvent) => {
    if (reply.raw.writableEnded) return;
    written = new Promise((resolve) => {
      reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`, () => resolve());
    });
  };
  try {
    await work(send, () => written);
  } catch (err) {
    logFailure(log, err, 'question failed after the stream opened');
    const message = isDatabaseUnavailable(err) ? serverMessages.serviceUnavailable : serverMessages.internalError;
    send({ type: 'error', message });
  } finally {
    // Let go before the reply ends, so the asker's next question is not counted against this one.
    await stream.close();
    reply.raw.end();
  }
}

/** An AbortSignal that fires when the client goes away before the answer is finished. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
  });
  return controller.signal;
}

export async function queryRoutes(
  instance: FastifyInstance,
  { db, config, queries, credentials, anonymousLimits, liveStreams, metrics, modelLists, settings }: QueryRouteDeps,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** The signed-in user, or the anonymous visitor's session user (created on the first question). */
  async function asker(request: FastifyRequest, sessionId: string | undefined) {
    const auth = await getAuth(db, request);
    if (auth) return { user: auth.user, keyOwnerId: auth.user.id, anonymous: false };
    if (!sessionId) throw badRequest(queryMessages.invalidSessionId);
    const user = await findOrCreateSessionUser(db, sessionId, config.freeQuestions, () =>
      anonymousLimits.admitNewSession(request, sessionId),
    );
    return { user, keyOwnerId: null, anonymous: true };
  }

  async function begin(request: FastifyRequest, body: z.infer<typeof queryRequestSchema>, signal: AbortSignal) {
    // Read only when asked for: most questions do not search, and need no settings read.
    if (body.webSearch && !(await webSearchAllowed(settings))) throw badRequest(webSearchTexts.disabled);
    const { user, keyOwnerId, anonymous } = await asker(request, body.sessionId);
    const available = await queries.prepare(keyOwnerId, body.selectedModels);
    // One of the asker's questions in flight (429 past MAX_CONCURRENT_QUESTIONS_PER_USER, decision 0059).
    const stream = await liveStreams.open(user.id, signal);
    try {
      // Anonymous questions also count against the address's day and everyone's hour (decision 0022).
      // An unverified account's free questions count there too (decision 0060).
      const admission = await admitFreeQuestion(anonymousLimits, request, user, anonymous);
      try {
        const reservation = await queries.reserve(user.id);
        return { available, reservation, stream };
      } catch (error) {
        await admission?.release();
        throw refusalFor(error, user, anonymous);
      }
    } catch (error) {
      await stream.close();
      throw error;
    }
  }

  app.post(
    '/api/query',
    { schema: { body: queryRequestSchema, response: { 200: queryResultSchema } }, config: { answersAtLength: true } },
    async (request, reply) => {
      const signal = abortOnDisconnect(reply);
      const { available, reservation, stream } = await begin(request, request.body, signal);
      try {
        return await queries.run(
          reservation,
          {
            text: request.body.text,
            models: request.body.selectedModels,
            webSearch: request.body.webSearch ?? false,
            signal,
            emit: () => {},
            log: request.log,
          },
          available,
        );
      } finally {
        await stream.close();
      }
    },
  );

  app.post(
    '/api/query/stream',
    { schema: { body: queryRequestSchema }, config: { streamsResponse: true } },
    async (request, reply) => {
      // Everything that can refuse the question (400, 402, 429) answers as plain JSON before the stream opens.
      const signal = abortOnDisconnect(reply);
      const { available, reservation, stream } = await begin(request, request.body, signal);
      await streamEvents(reply, request.log, stream, (emit, flushed) =>
        queries.run(
          reservation,
          {
            text: request.body.text,
            models: request.body.selectedModels,
            webSearch: request.body.webSearch ?? false,
            signal,
            stream,
            emit,
            flushed,
            log: request.log,
          },
          available,
        ),
      );
    },
  );

  // A follow-up turn (issue 13, item 3; follow-up.ts): refused as JSON before anything is charged when
  // the model was not asked, the conversation has had its turns or no longer fits a model; then asked,
  // streamed, compared, saved and charged exactly as a question is, each model with its own thread.
  app.post(
    '/api/query/:id/follow-up',
    { schema: { params: queryIdParams, body: followUpRequestSchema }, config: { streamsResponse: true } },
    async (request, reply) => {
      const auth = await getAuth(db, request);
      const owner = auth?.user ?? (await signedInOrSessionUser(db, request, request.body.sessionId));
      if (!owner) throw notFound(queryMessages.queryNotFound);
      const { text, model, sessionId } = request.body;
      // A conversation begun with search searches on, unless the administrator has turned search off since.
      const webSearch = request.body.webSearch === true && (await webSearchAllowed(settings));
      // Takes one of the conversation's turns, given back below if the turn is refused or not saved.
      const plan = await planFollowUp(db, { queryId: request.params.id, userId: owner.id, text, model });
      const signal = abortOnDisconnect(reply);
      const { available, reservation, stream } = await begin(
        request,
        { text, sessionId, webSearch, selectedModels: plan.models },
        signal,
      ).catch(async (error: unknown) => {
        await returnFollowUp(db, plan.rootId);
        throw error;
      });
      await streamEvents(reply, request.log, stream, (emit, flushed) =>
        queries
          .run(
            reservation,
            {
              text,
              models: plan.models,
              webSearch,
              signal,
              stream,
              emit,
              flushed,
              log: request.log,
              followUp: { of: plan.rootId, history: plan.history },
            },
            available,
          )
          .catch(async (error: unknown) => {
            // The turn was not saved: it does not use up one of the conversation's turns.
            await returnFollowUp(db, plan.rootId).catch(() => {});
            throw error;
          }),
      );
    },
  );

  app.get('/api/query-options', { schema: { response: { 200: queryOptionsSchema } } }, async () => ({
    webSearchAllowed: await webSearchAllowed(settings),
  }));

  // Retry one model (issue 20, item 2; retry.ts): refusals answer as JSON before the stream opens,
  // then the retry streams exactly as a question does, and can be stopped the same way.
  app.post(
    '/api/query/:id/retry',
    { schema: { params: queryIdParams, body: retryRequestSchema }, config: { streamsResponse: true } },
    async (request, reply) => {
      const auth = await getAuth(db, request);
      const owner = auth?.user ?? (await signedInOrSessionUser(db, request, request.body.sessionId));
      if (!owner) throw notFound(queryMessages.queryNotFound);
      // A retry asks a model as a question does: one of the owner's questions in flight (decision 0059).
      const signal = abortOnDisconnect(reply);
      const stream = await liveStreams.open(owner.id, signal);
      const plan = await planRetry(db, queries, {
        queryId: request.params.id,
        model: request.body.model,
        userId: owner.id,
        keyOwnerId: auth ? auth.user.id : null,
      }).catch(async (error: unknown) => {
        await stream.close();
        throw error;
      });
      // Searched again if the question was asked with search on and the administrator still allows it.
      const webSearch = plan.query.webSearch === true && (await webSearchAllowed(settings));
      await streamEvents(reply, request.log, stream, (emit) =>
        runRetry(db, queries, metrics, plan, { signal, stream, emit, log: request.log, webSearch }),
      );
    },
  );

  // 'Settle this' (issue 13, item 2; settle.ts): refusals answer as JSON before the stream opens; the
  // re-check replies then stream as a question's answers do.
  app.post(
    '/api/query/:id/settle',
    { schema: { params: queryIdParams, body: settleRequestSchema }, config: { streamsResponse: true } },
    async (request, reply) => {
      const auth = await getAuth(db, request);
      const owner = auth?.user ?? (await signedInOrSessionUser(db, request, request.body.sessionId));
      if (!owner) throw notFound(queryMessages.queryNotFound);
      const signal = abortOnDisconnect(reply);
      const stream = await liveStreams.open(owner.id, signal);
      const plan = await planSettle(db, queries, {
        queryId: request.params.id,
        topic: request.body.topic,
        userId: owner.id,
        keyOwnerId: auth ? auth.user.id : null,
      }).catch(async (error: unknown) => {
        await stream.close();
        throw error;
      });
      await streamEvents(reply, request.log, stream, (emit) =>
        runSettle(db, metrics, plan, { signal, stream, emit, log: request.log, modelTimeoutMs: config.modelTimeoutMs }),
      );
    },
  );

  // Stop (issue 20, item 1): the stream goes on to its comparison and saved result; the stopped
  // answers end with what they had. 200 when this instance held the stream, 202 when the order went
  // to the other instances because the shared record says one of them runs it for this caller, 404
  // otherwise (live-streams.ts).
  app.post(
    '/api/query/stream/:streamId/stop',
    {
      schema: {
        params: z.object({ streamId: streamIdSchema }),
        body: stopRequestSchema,
        response: { 200: messageResponseSchema, 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const owner = await signedInOrSessionUser(db, request, request.body.sessionId);
      const outcome = owner
        ? await liveStreams.stop({
            streamId: request.params.streamId,
            ownerId: owner.id,
            model: request.body.model ?? null,
          })
        : 'unknown';
      if (outcome === 'unknown') throw notFound(queryMessages.streamFinished);
      return reply.code(outcome === 'stopped' ? 200 : 202).send({ message: queryMessages.stopping });
    },
  );

  app.get(
    '/api/query/:id',
    {
      schema: {
        params: queryIdParams,
        querystring: z.object({ sessionId: sessionIdSchema.optional() }),
        response: { 200: savedQuerySchema },
      },
    },
    async (request) => {
      const auth = await getAuth(db, request);
      const query = await readableQuery(db, request.params.id, auth?.user ?? null, request.query.sessionId);
      if (!query) throw notFound(queryMessages.queryNotFound);
      return query;
    },
  );

  // Export (issue 14, item 2): the question's comparison as a file, for its owner (or an administrator),
  // in the versioned JSON shape of common/comparison-export.ts or as Markdown; no account data in either.
  app.get(
    '/api/query/:id/export',
    {
      schema: {
        params: queryIdParams,
        querystring: z.object({
          format: z.enum(['json', 'md']).default('json'),
          sessionId: sessionIdSchema.optional(),
        }),
        // The JSON export is checked against its own schema; the Markdown one is text.
        response: { 200: comparisonExportSchema.or(z.string()) },
      },
    },
    async (request, reply) => {
      const auth = await getAuth(db, request);
      const query = await readableQuery(db, request.params.id, auth?.user ?? null, request.query.sessionId);
      if (!query) throw notFound(queryMessages.queryNotFound);
      const exported = comparisonExport(query, new Date());
      const name = `parallax-question-${query.id}.${request.query.format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (request.query.format === 'md') {
        return reply.type('text/markdown; charset=utf-8').send(comparisonMarkdown(exported));
      }
      return reply.type('application/json; charset=utf-8').send(exported);
    },
  );

  app.get('/api/api-status', { schema: { response: { 200: apiStatusSchema } } }, async (request) => {
    const auth = await getAuth(db, request);
    const available = await credentials.resolveAll(auth?.user.id ?? null);
    return Object.fromEntries(modelKeys.map((m) => [m, available[m] !== null])) as Record<ModelKey, boolean>;
  });

  // Issue 17, item 1: the versions the caller's key can use, read from the vendor (kept a day); an
  // administrator can have the list read again at once.
  app.get(
    '/api/model-versions/:model',
    {
      schema: {
        params: z.object({ model: modelKeySchema }),
        querystring: z.object({ refresh: z.enum(['true', 'false']).optional() }),
        response: { 200: modelVersionsSchema },
      },
    },
    async (request) => {
      const auth = await getAuth(db, request);
      const refresh = request.query.refresh === 'true';
      if (refresh && !(auth && isAdminUser(auth.user))) throw forbidden();
      const { model } = request.params;
      const available = await credentials.resolveAll(auth?.user.id ?? null);
      const list = await modelLists.list(model, available[model], { refresh });
      return {
        model,
        versions: list.versions,
        defaultVersion: modelCatalogue[model].defaultVersion,
        source: list.source,
        fetchedAt: list.fetchedAt?.toISOString() ?? null,
        problem: list.problem,
      };
    },
  );

  app.post(
    '/api/api-key',
    { schema: { body: apiKeyRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const auth = await getAuth(db, request);
      if (!auth) throw unauthorized();
      await credentials.saveFor(auth.user, request.body.model, request.body.apiKey, request.body.apiVersion);
      return { message: queryMessages.configurationSaved };
    },
  );
}
