import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db.ts';
import { createSensorStore, op } from './index.ts';
import { NODE_LOCK_SPACE } from './postgres.ts';

/**
 * On PostgreSQL one process runs several sensor-store works at once (PG_WORKS_AT_ONCE): a batch of one
 * node does not wait for a batch of another, while batches of one node still go one after the other
 * (its advisory lock), as they do across processes (docs/decisions/ingest-throughput.md).
 */
describe('sensor store on PostgreSQL', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("stores a work of one node while a work of another waits for its node's lock", async () => {
    if (db.raw.dialect !== 'postgres') throw new Error('a PostgreSQL suite');
    const store = createSensorStore(db);
    const write = (nodeId: number) =>
      store.run(function* () {
        yield* op('lockNodes', [nodeId]);
        return yield* op('insertReadings', [{ sensorId: nodeId, ts: 1, value: nodeId }]);
      });
    // Another process holds node 1.
    const holder = await db.raw.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1, 1)', [NODE_LOCK_SPACE]);
      let firstDone = false;
      const first = write(1).then((fresh) => {
        firstDone = true;
        return fresh;
      });
      // Node 2 is stored meanwhile; node 1 still waits.
      expect(await write(2)).toEqual([true]);
      expect(firstDone).toBe(false);
      await holder.query('COMMIT');
      expect(await first).toEqual([true]);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
    const rows = await db.db
      .selectFrom('reading')
      .select(['sensor_id', 'value'])
      .orderBy('sensor_id')
      .execute();
    expect(rows).toEqual([
      { sensor_id: 1, value: 1 },
      { sensor_id: 2, value: 2 },
    ]);
  });
});
