import { HOUR_MS } from '@sitepulse/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName, RawDriver } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import type { ChartPlan } from './chart-plan.ts';
import { createRawRows, jsonArray, placeholders, type SensorColumns, toSensorColumns } from './raw-rows.ts';

/** One sensor's buckets: parallel arrays of the bucket's index on the grid, its average, min and max. */
export interface SensorBuckets {
  sensorId: number;
  index: number[];
  avg: number[];
  min: number[];
  max: number[];
}

/** Count, sum, min and max of a sensor's readings over a range. */
export interface RangeStats {
  n: number;
  total: number;
  min: number;
  max: number;
}

export interface ReadingRow {
  sensorId: number;
  ts: number;
  value: number;
}

/** Most parameters one statement carries (PostgreSQL allows 65,535; SQLite 32,766). */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The full UTC hours inside [from, to] (to inclusive): [h1, h2), empty when h1 >= h2. */
function fullHours(from: number, to: number): { h1: number; h2: number } {
  return { h1: Math.ceil(from / HOUR_MS) * HOUR_MS, h2: Math.floor((to + 1) / HOUR_MS) * HOUR_MS };
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

/**
 * Reads of the reading tables. Every aggregate is computed in SQL: raw readings for short spans,
 * the hourly rollup (reading_hour, kept at ingest) for whole hours, so a long range costs a few
 * thousand rows at most. Ranges are inclusive of both ends.
 */
export function createReadingsRepo(db: Kysely<Database>, dialect: DialectName) {
  /** The dialect's JSON array aggregate (SQLite answers JSON text, PostgreSQL parsed JSON). */
  const agg = (x: RawBuilder<unknown>) =>
    dialect === 'postgres' ? sql`json_agg(${x})` : sql`json_group_array(${x})`;
  const json = (v: unknown): number[] =>
    (typeof v === 'string' ? JSON.parse(v) : (v as number[])).map(Number);

  /** Raw aggregate per sensor over [from, toExclusive). */
  async function rawStats(sensorIds: number[], from: number, toExclusive: number) {
    if (sensorIds.length === 0 || from >= toExclusive) return [];
    return db
      .selectFrom('reading')
      .select([
        'sensor_id',
        sql<number>`count(*)`.as('n'),
        sql<number>`sum(value)`.as('total'),
        sql<number>`min(value)`.as('min'),
        sql<number>`max(value)`.as('max'),
      ])
      .where('sensor_id', 'in', sensorIds)
      .where('ts', '>=', from)
      .where('ts', '<', toExclusive)
      .groupBy('sensor_id')
      .execute();
  }

  return {
    /**
     * A bucketed series per sensor over [from, to] on the grid of buckets starting at `start`
     * (aligned to the bucket): below an hour, raw readings grouped in SQL by `ts - ts % bucket`; an
     * hour, the rollup rows as they are; longer, the rollup grouped again. Each sensor's buckets come
     * back as one row of JSON arrays (bucket index, average, min, max, rounded to 0.001), so a long
     * series costs one row per sensor, not one per point.
     */
    async series(
      sensorIds: number[],
      from: number,
      to: number,
      bucketMs: number,
      start: number,
    ): Promise<SensorBuckets[]> {
      if (sensorIds.length === 0 || from > to) return [];
      const b = sql.lit(bucketMs);
      const s0 = sql.lit(start);
      const r3 = (x: RawBuilder<unknown>) => sql`round(CAST(${x} AS numeric), 3)`;
      const out: SensorBuckets[] = [];
      for (const ids of chunks(sensorIds)) {
        let inner: RawBuilder<unknown>;
        if (bucketMs < HOUR_MS) {
          inner = sql`SELECT sensor_id, (ts - (ts % ${b}) - ${s0}) / ${b} AS i, avg(value) AS a, min(value) AS mn, max(value) AS mx
            FROM reading WHERE sensor_id IN (${sql.join(ids)}) AND ts >= ${from} AND ts <= ${to}
            GROUP BY sensor_id, ts - (ts % ${b})`;
        } else if (bucketMs === HOUR_MS) {
          inner = sql`SELECT sensor_id, (hour - ${s0}) / ${b} AS i, total / n AS a, min AS mn, max AS mx
            FROM reading_hour WHERE sensor_id IN (${sql.join(ids)}) AND hour >= ${start} AND hour <= ${to}`;
        } else {
          inner = sql`SELECT sensor_id, (hour - (hour % ${b}) - ${s0}) / ${b} AS i, sum(total) / sum(n) AS a, min(min) AS mn, max(max) AS mx
            FROM reading_hour WHERE sensor_id IN (${sql.join(ids)}) AND hour >= ${start} AND hour <= ${to}
            GROUP BY sensor_id, hour - (hour % ${b})`;
        }
        const res = await sql<{ sensor_id: number; i: unknown; a: unknown; mn: unknown; mx: unknown }>`
          SELECT sensor_id, ${agg(sql`i`)} AS i, ${agg(r3(sql`a`))} AS a, ${agg(r3(sql`mn`))} AS mn, ${agg(r3(sql`mx`))} AS mx
          FROM (${inner}) x GROUP BY sensor_id`.execute(db);
        for (const r of res.rows) {
          out.push({
            sensorId: num(r.sensor_id),
            index: json(r.i),
            avg: json(r.a),
            min: json(r.mn),
            max: json(r.mx),
          });
        }
      }
      return out;
    },

    /**
     * Exact count, sum, min and max per sensor over [from, to]: whole hours from the rollup, the
     * partial hours at both ends from the raw readings.
     */
    async stats(sensorIds: number[], from: number, to: number): Promise<Map<number, RangeStats>> {
      const acc = new Map<number, RangeStats>();
      if (sensorIds.length === 0 || from > to) return acc;
      const add = (rows: { sensor_id: number; n: unknown; total: unknown; min: unknown; max: unknown }[]) => {
        for (const r of rows) {
          const n = num(r.n);
          if (n === 0) continue;
          const cur = acc.get(r.sensor_id);
          const s = { n, total: num(r.total), min: num(r.min), max: num(r.max) };
          if (!cur) acc.set(r.sensor_id, s);
          else {
            cur.n += s.n;
            cur.total += s.total;
            cur.min = Math.min(cur.min, s.min);
            cur.max = Math.max(cur.max, s.max);
          }
        }
      };
      const { h1, h2 } = fullHours(from, to);
      for (const ids of chunks(sensorIds)) {
        if (h1 >= h2) {
          add(await rawStats(ids, from, to + 1));
          continue;
        }
        add(await rawStats(ids, from, h1));
        add(
          await db
            .selectFrom('reading_hour')
            .select([
              'sensor_id',
              sql<number>`sum(n)`.as('n'),
              sql<number>`sum(total)`.as('total'),
              sql<number>`min(min)`.as('min'),
              sql<number>`max(max)`.as('max'),
            ])
            .where('sensor_id', 'in', ids)
            .where('hour', '>=', h1)
            .where('hour', '<', h2)
            .groupBy('sensor_id')
            .execute(),
        );
        add(await rawStats(ids, h2, to + 1));
      }
      return acc;
    },

    /**
     * The lowest (MIN) or highest (MAX) reading of the sensors over [from, to], with its sensor and
     * time (the earliest when it occurs more than once): the best hour from the rollup, then that
     * hour's raw readings, compared with the raw readings of the partial hours at both ends.
     */
    async extremum(
      sensorIds: number[],
      from: number,
      to: number,
      kind: 'MIN' | 'MAX',
    ): Promise<ReadingRow | undefined> {
      if (sensorIds.length === 0 || from > to) return undefined;
      const dir = kind === 'MIN' ? 'asc' : 'desc';
      const better = (a: ReadingRow | undefined, b: ReadingRow | undefined) => {
        if (!a) return b;
        if (!b) return a;
        if (a.value !== b.value) return (kind === 'MIN' ? a.value < b.value : a.value > b.value) ? a : b;
        return a.ts <= b.ts ? a : b;
      };
      const rawBest = async (ids: number[], f: number, toExclusive: number) => {
        if (f >= toExclusive) return undefined;
        const r = await db
          .selectFrom('reading')
          .select(['sensor_id', 'ts', 'value'])
          .where('sensor_id', 'in', ids)
          .where('ts', '>=', f)
          .where('ts', '<', toExclusive)
          .orderBy('value', dir)
          .orderBy('ts', 'asc')
          .limit(1)
          .executeTakeFirst();
        return r ? { sensorId: r.sensor_id, ts: num(r.ts), value: num(r.value) } : undefined;
      };
      let best: ReadingRow | undefined;
      const { h1, h2 } = fullHours(from, to);
      for (const ids of chunks(sensorIds)) {
        if (h1 >= h2) {
          best = better(best, await rawBest(ids, from, to + 1));
          continue;
        }
        best = better(best, await rawBest(ids, from, h1));
        best = better(best, await rawBest(ids, h2, to + 1));
        const col = kind === 'MIN' ? 'min' : 'max';
        const hour = await db
          .selectFrom('reading_hour')
          .select(['sensor_id', 'hour', col])
          .where('sensor_id', 'in', ids)
          .where('hour', '>=', h1)
          .where('hour', '<', h2)
          .orderBy(col, dir)
          .orderBy('hour', 'asc')
          .limit(1)
          .executeTakeFirst();
        if (hour) {
          const v = num(kind === 'MIN' ? (hour as { min: number }).min : (hour as { max: number }).max);
          // Only look into the hour when it can win (or tie earlier).
          if (!best || (kind === 'MIN' ? v <= best.value : v >= best.value)) {
            const h = num(hour.hour);
            // Every sensor's readings of that hour at that value: the earliest across sensors wins ties.
            const r = await db
              .selectFrom('reading')
              .select(['sensor_id', 'ts', 'value'])
              .where('sensor_id', 'in', ids)
              .where('ts', '>=', h)
              .where('ts', '<', h + HOUR_MS)
              .orderBy('value', dir)
              .orderBy('ts', 'asc')
              .limit(1)
              .executeTakeFirst();
            if (r) best = better(best, { sensorId: r.sensor_id, ts: num(r.ts), value: num(r.value) });
          }
        }
      }
      return best;
    },

    /**
     * The latest reading of each (sensor, window), in one statement per few hundred windows (an
     * index seek each). Answers `index` (the window's position) for the windows that hold a reading.
     */
    async latestIn(
      windows: { sensorId: number; from: number; to: number }[],
    ): Promise<(ReadingRow & { index: number })[]> {
      const out: (ReadingRow & { index: number })[] = [];
      for (let start = 0; start < windows.length; start += 200) {
        const part = windows.slice(start, start + 200);
        const selects = part.map(
          (w, i) =>
            sql`SELECT CAST(${start + i} AS bigint) AS k, CAST(${w.sensorId} AS bigint) AS sensor_id, (SELECT ts FROM reading WHERE sensor_id = ${w.sensorId} AND ts >= ${w.from} AND ts <= ${w.to} ORDER BY ts DESC LIMIT 1) AS ts`,
        );
        const res = await sql<{ k: number; sensor_id: number; ts: number; value: number }>`
          SELECT x.k AS k, x.sensor_id AS sensor_id, x.ts AS ts, r.value AS value
          FROM (${sql.join(selects, sql` UNION ALL `)}) x
          JOIN reading r ON r.sensor_id = x.sensor_id AND r.ts = x.ts`.execute(db);
        for (const r of res.rows) {
          out.push({ index: num(r.k), sensorId: num(r.sensor_id), ts: num(r.ts), value: num(r.value) });
        }
      }
      return out;
    },

    /** Raw readings of the sensors over [from, to], one page, by time then sensor. */
    async page(
      sensorIds: number[],
      from: number,
      to: number,
      page: number,
      rpp: number,
      dir: 'asc' | 'desc',
    ): Promise<ReadingRow[]> {
      if (sensorIds.length === 0 || from > to) return [];
      const rows = await db
        .selectFrom('reading')
        .select(['sensor_id', 'ts', 'value'])
        .where('sensor_id', 'in', sensorIds)
        .where('ts', '>=', from)
        .where('ts', '<=', to)
        .orderBy('ts', dir)
        .orderBy('sensor_id', 'asc')
        .limit(rpp)
        .offset(page * rpp)
        .execute();
      return rows.map((r) => ({ sensorId: r.sensor_id, ts: num(r.ts), value: num(r.value) }));
    },

    /**
     * The next `limit` readings of one sensor within [from, to] after the key `after` (exclusive)
     * in time order `dir`: keyset pagination on (sensor_id, ts), an index range scan per page.
     */
    async keysetPage(
      sensorId: number,
      from: number,
      to: number,
      after: number | null,
      dir: 'asc' | 'desc',
      limit: number,
    ): Promise<{ ts: number; value: number }[]> {
      let q = db
        .selectFrom('reading')
        .select(['ts', 'value'])
        .where('sensor_id', '=', sensorId)
        .where('ts', '>=', from)
        .where('ts', '<=', to);
      if (after !== null) q = q.where('ts', dir === 'asc' ? '>' : '<', after);
      const rows = await q.orderBy('ts', dir).limit(limit).execute();
      return rows.map((r) => ({ ts: num(r.ts), value: num(r.value) }));
    },
  };
}
export type ReadingsRepo = ReturnType<typeof createReadingsRepo>;

// ---- Job chart reads (issue 18): rows as arrays, the source chosen by chart-plan.ts `chartPlan`.

/**
 * The bucketed readings of the job charts (POST /data/measurement/time and /time/by_sids), and the
 * tally of the rows they read, which the answer cache keys on (docs/decisions/chart-reads.md).
 */
export function createChartReadings(raw: RawDriver) {
  const rows = createRawRows(raw);
  const hourOf = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;
  return {
    /**
     * Per sensor, the buckets holding readings within [from, to] as columns: bucket starts, avg, min,
     * max. `reading`: the readings grouped by bucket in SQL; `hour`: the hourly rollups as they are
     * (each whole hour from the one holding `from`); `hours`: the rollups grouped by bucket. The
     * database aggregates each sensor's buckets into JSON arrays, so a sensor costs one row.
     */
    async buckets(sensorIds: number[], from: number, to: number, plan: ChartPlan): Promise<SensorColumns[]> {
      if (sensorIds.length === 0 || from > to) return [];
      const ids = placeholders(sensorIds.length);
      const b = Math.trunc(plan.bucketMs);
      let inner: string;
      let params: number[];
      if (plan.source === 'reading') {
        inner = `SELECT sensor_id, ts - ts % ${b} AS b, AVG(value) AS a, MIN(value) AS mn, MAX(value) AS mx
          FROM reading WHERE sensor_id IN (${ids}) AND ts >= ? AND ts <= ?
          GROUP BY sensor_id, ts - ts % ${b}`;
        params = [...sensorIds, from, to];
      } else if (plan.source === 'hour') {
        inner = `SELECT sensor_id, hour AS b, total / n AS a, min AS mn, max AS mx
          FROM reading_hour WHERE sensor_id IN (${ids}) AND hour >= ? AND hour <= ?`;
        params = [...sensorIds, hourOf(from), to];
      } else {
        inner = `SELECT sensor_id, hour - hour % ${b} AS b, SUM(total) / SUM(n) AS a, MIN(min) AS mn, MAX(max) AS mx
          FROM reading_hour WHERE sensor_id IN (${ids}) AND hour >= ? AND hour <= ?
          GROUP BY sensor_id, hour - hour % ${b}`;
        params = [...sensorIds, hourOf(from), to];
      }
      const j = (x: string) => jsonArray(raw.dialect, x);
      return toSensorColumns(
        await rows(
          `SELECT sensor_id, ${j('b')}, ${j('a')}, ${j('mn')}, ${j('mx')} FROM (${inner}) x GROUP BY sensor_id`,
          params,
        ),
      );
    },

    /**
     * What `buckets` reads, summed up in one row (the database does the counting, nothing comes back
     * per row): for readings their count and the sum of their times, for rollups their count and the
     * readings they hold. Readings are only added (never changed), so any reading stored within the
     * range changes it, and a tally over a longer range that equals one over a shorter range means
     * nothing lies between their ends.
     */
    async tally(sensorIds: number[], from: number, to: number, plan: ChartPlan): Promise<string> {
      if (sensorIds.length === 0 || from > to) return '';
      const ids = placeholders(sensorIds.length);
      const [r] =
        plan.source === 'reading'
          ? await rows(
              `SELECT COUNT(*), SUM(ts - ?) FROM reading WHERE sensor_id IN (${ids}) AND ts >= ? AND ts <= ?`,
              [from, ...sensorIds, from, to],
            )
          : await rows(
              `SELECT COUNT(*), SUM(n) FROM reading_hour WHERE sensor_id IN (${ids}) AND hour >= ? AND hour <= ?`,
              [...sensorIds, hourOf(from), to],
            );
      return `${r[0]}:${r[1] ?? 0}`;
    },

    /** The tally of the rollups of the hours holding `from` and `to` only (a few index seeks). */
    async edgeTally(sensorIds: number[], from: number, to: number): Promise<string> {
      if (sensorIds.length === 0 || from > to) return '';
      const [r] = await rows(
        `SELECT COUNT(*), SUM(n) FROM reading_hour WHERE sensor_id IN (${placeholders(sensorIds.length)}) AND hour IN (?, ?)`,
        [...sensorIds, hourOf(from), hourOf(to)],
      );
      return `${r[0]}:${r[1] ?? 0}`;
    },
  };
}
export type ChartReadings = ReturnType<typeof createChartReadings>;
