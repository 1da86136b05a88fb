import { CHART_BUCKETS, chartBucketFor, DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed.ts';
import { createTestDb, type TestDb } from '../../test/test-db.ts';
import { createReadingsRepo, type ReadingsRepo } from './readings-repo.ts';
import { addNode, addReadings, addSensor, demoSites, series } from './test-data.ts';

const T0 = Date.UTC(2023, 0, 1);

describe('readings repo', () => {
  let db: TestDb;
  let repo: ReadingsRepo;
  const s = {} as Record<string, number>;
  const data = {} as Record<string, [number, number][]>;

  beforeAll(async () => {
    db = await createTestDb();
    const { companyId } = await seedDemo(db.db);
    const { ht } = await demoSites(db.db, companyId);
    await addNode(db.db, { id: 1, companyId, siteId: ht.siteId, nodeType: 'Maturity' });
    s.a = await addSensor(db.db, { companyId, nodeId: 1, channelId: 1, sensorType: 'Temperature' });
    s.b = await addSensor(db.db, { companyId, nodeId: 1, channelId: 2, sensorType: 'Temperature' });
    // Two years, a reading every 2 hours 10 minutes (not aligned to hours), values cycling.
    data.a = series(T0, T0 + 730 * DAY_MS, 130 * MINUTE_MS, (_t, i) => ((i * 13) % 97) - 20);
    // Sensor b: a week every 3 minutes, sharing sensor a's lowest value once.
    data.b = series(T0 + 100 * DAY_MS, T0 + 107 * DAY_MS, 3 * MINUTE_MS, (_t, i) =>
      i === 1234 ? -20 : 5 + (i % 9),
    );
    await addReadings(db.db, s.a, data.a);
    await addReadings(db.db, s.b, data.b);
    repo = createReadingsRepo(db.db, db.dialect);
  });
  afterAll(async () => {
    await db.destroy();
  });

  const within = (rows: [number, number][], from: number, to: number) =>
    rows.filter(([t]) => t >= from && t <= to);

  it('groups readings by 1-day buckets beyond 540 days, from the hourly rollup', async () => {
    const from = T0;
    const to = T0 + 730 * DAY_MS - 1;
    const bucket = chartBucketFor(to - from);
    expect(bucket.name).toBe('1d');
    const [row] = await repo.series([s.a], from, to, bucket.ms, T0);
    expect(row.sensorId).toBe(s.a);
    const order = row.index.map((_, k) => k).sort((x, y) => row.index[x] - row.index[y]);
    expect(order.map((k) => row.index[k])).toEqual(Array.from({ length: 730 }, (_, i) => i));
    const r3 = (v: number) => Math.round(v * 1000) / 1000;
    for (const i of [0, 17, 400, 729]) {
      const k = row.index.indexOf(i);
      const d = T0 + i * DAY_MS;
      const vals = within(data.a, d, d + DAY_MS - 1).map(([, v]) => v);
      expect(row.avg[k]).toBe(r3(vals.reduce((x, y) => x + y, 0) / vals.length));
      expect(row.min[k]).toBe(Math.min(...vals));
      expect(row.max[k]).toBe(Math.max(...vals));
    }
  });

  it('keeps every series within a few thousand points, whatever the range', async () => {
    for (const days of [1, 7, 8, 90, 91, 540, 541, 730]) {
      const to = T0 + days * DAY_MS;
      const b = chartBucketFor(to - T0);
      const rows = await repo.series([s.a, s.b], T0, to, b.ms, T0);
      const perSensor = rows.find((r) => r.sensorId === s.a)?.index.length ?? 0;
      expect(perSensor, `${days} days`).toBeLessThanOrEqual(2200);
      expect(CHART_BUCKETS.map((x) => x.name)).toContain(b.name);
    }
  });

  it('counts, sums and bounds exactly, wherever the range cuts an hour', async () => {
    for (const [from, to] of [
      [T0 + 7 * MINUTE_MS, T0 + 3 * DAY_MS + 17 * MINUTE_MS],
      [T0 + 100 * DAY_MS + 1, T0 + 106 * DAY_MS - 1],
      [T0 + 5 * HOUR_MS + 1, T0 + 5 * HOUR_MS + 50 * MINUTE_MS],
      [T0, T0 + 730 * DAY_MS],
    ]) {
      const stats = await repo.stats([s.a, s.b], from, to);
      for (const id of [s.a, s.b]) {
        const vals = within(id === s.a ? data.a : data.b, from, to).map(([, v]) => v);
        const st = stats.get(id);
        if (vals.length === 0) {
          expect(st).toBeUndefined();
          continue;
        }
        expect(st?.n).toBe(vals.length);
        expect(st?.total).toBeCloseTo(
          vals.reduce((x, y) => x + y, 0),
          6,
        );
        expect(st?.min).toBe(Math.min(...vals));
        expect(st?.max).toBe(Math.max(...vals));
      }
    }
  });

  it('finds the extreme reading and its earliest time across sensors', async () => {
    const all = [
      ...data.a.map(([ts, value]) => ({ sensorId: s.a, ts, value })),
      ...data.b.map(([ts, value]) => ({ sensorId: s.b, ts, value })),
    ];
    for (const [from, to] of [
      [T0 + 99 * DAY_MS + 13 * MINUTE_MS, T0 + 108 * DAY_MS + 1],
      [T0 + 103 * DAY_MS + 1, T0 + 104 * DAY_MS],
      [T0, T0 + 730 * DAY_MS],
    ]) {
      const inRange = all.filter((r) => r.ts >= from && r.ts <= to);
      for (const kind of ['MIN', 'MAX'] as const) {
        const best = inRange.reduce((x, y) =>
          (kind === 'MIN' ? y.value < x.value : y.value > x.value) || (y.value === x.value && y.ts < x.ts)
            ? y
            : x,
        );
        expect(await repo.extremum([s.a, s.b], from, to, kind), `${kind} ${from}`).toEqual(best);
      }
    }
    expect(await repo.extremum([s.a], T0 - 10 * DAY_MS, T0 - DAY_MS, 'MIN')).toBeUndefined();
  });

  it('answers the latest reading within each window', async () => {
    const windows = [
      { sensorId: s.a, from: T0, to: T0 + 10 * DAY_MS },
      { sensorId: s.b, from: T0, to: T0 + 10 * DAY_MS },
      { sensorId: s.b, from: T0 + 101 * DAY_MS, to: T0 + 102 * DAY_MS },
    ];
    const rows = await repo.latestIn(windows);
    const last = (rows2: [number, number][], to: number) => rows2.filter(([t]) => t <= to).at(-1);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          index: 0,
          sensorId: s.a,
          ts: last(data.a, T0 + 10 * DAY_MS)?.[0],
          value: last(data.a, T0 + 10 * DAY_MS)?.[1],
        },
        {
          index: 2,
          sensorId: s.b,
          ts: last(data.b, T0 + 102 * DAY_MS)?.[0],
          value: last(data.b, T0 + 102 * DAY_MS)?.[1],
        },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});
