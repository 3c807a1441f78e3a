import type { FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { adminServerMessages as m } from '../../common/admin-messages';
import {
  ALLOWANCE_HISTORY_LIMIT,
  type AdminUserUpdate,
  type AllowanceLedgerEntry,
} from '../../common/admin-user-schemas';
import { adminJobMessages } from '../../common/admin-job-messages';
import type { SyncJob } from '../../common/admin-job-schemas';
import { ANONYMOUS_USERNAME_PREFIX } from '../../common/limits';
import { isEndedStatus } from '../../common/subscription-state';
import { setAllowance } from '../allowance/changes';
import { listAllowanceLedger } from '../allowance/ledger';
import { fillMessage, serverMessages, validationMessages } from '../../common/messages';
import type { AuthService } from '../auth/service';
import {
  createSession,
  endImpersonationsBy,
  endImpersonationsOf,
  invalidateSession,
  type SessionRow,
} from '../auth/sessions';
import type { BillingService } from '../billing/service';
import type { Database, Transaction } from '../db/client';
import { users } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors';
import type { JobService } from '../jobs/job-service';
import { findUserById, isAdminUser, isSessionUser, uniqueViolationToConflict, type UserRow } from '../users/repository';
import { recordAudit } from '../audit/audit-log';
import { STRIPE_SYNC_JOB, toSyncJob } from './stripe-sync-job';
import { isAdmin } from './user-queries';

/** The rules behind the Users section: what an administrator may change, and the audit trail of each change. */
export class AdminUserService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly billing: BillingService,
    private readonly jobs: JobService,
  ) {}

  async require(id: number): Promise<UserRow> {
    const user = await findUserById(this.db, id);
    if (!user) throw notFound(m.userNotFound);
    return user;
  }

  /** The latest changes of the user's question counts, newest first. */
  async allowanceHistory(id: number): Promise<AllowanceLedgerEntry[]> {
    await this.require(id);
    return listAllowanceLedger(this.db, id, ALLOWANCE_HISTORY_LIMIT);
  }

  async update(request: FastifyRequest, admin: UserRow, id: number, input: AdminUserUpdate): Promise<UserRow> {
    const user = await this.require(id);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (isSessionUser(user)) {
      const renamed = input.username !== undefined && input.username !== user.username;
      if (renamed || input.email !== undefined) throw badRequest(m.sessionFieldsReadOnly);
    } else {
      const renames = input.username !== undefined && input.username !== user.username;
      const readdresses = input.email !== undefined && input.email.toLowerCase() !== user.email?.toLowerCase();
      // Re-pointing another admin's address, then resetting their password, would take their account.
      if ((renames || readdresses) && isAdminUser(user) && user.id !== admin.id) throw forbidden(m.otherAdminIdentity);
      if (input.username !== undefined && input.username !== user.username) {
        if (input.username.toLowerCase().startsWith(ANONYMOUS_USERNAME_PREFIX))
          throw badRequest(validationMessages.usernameReserved, {
            errors: { username: validationMessages.usernameReserved },
          });
        await this.ensureFree('username', input.username, user.id);
        changes.username = input.username;
      }
      if (input.email !== undefined && input.email.toLowerCase() !== user.email?.toLowerCase()) {
        await this.ensureFree('email', input.email, user.id);
        changes.email = input.email;
        // A new address has not been proven by its owner.
        changes.emailVerified = false;
      }
    }
    // The question counts are written by allowance/ (setAllowance), the rest here; the audit row lists both.
    const counts = {
      ...(input.freeQuestionsRemaining !== undefined && { freeQuestionsRemaining: input.freeQuestionsRemaining }),
      ...(input.paidQuestionsRemaining !== undefined && { paidQuestionsRemaining: input.paidQuestionsRemaining }),
    };
    if (input.subscriptionStatus !== undefined) changes.subscriptionStatus = input.subscriptionStatus;
    if (input.subscriptionTier !== undefined) changes.subscriptionTier = input.subscriptionTier;
    const changed = [...Object.entries(changes), ...Object.entries(counts)].filter(
      ([key, value]) => user[key as keyof UserRow] !== value,
    );
    if (changed.length === 0) return user;
    const updated = await this.db.transaction(async (tx) => {
      await setAllowance(tx, id, counts, admin.id);
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
        .catch((error: unknown) => {
          throw uniqueViolationToConflict(error);
        });
      await recordAudit(tx, request.ip, {
        actorUserId: admin.id,
        action: 'admin.user_update',
        targetUserId: id,
        details: Object.fromEntries(
          changed.map(([key, value]) => [key, { from: user[key as keyof UserRow], to: value }]),
        ),
      });
      return row!;
    });
    return updated;
  }

  private async ensureFree(field: 'username' | 'email', value: string, ownId: number): Promise<void> {
    const column = field === 'username' ? users.username : users.email;
    const [taken] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${column}) = ${value.toLowerCase()}`, ne(users.id, ownId)))
      .limit(1);
    if (!taken) return;
    const message = field === 'username' ? serverMessages.usernameTaken : serverMessages.emailTaken;
    throw conflict(message, { errors: { [field]: message } });
  }

  /** Deletes a user or session; a live Stripe subscription is cancelled first, or nothing is deleted. */
  async delete(request: FastifyRequest, admin: UserRow, id: number): Promise<UserRow> {
    if (id === admin.id) throw badRequest(m.cannotDeleteSelf);
    const user = await this.require(id);
    if (user.stripeSubscriptionId) await this.cancelAtStripe(request, user.id, user.stripeSubscriptionId);
    await this.db.transaction(async (tx) => {
      await endImpersonationsAudited(tx, request, user.id, admin.id, 'account_deleted');
      await tx.delete(users).where(eq(users.id, id));
      await recordAudit(tx, request.ip, {
        actorUserId: admin.id,
        action: 'admin.user_delete',
        details: { userId: user.id, username: user.username, email: user.email },
      });
    });
    return user;
  }

  /**
   * Stripe, not our copy of the status, decides whether the subscription still bills: an admin may
   * have set a local status by hand. Already gone at Stripe is fine; anything else keeps the account.
   */
  private async cancelAtStripe(request: FastifyRequest, userId: number, subscriptionId: string): Promise<void> {
    try {
      const stripe = await this.billing.stripe();
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      if (!isEndedStatus(subscription.status)) await stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return;
      request.log.error({ err: error, userId }, 'could not cancel the subscription of a user being deleted');
      throw new HttpError(502, m.subscriptionCancelFailed);
    }
  }

  async setAdmin(request: FastifyRequest, admin: UserRow, id: number, makeAdmin: boolean): Promise<UserRow> {
    if (id === admin.id && !makeAdmin) throw badRequest(m.cannotRemoveOwnAdmin);
    const user = await this.require(id);
    if (makeAdmin && isSessionUser(user)) throw badRequest(m.sessionCannotBeAdmin);
    if (isAdminUser(user) === makeAdmin && user.isAdmin === makeAdmin) return user;
    return this.db.transaction(async (tx) => {
      if (!makeAdmin) {
        // Two admins removing each other at once: the admin rows are locked, and whoever goes second
        // finds they are no longer an admin, so the site never ends up with none.
        const admins = await tx.select({ id: users.id }).from(users).where(isAdmin).for('update');
        if (!admins.some((a) => a.id === admin.id)) throw forbidden();
      }
      const [row] = await tx
        .update(users)
        .set({ role: makeAdmin ? 'admin' : 'user', isAdmin: makeAdmin, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      // An admin may not be impersonated, so a running impersonation of the new admin ends now; and
      // acting as someone is an admin's power, so a former admin's impersonations end with the role.
      if (makeAdmin) await endImpersonationsOf(tx, id);
      else await endImpersonationsAudited(tx, request, id, admin.id, 'admin_role_removed');
      await recordAudit(tx, request.ip, {
        actorUserId: admin.id,
        action: makeAdmin ? 'admin.grant_admin' : 'admin.revoke_admin',
        targetUserId: id,
      });
      return row!;
    });
  }

  async sendPasswordReset(request: FastifyRequest, admin: UserRow, id: number): Promise<string> {
    const user = await this.require(id);
    if (!user.email) throw badRequest(m.noEmailForReset);
    await this.auth.sendPasswordReset(user);
    await recordAudit(this.db, request.ip, {
      actorUserId: admin.id,
      action: 'admin.password_reset_sent',
      targetUserId: id,
    });
    return fillMessage(m.resetLinkSent, { email: user.email });
  }

  /**
   * Starts acting as the user: a new session remembers the admin, and the admin's own session ends.
   * Both, and the audit row, are one transaction: no impersonation goes unrecorded.
   */
  async startImpersonation(request: FastifyRequest, admin: UserRow, adminSession: SessionRow, id: number) {
    const target = await this.require(id);
    if (isAdminUser(target)) throw forbidden(m.adminCannotBeImpersonated);
    if (isSessionUser(target)) throw badRequest(m.sessionCannotBeImpersonated);
    const created = await this.db.transaction(async (tx) => {
      const session = await createSession(tx, target.id, {
        userAgent: request.headers['user-agent'],
        ipAddress: request.ip,
        impersonatorId: admin.id,
      });
      await invalidateSession(tx, adminSession.id);
      await recordAudit(tx, request.ip, { actorUserId: admin.id, action: 'impersonation.start', targetUserId: id });
      return session;
    });
    return { token: created.token, target };
  }

  /**
   * Ends an impersonation and signs the administrator back in, if they still are one. The session's
   * end and its audit row are one transaction.
   */
  async endImpersonation(request: FastifyRequest, session: SessionRow) {
    if (!session.impersonatorId) throw forbidden(m.notImpersonating);
    const impersonatorId = session.impersonatorId;
    const { admin, created } = await this.db.transaction(async (tx) => {
      await invalidateSession(tx, session.id);
      await recordAudit(tx, request.ip, {
        actorUserId: impersonatorId,
        action: 'impersonation.end',
        targetUserId: session.userId,
      });
      const admin = await findUserById(tx, impersonatorId);
      if (!admin || !isAdminUser(admin)) return { admin, created: null };
      const created = await createSession(tx, admin.id, {
        userAgent: request.headers['user-agent'],
        ipAddress: request.ip,
      });
      return { admin, created };
    });
    // The impersonation has ended either way; only the way back is refused.
    if (!admin || !created) throw forbidden(m.impersonatorGone);
    return { token: created.token, admin };
  }

  /**
   * Queues 'Sync with Stripe' as a background job (decision 0036), or finds the one already queued or
   * running; its audit row is written with the job, in one transaction.
   */
  async startStripeSync(request: FastifyRequest, admin: UserRow): Promise<{ job: SyncJob; created: boolean }> {
    // Unconfigured payments are refused now (503), not found out by the job.
    await this.billing.stripe();
    const queued = await this.db.transaction(async (tx) => {
      const result = await this.jobs.enqueue(STRIPE_SYNC_JOB, admin.id, tx);
      if (result.created) {
        await recordAudit(tx, request.ip, {
          actorUserId: admin.id,
          action: 'admin.stripe_sync',
          details: { jobId: result.job.id },
        });
      }
      return result;
    });
    this.jobs.wake();
    return { job: toSyncJob(queued.job), created: queued.created };
  }

  async stripeSync(id: number): Promise<SyncJob> {
    const row = await this.jobs.find(id);
    if (!row || row.kind !== STRIPE_SYNC_JOB) throw notFound(adminJobMessages.syncJobNotFound);
    return toSyncJob(row);
  }

  async latestStripeSync(): Promise<SyncJob | null> {
    const row = await this.jobs.latest(STRIPE_SYNC_JOB);
    return row ? toSyncJob(row) : null;
  }
}

/**
 * Ends the impersonations `impersonatorId` is running, each with its 'impersonation.end' audit row
 * (as when they end it themselves), naming who ended it and why.
 */
async function endImpersonationsAudited(
  tx: Transaction,
  request: FastifyRequest,
  impersonatorId: number,
  endedBy: number,
  reason: 'admin_role_removed' | 'account_deleted',
): Promise<void> {
  for (const userId of await endImpersonationsBy(tx, impersonatorId)) {
    await recordAudit(tx, request.ip, {
      // The row outlives a deleted admin's id (set to null with the account), so the details keep it.
      actorUserId: impersonatorId,
      action: 'impersonation.end',
      targetUserId: userId,
      details: { reason, impersonatorId, endedBy },
    });
  }
}
