import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { settings } from '../db/schema';
import type { SecretBox } from './secret-box';

/** Named settings that the admin console edits and the server reads; secrets are sealed at rest. */
export class SettingsService {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.getMany([key]))[key];
  }

  async getMany<K extends string>(keys: K[]): Promise<Partial<Record<K, string>>> {
    if (keys.length === 0) return {};
    const rows = await this.db.select().from(settings).where(inArray(settings.key, keys));
    const out: Partial<Record<K, string>> = {};
    for (const row of rows) out[row.key as K] = row.isSecret ? this.box.decrypt(row.value) : row.value;
    return out;
  }

  async set(key: string, value: string | null, options: { secret?: boolean } = {}): Promise<void> {
    if (value === null || value === '') {
      await this.db.delete(settings).where(eq(settings.key, key));
      return;
    }
    const isSecret = options.secret ?? false;
    const stored = isSecret ? this.box.encrypt(value) : value;
    await this.db
      .insert(settings)
      .values({ key, value: stored, isSecret })
      .onConflictDoUpdate({ target: settings.key, set: { value: stored, isSecret, updatedAt: new Date() } });
  }
}

export const settingKeys = {
  sendgridApiKey: 'email.sendgridApiKey',
  emailFrom: 'email.from',
  emailFromName: 'email.fromName',
  /** 'true' while the administrator has turned "Search the web" off (issue 17, item 2); unset = allowed. */
  webSearchOff: 'queries.webSearchOff',
} as const;

/** Whether questions may turn on "Search the web" (the administrator can turn it off). */
export async function webSearchAllowed(settings: SettingsService): Promise<boolean> {
  return (await settings.get(settingKeys.webSearchOff)) !== 'true';
}

export async function setWebSearchAllowed(settings: SettingsService, allowed: boolean): Promise<void> {
  await settings.set(settingKeys.webSearchOff, allowed ? null : 'true');
}
