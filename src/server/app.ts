import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { isClientRoute } from '../common/routes';
import { serverMessages } from '../common/messages';
import { auditImpersonatedActions } from './audit/impersonated-actions';
import { authRoutes } from './auth/routes';
import { AuthService } from './auth/service';
import type { Config } from './config';
import type { Database } from './db/client';
import { Mailer } from './email/mailer';
import { BackgroundTasks } from './http/background';
import { refuseCrossSiteRequests } from './http/cross-site';
import { errorHandler } from './http/errors';
import { healthRoutes } from './http/health-routes';
import { deferredChildLogger, loggerOptions, OneLinePerRequest } from './http/logger';
import { AppMetrics, metricsRoutes } from './http/metrics';
import { registerRateLimits } from './http/rate-limit-store';
import { addResponseHeaders } from './http/response-headers';
import { requireResponseSchema, serializerCompiler } from './http/response-schemas';
import { warnAboutUntrustedProxy } from './http/proxy-warning';
import { allowStreamsToIdle, serverTimeoutOptions } from './http/timeouts';
import { clientDistFolder } from './paths';
import { createSecretBox, resolveAppSecret } from './settings/secret-box';
import { SettingsService } from './settings/service';
import { supportRoutes } from './support/routes';
import { billingRoutes } from './billing/routes';
import { seedPlans, PlanService } from './billing/plans';
import { BillingService } from './billing/service';
import { statusRoutes } from './billing/status-routes';
import { StripeGateway } from './billing/stripe-gateway';
import { SubscriptionSync } from './billing/subscription-sync';
import { WebhookHandler } from './billing/webhook';
import { CredentialStore } from './providers/credentials';
import { adoptBrowserHistory } from './queries/adopt-history';
import { longestQuestionMs, ReservationReconciler } from './allowance/reconciler';
import { adminRoutes } from './admin/routes';
import { JobService, type JobRunnerOptions } from './jobs/job-service';
import { AnonymousLimits } from './users/anonymous-limits';
import { emergencyPageHidden, emergencyRoutes } from './emergency/routes';
import { leaderboardRoutes } from './leaderboard/routes';
import { shareRoutes } from './share/routes';
import { historyRoutes } from './queries/history-routes';
import { ModelLists } from './providers/model-lists';
import { LiveStreams, PostgresStopRelay } from './queries/live-streams';
import { queryRoutes } from './queries/routes';
import { QueryService } from './queries/service';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Replaces the pino options (tests pass false or a stream). */
  logger?: FastifyServerOptions['logger'];
  /** Serve the built client from this folder (default dist/client when it exists). */
  clientDir?: string | null;
  /** The background job runner's timings (tests poll often); defaults in jobs/job-service.ts. */
  jobs?: JobRunnerOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
    services: { settings: SettingsService; mailer: Mailer; auth: AuthService };
    /** The figures GET /metrics serves (http/metrics.ts); one registry per app. */
    metrics: AppMetrics;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

export async function buildApp({ config, db, logger, clientDir, jobs: jobOptions }: AppDeps) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // How long a client may take to send a request, or leave its connection silent (http/timeouts.ts).
    ...serverTimeoutOptions(config.httpTimeouts),
    // One line per request, written when it is answered (http/logger.ts), not two.
    logController: new OneLinePerRequest(),
    childLoggerFactory: deferredChildLogger,
    // Keep a caller's or load balancer's id so one request can be followed across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.addHook('onRoute', requireResponseSchema);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  allowStreamsToIdle(app, config.httpTimeouts);
  const metrics = new AppMetrics({ db, processMetrics: config.metricsToken !== undefined });
  metrics.observeRequests(app);
  app.decorate('metrics', metrics);

  const background = new BackgroundTasks(app.log);
  const appSecret = resolveAppSecret(config.appSecret, config.dataDir);
  const secretBox = createSecretBox(appSecret);
  const settings = new SettingsService(db, secretBox);
  const mailer = new Mailer(db, settings, config, app.log);
  const auth = new AuthService(db, mailer, config, background);
  const credentials = new CredentialStore(db, secretBox, config);
  const queries = new QueryService(db, credentials, config, app.log, metrics);
  const reconciler = new ReservationReconciler(db, app.log, metrics, longestQuestionMs(config));
  app.decorate('background', background);
  app.decorate('services', { settings, mailer, auth });
  app.addHook('onClose', () => background.drain());
  app.addHook('onReady', () => reconciler.start());
  app.addHook('onClose', () => reconciler.stop());

  // Only the session cookie is ever read, and only by calls that need the caller (auth/context.ts).
  await app.register(fastifyCookie, { hook: false });
  addResponseHeaders(app, config);
  // Redis, PostgreSQL or this process, by configuration; a Redis client closes with the app (decision 0038).
  await registerRateLimits(app, { config, db, appSecret });

  warnAboutUntrustedProxy(app, config.trustProxy);
  refuseCrossSiteRequests(app, config.appUrl);
  // Every state-changing call made while impersonating, audited with both ids (before any route).
  auditImpersonatedActions(app, db, background);

  const anonymousLimits = new AnonymousLimits(db, config.anonymousLimits, appSecret);
  await app.register(authRoutes, { db, config, auth, anonymousLimits, afterSignIn: adoptBrowserHistory(db) });
  // Several instances share one PostgreSQL: a stop may reach any of them (queries/live-streams.ts).
  const liveStreams = new LiveStreams(
    db,
    { perUser: config.fairUse.concurrentQuestionsPerUser, staleAfterMs: longestQuestionMs(config), log: app.log },
    config.databaseUrl ? new PostgresStopRelay(config.databaseUrl, app.log) : null,
  );
  app.addHook('onReady', () => liveStreams.start());
  app.addHook('onClose', () => liveStreams.close());
  await app.register(queryRoutes, {
    db,
    config,
    queries,
    credentials,
    anonymousLimits,
    liveStreams,
    metrics,
    modelLists: new ModelLists(),
    settings,
  });
  await app.register(historyRoutes, { db });
  await app.register(leaderboardRoutes, { db, cacheSeconds: config.leaderboardCacheSeconds });
  const staticRoot = clientDir === undefined ? (existsSync(clientDistFolder) ? clientDistFolder : null) : clientDir;
  await app.register(shareRoutes, { db, config, staticRoot });
  await seedPlans(db, config);
  const gateway = new StripeGateway(settings, config);
  const plans = new PlanService(db, gateway);
  const sync = new SubscriptionSync(db, plans);
  const billing = new BillingService(db, gateway, plans, sync, config);
  const webhook = new WebhookHandler(db, gateway, sync, app.log, metrics);
  await app.register(billingRoutes, { db, plans, billing, gateway, webhook, mailer, background });
  await app.register(statusRoutes, { db, config, billing, gateway, mailer, anonymousLimits });
  await app.register(supportRoutes, { db, config, mailer });
  // Background jobs start once the app is ready and stop (handing back what they hold) when it closes.
  // On the embedded database this process is the only one: it takes over what a previous one left.
  const jobs = new JobService(db, app.log, { exclusive: !config.databaseUrl, ...jobOptions });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  await app.register(adminRoutes, {
    db,
    config,
    auth,
    mailer,
    settings,
    gateway,
    plans,
    sync,
    billing,
    jobs,
    credentials,
  });
  await app.register(emergencyRoutes, { db, config, auth });
  await app.register(healthRoutes, { db });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });

  if (staticRoot) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        const immutable = filePath.startsWith(path.join(staticRoot, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && staticRoot !== null;
    if (!wantsPage) return reply.code(404).send({ message: serverMessages.notFound });
    // The single-page app draws every route, including its own '404 Page Not Found'.
    reply.header('cache-control', 'no-cache');
    const drawn = isClientRoute(pathname) && !emergencyPageHidden(config, pathname);
    return reply.code(drawn ? 200 : 404).sendFile('index.html', staticRoot!);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
