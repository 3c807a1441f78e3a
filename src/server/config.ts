import { z } from 'zod';
import { FREE_QUESTIONS_DEFAULT } from '../common/limits';

// The only module that reads process.env (docs/architecture.md, "House rules", rule 1). Everything else receives
// the parsed Config, which is also how tests give the app their own settings.

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = optionalString.pipe(z.url({ protocol: /^https?$/ }).optional());
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

/** Database bounds when DATABASE_*_TIMEOUT_SECONDS are not set (db/client.ts explains them). */
export const DATABASE_TIMEOUT_DEFAULTS = { connectMs: 5_000, statementMs: 15_000 } as const;

const vendorKeys = ['OPENAI', 'XAI', 'GEMINI', 'DEEPSEEK', 'LLAMA', 'ANTHROPIC', 'PERPLEXITY'] as const;
const vendorEnv = Object.fromEntries(
  vendorKeys.flatMap((v) => [
    [`${v}_API_KEY`, optionalString],
    [`${v}_BASE_URL`, optionalUrl],
  ]),
) as Record<`${(typeof vendorKeys)[number]}_${'API_KEY' | 'BASE_URL'}`, typeof optionalUrl>;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  APP_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Bounds on every database call, so a stalled database answers 503 instead of hanging requests (issue 18,
  // item 3): the wait for a connection (pool checkout or a new connection) and one statement's run.
  DATABASE_CONNECT_TIMEOUT_SECONDS: positiveInt.default(DATABASE_TIMEOUT_DEFAULTS.connectMs / 1000),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: positiveInt.default(DATABASE_TIMEOUT_DEFAULTS.statementMs / 1000),
  // Bounds on a client's connection (issue 32, M4; http/timeouts.ts): sending a whole request, a
  // silent connection, and a silent streamed answer (default MODEL_TIMEOUT_SECONDS + 60).
  REQUEST_TIMEOUT_SECONDS: positiveInt.default(30),
  CONNECTION_TIMEOUT_SECONDS: positiveInt.default(60),
  STREAM_IDLE_TIMEOUT_SECONDS: positiveInt.optional(),
  // Shared state between instances (rate limits, lockouts): Redis when set (docs/operations.md).
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  // GET /metrics answers only with this bearer token (docs/operations.md, "Metrics").
  METRICS_TOKEN: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  FREE_QUESTIONS: z.coerce.number().int().min(0).default(FREE_QUESTIONS_DEFAULT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ...vendorEnv,
  MODEL_TIMEOUT_SECONDS: positiveInt.default(60),
  // How long each instance keeps the public leaderboard before reading its rollup again (0: never kept).
  LEADERBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // The comparison's judge: a model key, or 'local' for the built-in analyser only.
  JUDGE_MODEL: z.enum(['chatgpt', 'grok', 'gemini', 'deepseek', 'llama', 'claude', 'perplexity', 'local']).optional(),
  STRIPE_MODE: z.enum(['test', 'live']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_STANDARD: optionalString,
  STRIPE_PRICE_UNLIMITED: optionalString,
  STRIPE_PRICE_TEST: optionalString,
  // Payment Links for direct checkout, per plan, for the environment's mode.
  STRIPE_PAYMENT_LINK_BASIC: optionalUrl,
  STRIPE_PAYMENT_LINK_STANDARD: optionalUrl,
  STRIPE_PAYMENT_LINK_UNLIMITED: optionalUrl,
  STRIPE_PAYMENT_LINK_TEST: optionalUrl,
  SENDGRID_API_KEY: optionalString,
  SENDGRID_API_BASE: optionalUrl,
  EMAIL_FROM: optionalString.pipe(z.email().optional()),
  EMAIL_FROM_NAME: optionalString,
  SUPPORT_EMAIL: optionalString.pipe(z.email().optional()),
  EMERGENCY_ADMIN_TOKEN: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  // Rate limits: attempts per window, per client address and per account.
  RATE_LIMIT_WINDOW_MINUTES: positiveInt.default(15),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt.default(30),
  // Failed sign-ins per account per window before each further failure answers 429 with a wait that
  // doubles up to the maximum; the right password always signs in (decision 0060).
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt.default(10),
  RATE_LIMIT_LOGIN_BACKOFF_MAX_SECONDS: positiveInt.default(60),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt.default(10),
  RATE_LIMIT_FORGOT_PER_IP: positiveInt.default(10),
  RATE_LIMIT_FORGOT_PER_ACCOUNT: positiveInt.default(3),
  // Anonymous use (decision 0022): caps per client address per UTC day and one for all anonymous
  // visitors per clock hour; 0 switches a cap off. The per-address question cap defaults to one free
  // allowance (FREE_QUESTIONS), so a fresh session id no longer buys a fresh allowance.
  ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).optional(),
  ANONYMOUS_SESSIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).default(10),
  ANONYMOUS_QUESTIONS_PER_HOUR: z.coerce.number().int().min(0).default(1000),
  // New accounts per client address per UTC day that open with the free questions; later ones open
  // with none (decision 0060). 0 switches the cap off.
  NEW_ACCOUNTS_WITH_FREE_QUESTIONS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).default(3),
  // Fair use (decision 0059): questions one user (or anonymous session) may have streaming at once,
  // and questions a day on an Unlimited plan; 0 switches either off.
  MAX_CONCURRENT_QUESTIONS_PER_USER: z.coerce.number().int().min(0).default(3),
  UNLIMITED_QUESTIONS_PER_DAY: z.coerce.number().int().min(0).default(300),
});

export type Env = z.input<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.APP_SECRET) {
    // On a shared database every instance must seal and open secrets with one key: an instance that
    // made its own could not read the keys an administrator saved through another (issue 18, item 2).
    throw new ConfigError(
      'Invalid configuration:\n  APP_SECRET: required when DATABASE_URL is set. Give every instance the same ' +
        'random value of at least 32 characters (for example: openssl rand -base64 32).',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    httpTimeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      connectionIdleMs: e.CONNECTION_TIMEOUT_SECONDS * 1000,
      // A model may think for its whole timeout before its first word: a stream must outlast that silence.
      streamIdleMs: (e.STREAM_IDLE_TIMEOUT_SECONDS ?? e.MODEL_TIMEOUT_SECONDS + 60) * 1000,
    },
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    freeQuestions: e.FREE_QUESTIONS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    vendors: Object.fromEntries(
      vendorKeys.map((v) => [v, { apiKey: e[`${v}_API_KEY`], baseUrl: e[`${v}_BASE_URL`] }]),
    ) as Record<(typeof vendorKeys)[number], { apiKey?: string; baseUrl?: string }>,
    modelTimeoutMs: e.MODEL_TIMEOUT_SECONDS * 1000,
    leaderboardCacheSeconds: e.LEADERBOARD_CACHE_SECONDS,
    judgeModel: e.JUDGE_MODEL,
    stripe: {
      mode: e.STRIPE_MODE,
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
      prices: {
        basic: e.STRIPE_PRICE_BASIC,
        standard: e.STRIPE_PRICE_STANDARD,
        unlimited: e.STRIPE_PRICE_UNLIMITED,
        test: e.STRIPE_PRICE_TEST,
      },
      paymentLinks: {
        basic: e.STRIPE_PAYMENT_LINK_BASIC,
        standard: e.STRIPE_PAYMENT_LINK_STANDARD,
        unlimited: e.STRIPE_PAYMENT_LINK_UNLIMITED,
        test: e.STRIPE_PAYMENT_LINK_TEST,
      } as Record<string, string | undefined>,
    },
    email: {
      sendgridApiKey: e.SENDGRID_API_KEY,
      sendgridApiBase: e.SENDGRID_API_BASE,
      from: e.EMAIL_FROM ?? 'no-reply@parallax.local',
      fromName: e.EMAIL_FROM_NAME ?? 'Parallax',
      supportAddress: e.SUPPORT_EMAIL,
    },
    emergencyAdminToken: e.EMERGENCY_ADMIN_TOKEN,
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginBackoffMaxSeconds: e.RATE_LIMIT_LOGIN_BACKOFF_MAX_SECONDS,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      forgotPerIp: e.RATE_LIMIT_FORGOT_PER_IP,
      forgotPerAccount: e.RATE_LIMIT_FORGOT_PER_ACCOUNT,
    },
    anonymousLimits: {
      questionsPerAddressPerDay: e.ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY ?? e.FREE_QUESTIONS,
      sessionsPerAddressPerDay: e.ANONYMOUS_SESSIONS_PER_ADDRESS_PER_DAY,
      questionsPerHour: e.ANONYMOUS_QUESTIONS_PER_HOUR,
      freeAccountsPerAddressPerDay: e.NEW_ACCOUNTS_WITH_FREE_QUESTIONS_PER_ADDRESS_PER_DAY,
    },
    fairUse: {
      concurrentQuestionsPerUser: e.MAX_CONCURRENT_QUESTIONS_PER_USER,
      unlimitedQuestionsPerDay: e.UNLIMITED_QUESTIONS_PER_DAY,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}
