/**
 * Migration 019 on a database that already holds readings (docs/decisions/data-retention.md): every row is
 * kept (count and checksum), and on PostgreSQL `reading` is partitioned by month with a default partition;
 * on SQLite the table is left as it was.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrations.ts';
import { createBlankDb, type TestDb } from '../../test/test-db.ts';
import { listPartitions, partitionName } from './partitions.ts';
import { migrateTo, partitionOf, readingChecksum } from './test-support.ts';

const DAY = 86_400_000;
/** Readings of 40 sensors every 6 hours from 2024-11-20 to 2025-03-10: five UTC months. */
const FIRST = Date.UTC(2024, 10, 20);
const LAST = Date.UTC(2025, 2, 10);
/** Times no partition takes (before 2000, past 2200): they stay in the default partition. */
const ODD = [
  { sensor_id: 7, ts: -5, value: 1.5 },
  { sensor_id: 7, ts: 1, value: 2.25 },
  { sensor_id: 8, ts: Date.UTC(2250, 0, 1), value: -3.125 },
];

describe('migration 019 on a database with readings', () => {
  let db: TestDb;
  let before: { n: number; sha: string };
  let hoursBefore: unknown[];

  beforeAll(async () => {
    db = await createBlankDb();
    await migrateTo(db, '018_material_tracking');
    const rows: { sensor_id: number; ts: number; value: number }[] = [...ODD];
    for (let ts = FIRST; ts <= LAST; ts += DAY / 4) {
      for (let s = 1; s <= 40; s++)
        rows.push({ sensor_id: s, ts, value: Math.round(Math.sin(ts / DAY + s) * 1e6) / 1e4 });
    }
    for (let i = 0; i < rows.length; i += 1000) {
      await db.db
        .insertInto('reading')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    await db.db
      .insertInto('reading_hour')
      .values([
        { sensor_id: 1, hour: FIRST, n: 1, total: 2, min: 2, max: 2 },
        { sensor_id: 2, hour: LAST, n: 3, total: 6.5, min: 1, max: 3 },
      ])
      .execute();
    before = await readingChecksum(db);
    hoursBefore = await db.db.selectFrom('reading_hour').selectAll().orderBy('sensor_id').execute();
    expect(before.n).toBe(rows.length);
    await migrateToLatest(db.db, db.dialect);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('keeps every reading (count and checksum) and the hourly rollups', async () => {
    expect(await readingChecksum(db)).toEqual(before);
    expect(await db.db.selectFrom('reading_hour').selectAll().orderBy('sensor_id').execute()).toEqual(
      hoursBefore,
    );
  });

  it('keeps one row per (sensor, ts): a resend changes nothing, a new reading is stored', async () => {
    const res = await sql<{ ts: number }>`INSERT INTO reading (sensor_id, ts, value)
      VALUES (1, ${FIRST}, 99), (1, ${FIRST + 1}, 5) ON CONFLICT (sensor_id, ts) DO NOTHING RETURNING ts`.execute(
      db.db,
    );
    expect(res.rows.map((r) => Number(r.ts))).toEqual([FIRST + 1]);
    const again = db.db.insertInto('reading').values({ sensor_id: 1, ts: FIRST, value: 1 }).execute();
    await expect(again).rejects.toThrow(/unique|constraint/i);
    const kept = await db.db
      .selectFrom('reading')
      .select('value')
      .where('sensor_id', '=', 1)
      .where('ts', '=', FIRST)
      .executeTakeFirstOrThrow();
    expect(kept.value).not.toBe(99);
    await db.db
      .deleteFrom('reading')
      .where('sensor_id', '=', 1)
      .where('ts', '=', FIRST + 1)
      .execute();
  });

  it('partitions reading by month on PostgreSQL (odd times in the default); leaves one table on SQLite', async () => {
    if (db.raw.dialect === 'sqlite') {
      const res = await sql<{ type: string }>`SELECT type FROM sqlite_master WHERE name = 'reading'`.execute(
        db.db,
      );
      expect(res.rows).toEqual([{ type: 'table' }]);
      const partitions =
        await sql`SELECT name FROM sqlite_master WHERE name IN ('reading_default', 'reading_partitioned')`.execute(
          db.db,
        );
      expect(partitions.rows).toEqual([]);
      return;
    }
    const kind = await sql<{
      k: string;
    }>`SELECT relkind AS k FROM pg_class WHERE oid = 'reading'::regclass`.execute(db.db);
    expect(kind.rows[0].k).toBe('p');
    const { partitions, hasDefault } = await listPartitions(db.raw.pool);
    expect(hasDefault).toBe(true);
    const months = [0, 1, 2, 3, 4].map((i) => Date.UTC(2024, 10 + i, 1));
    expect(partitions.map((p) => p.name)).toEqual(months.map(partitionName));
    expect(partitions.map((p) => p.from)).toEqual(months);
    expect(await partitionOf(db, 3, Date.UTC(2025, 0, 15))).toBe('reading_p202501');
    for (const r of ODD) expect(await partitionOf(db, r.sensor_id, r.ts)).toBe('reading_default');
    // Nothing of the old table is left.
    const left = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM pg_class WHERE relname LIKE 'reading_partitioned%'`.execute(db.db);
    expect(Number(left.rows[0].n)).toBe(0);
  });
});
