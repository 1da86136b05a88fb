import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/**
 * Counts failed attempts per key (client IP and call) in a fixed window. Past `max` failures in the
 * window, the key is blocked until the window ends, whatever it sends. In memory: one process.
 */
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(key: string): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    if (this.now() >= e.resetAt) {
      this.entries.delete(key);
      return false;
    }
    return e.count >= this.max;
  }

  fail(key: string): void {
    const now = this.now();
    const e = this.entries.get(key);
    if (!e || now >= e.resetAt) {
      if (this.entries.size > 50_000) this.prune(now);
      this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      e.count++;
    }
  }

  private prune(now: number) {
    for (const [k, e] of this.entries) if (now >= e.resetAt) this.entries.delete(k);
  }
}

/**
 * The same failure counts behind one interface, wherever they are kept (issue 17): in this process
 * (SQLite: one process), or in the database every process shares (PostgreSQL), so failures on one
 * server count on all and a blocked client is blocked everywhere.
 */
export interface FailureStore {
  isBlocked(key: string): Promise<boolean>;
  fail(key: string): Promise<void>;
}

/** The counts of one process (FailureLimiter). */
export function memoryFailureStore(
  max: number,
  windowMs: number,
  now: () => number = Date.now,
): FailureStore {
  const limiter = new FailureLimiter(max, windowMs, now);
  return {
    isBlocked: async (key) => limiter.isBlocked(key),
    fail: async (key) => limiter.fail(key),
  };
}

/** A count never grows past this (a client failing forever keeps an int column in range). */
const COUNT_MAX = 1_000_000;
/** Keys are a call and a client address: longer ones are cut (they still count, per prefix). */
const KEY_MAX_CHARS = 200;
/** The database's clock in epoch ms: every process counts windows on the same clock. */
const NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * The counts in PostgreSQL's `auth_failure` table (migration 017, UNLOGGED: a database crash forgets
 * failures, which only lets a client try again sooner): one row per key and window, an upsert per
 * failure, a read per check. `scope` keeps the keys of different limits apart in the one table. Rows
 * of ended windows are deleted at most once per window by each process.
 */
export function postgresFailureStore(
  db: Kysely<unknown>,
  opts: { max: number; windowMs: number; scope: string },
): FailureStore {
  const { max, windowMs } = opts;
  const keyOf = (key: string) => `${opts.scope}:${key}`.slice(0, KEY_MAX_CHARS);
  let prunedAt = 0;
  return {
    async isBlocked(key) {
      const r = await sql<{ blocked: boolean }>`
        SELECT count >= ${max} AS blocked FROM auth_failure
        WHERE key = ${keyOf(key)} AND reset_at > ${NOW_MS}`.execute(db);
      return r.rows[0]?.blocked === true;
    },
    async fail(key) {
      await sql`
        INSERT INTO auth_failure (key, count, reset_at) VALUES (${keyOf(key)}, 1, ${NOW_MS} + ${windowMs})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN auth_failure.reset_at <= ${NOW_MS} THEN 1
                       ELSE LEAST(auth_failure.count + 1, ${COUNT_MAX}) END,
          reset_at = CASE WHEN auth_failure.reset_at <= ${NOW_MS} THEN excluded.reset_at
                          ELSE auth_failure.reset_at END`.execute(db);
      const now = Date.now();
      if (now - prunedAt >= windowMs) {
        prunedAt = now;
        await sql`DELETE FROM auth_failure WHERE reset_at <= ${NOW_MS}`.execute(db);
      }
    },
  };
}

/** Failure counts for a database: shared through PostgreSQL, in memory on SQLite (one process). */
export function createFailureStore(
  store: Pick<Db, 'db' | 'dialect'>,
  opts: { max: number; windowMs: number; scope: string },
): FailureStore {
  return store.dialect === 'postgres'
    ? postgresFailureStore(store.db as Kysely<unknown>, opts)
    : memoryFailureStore(opts.max, opts.windowMs);
}
