import type { Database } from './client';
import type { WriteWatch } from './write-watch';

/**
 * How old a cached read may be. Another instance's writes reach this one's cache only by expiry, so
 * this is the promise to them: what they commit is seen here within a second (decision 0029).
 */
export const CACHED_READ_MAX_AGE_MS = 1000;
const MAX_ENTRIES = 10_000;

const watches = new WeakMap<Database, WriteWatch>();

/** Ties a database handle to the watch of its connections (db/client.ts, on opening it). */
export function registerWriteWatch(db: Database, watch: WriteWatch): void {
  watches.set(db, watch);
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

interface Shelf<K, V> {
  watch: WriteWatch;
  entries: Map<K, Entry<V>>;
  /** The watch's version of the tables when `entries` was last emptied. */
  version: number;
}

/**
 * A short-lived in-process cache of reads of `tables`, kept per database handle. What this process
 * writes to those tables empties it at once (WriteWatch); what other processes write shows within
 * CACHED_READ_MAX_AGE_MS. A handle opened without a watch (a transaction) is never cached. Values are
 * shared between requests, so they are frozen, all the way down: a caller that changes one fails
 * loudly instead of changing another request's answer.
 */
export class ReadCache<K, V> {
  private readonly shelves = new WeakMap<Database, Shelf<K, V>>();

  constructor(
    private readonly tables: readonly string[],
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  async read(db: Database, key: K, load: () => Promise<V>): Promise<V> {
    const shelf = this.shelfOf(db);
    if (!shelf) return load();
    const startedAt = Date.now();
    const versionBefore = shelf.watch.version(this.tables);
    if (versionBefore !== shelf.version) {
      shelf.entries.clear();
      shelf.version = versionBefore;
    } else {
      const hit = shelf.entries.get(key);
      if (hit && hit.expiresAt > startedAt) return hit.value;
    }
    const value = deepFreeze(await load());
    // Kept only if nothing wrote these tables while it was read: else it may predate a change of ours.
    if (shelf.watch.version(this.tables) === versionBefore && shelf.version === versionBefore) {
      this.store(shelf, key, { value, expiresAt: startedAt + CACHED_READ_MAX_AGE_MS }, startedAt);
    }
    return value;
  }

  private shelfOf(db: Database): Shelf<K, V> | undefined {
    let shelf = this.shelves.get(db);
    if (!shelf) {
      const watch = watches.get(db);
      if (!watch) return undefined;
      shelf = { watch, entries: new Map(), version: -1 };
      this.shelves.set(db, shelf);
    }
    return shelf;
  }

  private store(shelf: Shelf<K, V>, key: K, entry: Entry<V>, now: number): void {
    const { entries } = shelf;
    entries.delete(key);
    // Entries go in roughly in expiry order, so the expired ones are at the front.
    for (const [oldKey, old] of entries) {
      if (old.expiresAt > now && entries.size < this.maxEntries) break;
      entries.delete(oldKey);
    }
    entries.set(key, entry);
  }
}

/**
 * What `compute` makes of a cached (frozen) value: made once per value and frozen too, so that the
 * answer built from a cached read is encoded once (http/response-schemas.ts). Anything not frozen is
 * not cached, and is computed afresh.
 */
export function derivedFromCached<S extends object, R>(memo: WeakMap<S, R>, source: S, compute: () => R): R {
  if (!Object.isFrozen(source)) return compute();
  let result = memo.get(source);
  if (result === undefined) {
    result = deepFreeze(compute());
    memo.set(source, result);
  }
  return result;
}

function deepFreeze<V>(value: V): V {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
