import type SQLite from 'better-sqlite3';
import type { Db } from '../index.ts';
import { type AsyncSensorStoreOps, runAsync, runSync, type SensorStoreOps, type StoreWork } from './ops.ts';
import { createPostgresOps } from './postgres.ts';
import { createSqliteOps } from './sqlite.ts';

export * from './ops.ts';
export { isTransientDbError } from './transient.ts';

/**
 * Runs sensor-store work atomically: in one SQLite transaction (synchronously, so no other request
 * interleaves) or in one PostgreSQL transaction. On SQLite works run one at a time; on PostgreSQL up
 * to PG_WORKS_AT_ONCE per process, and work that starts with `lockNodes` holds its nodes until it
 * commits, whichever process runs it, so two batches never race on the same sensor's maturity state.
 */
export interface SensorStore {
  run<T>(work: () => StoreWork<T>): Promise<T>;
}

/** At most this many queued works share one SQLite transaction. */
const GROUP_MAX = 32;

/**
 * SQLite: works that queue while one runs share the next transaction (group commit): a commit
 * costs more than a thousand inserts. If any work of a group fails, the group is rolled back and
 * each work runs again in a transaction of its own, so only the failing one fails.
 */
function createSqliteStore(sqlite: SQLite.Database): SensorStore {
  type Pending = { work: () => StoreWork<unknown>; resolve(v: unknown): void; reject(e: unknown): void };
  let ops: SensorStoreOps | undefined;
  const runGroup = sqlite.transaction((group: Pending[], o: SensorStoreOps) =>
    group.map((g) => runSync(g.work(), o)),
  );
  const pending: Pending[] = [];
  let draining = false;
  const nextTurn = () => new Promise((r) => setImmediate(r));

  async function drain() {
    if (draining) return;
    draining = true;
    try {
      // One turn of the event loop first, so requests parsed together are committed together.
      await nextTurn();
      while (pending.length > 0) {
        // A Kysely transaction holds the same connection across awaits: let it finish first.
        while (sqlite.inTransaction) await nextTurn();
        ops ??= createSqliteOps(sqlite);
        const group = pending.splice(0, GROUP_MAX);
        try {
          const values = runGroup.immediate(group, ops);
          for (const [i, g] of group.entries()) g.resolve(values[i]);
        } catch (error) {
          if (group.length === 1) group[0].reject(error);
          else {
            for (const g of group) {
              try {
                g.resolve(runGroup.immediate([g], ops)[0]);
              } catch (e) {
                g.reject(e);
              }
            }
          }
        }
        if (pending.length > 0) await nextTurn();
      }
    } finally {
      draining = false;
    }
  }

  return {
    run: <T>(work: () => StoreWork<T>) =>
      new Promise<T>((resolve, reject) => {
        pending.push({ work, resolve: resolve as (v: unknown) => void, reject });
        void drain();
      }),
  };
}

/**
 * PostgreSQL: works of one process that may run at once, each in its own transaction on its own
 * pooled client (the pool holds 10). Works that share a node still run one after the other: each
 * first takes its nodes' advisory locks, in ascending order (lockNodes), exactly as works of several
 * processes do. While one work waits for a round trip, the others use the connection time.
 */
export const PG_WORKS_AT_ONCE = 4;

/** Runs at most `max` calls at once; a finished call hands its place to the longest waiting. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export function createSensorStore(store: Db): SensorStore {
  if (store.raw.dialect === 'sqlite') return createSqliteStore(store.raw.sqlite);
  const { pool } = store.raw;
  const limit = limiter(PG_WORKS_AT_ONCE);
  return {
    run: (work) =>
      limit(async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const ops: AsyncSensorStoreOps = createPostgresOps(client);
          const result = await runAsync(work(), ops);
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      }),
  };
}
