import type SQLite from 'better-sqlite3';
import type { Db } from '../index.ts';
import { type AsyncSensorStoreOps, runAsync, runSync, type SensorStoreOps, type StoreWork } from './ops.ts';
import { createPostgresOps } from './postgres.ts';
import { createSqliteOps } from './sqlite.ts';

export * from './ops.ts';
export { isTransientDbError } from './transient.ts';

/**
 * Runs sensor-store work atomically: in one SQLite transaction (synchronously, so no other request
 * interleaves) or in one PostgreSQL transaction. Work runs one at a time per process; between
 * processes on one PostgreSQL, work that starts with `lockNodes` holds its nodes until it commits,
 * so two batches never race on the same sensor's maturity state.
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

export function createSensorStore(store: Db): SensorStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  if (store.raw.dialect === 'sqlite') return createSqliteStore(store.raw.sqlite);
  const { pool } = store.raw;
  return {
    run: (work) =>
      serial(async () => {
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
