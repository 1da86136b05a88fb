/**
 * The job charts (issue 18, docs/decisions/chart-reads.md): POST /data/analytics/concrete/maturity/time
 * (maturity, equivalent age, strength, temperature from the hourly maturity states) and POST
 * /data/measurement/time (a job's readings), each with its by_sids form.
 *
 * - The bucket and the rows it is computed from: measurements/chart-plan.ts `chartPlan`.
 * - The rows come back as arrays (never an object per row) and are placed on the grid as columns
 *   (Float64Array per quantity), then written in the answer's JSON shape.
 * - Answers are kept per job in measurements/answer-cache.ts and served again, with gzip made once,
 *   while the request reads the same mark of the job's last write from the database (`*Answer`).
 */
import type { MaturityTimeSeries, MsjMeasurementTimeSeries, SeriesBand } from '@sitepulse/contracts';
import { HOUR_MS } from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { SensorTable } from '../../db/types.ts';
import { type Answer, type AnswerCache, createAnswerCache } from '../measurements/answer-cache.ts';
import { type ChartPlan, chartPlan } from '../measurements/chart-plan.ts';
import type { SensorColumns } from '../measurements/raw-rows.ts';
import type { ChartReadings } from '../measurements/readings-repo.ts';
import { type StrengthCurve, strengthOf } from './engine.ts';
import type { JobRow, MaturityRepo } from './repo.ts';

type SensorRow = Selectable<SensorTable>;

/** A sensor's maturity state as the mark of the maturity chart reads it. */
export interface ChartState {
  sensor_id: number;
  last_ts: number;
  last_temp: number;
  maturity: number;
  equivalent_age: number;
  /** readings counted (every reading the engine counts moves it) */
  n: number;
}

/** avg, min and max of one quantity over the grid; NaN where there is no data. */
interface Bands {
  avg: Float64Array;
  min: Float64Array;
  max: Float64Array;
}
const nanBands = (points: number): Bands => ({
  avg: new Float64Array(points).fill(Number.NaN),
  min: new Float64Array(points).fill(Number.NaN),
  max: new Float64Array(points).fill(Number.NaN),
});

/** Where each quantity sits among a sensor's columns: [avg, min, max] column indexes. */
type Layout = Record<string, readonly [number, number, number]>;
/** readings bucketed: [bucket, avg, min, max] */
const VALUE_LAYOUT: Layout = { value: [1, 2, 3] };

/** Places each sensor's bucketed columns (bucket starts first) on its grid. */
function fillGrid(
  sensors: readonly SensorRow[],
  data: readonly SensorColumns[],
  plan: ChartPlan,
  layout: Layout,
): Record<string, Bands>[] {
  const { start, bucketMs, points } = plan;
  const names = Object.keys(layout);
  const grid = sensors.map(
    () => Object.fromEntries(names.map((n) => [n, nanBands(points)])) as Record<string, Bands>,
  );
  const index = new Map(sensors.map((s, i) => [s.id, i]));
  for (const { sensorId, columns } of data) {
    const i = index.get(sensorId);
    if (i === undefined) continue;
    const buckets = columns[0];
    for (const n of names) {
      const [a, lo, hi] = layout[n];
      const b = grid[i][n];
      const avg = columns[a];
      const min = columns[lo];
      const max = columns[hi];
      for (let k = 0; k < buckets.length; k++) {
        const p = (Number(buckets[k]) - start) / bucketMs;
        if (p < 0 || p >= points || !Number.isInteger(p)) continue;
        b.avg[p] = avg[k];
        b.min[p] = min[k];
        b.max[p] = max[k];
      }
    }
  }
  return grid;
}

/** The job across its sensors, bucket by bucket: mean of their averages (summed in sensor order), lowest min, highest max. */
function across(parts: readonly Bands[], points: number): Bands {
  const out = nanBands(points);
  for (let p = 0; p < points; p++) {
    let n = 0;
    let sum = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const b of parts) {
      const v = b.avg[p];
      if (Number.isNaN(v)) continue;
      n++;
      sum += v;
      if (b.min[p] < min) min = b.min[p];
      if (b.max[p] > max) max = b.max[p];
    }
    if (n === 0) continue;
    out.avg[p] = sum / n;
    out.min[p] = min;
    out.max[p] = max;
  }
  return out;
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** A column as the answer writes it: null where there is no data, rounded unless `exact`. */
function values(arr: Float64Array, decimals: number, exact: boolean): (number | null)[] {
  const out = new Array<number | null>(arr.length);
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    out[i] = Number.isNaN(v) ? null : exact ? v : round(v, decimals);
  }
  return out;
}

/** The job's strength curve, when it has a concrete profile. */
function curveOf(j: JobRow): StrengthCurve | null {
  if (j.curve_a === null || j.curve_b === null) return null;
  return { maturity_function: j.maturity_function ?? 'NURSE_SAUL', curve_a: j.curve_a, curve_b: j.curve_b };
}

/** What of a job its charts depend on (its dates, kind, types and strength curve). */
const jobMark = (j: JobRow) => [
  j.id,
  j.kind,
  j.node_id,
  j.sensor_types,
  j.start_date,
  j.termination_date,
  j.created_at,
  j.concrete_profile_id,
  j.maturity_function,
  j.curve_a,
  j.curve_b,
];
/** What of a sensor a chart shows or chooses it by. */
const sensorMark = (s: SensorRow) => [s.id, s.alias, s.sensor_type, s.blacklisted, s.decommissioned];
const gridOf = (p: ChartPlan) => `${p.bucket}:${p.bucketMs}:${p.start}:${p.points}`;

export interface MaturityChartRequest {
  fields?: string[];
  exact?: boolean;
}

/** The chart computations of the maturity module, and their kept answers. */
export function createMaturityCharts(deps: {
  repo: Pick<MaturityRepo, 'maturityBuckets'>;
  readings: ChartReadings;
  answers?: AnswerCache;
  /** the finest bucket a range of the company's readings may use (modules/retention: 1 h before its mark) */
  rawFloorMs?: (companyId: number, from: number) => Promise<number>;
}) {
  const { repo, readings } = deps;
  const answers = deps.answers ?? createAnswerCache();
  /** Raw readings before the company's retention mark are gone: a range from before it reads the rollups. */
  const floorOf = async (sensors: readonly SensorRow[], from: number) =>
    sensors.length > 0 && deps.rawFloorMs ? deps.rawFloorMs(sensors[0].company_id, from) : 0;

  /** Maturity, equivalent age, strength and temperature of the sensors over [from, to], from the hourly states. */
  async function maturitySeries(
    job: JobRow,
    sensors: readonly SensorRow[],
    from: number,
    to: number,
    body: MaturityChartRequest,
  ): Promise<MaturityTimeSeries> {
    const plan = chartPlan(from, to, HOUR_MS);
    const { bucketMs, points } = plan;
    const curve = curveOf(job);
    const wanted = new Set<string>(
      body.fields ?? [
        'strength',
        ...(curve?.maturity_function === 'EQUIVALENT_AGE' ? ['equivalentAge'] : []),
      ],
    );
    // The quantities the answer shows or computes strength from, in column order after the bucket starts.
    const quantities: ('maturity' | 'equivalent_age' | 'last_temp')[] = ['maturity'];
    if (
      wanted.has('equivalentAge') ||
      (curve?.maturity_function === 'EQUIVALENT_AGE' && wanted.has('strength'))
    )
      quantities.push('equivalent_age');
    if (wanted.has('temperature')) quantities.push('last_temp');
    const data = await repo.maturityBuckets(
      job.id,
      sensors.map((s) => s.id),
      Math.floor(from / HOUR_MS) * HOUR_MS,
      to,
      bucketMs,
      quantities,
    );
    const names = {
      maturity: 'maturity',
      equivalent_age: 'equivalentAge',
      last_temp: 'temperature',
    } as const;
    const layout: Layout = {};
    quantities.forEach((q, k) => {
      layout[names[q]] = plan.source === 'hour' ? [1 + k, 1 + k, 1 + k] : [1 + 3 * k, 2 + 3 * k, 3 + 3 * k];
    });
    const grid = fillGrid(sensors, data, plan, layout);
    const none = nanBands(points);
    const band = (g: Record<string, Bands>, n: string) => g[n] ?? none;
    // Strength of each bucket's avg, min and max state (the curve rises with maturity, so min and max stay min and max).
    const strength = curve
      ? grid.map((g) => {
          const out = {
            avg: new Float64Array(points),
            min: new Float64Array(points),
            max: new Float64Array(points),
          };
          for (const k of ['avg', 'min', 'max'] as const) {
            for (let p = 0; p < points; p++) {
              const m = g.maturity[k][p];
              out[k][p] = Number.isNaN(m)
                ? Number.NaN
                : strengthOf({ maturity: m, equivalent_age: band(g, 'equivalentAge')[k][p] }, curve);
            }
          }
          return out;
        })
      : null;
    const exact = body.exact === true;
    const wide = plan.source !== 'hour';
    const toBand = (b: Bands, decimals: number, minMax: boolean): SeriesBand => {
      const conv = (arr: Float64Array) => values(arr, decimals, exact);
      return minMax ? { avg: conv(b.avg), min: conv(b.min), max: conv(b.max) } : { avg: conv(b.avg) };
    };
    const series = sensors.map((s, i) => {
      const out: MaturityTimeSeries['series'][number] = {
        sensorId: s.id,
        sensorAlias: s.alias,
        maturity: toBand(grid[i].maturity, 1, wide),
      };
      if (wanted.has('strength')) out.strength = strength ? toBand(strength[i], 2, wide) : null;
      if (wanted.has('equivalentAge')) out.equivalentAge = toBand(band(grid[i], 'equivalentAge'), 2, wide);
      if (wanted.has('temperature')) out.temperature = toBand(band(grid[i], 'temperature'), 2, wide);
      return out;
    });
    const average: MaturityTimeSeries['average'] = {
      maturity: toBand(
        across(
          grid.map((g) => g.maturity),
          points,
        ),
        1,
        true,
      ),
    };
    if (wanted.has('strength'))
      average.strength = strength ? toBand(across(strength, points), 2, true) : null;
    if (wanted.has('equivalentAge'))
      average.equivalentAge = toBand(
        across(
          grid.map((g) => g.equivalentAge),
          points,
        ),
        2,
        true,
      );
    if (wanted.has('temperature'))
      average.temperature = toBand(
        across(
          grid.map((g) => g.temperature),
          points,
        ),
        2,
        true,
      );
    return {
      msjId: job.id,
      bucket: plan.bucket,
      bucketMs,
      from,
      to,
      start: plan.start,
      points,
      maturityFunction: curve?.maturity_function ?? null,
      series,
      average,
    };
  }

  /** Readings of the sensors over [from, to], bucketed (avg, min, max per bucket). */
  async function measurementSeries(
    sensors: readonly SensorRow[],
    from: number,
    to: number,
    exact: boolean,
  ): Promise<MsjMeasurementTimeSeries> {
    const plan = chartPlan(from, to, await floorOf(sensors, from));
    const rows = await readings.buckets(
      sensors.map((s) => s.id),
      from,
      to,
      plan,
    );
    const grid = fillGrid(sensors, rows, plan, VALUE_LAYOUT);
    const series = sensors.map((s, i) => ({
      sensorId: s.id,
      sensorAlias: s.alias,
      sensorType: s.sensor_type,
      avg: values(grid[i].value.avg, 2, exact),
      min: values(grid[i].value.min, 2, exact),
      max: values(grid[i].value.max, 2, exact),
    }));
    return {
      bucket: plan.bucket,
      bucketMs: plan.bucketMs,
      from,
      to,
      start: plan.start,
      points: plan.points,
      series,
    };
  }

  return {
    answers,
    maturitySeries,
    measurementSeries,

    /**
     * The maturity chart, kept per job. Its mark: the job (dates, curve), the sensors (alias, flags) and
     * each sensor's maturity state, which the engine writes in the transaction that writes the hourly
     * states the chart reads (every reading counted moves its `n`, every recompute its values).
     * `to` is "now" when the request names none and the job runs: a later "now" on the same grid
     * reuses the answer while no state lies after its `to`.
     */
    maturityAnswer(
      job: JobRow,
      sensors: readonly SensorRow[],
      states: ReadonlyMap<number, ChartState>,
      range: { from: number; to: number; clock: boolean },
      body: MaturityChartRequest & { sensorIds?: number[] },
    ): Promise<Answer> {
      const { from, to } = range;
      const plan = chartPlan(from, to, HOUR_MS);
      const chosen = sensors.map((s) => states.get(s.id));
      const latest = Math.max(Number.NEGATIVE_INFINITY, ...chosen.map((st) => (st ? Number(st.last_ts) : 0)));
      const key = JSON.stringify([
        'maturity',
        job.id,
        body.sensorIds ?? null,
        body.fields ?? null,
        body.exact === true,
        from,
        range.clock ? null : to,
      ]);
      const mark = JSON.stringify([
        jobMark(job),
        sensors.map(sensorMark),
        chosen.map((st) => (st ? [st.n, st.last_ts, st.last_temp, st.maturity, st.equivalent_age] : null)),
      ]);
      return answers.answer(
        key,
        { mark, grid: gridOf(plan), to, extendable: range.clock && latest <= to },
        () => maturitySeries(job, sensors, from, to, body),
      );
    },

    /**
     * The readings chart, kept per job. Its mark: the job, the sensors, and what the answer reads:
     * - from the rollups of a started maturity job's temperature sensors within its dates, each
     *   sensor's maturity state (the engine counts every reading of the job's window in the transaction
     *   that stores it and its rollup), and the tally of the two end hours, whose rollups may hold
     *   readings outside the range;
     * - otherwise the tally of the rows the answer reads (readings-repo.ts `tally`), counted by the
     *   database on each request.
     */
    async measurementAnswer(
      job: JobRow,
      sensors: readonly SensorRow[],
      states: ReadonlyMap<number, ChartState>,
      range: { from: number; to: number; clock: boolean },
      body: { sensorType?: string; sensorIds?: number[]; exact?: boolean },
    ): Promise<Answer> {
      const { from, to } = range;
      const plan = chartPlan(from, to, await floorOf(sensors, from));
      const ids = sensors.map((s) => s.id);
      const key = JSON.stringify([
        'measurement',
        job.id,
        body.sensorType ?? null,
        body.sensorIds ?? null,
        body.exact === true,
        from,
        range.clock ? null : to,
      ]);
      const counted =
        plan.source !== 'reading' &&
        job.kind === 'MATURITY' &&
        job.start_date !== null &&
        from >= job.start_date &&
        (job.termination_date === null || to <= job.termination_date) &&
        sensors.every((s) => s.sensor_type === 'Temperature');
      let data: unknown;
      let extendable = range.clock;
      if (counted) {
        const chosen = sensors.map((s) => states.get(s.id));
        const latest = Math.max(
          Number.NEGATIVE_INFINITY,
          ...chosen.map((st) => (st ? Number(st.last_ts) : 0)),
        );
        extendable &&= latest <= to;
        data = [
          chosen.map((st) => (st ? [st.n, st.last_ts] : null)),
          await readings.edgeTally(ids, from, to),
        ];
      } else data = await readings.tally(ids, from, to, plan);
      const mark = JSON.stringify([jobMark(job), sensors.map(sensorMark), data]);
      return answers.answer(key, { mark, grid: gridOf(plan), to, extendable }, () =>
        measurementSeries(sensors, from, to, body.exact === true),
      );
    },
  };
}
export type MaturityCharts = ReturnType<typeof createMaturityCharts>;
