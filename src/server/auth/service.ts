import { and, eq, gt, isNull } from 'drizzle-orm';
import { serverMessages } from '../../common/messages';
import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '../../common/limits';
import type { RegisterInput } from '../../common/auth-schemas';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createAccount } from '../allowance/changes';
import { emailTokens, users } from '../db/schema';
import type { Mailer } from '../email/mailer';
import {
  adminWelcomeEmail,
  passwordResetEmail,
  registrationAttemptEmail,
  usernameTakenEmail,
  verificationEmail,
} from '../email/templates';
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
import { afterPasswordChange } from './password-change-service';
import { createSession } from './sessions';
import { generateToken, hashToken } from './tokens';

const usernameTaken = () =>
  conflict(serverMessages.usernameTaken, { errors: { username: serverMessages.usernameTaken } });

/** Whether a unique-violation conflict is about the email (the other unique name is the username). */
const isEmailConflict = (error: HttpError) => 'email' in ((error.extra.errors as object | undefined) ?? {});

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

  /**
   * Makes the account and mails its verification link, or, when the address already has an
   * account, mails that account's owner instead (when `notifyOwner` allows: the route's per-address
   * budget). The caller answers the same in both cases (decision 0035), so the new account, or null,
   * is for the route's own follow-up work only. A taken username is answered the same way too: the
   * address is told by email instead (decision 0060), within the same budget. Without
   * `withFreeQuestions` (the address's day's share of new accounts with free questions is used,
   * decision 0060) the account opens with none.
   */
  async register(
    input: RegisterInput,
    { notifyOwner, withFreeQuestions = true }: { notifyOwner: boolean; withFreeQuestions?: boolean },
  ): Promise<UserRow | null> {
    // Hashed before any branch, so every case takes about the same time (argon2 is nearly all of it).
    const passwordHash = await hashPassword(input.password);
    const owner = await findUserByEmail(this.db, input.email);
    if (owner) {
      if (notifyOwner) await this.sendRegistrationAttemptNotice(owner);
      return null;
    }
    if (await findUserByUsername(this.db, input.username)) {
      if (notifyOwner) this.sendUsernameTakenNotice(input.email, input.username);
      return null;
    }
    let user: UserRow;
    try {
      user = (await createAccount(
        this.db,
        { username: input.username, email: input.email, passwordHash },
        withFreeQuestions ? this.config.freeQuestions : 0,
      ))!;
    } catch (error) {
      const mapped = uniqueViolationToConflict(error);
      // A registration for the same address won the race: the same neutral answer and notice as above.
      if (mapped instanceof HttpError && isEmailConflict(mapped)) {
        const winner = await findUserByEmail(this.db, input.email);
        if (winner && notifyOwner) await this.sendRegistrationAttemptNotice(winner);
        return null;
      }
      // A registration for the same username won the race: told by email, as above.
      if (mapped instanceof HttpError && mapped.statusCode === 409) {
        if (notifyOwner) this.sendUsernameTakenNotice(input.email, input.username);
        return null;
      }
      throw mapped;
    }
    // The link is made with the email, after the answer: a known address's answer waits for one
    // write (its notice's reset link), so a new one waits for one too (its account), not two.
    this.background.run('verification email', () => this.sendVerification(user));
    return user;
  }

  /** Tells the address of a registration that its username is taken, with the way back to the form. */
  private sendUsernameTakenNotice(to: string, username: string): void {
    const registerUrl = `${this.config.appUrl}/auth?tab=register`;
    this.background.run('username taken email', () => this.mailer.send(usernameTakenEmail(to, username, registerUrl)));
  }

  /**
   * Tells an address's owner that someone tried to register with it, with a way to sign in and a
   * fresh reset link (as forgot-password would send): an owner who forgot the account finds it again.
   */
  private async sendRegistrationAttemptNotice(owner: UserRow): Promise<void> {
    if (!owner.email) return;
    const token = await this.issueToken(owner.id, 'reset_password', RESET_TOKEN_TTL_MS);
    const resetUrl = `${this.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const signInUrl = `${this.config.appUrl}/auth`;
    const to = owner.email;
    this.background.run('registration attempt email', () =>
      this.mailer.send(registrationAttemptEmail(to, owner.username, { signInUrl, resetUrl })),
    );
  }

  /**
   * Signs in whenever the password is right. Otherwise answers the key the route counts the failure
   * under (decision 0060): the account itself when the identifier names one, so alternating its email
   * and username earns no extra attempts, else the identifier, so an unknown name is counted alike.
   */
  async login(
    identifier: string,
    password: string,
    meta: SessionMeta,
  ): Promise<{ user: UserRow; sessionToken: string } | { failureKey: string }> {
    const user = await findUserByIdentifier(this.db, identifier);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) return { failureKey: user ? `user:${user.id}` : `name:${identifier.trim().toLowerCase()}` };
    const { token } = await createSession(this.db, user.id, meta);
    return { user, sessionToken: token };
  }

  /**
   * Returns at once: the lookup, the link's write and its email all run after the route has answered,
   * so a known address's answer waits for no more than an unknown one's (decision 0060).
   */
  forgotPassword(email: string): void {
    this.background.run('password reset', async () => {
      const user = await findUserByEmail(this.db, email);
      if (user?.email && user.passwordHash) await this.sendPasswordReset(user);
    });
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
    await afterPasswordChange(this.db, userId);
  }

  /**
   * Marks the address verified and answers the account, which the route may sign in (decision 0035).
   * A link that no longer works answers `already_verified` when its account is verified by now (opened
   * twice, a mail scanner's prefetch, the back button), and is refused as `expired` when it was real
   * but ran out or was replaced, else as `invalid` (decision 0042).
   */
  async verifyEmail(token: string): Promise<{ user: UserRow; status: 'verified' | 'already_verified' }> {
    const userId = await this.takeToken(token, 'verify_email');
    if (userId !== null) {
      const [user] = await this.db
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return { user: user!, status: 'verified' };
    }
    const [spent] = await this.db
      .select({ userId: emailTokens.userId })
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'verify_email')))
      .limit(1);
    const owner = spent ? await findUserById(this.db, spent.userId) : undefined;
    if (owner?.emailVerified) return { user: owner, status: 'already_verified' };
    if (owner) throw badRequest(serverMessages.verifyLinkExpired, { reason: 'expired' });
    throw badRequest(serverMessages.verifyLinkInvalid, { reason: 'invalid' });
  }

  /** A session for an account whose owner just proved the address (the verification link). */
  async startSession(userId: number, meta: SessionMeta): Promise<string> {
    return (await createSession(this.db, userId, meta)).token;
  }

  async resendVerification(user: UserRow): Promise<void> {
    if (user.emailVerified) throw badRequest(serverMessages.alreadyVerified);
    await this.sendVerification(user);
  }

  /**
   * The signed-out way to a new link: the caller learns nothing (the route answers the same for any
   * address), and the lookup runs after the answer so its time tells nothing either (decision 0042).
   */
  resendVerificationTo(email: string): void {
    this.background.run('verification resend', async () => {
      const user = await findUserByEmail(this.db, email);
      if (user && !user.emailVerified) await this.sendVerification(user);
    });
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
    await afterPasswordChange(this.db, userId, currentSessionId);
  }

  /** Friendly messages for the common case; the unique indexes settle any race. */
  private async insertUser(values: Parameters<typeof createAccount>[1]): Promise<UserRow> {
    if (await findUserByUsername(this.db, values.username)) throw usernameTaken();
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

  private async consumeToken(token: string, purpose: TokenPurpose, invalidMessage: string): Promise<number> {
    const userId = await this.takeToken(token, purpose);
    if (userId === null) throw badRequest(invalidMessage);
    return userId;
  }

  /** Marks the token used in the same statement that checks it, so two clicks cannot both succeed. */
  private async takeToken(token: string, purpose: TokenPurpose): Promise<number | null> {
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
    return row?.userId ?? null;
  }
}
