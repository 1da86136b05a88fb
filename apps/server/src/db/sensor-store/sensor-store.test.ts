import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db.ts';
import { createSensorStore, op } from './index.ts';

describe('sensor store', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.destroy();
  });

  const count = async () =>
    Number(
      (
        await db.db
          .selectFrom('reading')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('runs works queued together; one that fails changes nothing and the others still commit', async () => {
    const store = createSensorStore(db);
    const insert = (sensorId: number, fail = false) =>
      store.run(function* () {
        const fresh = yield* op('insertReadings', [
          { sensorId, ts: 1, value: 1 },
          { sensorId, ts: 2, value: 2 },
        ]);
        if (fail) throw new Error(`work ${sensorId} failed`);
        return fresh;
      });
    const results = await Promise.allSettled([insert(1), insert(2, true), insert(3), insert(1)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(results[0].status === 'fulfilled' && results[0].value).toEqual([true, true]);
    // The same rows again, in the same group: duplicates.
    expect(results[3].status === 'fulfilled' && results[3].value).toEqual([false, false]);
    expect(await count()).toBe(4);
    const sensors = await db.db
      .selectFrom('reading')
      .select('sensor_id')
      .distinct()
      .orderBy('sensor_id')
      .execute();
    expect(sensors.map((s) => s.sensor_id)).toEqual([1, 3]);
  });
});
