/**
 * The monthly partitions of `reading` on PostgreSQL (docs/decisions/data-retention.md): made ahead when
 * the server starts, a reading of a month without a partition kept in the default one and moved when its
 * partition is made, several processes making them at once while ingest goes on, and a partition dropped
 * only once every company that owns sensors allows it. PostgreSQL only: SQLite has one table.
 */
import { DAY_MS } from '@sitepulse/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../db/index.ts';
import { createSensorStore, op, type ReadingRow } from '../../db/sensor-store/index.ts';
import { startWorkers } from '../../jobs/workers.ts';
import { seedOtherCompany } from '../../test/fixtures.ts';
import { addNode } from '../../test/sensor-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { addMonths, listPartitions, MONTHS_AHEAD, monthStart, partitionName } from './partitions.ts';
import { createRetentionService } from './service.ts';
import { partitionOf } from './test-support.ts';

const poolOf = (db: Db) => {
  if (db.raw.dialect !== 'postgres') throw new Error('PostgreSQL only');
  return db.raw.pool;
};
const insert = (db: Db, rows: ReadingRow[]) =>
  createSensorStore(db).run(function* () {
    return yield* op('insertReadings', rows);
  });
const names = async (db: Db) => (await listPartitions(poolOf(db))).partitions.map((p) => p.name);

describe('reading partitions (PostgreSQL)', () => {
  const ctx = useTestApp();

  it('exist for this month and the next ones once the server has started', async () => {
    expect(await names(ctx.db)).toEqual([]);
    const workers = startWorkers(ctx.app.services, ctx.config);
    // Stopping waits for the round that started with them.
    await workers.stop();
    const current = monthStart(Date.now());
    const ahead = Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => partitionName(addMonths(current, i)));
    expect(await names(ctx.db)).toEqual(ahead);
    const ts = Date.now();
    expect(await insert(ctx.db, [{ sensorId: 4_001, ts, value: 1 }])).toEqual([true]);
    expect(await partitionOf(ctx.db, 4_001, ts)).toBe(partitionName(current));
  });

  it('keeps a reading of a month without a partition in the default one, and moves it when the partition is made', async () => {
    const june = [
      { sensorId: 4_242, ts: Date.UTC(2019, 5, 1), value: 1.5 },
      { sensorId: 4_242, ts: Date.UTC(2019, 5, 30, 23, 59, 59, 999), value: 2.5 },
    ];
    const july = { sensorId: 4_242, ts: Date.UTC(2019, 6, 1), value: 3.5 };
    expect(await insert(ctx.db, [...june, july])).toEqual([true, true, true]);
    for (const r of [...june, july])
      expect(await partitionOf(ctx.db, r.sensorId, r.ts)).toBe('reading_default');
    // A resend into the default partition is a duplicate.
    expect(await insert(ctx.db, june)).toEqual([false, false]);

    const { made } = await ctx.app.services.retention.ensurePartitions(Date.now());
    expect(made).toEqual([
      { name: 'reading_p201906', moved: 2 },
      { name: 'reading_p201907', moved: 1 },
    ]);
    for (const r of june) expect(await partitionOf(ctx.db, r.sensorId, r.ts)).toBe('reading_p201906');
    expect(await partitionOf(ctx.db, july.sensorId, july.ts)).toBe('reading_p201907');
    // Still one row per (sensor, ts), now within the partition; a new one lands there directly.
    expect(await insert(ctx.db, [...june, { sensorId: 4_242, ts: Date.UTC(2019, 5, 15), value: 9 }])).toEqual(
      [false, false, true],
    );
    expect(await partitionOf(ctx.db, 4_242, Date.UTC(2019, 5, 15))).toBe('reading_p201906');
    const values = await ctx.db.db
      .selectFrom('reading')
      .select('value')
      .where('sensor_id', '=', 4_242)
      .orderBy('ts')
      .execute();
    expect(values.map((v) => v.value)).toEqual([1.5, 9, 2.5, 3.5]);
    // Nothing more to make.
    expect((await ctx.app.services.retention.ensurePartitions(Date.now())).made).toEqual([]);
  });

  it('two processes making partitions at once, while readings arrive, all succeed and make each once', async () => {
    const months = Array.from({ length: 8 }, (_, i) => Date.UTC(2018, i, 1));
    const rowsOf = (sensorId: number, k: number) =>
      months.map((m, i) => ({ sensorId, ts: m + (k + 1) * 3_600_000 + i, value: k + i / 10 }));
    expect(await insert(ctx.db, rowsOf(5_000, 0))).toEqual(months.map(() => true));
    const a = openDb(ctx.db.url);
    const b = openDb(ctx.db.url);
    try {
      const ra = createRetentionService(a);
      const rb = createRetentionService(b);
      const now = Date.now();
      const work: Promise<unknown>[] = [];
      for (let k = 1; k <= 12; k++) {
        if (k % 3 === 1) work.push(ra.ensurePartitions(now), rb.ensurePartitions(now));
        work.push(insert(k % 2 ? a : b, rowsOf(5_000 + k, k)));
      }
      const results = await Promise.allSettled(work);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const made = results.flatMap((r) =>
        r.status === 'fulfilled' && r.value && typeof r.value === 'object' && 'made' in r.value
          ? (r.value as { made: { name: string; moved: number }[] }).made
          : [],
      );
      const madeNames = made.map((m) => m.name).sort();
      expect(madeNames).toEqual(months.map(partitionName));
      const all = await names(ctx.db);
      expect(new Set(all).size).toBe(all.length);
      for (const m of months) expect(all).toContain(partitionName(m));
      // Every reading is stored once, none of them left in the default partition.
      const counts = await sql<{ n: number; left: number }>`
        SELECT count(*) AS n, count(*) FILTER (WHERE tableoid = 'reading_default'::regclass) AS left
        FROM reading WHERE sensor_id BETWEEN 5000 AND 5012`.execute(ctx.db.db);
      expect(counts.rows[0]).toEqual({ n: 13 * months.length, left: 0 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('drops a partition only once every company that owns sensors allows it', async () => {
    const db = ctx.db.db;
    const retention = createRetentionService(ctx.db, { batch: 50 });
    const other = await seedOtherCompany(db);
    const sensorOf = async (companyId: number, tenantGroupId: number) => {
      const nodeId = await addNode(db, { companyId, tenantGroupId });
      const { id } = await db
        .insertInto('sensor')
        .values({
          company_id: companyId,
          node_id: nodeId,
          channel_id: 1,
          sensor_type: 'Temperature',
          created_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    };
    const site = await db
      .selectFrom('tenant_group')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .executeTakeFirstOrThrow();
    const mine = await sensorOf(ctx.companyId, site.id);
    const theirs = await sensorOf(other.companyId, other.siteId);
    const march2017 = Date.UTC(2017, 2, 10);
    const recent = Date.now() - DAY_MS;
    const rows = (sensorId: number) => [
      ...Array.from({ length: 120 }, (_, i) => ({ sensorId, ts: march2017 + i * 60_000, value: i })),
      { sensorId, ts: recent, value: 1 },
    ];
    await insert(ctx.db, [...rows(mine), ...rows(theirs)]);
    expect((await retention.ensurePartitions(Date.now())).made.map((m) => m.name)).toEqual([
      'reading_p201703',
    ]);
    const count = async (sensorId: number) =>
      Number(
        (
          await db
            .selectFrom('reading')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('sensor_id', '=', sensorId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const setRetention = async (companyId: number, days: number) => {
      await db.deleteFrom('company_module').where('company_id', '=', companyId).execute();
      await db
        .insertInto('company_module')
        .values({
          company_id: companyId,
          module_type: 'Concrete',
          is_active: 1,
          company_tier: 'ENTERPRISE',
          spec: '{}',
          tier_spec: JSON.stringify({ storage_limit_in_mb: 100, raw_retention_days: days }),
          created_at: 0,
        })
        .execute();
    };

    // Only this company allows it: its old rows go one by one, the partition stays for the other's.
    await setRetention(ctx.companyId, 365);
    const first = await retention.run(Date.now());
    expect(first.droppedPartitions).toEqual([]);
    expect(await names(ctx.db)).toContain('reading_p201703');
    expect(await count(mine)).toBe(1);
    expect(await count(theirs)).toBe(121);

    // Now both do: every partition before both horizons goes whole, the rest stays.
    await setRetention(other.companyId, 400);
    const second = await retention.run(Date.now());
    const dropped = second.droppedPartitions.map((p) => p.name);
    expect(dropped).toEqual([
      'reading_p201703',
      ...Array.from({ length: 8 }, (_, i) => partitionName(Date.UTC(2018, i, 1))),
      'reading_p201906',
      'reading_p201907',
    ]);
    const left = await names(ctx.db);
    for (const name of dropped) expect(left).not.toContain(name);
    const gone = await sql<{ t: string | null }>`SELECT to_regclass('reading_p201703')::text AS t`.execute(
      db,
    );
    expect(gone.rows[0].t).toBeNull();
    expect(left).toContain(partitionName(monthStart(Date.now())));
    expect(await count(mine)).toBe(1);
    expect(await count(theirs)).toBe(1);

    // A late reading of that month still lands (in the default partition); no partition is made again for
    // it, and the next run removes it.
    expect(await insert(ctx.db, [{ sensorId: theirs, ts: march2017, value: 5 }])).toEqual([true]);
    expect(await partitionOf(ctx.db, theirs, march2017)).toBe('reading_default');
    expect((await retention.ensurePartitions(Date.now())).made).toEqual([]);
    const third = await retention.run(Date.now());
    expect(third.companies.find((c) => c.companyId === other.companyId)?.removed.reading).toBe(1);
    expect(await count(theirs)).toBe(1);
  });
});
