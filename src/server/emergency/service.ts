import { verify } from '@node-rs/argon2';
import { asc, eq, or } from 'drizzle-orm';
import {
  hasSpecialCharacters,
  type CreateEmergencyAdminInput,
  type EmergencyAdmin,
  type PasswordCompareResult,
} from '../../common/emergency-schemas';
import { serverMessages } from '../../common/messages';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { createSession } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { auditLog, users } from '../db/schema';
import { conflict } from '../http/errors';
import { findUserById, findUserByUsername, isAdminUser, type UserRow } from '../users/repository';
import { describeHash } from './hash-info';

export type EmergencyAction =
  | 'emergency.list_admins'
  | 'emergency.password_compare'
  | 'emergency.force_login'
  | 'emergency.create_admin'
  | 'emergency.bad_token';

export interface AuditEntry {
  action: EmergencyAction;
  ipAddress: string;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
}

/** The rules behind the break-glass calls; the routes check the token before any of this runs. */
export class EmergencyService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  async listAdmins(onlyId?: number): Promise<EmergencyAdmin[]> {
    const rows = await this.db
      .select()
      .from(users)
      .where(or(eq(users.role, 'admin'), eq(users.isAdmin, true)))
      .orderBy(asc(users.id));
    return rows.filter((row) => onlyId === undefined || row.id === onlyId).map(toEmergencyAdmin);
  }

  async findAdmin(id: number): Promise<UserRow | undefined> {
    const user = await findUserById(this.db, id);
    return user && isAdminUser(user) ? user : undefined;
  }

  /** Compares on the server, so the stored hash is never needed anywhere else. */
  async comparePassword(admin: UserRow, password: string): Promise<PasswordCompareResult> {
    const info = describeHash(admin.passwordHash);
    const [bcryptMatch, helperMatch] = await Promise.all([
      directMatch(admin.passwordHash, password),
      verifyPassword(admin.passwordHash, password),
    ]);
    return {
      bcryptMatch,
      helperMatch,
      plaintext: '*'.repeat(password.length),
      plaintextLength: password.length,
      hashStart: info.hashPrefix,
      hashLength: info.length,
      specialCharsMatch: hasSpecialCharacters(password),
      adminUsers: await this.listAdmins(),
    };
  }

  startSession(admin: UserRow, meta: { userAgent?: string; ipAddress?: string }) {
    return createSession(this.db, admin.id, meta);
  }

  async createAdmin(input: CreateEmergencyAdminInput): Promise<UserRow> {
    if (await findUserByUsername(this.db, input.username)) throw usernameTaken();
    const passwordHash = await hashPassword(input.password);
    try {
      const [created] = await this.db
        .insert(users)
        .values({
          username: input.username,
          email: null,
          passwordHash,
          emailVerified: true,
          role: 'admin',
          isAdmin: true,
          freeQuestionsRemaining: this.config.freeQuestions,
        })
        .returning();
      return created!;
    } catch (error) {
      // Two creations of one name at once: the unique index settles it.
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({
      actorUserId: null,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      details: entry.details ?? null,
      ipAddress: entry.ipAddress,
    });
  }
}

export function toEmergencyAdmin(user: UserRow): EmergencyAdmin {
  const info = describeHash(user.passwordHash);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: isAdminUser(user) ? 'admin' : 'user',
    hashType: info.hashType,
    passwordLength: info.length,
    hashPrefix: info.hashPrefix,
  };
}

// The library's own verdict beside the helper's, so a fault in the helper would show as a mismatch.
async function directMatch(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

const usernameTaken = () =>
  conflict(serverMessages.usernameTaken, { errors: { username: serverMessages.usernameTaken } });

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === '23505';
}
