import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailParamsSchema,
  verifyEmailResponseSchema,
} from '../../common/auth-schemas';
import { ANONYMOUS_AS_NULL_HEADER } from '../../common/current-user';
import { serverMessages } from '../../common/messages';
import { leaderboardContributionSchema, messageResponseSchema, publicUserSchema } from '../../common/user-schemas';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { HttpError, unauthorized } from '../http/errors';
import { createCounter, createLimit } from '../http/rate-limit';
import type { AnonymousLimits } from '../users/anonymous-limits';
import { isAdminUser, setLeaderboardContribution, toPublicUser } from '../users/repository';
import { clearSessionCookie, getAuth, requireUser, sessionTokenOf, setSessionCookie } from './context';
import { failedSignIn } from './login-backoff';
import type { AuthService } from './service';
import { invalidateSession, publicUserOf } from './sessions';

export interface AuthRouteDeps {
  db: Database;
  config: Config;
  auth: AuthService;
  /** Counts new accounts per client address, for the cap on those that open with free questions. */
  anonymousLimits: AnonymousLimits;
  /** Runs after a login or registration with the browser's anonymous session id, if it sent one. */
  afterSignIn?: (userId: number, browserSessionId: string, how: 'register' | 'login') => Promise<void>;
}

/** Whether a limit check passed; a 429 becomes false, for work that is skipped rather than refused. */
async function withinBudget(check: Promise<void>): Promise<boolean> {
  try {
    await check;
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return false;
    throw error;
  }
}

const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ipAddress: request.ip });

export async function authRoutes(
  instance: FastifyInstance,
  { db, config, auth, anonymousLimits, afterSignIn }: AuthRouteDeps,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { windowMs, ...limits } = config.rateLimits;
  const loginPerIp = createLimit(instance, 'login-ip', limits.loginPerIp, windowMs);
  // Only failures are counted per account, and they slow the next failures down, never the right
  // password (decision 0060).
  const loginFailuresPerAccount = createCounter(instance, 'login-account-failures', windowMs);
  const registerPerIp = createLimit(instance, 'register-ip', limits.registerPerIp, windowMs);
  const forgotPerIp = createLimit(instance, 'forgot-ip', limits.forgotPerIp, windowMs);
  const forgotPerAccount = createLimit(instance, 'forgot-account', limits.forgotPerAccount, windowMs);
  // The notices a known address receives from registration attempts, as many as reset emails.
  const registerNoticePerAccount = createLimit(instance, 'register-account', limits.forgotPerAccount, windowMs);
  // New verification links: as many as reset emails, per client address and per address mailed to.
  const resendPerIp = createLimit(instance, 'verify-resend-ip', limits.forgotPerIp, windowMs);
  const resendPerAccount = createLimit(instance, 'verify-resend-account', limits.forgotPerAccount, windowMs);

  app.post(
    '/api/register',
    { schema: { body: registerSchema, response: { 201: messageResponseSchema } } },
    async (request, reply) => {
      await registerPerIp(request);
      // Counted for every registration, so a new address and a known one cost the same work; a known
      // address past its budget gets no more notices, and the answer stays the same (decision 0035).
      const notifyOwner = await withinBudget(registerNoticePerAccount(request, request.body.email));
      // Counted for every registration too; past the address's day's share a new account opens with no
      // free questions (decision 0060).
      const withFreeQuestions = await anonymousLimits.admitFreeAccount(request);
      const created = await auth.register(request.body, { notifyOwner, withFreeQuestions });
      // The browser's anonymous questions join the new account now (decision 0022); nobody is signed
      // in yet: the verification link or a login does that.
      if (created && request.body.sessionId) await afterSignIn?.(created.id, request.body.sessionId, 'register');
      // One answer whether or not the address already had an account: same status, body and no cookie.
      return reply.code(201).send({ message: serverMessages.registered });
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginSchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      await loginPerIp(request);
      const outcome = await auth.login(request.body.email, request.body.password, meta(request));
      if ('failureKey' in outcome) {
        const failures = await loginFailuresPerAccount(request, outcome.failureKey);
        throw failedSignIn(failures, limits.loginPerAccount, limits.loginBackoffMaxSeconds);
      }
      const { user, sessionToken } = outcome;
      if (request.body.sessionId) await afterSignIn?.(user.id, request.body.sessionId, 'login');
      setSessionCookie(reply, config, sessionToken);
      return toPublicUser(user);
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageResponseSchema } } }, async (request, reply) => {
    const current = await getAuth(db, request);
    if (current) await invalidateSession(db, current.session.id);
    clearSessionCookie(reply, config);
    return { message: serverMessages.loggedOut };
  });

  app.get('/api/me', { schema: { response: { 200: publicUserSchema.nullable() } } }, async (request, reply) => {
    // The app's own probe asks for null instead of the 401 an anonymous caller gets (decision 0044).
    if (request.headers[ANONYMOUS_AS_NULL_HEADER] === '1' && !(await getAuth(db, request))) return null;
    const auth = await requireUser(db, request);
    // Every page load asks for /api/me, so this is where a renewed session's cookie catches up.
    const token = sessionTokenOf(request);
    if (auth.renewed && token) setSessionCookie(reply, config, token);
    return publicUserOf(auth);
  });

  app.get(
    '/api/verify-email/:token',
    { schema: { params: verifyEmailParamsSchema, response: { 200: verifyEmailResponseSchema } } },
    async (request, reply) => {
      const { user, status } = await auth.verifyEmail(request.params.token);
      if (status === 'already_verified') {
        // A link that was used already signs nobody in, or it would be a sign-in link forever; and the
        // answer names nobody, so an old link tells whoever holds it only that it was followed (decision 0042).
        return { message: serverMessages.alreadyVerified, status };
      }
      // Registration signs nobody in (decision 0035), so following the emailed link is how a new
      // account's first session starts. A browser already signed in keeps its session; an
      // administrator signs in with a password only.
      if (!(await getAuth(db, request)) && !isAdminUser(user)) {
        setSessionCookie(reply, config, await auth.startSession(user.id, meta(request)));
      }
      return { message: serverMessages.emailVerified, status };
    },
  );

  app.post(
    '/api/resend-verification',
    { schema: { body: resendVerificationSchema.nullish(), response: { 200: messageResponseSchema } } },
    async (request) => {
      const current = await getAuth(db, request);
      const email = request.body?.email;
      if (!current && !email) throw unauthorized();
      await resendPerIp(request);
      if (current) {
        // Counted per address, so the signed-in button and the signed-out form share one budget.
        await resendPerAccount(request, current.user.email ?? `user:${current.user.id}`);
        await auth.resendVerification(current.user);
        return { message: serverMessages.verificationResent };
      }
      await resendPerAccount(request, email);
      // The same answer for any address: known or not, verified or not (decision 0042).
      auth.resendVerificationTo(email!);
      return { message: serverMessages.verificationResentNeutral };
    },
  );

  app.post(
    '/api/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await forgotPerIp(request);
      await forgotPerAccount(request, request.body.email);
      // The same answer for any address, given before anything is looked up (decision 0060).
      auth.forgotPassword(request.body.email);
      return { message: serverMessages.forgotPasswordSent };
    },
  );

  app.post(
    '/api/reset-password',
    { schema: { body: resetPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { message: serverMessages.passwordResetDone };
    },
  );

  app.post(
    '/api/change-password',
    { schema: { body: changePasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user, session } = await requireUser(db, request);
      await auth.changePassword(user.id, session.id, request.body.currentPassword, request.body.newPassword);
      return { message: serverMessages.passwordChanged };
    },
  );

  // The profile's switch for showing one's questions on the leaderboard (issue 14, item 4). They are counted
  // in its figures either way, as every question is; this decides only whether they may be shown.
  app.put(
    '/api/profile/leaderboard',
    { schema: { body: leaderboardContributionSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const { user, session } = await requireUser(db, request);
      const updated = await setLeaderboardContribution(db, user.id, request.body.contributes);
      return toPublicUser(updated, session.impersonatorId);
    },
  );
}
