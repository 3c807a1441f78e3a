import { eq, isNull, or, sql } from 'drizzle-orm';
import { modelCatalogue, modelKeys, type ModelKey } from '../../common/models';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { apiKeys } from '../db/schema';
import type { SecretBox } from '../settings/secret-box';
import { isAdminUser, type UserRow } from '../users/repository';
import { vendorEnvPrefix, type ModelCredentials } from './language-models';

export interface ServerKey {
  credentials: ModelCredentials | null;
  /** The version it answers with: the one chosen for it (even while no key is set), else the default. */
  version: string;
  source: 'admin' | 'environment' | 'none';
  savedAt: Date | null;
  baseUrl: string | null;
}

/**
 * Where a model's key comes from, first match wins (docs/architecture.md, "Security rules"): the signed-in user's own
 * key, the administrator's server-wide key, then the environment. Base URLs come from the
 * environment only, since a browser must never choose where our server sends requests.
 */
export class CredentialStore {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly config: Config,
  ) {}

  async resolveAll(userId: number | null): Promise<Record<ModelKey, ModelCredentials | null>> {
    const rows = await this.db
      .select()
      .from(apiKeys)
      .where(userId === null ? isNull(apiKeys.userId) : or(isNull(apiKeys.userId), eq(apiKeys.userId, userId)));
    const serverRows = new Map(rows.filter((r) => r.userId === null).map((r) => [r.model, r]));
    const userRows = new Map(rows.filter((r) => userId !== null && r.userId === userId).map((r) => [r.model, r]));
    const out = {} as Record<ModelKey, ModelCredentials | null>;
    for (const model of modelKeys) {
      const row = userRows.get(model) ?? serverRows.get(model);
      const env = this.config.vendors[vendorEnvPrefix[model]];
      // A server row without a key only chooses the version the environment's key answers with.
      const apiKey = row?.encryptedKey ? this.box.decrypt(row.encryptedKey) : env.apiKey;
      const version = row?.apiVersion || modelCatalogue[model].defaultVersion;
      // Llama has no single vendor: it is configured by pointing LLAMA_BASE_URL at a host, which
      // may need no key at all (a local Ollama).
      const configured = model === 'llama' ? Boolean(env.baseUrl) : Boolean(apiKey);
      out[model] = configured ? { apiKey, baseUrl: env.baseUrl, version } : null;
    }
    return out;
  }

  /**
   * The keys that answer for everyone (no user's own), with where each comes from: the key an
   * administrator saved, else the environment's (the admin console's AI models section).
   */
  async serverKeys(): Promise<Record<ModelKey, ServerKey>> {
    const rows = await this.db.select().from(apiKeys).where(isNull(apiKeys.userId));
    const saved = new Map(rows.map((r) => [r.model, r]));
    const resolved = await this.resolveAll(null);
    const out = {} as Record<ModelKey, ServerKey>;
    for (const model of modelKeys) {
      const row = saved.get(model);
      const env = this.config.vendors[vendorEnvPrefix[model]];
      const credentials = resolved[model];
      out[model] = {
        credentials,
        version: credentials?.version ?? (row?.apiVersion || modelCatalogue[model].defaultVersion),
        source: row?.encryptedKey ? 'admin' : credentials ? 'environment' : 'none',
        savedAt: row?.updatedAt ?? null,
        baseUrl: env.baseUrl ?? null,
      };
    }
    return out;
  }

  /**
   * Saves a key sent by a signed-in caller: an administrator sets the server-wide key, anyone else a
   * personal key used for their own questions only.
   */
  async saveFor(
    caller: Pick<UserRow, 'id' | 'role' | 'isAdmin'>,
    model: ModelKey,
    apiKey: string,
    apiVersion: string | undefined,
  ): Promise<void> {
    await this.save(isAdminUser(caller) ? null : caller.id, model, apiKey, apiVersion);
  }

  /**
   * The version the server-wide key answers with, set without the key (issue 17, item 1): on the saved
   * key when there is one, else on a row of its own for the environment's key.
   */
  async saveServerVersion(model: ModelKey, apiVersion: string): Promise<void> {
    // One statement, so two administrators saving at once cannot both insert.
    await this.db
      .insert(apiKeys)
      .values({ userId: null, model, encryptedKey: null, apiVersion })
      .onConflictDoUpdate({
        target: apiKeys.model,
        targetWhere: isNull(apiKeys.userId),
        set: { apiVersion, updatedAt: new Date() },
      });
  }

  /** Saves a server-wide key (userId null) or a user's personal key, sealed. */
  private async save(
    userId: number | null,
    model: ModelKey,
    apiKey: string,
    apiVersion: string | undefined,
  ): Promise<void> {
    const values = {
      userId,
      model,
      encryptedKey: this.box.encrypt(apiKey),
      apiVersion: apiVersion || null,
      updatedAt: new Date(),
    };
    const set = { encryptedKey: values.encryptedKey, apiVersion: values.apiVersion, updatedAt: values.updatedAt };
    // One statement on the pair's partial unique index, so two saves (or a save and saveServerVersion)
    // cannot race each other into a duplicate.
    await this.db
      .insert(apiKeys)
      .values(values)
      .onConflictDoUpdate(
        userId === null
          ? { target: apiKeys.model, targetWhere: isNull(apiKeys.userId), set }
          : { target: [apiKeys.userId, apiKeys.model], targetWhere: sql`${apiKeys.userId} is not null`, set },
      );
  }
}
