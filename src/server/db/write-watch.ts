import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';

// What lets a process cache reads without serving what it has itself changed (decision 0029): every
// statement the app sends is seen at the driver, below Drizzle, so no writer can forget to say that
// it wrote. A write moves its tables' version twice: when it is sent, and when it is settled (at its
// own end outside a transaction, at COMMIT or ROLLBACK inside one). A cached read of a table is kept
// only if the table's version did not move while it ran, and the cache empties whenever it has moved
// (ReadCache, read-cache.ts): so nothing read before a change of ours outlives its settling.

const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const TRUNCATE = /\btruncate\s+(?:table\s+)?([^;]+)/gi;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const END = /^\s*(?:commit|end|abort|rollback)\b(?!\s+to\b)/i;

/** The tables a statement writes (a `for update` or `do update` may add a word that is no table: harmless). */
export function writtenTables(statement: string): string[] {
  const tables = new Set<string>();
  for (const match of statement.matchAll(WRITE)) tables.add(match[1]!.toLowerCase());
  for (const match of statement.matchAll(TRUNCATE)) {
    for (const item of match[1]!.split(',')) {
      const name = item
        .replace(/"/g, '')
        .trim()
        .replace(/^only\s+/i, '')
        .split(/\s/)[0]!;
      tables.add(name.toLowerCase());
    }
  }
  return [...tables];
}

/** One connection's open transaction: the writes it holds until it ends. */
interface ConnectionState {
  inTransaction: boolean;
  held: string[][];
}

export class WriteWatch {
  private readonly versions = new Map<string, number>();

  /** Changes whenever a write to any of `tables` starts or settles. */
  version(tables: readonly string[]): number {
    let sum = 0;
    for (const table of tables) sum += this.versions.get(table) ?? 0;
    return sum;
  }

  /** Moves the tables' version: a write to them was sent, or has settled. */
  private touch(tables: readonly string[]): void {
    for (const table of tables) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  private settleTransaction(state: ConnectionState): void {
    for (const tables of state.held) this.touch(tables);
    state.held = [];
    state.inTransaction = false;
  }

  /**
   * Called as a statement is sent on a connection; returns what to call once it has finished
   * (successfully or not).
   */
  private statement(state: ConnectionState, text: string | undefined): () => void {
    if (text === undefined) return noop;
    if (BEGIN.test(text)) {
      state.inTransaction = true;
      return noop;
    }
    if (END.test(text)) return () => this.settleTransaction(state);
    const tables = writtenTables(text);
    if (tables.length === 0) return noop;
    this.touch(tables);
    if (state.inTransaction) {
      state.held.push(tables);
      return noop;
    }
    return () => this.touch(tables);
  }

  /** Watches every connection the pool opens (node-postgres). */
  watchPool(pool: pg.Pool): void {
    pool.on('connect', (client) => this.watchPgClient(client));
  }

  private watchPgClient(client: pg.PoolClient): void {
    const state: ConnectionState = { inTransaction: false, held: [] };
    // A connection lost inside a transaction rolled it back: what it held is settled.
    client.on('end', () => this.settleTransaction(state));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const done = this.statement(state, typeof first === 'string' ? first : first?.text);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...results: unknown[]) => void;
        args[last] = (...results: unknown[]) => {
          done();
          callback(...results);
        };
        return query(...args);
      }
      try {
        const result = query(...args);
        if (result instanceof Promise) return result.finally(done);
        done();
        return result;
      } catch (error) {
        done();
        throw error;
      }
    };
  }

  /** Watches an embedded PGlite database: its own statements and its transactions'. */
  watchPglite(client: PGlite): void {
    const outside: ConnectionState = { inTransaction: false, held: [] };
    client.query = this.watched(client.query.bind(client), outside);
    client.exec = this.watched(client.exec.bind(client), outside);
    const transaction = client.transaction.bind(client);
    client.transaction = (<T>(callback: (tx: PgliteTransaction) => Promise<T>) => {
      const state: ConnectionState = { inTransaction: true, held: [] };
      return transaction((tx) => {
        tx.query = this.watched(tx.query.bind(tx), state);
        tx.exec = this.watched(tx.exec.bind(tx), state);
        return callback(tx);
      }).finally(() => this.settleTransaction(state));
    }) as PGlite['transaction'];
  }

  /** `run` (a PGlite query or exec), telling this watch of each statement as it is sent and when it ends. */
  private watched<F extends (text: string, ...rest: never[]) => Promise<unknown>>(run: F, state: ConnectionState): F {
    return ((text: string, ...rest: never[]) => {
      const done = this.statement(state, text);
      return run(text, ...rest).finally(done);
    }) as F;
  }
}

function noop(): void {}
