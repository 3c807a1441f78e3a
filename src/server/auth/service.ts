import { and, eq, gt, isNull } from 'drizzle-orm';
import { serverMessages } from '../../common/messages';
import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '../../common/limits';
import type { RegisterInput } from '../../common/auth-schemas';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createAccount } from '../allowance/changes';
import { emailTokens, users } from '../db/schema';
import type { Mailer } from '../email/mailer';
import { adminWelcomeEmail, passwordResetEmail, verificationEmail } from '../email/templates';
import type { BackgroundTasks } from '../http/background';
import { badRequest, conflict, HttpError } from '../http/errors';
import {
  findUserByEmail,
  findUserByIdentifier,
  findUserById,
  findUserByUsername,
  type UserRow,
  uniqueViolationToConflict,
} from '../users/repository';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, invalidateUserSessions } from './sessions';
import { generateToken, hashToken } from './tokens';

type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

interface SessionMeta {
  userAgent?: string;
  ipAddress?: string;
}

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly background: BackgroundTasks,
  ) {}

  async register(input: RegisterInput, meta: SessionMeta) {
    const user = await this.insertUser({
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
    });
    await this.sendVerification(user);
    const { token } = await createSession(this.db, user.id, meta);
    return { user, sessionToken: token };
  }

  /**
   * The key of the per-account login limit: the account itself when the identifier names one, so
   * alternating its email and username earns no extra attempts.
   */
  async loginLimitKey(identifier: string): Promise<string> {
    const user = await findUserByIdentifier(this.db, identifier);
    return user ? `user:${user.id}` : `name:${identifier.trim().toLowerCase()}`;
  }

  async login(identifier: string, password: string, meta: SessionMeta) {
    const user = await findUserByIdentifier(this.db, identifier);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) throw new HttpError(401, serverMessages.invalidCredentials);
    const { token } = await createSession(this.db, user.id, meta);
    return { user, sessionToken: token };
  }

  /** Answers the same whether or not the address has an account; the email goes out in the background. */
  async forgotPassword(email: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user?.email || !user.passwordHash) return;
    await this.sendPasswordReset(user);
  }

  /** Mails the user a single-use reset link (also how an administrator resets a password without seeing one). */
  async sendPasswordReset(user: UserRow): Promise<void> {
    if (!user.email) return;
    const token = await this.issueToken(user.id, 'reset_password', RESET_TOKEN_TTL_MS);
    const url = `${this.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const to = user.email;
    this.background.run('password reset email', () => this.mailer.send(passwordResetEmail(to, user.username, url)));
  }

  /** An administrator made by another one (or at the break-glass page, without an email): its address counts as verified. */
  async createAdmin(input: { username: string; email: string | null; password: string; sendWelcomeEmail: boolean }) {
    const user = await this.insertUser({
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      emailVerified: true,
      role: 'admin',
      isAdmin: true,
    });
    const to = input.email;
    if (input.sendWelcomeEmail && to) {
      const url = `${this.config.appUrl}/admin/login`;
      this.background.run('admin welcome email', () => this.mailer.send(adminWelcomeEmail(to, user.username, url)));
    }
    return user;
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const userId = await this.consumeToken(token, 'reset_password', serverMessages.resetLinkInvalid);
    // Following a link sent to the address proves the address, too.
    await this.db
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await invalidateUserSessions(this.db, userId);
  }

  async verifyEmail(token: string): Promise<void> {
    const userId = await this.consumeToken(token, 'verify_email', serverMessages.verifyLinkInvalid);
    await this.db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async resendVerification(user: UserRow): Promise<void> {
    if (user.emailVerified) throw badRequest(serverMessages.alreadyVerified);
    await this.sendVerification(user);
  }

  async changePassword(
    userId: number,
    currentSessionId: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    const user = await findUserById(this.db, userId);
    if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest(serverMessages.currentPasswordWrong, {
        errors: { currentPassword: serverMessages.currentPasswordWrong },
      });
    }
    const passwordHash = await hashPassword(newPassword);
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await invalidateUserSessions(this.db, userId, currentSessionId);
  }

  /** Friendly messages for the common case; the unique indexes settle any race. */
  private async insertUser(values: Parameters<typeof createAccount>[1]): Promise<UserRow> {
    if (await findUserByUsername(this.db, values.username))
      throw conflict(serverMessages.usernameTaken, { errors: { username: serverMessages.usernameTaken } });
    if (values.email && (await findUserByEmail(this.db, values.email)))
      throw conflict(serverMessages.emailTaken, { errors: { email: serverMessages.emailTaken } });
    try {
      return (await createAccount(this.db, values, this.config.freeQuestions))!;
    } catch (error) {
      throw uniqueViolationToConflict(error);
    }
  }

  private async sendVerification(user: UserRow): Promise<void> {
    if (!user.email) return;
    const token = await this.issueToken(user.id, 'verify_email', VERIFY_TOKEN_TTL_MS);
    const url = `${this.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    const to = user.email;
    this.background.run('verification email', () => this.mailer.send(verificationEmail(to, user.username, url)));
  }

  /** A new link replaces the user's earlier unused ones of the same purpose. */
  private async issueToken(userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
    const token = generateToken();
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
      await tx
        .insert(emailTokens)
        .values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
    });
    return token;
  }

  /** Marks the token used in the same statement that checks it, so two clicks cannot both succeed. */
  private async consumeToken(token: string, purpose: TokenPurpose, invalidMessage: string): Promise<number> {
    const now = new Date();
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailTokens.userId });
    if (!row) throw badRequest(invalidMessage);
    return row.userId;
  }
}
