import { HOUR_MS } from '@sitepulse/domain';
import { type Kysely, sql } from 'kysely';
import type { RawDriver } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import {
  createRawRows,
  jsonArray,
  placeholders,
  type SensorColumns,
  toSensorColumns,
} from '../measurements/raw-rows.ts';

/** What a caller may read: their company and the job sites granted to them. */
export interface Scope {
  companyId: number;
  siteIds: number[];
}

export interface JobFilter {
  ids?: number[];
  tenantId?: number;
  tenantGroupId?: number;
  status?: string;
  jobGroupId?: number;
}

export const MATURITY_JOB_KINDS = ['MATURITY', 'HUMIDITY'];

/** Ids per statement, well below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 2000;
async function chunked<T>(ids: number[], run: (part: number[]) => Promise<T[]>): Promise<T[]> {
  if (ids.length <= CHUNK) return ids.length === 0 ? [] : run(ids);
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await run(ids.slice(i, i + CHUNK))));
  return out;
}

/** Hours [a, b) wholly inside [from, to] (inclusive ms), for rollup reads with exact edges. */
export function wholeHours(from: number, to: number): { a: number; b: number } {
  const a = Math.ceil(from / HOUR_MS) * HOUR_MS;
  const b = Math.floor((to + 1) / HOUR_MS) * HOUR_MS;
  return { a, b: Math.max(a, b) };
}

export interface SensorStat {
  sensor_id: number;
  n: number;
  total: number;
  min: number;
  max: number;
}

export interface ExtremeReading {
  sensor_id: number;
  ts: number;
  value: number;
}

/** Queries of the maturity and strength calls: jobs with their node, profile and group, states, series. */
export function createMaturityRepo(db: Kysely<Database>, raw: RawDriver) {
  const rows = createRawRows(raw) as (text: string, params: number[]) => Promise<number[][]>;
  /** Maturity and humidity jobs the scope may read, with what their views need from node, profile and group. */
  function jobsQuery(scope: Scope, f: JobFilter) {
    let q = db
      .selectFrom('job as j')
      .innerJoin('node as n', 'n.id', 'j.node_id')
      .leftJoin('cable as c', 'c.id', 'j.cable_id')
      .leftJoin('concrete_profile as p', 'p.id', 'j.concrete_profile_id')
      .leftJoin('job_group as g', 'g.id', 'j.job_group_id')
      .where('j.company_id', '=', scope.companyId)
      .where('j.tenant_group_id', 'in', scope.siteIds)
      .where('j.kind', 'in', MATURITY_JOB_KINDS);
    if (f.ids) q = q.where('j.id', 'in', f.ids);
    if (f.tenantId !== undefined) q = q.where('j.tenant_id', '=', f.tenantId);
    if (f.tenantGroupId !== undefined) q = q.where('j.tenant_group_id', '=', f.tenantGroupId);
    if (f.status !== undefined) q = q.where('j.status', '=', f.status);
    if (f.jobGroupId !== undefined) q = q.where('j.job_group_id', '=', f.jobGroupId);
    return q;
  }
  const JOB_VIEW_COLUMNS = [
    'n.node_type',
    'n.name as node_name',
    'c.name as cable_name',
    'n.battery_level_type',
    'n.latest_battery',
    'n.latest_battery_ts',
    'n.latest_signal',
    'n.latest_signal_ts',
    'p.name as profile_name',
    'p.maturity_function',
    'p.curve_a',
    'p.curve_b',
    'p.min_maturity',
    'p.max_maturity',
    'g.name as group_name',
    'g.status as group_status',
    'g.created_at as group_created_at',
  ] as const;
  const jobsSelect = (scope: Scope, f: JobFilter) =>
    jobsQuery(scope, f).selectAll('j').select(JOB_VIEW_COLUMNS);
  type Page = { offset: number; limit: number; dir: 'asc' | 'desc' };

  return {
    /** Jobs of the scope by the filter, newest first (or by sortdir), optionally one page. */
    async jobs(scope: Scope, f: JobFilter, page?: Page) {
      if (scope.siteIds.length === 0 || f.ids?.length === 0) return [];
      const dir = page?.dir ?? 'desc';
      let q = jobsSelect(scope, f).orderBy('j.created_at', dir).orderBy('j.id', dir);
      if (page) q = q.limit(page.limit).offset(page.offset);
      return q.execute();
    },

    /**
     * The same jobs as `jobs`, as arrays (an object per row costs three times the query here): every
     * column of `jobs`, after [id, node_id, kind, start_date]. The mark of a job list's kept answer.
     */
    async jobsMark(scope: Scope, f: JobFilter, page?: Page): Promise<unknown[][]> {
      if (scope.siteIds.length === 0 || f.ids?.length === 0) return [];
      const dir = page?.dir ?? 'desc';
      let q = jobsQuery(scope, f)
        .select(['j.id as k_id', 'j.node_id as k_node', 'j.kind as k_kind', 'j.start_date as k_start'])
        .selectAll('j')
        .select(JOB_VIEW_COLUMNS)
        .orderBy('j.created_at', dir)
        .orderBy('j.id', dir);
      if (page) q = q.limit(page.limit).offset(page.offset);
      const c = q.compile();
      return rows(c.sql, c.parameters as number[]);
    },

    async countJobs(scope: Scope, f: JobFilter): Promise<number> {
      if (scope.siteIds.length === 0) return 0;
      const r = await jobsQuery(scope, f)
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .executeTakeFirstOrThrow();
      return Number(r.c);
    },

    /** A project of the company within the granted job sites. */
    visibleTenant(scope: Scope, tenantId: number) {
      if (scope.siteIds.length === 0) return Promise.resolve(undefined);
      return db
        .selectFrom('tenant')
        .select(['id', 'tenant_group_id'])
        .where('company_id', '=', scope.companyId)
        .where('tenant_group_id', 'in', scope.siteIds)
        .where('id', '=', tenantId)
        .executeTakeFirst();
    },

    /** A job group of the company within a granted job site. */
    visibleGroup(scope: Scope, groupId: number) {
      if (scope.siteIds.length === 0) return Promise.resolve(undefined);
      return db
        .selectFrom('job_group as g')
        .innerJoin('tenant as t', 't.id', 'g.tenant_id')
        .select(['g.id', 'g.name', 'g.tenant_id', 't.tenant_group_id'])
        .where('g.company_id', '=', scope.companyId)
        .where('t.tenant_group_id', 'in', scope.siteIds)
        .where('g.id', '=', groupId)
        .executeTakeFirst();
    },

    /** Job groups of a project holding maturity or humidity jobs, counted by status. */
    groupCountsByStatus(tenantId: number) {
      return db
        .selectFrom('job_group as g')
        .select(['g.status', (eb) => eb.fn.countAll<number>().as('c')])
        .where('g.tenant_id', '=', tenantId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('job')
              .select('job.id')
              .whereRef('job.job_group_id', '=', 'g.id')
              .where('job.kind', 'in', MATURITY_JOB_KINDS),
          ),
        )
        .groupBy('g.status')
        .execute();
    },

    /** Every sensor of the given nodes. */
    sensorsOfNodes(nodeIds: number[]) {
      return chunked(nodeIds, (part) =>
        db
          .selectFrom('sensor')
          .selectAll()
          .where('node_id', 'in', part)
          .orderBy('node_id')
          .orderBy('channel_id')
          .orderBy('id')
          .execute(),
      );
    },

    /** Sensors of the company by id, with their node's job site. */
    sensorsByIds(companyId: number, ids: number[]) {
      return chunked(ids, (part) =>
        db
          .selectFrom('sensor as s')
          .innerJoin('node as n', 'n.id', 's.node_id')
          .selectAll('s')
          .select('n.tenant_group_id')
          .where('s.company_id', '=', companyId)
          .where('s.id', 'in', part)
          .execute(),
      );
    },

    /** Nodes of the company that a granted job site holds, or that a job of a granted job site uses. */
    async visibleNodeIds(scope: Scope, nodeIds: number[]): Promise<Set<number>> {
      if (scope.siteIds.length === 0 || nodeIds.length === 0) return new Set();
      const rows = await chunked(nodeIds, (part) =>
        db
          .selectFrom('node as n')
          .select('n.id')
          .where('n.company_id', '=', scope.companyId)
          .where('n.id', 'in', part)
          .where((eb) =>
            eb.or([
              eb('n.tenant_group_id', 'in', scope.siteIds),
              eb.exists(
                eb
                  .selectFrom('job')
                  .select('job.id')
                  .whereRef('job.node_id', '=', 'n.id')
                  .where('job.tenant_group_id', 'in', scope.siteIds),
              ),
            ]),
          )
          .execute(),
      );
      return new Set(rows.map((r) => r.id));
    },

    /** Nodes of a job site: assigned to it, or used by one of its jobs. */
    async nodeIdsOfSite(companyId: number, siteId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('node as n')
        .select('n.id')
        .where('n.company_id', '=', companyId)
        .where((eb) =>
          eb.or([
            eb('n.tenant_group_id', '=', siteId),
            eb.exists(
              eb
                .selectFrom('job')
                .select('job.id')
                .whereRef('job.node_id', '=', 'n.id')
                .where('job.tenant_group_id', '=', siteId),
            ),
          ]),
        )
        .orderBy('n.id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Counted sensors (not blacklisted or decommissioned) of the given nodes, per node and type. */
    countedSensors(nodeIds: number[]) {
      return chunked(nodeIds, (part) =>
        db
          .selectFrom('sensor')
          .select(['node_id', 'sensor_type', (eb) => eb.fn.countAll<number>().as('c')])
          .where('node_id', 'in', part)
          .where('blacklisted', '=', 0)
          .where('decommissioned', '=', 0)
          .groupBy(['node_id', 'sensor_type'])
          .execute(),
      );
    },

    /** The maturity state of every sensor of the given jobs, with the sensor's type and flags, in channel order. */
    statesWithSensors(jobIds: number[]) {
      return chunked(jobIds, (part) =>
        db
          .selectFrom('maturity_state as ms')
          .innerJoin('sensor as s', 's.id', 'ms.sensor_id')
          .select([
            'ms.job_id',
            'ms.sensor_id',
            'ms.last_ts',
            'ms.last_temp',
            'ms.maturity',
            'ms.equivalent_age',
            'ms.n',
            's.sensor_type',
            's.blacklisted',
            's.decommissioned',
          ])
          .where('ms.job_id', 'in', part)
          .orderBy('ms.job_id')
          .orderBy('s.channel_id')
          .orderBy('s.id')
          .execute(),
      );
    },

    /**
     * The maturity states of these jobs summed up in one row (count, readings counted, latest time,
     * sums of maturity and equivalent age): part of the mark of a job list's kept answer. Every reading
     * counted moves the count of readings; a recompute (profile, dates) moves the sums.
     */
    async statesMark(jobIds: number[]): Promise<unknown[][]> {
      return chunked(jobIds, (part) =>
        rows(
          `SELECT COUNT(*), SUM(n), MAX(last_ts), SUM(maturity), SUM(equivalent_age)
           FROM maturity_state WHERE job_id IN (${placeholders(part.length)})`,
          part,
        ),
      );
    },

    /**
     * The sensors of these nodes as a job list's views count them: how many there are (sensors are
     * only added, and keep their node and type) and which are blacklisted or decommissioned (few).
     */
    async sensorsMark(nodeIds: number[]): Promise<unknown[][]> {
      return chunked(nodeIds, async (part) => [
        ...(await rows(`SELECT COUNT(*) FROM sensor WHERE node_id IN (${placeholders(part.length)})`, part)),
        ...(await rows(
          `SELECT id, blacklisted, decommissioned FROM sensor
           WHERE node_id IN (${placeholders(part.length)}) AND (blacklisted <> 0 OR decommissioned <> 0) ORDER BY id`,
          part,
        )),
      ]);
    },

    /**
     * Each sensor's latest reading within its job's dates (start to termination, or `now`), for
     * every sensor of the given jobs' nodes: one statement, an index seek per sensor.
     */
    latestInWindow(jobIds: number[], now: number) {
      return chunked(jobIds, async (part) => {
        const result = await sql<{
          job_id: number;
          sensor_id: number;
          ts: number;
          value: number;
          sensor_type: string;
          blacklisted: number;
          decommissioned: number;
        }>`
          SELECT x.job_id, x.sensor_id, r.ts, r.value, x.sensor_type, x.blacklisted, x.decommissioned
          FROM (
            SELECT j.id AS job_id, s.id AS sensor_id, s.sensor_type, s.blacklisted, s.decommissioned, s.channel_id,
              (SELECT r1.ts FROM reading r1
                WHERE r1.sensor_id = s.id AND r1.ts >= j.start_date AND r1.ts <= COALESCE(j.termination_date, ${now})
                ORDER BY r1.ts DESC LIMIT 1) AS ts
            FROM job j JOIN sensor s ON s.node_id = j.node_id
            WHERE j.start_date IS NOT NULL AND j.id IN (${sql.join(part)})
          ) x
          JOIN reading r ON r.sensor_id = x.sensor_id AND r.ts = x.ts
          ORDER BY x.job_id, x.channel_id, x.sensor_id`.execute(db);
        return result.rows;
      });
    },

    /**
     * Count, sum, min and max of each sensor's readings within [from, to], exactly: whole hours from
     * the hourly rollups, the partial hours at both ends from the readings.
     */
    async rangeStats(sensorIds: number[], from: number, to: number): Promise<Map<number, SensorStat>> {
      const out = new Map<number, SensorStat>();
      if (sensorIds.length === 0 || to < from) return out;
      const { a, b } = wholeHours(from, to);
      const merge = (r: {
        sensor_id: number;
        n: number | string;
        total: number | null;
        min: number | null;
        max: number | null;
      }) => {
        const n = Number(r.n);
        if (n === 0 || r.total === null || r.min === null || r.max === null) return;
        const o = out.get(r.sensor_id);
        if (!o)
          out.set(r.sensor_id, { sensor_id: r.sensor_id, n, total: Number(r.total), min: r.min, max: r.max });
        else {
          o.n += n;
          o.total += Number(r.total);
          o.min = Math.min(o.min, r.min);
          o.max = Math.max(o.max, r.max);
        }
      };
      if (a < b) {
        const hours = await db
          .selectFrom('reading_hour')
          .select((eb) => [
            'sensor_id',
            eb.fn.sum<number>('n').as('n'),
            eb.fn.sum<number>('total').as('total'),
            eb.fn.min<number>('min').as('min'),
            eb.fn.max<number>('max').as('max'),
          ])
          .where('sensor_id', 'in', sensorIds)
          .where('hour', '>=', a)
          .where('hour', '<', b)
          .groupBy('sensor_id')
          .execute();
        hours.forEach(merge);
      }
      const raw = await db
        .selectFrom('reading')
        .select((eb) => [
          'sensor_id',
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('value').as('total'),
          eb.fn.min<number>('value').as('min'),
          eb.fn.max<number>('value').as('max'),
        ])
        .where('sensor_id', 'in', sensorIds)
        .where((eb) =>
          a < b
            ? eb.or([
                eb.and([eb('ts', '>=', from), eb('ts', '<', a)]),
                eb.and([eb('ts', '>=', b), eb('ts', '<=', to)]),
              ])
            : eb.and([eb('ts', '>=', from), eb('ts', '<=', to)]),
        )
        .groupBy('sensor_id')
        .execute();
      raw.forEach(merge);
      return out;
    },

    /**
     * The lowest (or highest) reading of the sensors within [from, to], the earliest one on a tie:
     * the best whole hour from the rollups, then that hour's readings; the partial end hours from the readings.
     */
    async extremity(
      sensorIds: number[],
      from: number,
      to: number,
      which: 'min' | 'max',
    ): Promise<ExtremeReading | undefined> {
      if (sensorIds.length === 0 || to < from) return undefined;
      const dir = which === 'min' ? 'asc' : 'desc';
      const { a, b } = wholeHours(from, to);
      const candidates: ExtremeReading[] = [];
      if (a < b) {
        const best = await db
          .selectFrom('reading_hour')
          .select(['sensor_id', 'hour'])
          .where('sensor_id', 'in', sensorIds)
          .where('hour', '>=', a)
          .where('hour', '<', b)
          .orderBy(which, dir)
          .orderBy('hour', 'asc')
          .orderBy('sensor_id', 'asc')
          .limit(1)
          .executeTakeFirst();
        if (best) {
          const r = await db
            .selectFrom('reading')
            .select(['sensor_id', 'ts', 'value'])
            .where('sensor_id', '=', best.sensor_id)
            .where('ts', '>=', best.hour)
            .where('ts', '<', best.hour + HOUR_MS)
            .orderBy('value', dir)
            .orderBy('ts', 'asc')
            .limit(1)
            .executeTakeFirst();
          if (r) candidates.push(r);
        }
      }
      const edge = await db
        .selectFrom('reading')
        .select(['sensor_id', 'ts', 'value'])
        .where('sensor_id', 'in', sensorIds)
        .where((eb) =>
          a < b
            ? eb.or([
                eb.and([eb('ts', '>=', from), eb('ts', '<', a)]),
                eb.and([eb('ts', '>=', b), eb('ts', '<=', to)]),
              ])
            : eb.and([eb('ts', '>=', from), eb('ts', '<=', to)]),
        )
        .orderBy('value', dir)
        .orderBy('ts', 'asc')
        .limit(1)
        .executeTakeFirst();
      if (edge) candidates.push(edge);
      const better = (x: ExtremeReading, y: ExtremeReading) =>
        x.value !== y.value ? (which === 'min' ? x.value < y.value : x.value > y.value) : x.ts < y.ts;
      return candidates.reduce<ExtremeReading | undefined>(
        (best, c) => (!best || better(c, best) ? c : best),
        undefined,
      );
    },

    /** The latest maturity-state time of the given sensors of a job. */
    async latestStateTs(jobId: number, sensorIds: number[]): Promise<number | null> {
      if (sensorIds.length === 0) return null;
      const r = await db
        .selectFrom('maturity_state')
        .select((eb) => eb.fn.max<number>('last_ts').as('ts'))
        .where('job_id', '=', jobId)
        .where('sensor_id', 'in', sensorIds)
        .executeTakeFirst();
      return r?.ts === null || r?.ts === undefined ? null : Number(r.ts);
    },

    /** One page of a job's hourly maturity rows. */
    maturityHourPage(jobId: number, sensorIds: number[], offset: number, limit: number, dir: 'asc' | 'desc') {
      if (sensorIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('maturity_hour')
        .select(['sensor_id', 'hour', 'last_ts', 'last_temp', 'maturity', 'equivalent_age'])
        .where('job_id', '=', jobId)
        .where('sensor_id', 'in', sensorIds)
        .orderBy('hour', dir)
        .orderBy('sensor_id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async maturityHourCount(jobId: number, sensorIds: number[]): Promise<number> {
      if (sensorIds.length === 0) return 0;
      const r = await db
        .selectFrom('maturity_hour')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('job_id', '=', jobId)
        .where('sensor_id', 'in', sensorIds)
        .executeTakeFirstOrThrow();
      return Number(r.c);
    },

    /**
     * A job's hourly maturity states of the sensors with hour in [fromHour, to], bucketed: 1 h buckets
     * are the rows themselves; wider buckets average, and take the min and max of, the hourly states
     * they hold (aggregated in SQL). Per sensor, columns (JSON arrays aggregated by the database, one
     * row per sensor): the bucket starts, then for each quantity asked (maturity, equivalent_age,
     * last_temp) its value (1 h), or its avg, min and max (wider).
     */
    async maturityBuckets(
      jobId: number,
      sensorIds: number[],
      fromHour: number,
      to: number,
      bucketMs: number,
      quantities: readonly ('maturity' | 'equivalent_age' | 'last_temp')[],
    ): Promise<SensorColumns[]> {
      if (sensorIds.length === 0) return [];
      const ids = placeholders(sensorIds.length);
      const j = (x: string) => jsonArray(raw.dialect, x);
      const where = `WHERE job_id = ? AND sensor_id IN (${ids}) AND hour >= ? AND hour <= ?`;
      const params = [jobId, ...sensorIds, fromHour, to];
      if (bucketMs === HOUR_MS) {
        return toSensorColumns(
          await rows(
            `SELECT sensor_id, ${j('hour')}, ${quantities.map(j).join(', ')} FROM maturity_hour ${where} GROUP BY sensor_id`,
            params,
          ),
        );
      }
      const b = `hour - hour % ${Math.trunc(bucketMs)}`;
      const inner = quantities.flatMap((q) => [
        `AVG(${q}) AS ${q}_a`,
        `MIN(${q}) AS ${q}_n`,
        `MAX(${q}) AS ${q}_x`,
      ]);
      const outer = quantities.flatMap((q) => [j(`${q}_a`), j(`${q}_n`), j(`${q}_x`)]);
      return toSensorColumns(
        await rows(
          `SELECT sensor_id, ${j('b')}, ${outer.join(', ')} FROM (
             SELECT sensor_id, ${b} AS b, ${inner.join(', ')} FROM maturity_hour ${where} GROUP BY sensor_id, ${b}
           ) x GROUP BY sensor_id`,
          params,
        ),
      );
    },

    async setBlacklisted(sensorIds: number[], blacklisted: boolean): Promise<void> {
      await db
        .updateTable('sensor')
        .set({ blacklisted: blacklisted ? 1 : 0 })
        .where('id', 'in', sensorIds)
        .execute();
    },
  };
}
export type MaturityRepo = ReturnType<typeof createMaturityRepo>;
export type JobRow = Awaited<ReturnType<MaturityRepo['jobs']>>[number];
