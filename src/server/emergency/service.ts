import { verify } from '@node-rs/argon2';
import { asc, eq, or } from 'drizzle-orm';
import {
  hasSpecialCharacters,
  type CreateEmergencyAdminInput,
  type EmergencyAdmin,
  type PasswordCompareResult,
} from '../../common/emergency-schemas';
import { verifyPassword } from '../auth/passwords';
import type { AuthService } from '../auth/service';
import { createSession } from '../auth/sessions';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { findUserById, isAdminUser, type UserRow } from '../users/repository';
import { describeHash } from './hash-info';

export type EmergencyAction =
  | 'emergency.list_admins'
  | 'emergency.password_compare'
  | 'emergency.force_login'
  | 'emergency.create_admin'
  | 'emergency.bad_token';

export interface EmergencyAuditEntry {
  action: EmergencyAction;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
}

/** The rules behind the break-glass calls; the routes check the token before any of this runs. */
export class EmergencyService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
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

  createAdmin(input: CreateEmergencyAdminInput): Promise<UserRow> {
    return this.auth.createAdmin({ ...input, email: null, sendWelcomeEmail: false });
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
