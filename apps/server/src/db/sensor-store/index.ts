import type { Db } from '../index.ts';
import { type AsyncSensorStoreOps, runAsync, runSync, type StoreWork } from './ops.ts';
import { createPostgresOps } from './postgres.ts';
import { createSqliteOps } from './sqlite.ts';

export * from './ops.ts';

/**
 * Runs sensor-store work atomically: in one SQLite transaction (synchronously, so no other request
 * interleaves) or in one PostgreSQL transaction. Work runs one at a time per process, so two
 * batches never race on the same sensor's maturity state.
 */
export interface SensorStore {
  run<T>(work: () => StoreWork<T>): Promise<T>;
}

export function createSensorStore(store: Db): SensorStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  if (store.raw.dialect === 'sqlite') {
    const { sqlite } = store.raw;
    let ops: ReturnType<typeof createSqliteOps> | undefined;
    return {
      run: (work) =>
        serial(async () => {
          // A Kysely transaction holds the same connection across awaits: let it finish first.
          while (sqlite.inTransaction) await new Promise((r) => setImmediate(r));
          ops ??= createSqliteOps(sqlite);
          const o = ops;
          return sqlite.transaction(() => runSync(work(), o)).immediate();
        }),
    };
  }
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
