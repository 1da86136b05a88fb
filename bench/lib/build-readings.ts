import { HOUR_MS, hasMatured, jobStrength, jobTargetStrength } from '@sitepulse/domain';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import {
  advance,
  MATURED_BIT,
  type MaturityJob,
  strengthOf,
} from '../../apps/server/src/modules/maturity/engine.ts';
import type { BenchDb } from './db.ts';
import { addJob, addNodes, concreteTemp, DAY, demoSite, QUARTER_HOUR, type SiteFixture } from './fixtures.ts';

export interface QueryFixture {
  site: SiteFixture;
  /** the job the chart reads: 60 days, 20 sensors, a reading every 15 minutes */
  chartJobId: number;
  jobIds: number[];
  readings: number;
  hourRows: number;
}

export const SENSORS_PER_JOB = 20;
const CHART_DAYS = 60;
const GROUP_SIZE = 10;
const PROFILE = { datumC: -10, activationEnergy: 40_000, referenceC: 20, a: -20, b: 12 };

/** Column values of many rows, written in big multi-row statements. */
type Value = number | string;
interface Sink {
  add(...values: Value[]): void;
  /** SQLite: synchronous (inside the caller's transaction) */
  flush(): void | Promise<void>;
}

/** SQLite: one prepared INSERT of `rows` rows, run with the rows flattened. */
function sqliteSink(db: SQLite.Database, table: string, columns: string[], rows = 200): Sink {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const prepared = new Map<number, SQLite.Statement>();
  const stmt = (n: number) => {
    let s = prepared.get(n);
    if (!s) {
      s = db.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(n).fill(tuple).join(', ')}`,
      );
      prepared.set(n, s);
    }
    return s;
  };
  let buf: Value[] = [];
  const width = columns.length;
  return {
    add(...values) {
      for (const v of values) buf.push(v);
      if (buf.length === rows * width) {
        stmt(rows).run(buf);
        buf = [];
      }
    },
    flush() {
      if (buf.length > 0) stmt(buf.length / width).run(buf);
      buf = [];
    },
  };
}

/** PostgreSQL: rows kept as column arrays, written by flush as INSERT ... SELECT FROM unnest(arrays). */
function pgSink(client: pg.PoolClient, table: string, columns: [string, string][], rows = 50_000): Sink {
  const text = `INSERT INTO ${table} (${columns.map((c) => c[0]).join(', ')}) SELECT * FROM unnest(${columns
    .map((c, i) => `$${i + 1}::${c[1]}[]`)
    .join(', ')})`;
  let cols: Value[][] = columns.map(() => []);
  return {
    add(...values) {
      for (let i = 0; i < values.length; i++) cols[i].push(values[i]);
    },
    async flush() {
      const all = cols;
      cols = columns.map(() => []);
      for (let i = 0; i < all[0].length; i += rows) {
        await client.query(
          text,
          all.map((c) => c.slice(i, i + rows)),
        );
      }
    },
  };
}

/**
 * Fills a fresh database for the query benchmark, directly (not through HTTP): the demo company, a
 * job site with 200 started maturity jobs in 20 job groups, each on its own node with 20 temperature
 * sensors, and about `totalReadings` readings every 15 minutes over each job's dates (the chart job
 * exactly 60 days up to now). With the readings it writes what ingest would have written: the hourly
 * rollups (reading_hour), each sensor's latest value, and the maturity state and hourly maturity rows
 * computed by the engine's own `advance`, and the MATURED bit by the domain's rules.
 */
export async function buildQueryDb(
  bench: BenchDb,
  totalReadings: number,
  jobCount = 200,
  log: (s: string) => void = () => undefined,
): Promise<QueryFixture> {
  const db = bench.db;
  const site = await demoSite(db);
  const now = Math.floor(Date.now() / QUARTER_HOUR) * QUARTER_HOUR;
  const perSensorChart = CHART_DAYS * 96;
  const others = Math.max(0, totalReadings - SENSORS_PER_JOB * (perSensorChart + 1));
  const meanPerSensor = others / Math.max(1, jobCount - 1) / SENSORS_PER_JOB;

  // Jobs: dates, groups, nodes.
  const groupIds: number[] = [];
  for (let g = 0; g < Math.ceil(jobCount / GROUP_SIZE); g++) {
    const { id } = await db
      .insertInto('job_group')
      .values({
        company_id: site.companyId,
        tenant_id: site.tenantId,
        name: `Level ${g + 1} pours`,
        status: g % 4 === 3 ? 'TERMINATED' : 'RUNNING',
        created_at: now - (60 - g) * DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupIds.push(id);
  }
  const nodeIds = Array.from({ length: jobCount }, (_, j) => 200_000 + j);
  await addNodes(db, site, nodeIds, null, now - 400 * DAY);
  const jobs: MaturityJob[] = [];
  for (let j = 0; j < jobCount; j++) {
    let start: number;
    let end: number;
    let terminated = false;
    if (j === 0) {
      start = now - CHART_DAYS * DAY;
      end = now;
    } else {
      const n = Math.max(2, Math.round(meanPerSensor * (0.5 + (j - 1) / Math.max(1, jobCount - 2))));
      terminated = j % 3 === 0;
      end = terminated ? now - (j % 10) * DAY : now;
      start = end - (n - 1) * QUARTER_HOUR;
    }
    const target = 20 + (j % 4) * 5;
    const id = await addJob(db, site, {
      nodeId: nodeIds[j],
      name: j === 0 ? 'Chart pour (60 days)' : `Pour ${j}`,
      startDate: start,
      terminationDate: terminated ? end : null,
      singularTarget: target,
      jobGroupId: groupIds[Math.floor(j / GROUP_SIZE)],
    });
    jobs.push({
      id,
      nodeId: nodeIds[j],
      startDate: start,
      terminationDate: terminated ? end : null,
      datumC: PROFILE.datumC,
      activationEnergy: PROFILE.activationEnergy,
      referenceC: PROFILE.referenceC,
      curve: { maturity_function: 'NURSE_SAUL', curve_a: PROFILE.a, curve_b: PROFILE.b },
      targets: {
        singularTargetedStrength: target,
        highTargetedStrength: null,
        mediumTargetedStrength: null,
        lowTargetedStrength: null,
      },
      alarmFlags: 0,
    });
  }
  // Node status as gateways report it.
  for (const [j, nodeId] of nodeIds.entries()) {
    await db
      .updateTable('node')
      .set({
        latest_battery: 40 + (j % 60),
        latest_battery_ts: now,
        latest_signal: -60 - (j % 40),
        latest_signal_ts: now,
      })
      .where('id', '=', nodeId)
      .execute();
  }
  const firstSensor =
    1 +
    Number(
      (
        await db
          .selectFrom('sensor')
          .select((e) => e.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );

  // Readings and everything ingest derives from them, job by job.
  let pgClient: pg.PoolClient | undefined;
  let sinks: { sensor: Sink; reading: Sink; hour: Sink; state: Sink; mhour: Sink };
  if (bench.raw.dialect === 'sqlite') {
    const s = bench.raw.sqlite;
    s.pragma('synchronous = OFF');
    s.pragma('cache_size = -262144');
    sinks = {
      sensor: sqliteSink(
        s,
        'sensor',
        [
          'id',
          'company_id',
          'node_id',
          'channel_id',
          'sensor_type',
          'latest_value',
          'latest_value_ts',
          'message_ts',
          'created_at',
        ],
        50,
      ),
      reading: sqliteSink(s, 'reading', ['sensor_id', 'ts', 'value'], 250),
      hour: sqliteSink(s, 'reading_hour', ['sensor_id', 'hour', 'n', 'total', 'min', 'max']),
      state: sqliteSink(
        s,
        'maturity_state',
        ['job_id', 'sensor_id', 'last_ts', 'last_temp', 'maturity', 'equivalent_age', 'n'],
        50,
      ),
      mhour: sqliteSink(
        s,
        'maturity_hour',
        ['job_id', 'sensor_id', 'hour', 'last_ts', 'last_temp', 'maturity', 'equivalent_age', 'n'],
        100,
      ),
    };
  } else {
    pgClient = await bench.raw.pool.connect();
    await pgClient.query('SET synchronous_commit = off');
    const c = pgClient;
    sinks = {
      sensor: pgSink(c, 'sensor', [
        ['id', 'int'],
        ['company_id', 'int'],
        ['node_id', 'int'],
        ['channel_id', 'int'],
        ['sensor_type', 'text'],
        ['latest_value', 'float8'],
        ['latest_value_ts', 'bigint'],
        ['message_ts', 'bigint'],
        ['created_at', 'bigint'],
      ]),
      reading: pgSink(c, 'reading', [
        ['sensor_id', 'int'],
        ['ts', 'bigint'],
        ['value', 'float8'],
      ]),
      hour: pgSink(c, 'reading_hour', [
        ['sensor_id', 'int'],
        ['hour', 'bigint'],
        ['n', 'int'],
        ['total', 'float8'],
        ['min', 'float8'],
        ['max', 'float8'],
      ]),
      state: pgSink(c, 'maturity_state', [
        ['job_id', 'int'],
        ['sensor_id', 'int'],
        ['last_ts', 'bigint'],
        ['last_temp', 'float8'],
        ['maturity', 'float8'],
        ['equivalent_age', 'float8'],
        ['n', 'int'],
      ]),
      mhour: pgSink(c, 'maturity_hour', [
        ['job_id', 'int'],
        ['sensor_id', 'int'],
        ['hour', 'bigint'],
        ['last_ts', 'bigint'],
        ['last_temp', 'float8'],
        ['maturity', 'float8'],
        ['equivalent_age', 'float8'],
        ['n', 'int'],
      ]),
    };
  }

  let readings = 0;
  let hourRows = 0;
  const jobWork = (job: MaturityJob, j: number) => {
    const strengths: number[] = [];
    for (let s = 0; s < SENSORS_PER_JOB; s++) {
      const sensorId = firstSensor + j * SENSORS_PER_JOB + s;
      const end = job.terminationDate ?? now;
      const series: { ts: number; value: number }[] = [];
      for (let ts = job.startDate; ts <= end; ts += QUARTER_HOUR) {
        series.push({ ts, value: concreteTemp(sensorId, ts - job.startDate, ts) });
      }
      const last = series[series.length - 1];
      sinks.sensor.add(
        sensorId,
        site.companyId,
        job.nodeId,
        s,
        'Temperature',
        last.value,
        last.ts,
        last.ts,
        job.startDate,
      );
      // reading rows and hourly rollups (series is in time order)
      let hour = -1;
      let n = 0;
      let total = 0;
      let min = 0;
      let max = 0;
      for (const r of series) {
        sinks.reading.add(sensorId, r.ts, r.value);
        const h = Math.floor(r.ts / HOUR_MS) * HOUR_MS;
        if (h !== hour) {
          if (n > 0) {
            sinks.hour.add(sensorId, hour, n, total, min, max);
            hourRows++;
          }
          hour = h;
          n = 0;
          total = 0;
          min = r.value;
          max = r.value;
        }
        n++;
        total += r.value;
        if (r.value < min) min = r.value;
        if (r.value > max) max = r.value;
      }
      sinks.hour.add(sensorId, hour, n, total, min, max);
      hourRows++;
      readings += series.length;
      // maturity, as the engine keeps it
      const { state, hours } = advance(job, sensorId, null, series);
      if (state) {
        sinks.state.add(
          job.id,
          sensorId,
          state.lastTs,
          state.lastTemp,
          state.maturity,
          state.equivalentAge,
          state.n,
        );
        if (job.curve)
          strengths.push(
            strengthOf({ maturity: state.maturity, equivalent_age: state.equivalentAge }, job.curve),
          );
      }
      for (const h of hours) {
        sinks.mhour.add(job.id, sensorId, h.hour, h.lastTs, h.lastTemp, h.maturity, h.equivalentAge, h.n);
      }
    }
    return hasMatured(jobStrength(strengths), jobTargetStrength(job.targets)) ? 2 ** MATURED_BIT : 0;
  };

  const matured: number[] = [];
  const started = performance.now();
  let lastLog = started;
  for (const [j, job] of jobs.entries()) {
    let bits: number;
    if (bench.raw.dialect === 'sqlite') {
      const sqlite = bench.raw.sqlite;
      bits = sqlite.transaction(() => {
        const b = jobWork(job, j);
        for (const k of Object.values(sinks)) k.flush();
        return b;
      })();
    } else {
      await pgClient?.query('BEGIN');
      bits = jobWork(job, j);
      for (const k of Object.values(sinks)) await k.flush();
      await pgClient?.query('COMMIT');
    }
    if (bits) matured.push(job.id);
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      log(
        `    ${j + 1}/${jobs.length} jobs, ${readings.toLocaleString('en-US')} readings, ${((lastLog - started) / 1000).toFixed(0)} s`,
      );
    }
  }
  pgClient?.release();
  if (matured.length > 0) {
    await db
      .updateTable('job')
      .set({ job_alarm_triggered: 2 ** MATURED_BIT })
      .where('id', 'in', matured)
      .execute();
  }
  if (bench.raw.dialect === 'sqlite') {
    bench.raw.sqlite.pragma('synchronous = NORMAL');
    bench.raw.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    bench.raw.sqlite.exec('ANALYZE');
  } else {
    await bench.raw.pool.query(
      `SELECT setval(pg_get_serial_sequence('sensor', 'id'), (SELECT max(id) FROM sensor))`,
    );
    await bench.raw.pool.query('VACUUM ANALYZE');
  }
  return { site, chartJobId: jobs[0].id, jobIds: jobs.map((j) => j.id), readings, hourRows };
}
