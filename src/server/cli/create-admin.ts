import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { usernameSchema } from '../../common/auth-schemas';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../common/limits';
import { validationMessages } from '../../common/messages';
import { hashPassword } from '../auth/passwords';
import { afterPasswordChange } from '../auth/password-change-service';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createAccount } from '../allowance/changes';
import { lockDataDir } from '../db/data-dir-lock';
import { recordAudit } from '../audit/audit-log';
import { users } from '../db/schema';
import { findUserByEmail, findUserByUsername } from '../users/repository';

const usage = 'Usage: npm run admin:create -- --email EMAIL --username USERNAME --password PASSWORD';

const argsSchema = z.object({
  email: z.email(validationMessages.email),
  username: usernameSchema,
  password: z.string().min(PASSWORD_MIN, validationMessages.passwordMin).max(PASSWORD_MAX).optional(),
});

/** Creates an administrator, or promotes the account with that email or username (setting its password when one is given). */
export async function createOrPromoteAdmin(db: Database, freeQuestions: number, input: z.infer<typeof argsSchema>) {
  const existing = (await findUserByEmail(db, input.email)) ?? (await findUserByUsername(db, input.username));
  if (existing) {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    await db
      .update(users)
      .set({
        role: 'admin',
        isAdmin: true,
        emailVerified: true,
        updatedAt: new Date(),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, existing.id));
    if (passwordHash) await afterPasswordChange(db, existing.id);
    await recordAudit(db, null, { actorUserId: null, action: 'admin.promoted_by_cli', targetUserId: existing.id });
    return { action: 'promoted' as const, id: existing.id, username: existing.username };
  }
  if (!input.password) throw new Error(`--password is required to create a new administrator.\n${usage}`);
  const created = await createAccount(
    db,
    {
      username: input.username,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      emailVerified: true,
      role: 'admin',
      isAdmin: true,
    },
    freeQuestions,
  );
  await recordAudit(db, null, { actorUserId: null, action: 'admin.created_by_cli', targetUserId: created!.id });
  return { action: 'created' as const, id: created!.id, username: created!.username };
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`${problems}\n${usage}`);
  }
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await createOrPromoteAdmin(database.db, config.freeQuestions, parsed.data);
    console.log(`Administrator ${result.action}: #${result.id} ${result.username}`);
  } finally {
    await database.close();
    unlock();
  }
}

if (process.argv[1] && /create-admin\.(ts|js)$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
