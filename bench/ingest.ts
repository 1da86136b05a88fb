/**
 * bench:ingest: readings per second stored end to end through POST /api/ingest/readings (a
 * listening server in its own process, a few concurrent HTTP clients, batches of 1,000 temperature
 * readings of nodes whose maturity jobs have started, so maturity is kept current as they arrive),
 * on SQLite and on PostgreSQL, against a raw batched INSERT of the same rows into the same `reading`
 * table in the same run. Then the same through MQTT. Prints peak server RSS.
 *
 * Settings (environment): BENCH_DIALECTS=sqlite,postgres  BENCH_CLIENTS=4
 * BENCH_INGEST_BATCHES=100 (per client)  BENCH_MQTT_BATCHES=100 (0: no MQTT)  BENCH_MQTT_URL
 * BENCH_CPU_PROF=<dir> (V8 profile of the server process).
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import { createBenchDb, type Dialect, dialectsToRun } from './lib/db.ts';
import { addJob, addNodes, concreteTemp, demoSite, gatewayOf, HOUR, QUARTER_HOUR } from './lib/fixtures.ts';
import { forgetSession, MQTT_URL, mqttAvailable, publishAndWait } from './lib/mqtt.ts';
import { envInt, goal, int, mb, ms, percentile, ratio, secs, table } from './lib/report.ts';
import { startServer } from './lib/server.ts';

const CLIENTS = envInt('BENCH_CLIENTS', 4);
const BATCHES = envInt('BENCH_INGEST_BATCHES', 100);
const MQTT_BATCHES = Number(process.env.BENCH_MQTT_BATCHES ?? 100);
const WARMUP = 5;
const NODES_PER_CLIENT = 25;
const CHANNELS = 4;
const SENSORS_PER_CLIENT = NODES_PER_CLIENT * CHANNELS;
const BATCH = 1000;
const STEPS_PER_BATCH = BATCH / SENSORS_PER_CLIENT;
const RAW_GOAL = 0.5;
const SQLITE_GOAL = 150_000;

/** Clock ticks per second of /proc/<pid>/stat times. */
const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, ms) a process has used so far, all its threads, from /proc (Linux; null
 * elsewhere). On a machine shared with other work, wall-clock rates fall with the load while CPU time
 * per reading barely moves, so the bench prints both.
 */
function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ", field 3 (state) comes first: utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return null;
  }
}
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Reading {
  nodeId: number;
  channelId: number;
  sensorType: 'Temperature';
  ts: number;
  value: number;
}

/** A client's k-th batch: STEPS_PER_BATCH quarter hours of every channel of its nodes. */
function batchOf(nodes: number[], k: number, t0: number, pour: number): Reading[] {
  const out: Reading[] = [];
  for (let j = 0; j < STEPS_PER_BATCH; j++) {
    const ts = t0 + (k * STEPS_PER_BATCH + j) * QUARTER_HOUR;
    for (const nodeId of nodes) {
      for (let channelId = 0; channelId < CHANNELS; channelId++) {
        const value = concreteTemp(nodeId * CHANNELS + channelId, ts - pour, ts);
        out.push({ nodeId, channelId, sensorType: 'Temperature', ts, value });
      }
    }
  }
  return out;
}

interface DialectResult {
  dialect: Dialect;
  raw: number;
  http: number;
  /** CPU ms per 1,000 readings: the raw INSERT (this process), the HTTP server */
  rawCpu: number;
  httpCpu: number | null;
  mqtt: number | null;
  httpRss: number;
  mqttRss: number | null;
  maxRss: number;
}

async function runDialect(dialect: Dialect, withMqtt: boolean): Promise<DialectResult> {
  console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
  const setupStart = performance.now();
  const bench = await createBenchDb(dialect);
  const mqttRoot = `sitepulse-bench-${randomBytes(4).toString('hex')}`;
  const mqttClientId = `${mqttRoot}-server`;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const db = bench.db;
    const site = await demoSite(db);
    const gateway = await gatewayOf(db, site);
    const mqttPerClient = Math.ceil(MQTT_BATCHES / CLIENTS);
    const steps = (WARMUP + BATCHES + mqttPerClient) * STEPS_PER_BATCH;
    const t0 = Math.floor((Date.now() - (steps + 8) * QUARTER_HOUR) / HOUR) * HOUR;
    const pour = t0 - HOUR;
    const nodesOf: number[][] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const ids = Array.from({ length: NODES_PER_CLIENT }, (_, i) => 100_000 + c * 1000 + i);
      nodesOf.push(ids);
      await addNodes(db, site, ids, gateway.id, pour - HOUR);
      for (const nodeId of ids) {
        // A curing pour: strength target not yet reached, so the MATURED check runs on every batch.
        await addJob(db, site, { nodeId, name: `Pour ${nodeId}`, startDate: pour, singularTarget: 40 });
      }
    }
    const bodies = nodesOf.map((nodes) =>
      Array.from({ length: WARMUP + BATCHES }, (_, k) =>
        JSON.stringify({ readings: batchOf(nodes, k, t0, pour) }),
      ),
    );

    server = await startServer('app', {
      DATABASE_URL: bench.url,
      ...(withMqtt ? { MQTT_URL, MQTT_TOPIC_ROOT: mqttRoot, MQTT_CLIENT_ID: mqttClientId } : {}),
    });
    const post = async (body: string) => {
      const res = await fetch(`${server?.url}/api/ingest/readings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await res.json()) as { accepted: number; duplicates: number; rejected: unknown[] };
      if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${JSON.stringify(answer)}`);
      return answer;
    };

    // Warm-up (creates the sensors, warms the JIT): not measured.
    await Promise.all(
      bodies.map(async (list) => {
        for (const body of list.slice(0, WARMUP)) await post(body);
      }),
    );
    console.log(
      `  setup ${secs(performance.now() - setupStart)} (${CLIENTS * NODES_PER_CLIENT} nodes with a started maturity job, ${CLIENTS * SENSORS_PER_CLIENT} temperature sensors)`,
    );

    // ---- baseline: the same rows, raw, in batches of 1,000, one transaction each
    const sensorRows = await db.selectFrom('sensor').select(['id', 'node_id', 'channel_id']).execute();
    const sensorId = new Map(sensorRows.map((s) => [`${s.node_id}:${s.channel_id}`, s.id]));
    const rawBatches: { ids: number[]; ts: number[]; values: number[] }[] = [];
    for (let k = WARMUP; k < WARMUP + BATCHES; k++) {
      for (const nodes of nodesOf) {
        const rows = batchOf(nodes, k, t0, pour);
        rawBatches.push({
          ids: rows.map((r) => sensorId.get(`${r.nodeId}:${r.channelId}`) as number),
          ts: rows.map((r) => r.ts),
          values: rows.map((r) => r.value),
        });
      }
    }
    const measuredFrom = t0 + WARMUP * STEPS_PER_BATCH * QUARTER_HOUR;
    const measuredTo = t0 + ((WARMUP + BATCHES) * STEPS_PER_BATCH - 1) * QUARTER_HOUR;
    const total = rawBatches.length * BATCH;
    let rawMs: number;
    /** SQLite: this process's CPU time; PostgreSQL: the server's work is in its own processes */
    let rawCpuMs: number | null = null;
    let rawLabel: string;
    if (bench.raw.dialect === 'sqlite') {
      const { sqlite } = bench.raw;
      const insert = sqlite.prepare('INSERT INTO reading (sensor_id, ts, value) VALUES (?, ?, ?)');
      const insertBatch = sqlite.transaction((b: (typeof rawBatches)[number]) => {
        for (let i = 0; i < b.ids.length; i++) insert.run(b.ids[i], b.ts[i], b.values[i]);
      });
      const cpu0 = ownCpuMs();
      const start = performance.now();
      for (const b of rawBatches) insertBatch(b);
      rawMs = performance.now() - start;
      rawCpuMs = ownCpuMs() - cpu0;
      sqlite.prepare('DELETE FROM reading WHERE ts BETWEEN ? AND ?').run(measuredFrom, measuredTo);
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      rawLabel = 'raw INSERT (better-sqlite3 prepared statement, one transaction per 1,000)';
    } else {
      const client = await bench.raw.pool.connect();
      try {
        const start = performance.now();
        for (const b of rawBatches) {
          await client.query(
            'INSERT INTO reading (sensor_id, ts, value) SELECT * FROM unnest($1::int[], $2::bigint[], $3::float8[])',
            [b.ids, b.ts, b.values],
          );
        }
        rawMs = performance.now() - start;
        await client.query('DELETE FROM reading WHERE ts BETWEEN $1 AND $2', [measuredFrom, measuredTo]);
        await client.query('VACUUM ANALYZE reading');
      } finally {
        client.release();
      }
      rawLabel = 'raw INSERT (pg, unnest of 1,000 rows per statement)';
    }
    const raw = total / (rawMs / 1000);

    // ---- HTTP ingest, CLIENTS concurrent clients, each its own nodes in time order
    await server.resetRss();
    const latencies: number[] = [];
    let accepted = 0;
    let notAccepted = 0;
    const serverCpu0 = cpuMsOf(server.pid);
    const start = performance.now();
    await Promise.all(
      bodies.map(async (list) => {
        for (const body of list.slice(WARMUP)) {
          const t = performance.now();
          const a = await post(body);
          latencies.push(performance.now() - t);
          accepted += a.accepted;
          notAccepted += a.duplicates + a.rejected.length;
        }
      }),
    );
    const httpMs = performance.now() - start;
    const serverCpu1 = cpuMsOf(server.pid);
    const http = total / (httpMs / 1000);
    const per1000 = (cpuMs: number | null) => (cpuMs === null ? null : (cpuMs * 1000) / total);
    const rawCpu = per1000(rawCpuMs);
    const httpCpu = serverCpu0 === null || serverCpu1 === null ? null : per1000(serverCpu1 - serverCpu0);
    const httpRss = (await server.rss()).peak;

    // ---- checks: everything stored once, maturity current for every sensor
    const stored = await db
      .selectFrom('reading')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const expectedStored = CLIENTS * (WARMUP + BATCHES) * BATCH;
    const lastTs = t0 + ((WARMUP + BATCHES) * STEPS_PER_BATCH - 1) * QUARTER_HOUR;
    const states = await db
      .selectFrom('maturity_state')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`min(last_ts)`.as('lo'),
        sql<number>`min(n)`.as('cnt'),
      ])
      .executeTakeFirstOrThrow();
    const current =
      Number(states.n) === CLIENTS * SENSORS_PER_CLIENT &&
      Number(states.lo) === lastTs &&
      Number(states.cnt) === (WARMUP + BATCHES) * STEPS_PER_BATCH;
    if (accepted !== total || notAccepted !== 0 || Number(stored.n) !== expectedStored) {
      throw new Error(
        `HTTP ingest: ${accepted} accepted, ${notAccepted} not, ${stored.n} stored; expected ${total} and ${expectedStored}`,
      );
    }
    if (!current) throw new Error(`maturity not current: ${JSON.stringify(states)}; last ts ${lastTs}`);

    table([
      ['', 'readings/s', 'vs raw', 'readings', 'time'],
      [rawLabel, int(raw), '1.00', int(total), secs(rawMs)],
      [
        `HTTP ingest (${CLIENTS} clients, batches of ${int(BATCH)})`,
        int(http),
        ratio(http, raw),
        int(total),
        secs(httpMs),
      ],
    ]);
    console.log(
      `  HTTP batch latency p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}; ` +
        `every reading stored once; maturity current on all ${CLIENTS * SENSORS_PER_CLIENT} sensors`,
    );
    if (httpCpu !== null) {
      console.log(
        `  CPU per 1,000 readings: HTTP server ${ms(httpCpu)}` +
          (rawCpu === null ? '' : `, raw INSERT ${ms(rawCpu)} (CPU ratio ${ratio(rawCpu, httpCpu)})`),
      );
    }

    // ---- MQTT: later readings of the same nodes, QoS 1, until every batch is answered (stored)
    let mqttRate: number | null = null;
    let mqttRss: number | null = null;
    if (withMqtt && MQTT_BATCHES > 0) {
      const payloads: string[] = [];
      for (let b = 0; b < MQTT_BATCHES; b++) {
        const k = WARMUP + BATCHES + Math.floor(b / CLIENTS);
        payloads.push(JSON.stringify({ readings: batchOf(nodesOf[b % CLIENTS], k, t0, pour) }));
      }
      await server.resetRss();
      const run = await publishAndWait({
        root: mqttRoot,
        gatewayId: gateway.id,
        payloads,
        window: 8,
        timeoutMs: 300_000,
      });
      mqttRss = (await server.rss()).peak;
      if (run.accepted !== MQTT_BATCHES * BATCH || run.errors > 0) {
        throw new Error(`MQTT ingest: ${JSON.stringify(run)}; expected ${MQTT_BATCHES * BATCH} accepted`);
      }
      mqttRate = (MQTT_BATCHES * BATCH) / (run.elapsedMs / 1000);
      table([
        ['', 'readings/s', 'vs raw', 'readings', 'time'],
        [
          `MQTT ingest (QoS 1, 8 in flight, stored and acked)`,
          int(mqttRate),
          ratio(mqttRate, raw),
          int(MQTT_BATCHES * BATCH),
          secs(run.elapsedMs),
        ],
      ]);
    }

    const maxRss = (await server.rss()).maxRss;
    console.log(
      `  peak server RSS: HTTP phase ${mb(httpRss)}${mqttRss === null ? '' : `, MQTT phase ${mb(mqttRss)}`}, whole server life ${mb(maxRss)}`,
    );
    return {
      dialect,
      raw,
      http,
      rawCpu: rawCpu ?? Number.NaN,
      httpCpu,
      mqtt: mqttRate,
      httpRss,
      mqttRss,
      maxRss,
    };
  } finally {
    await server?.stop();
    if (withMqtt) await forgetSession(mqttClientId);
    await bench.destroy();
  }
}

const dialects = await dialectsToRun();
const withMqtt = MQTT_BATCHES > 0 && (await mqttAvailable());
console.log(
  `bench:ingest  ${availableParallelism()} CPUs, Node ${process.version}, load average ${loadavg()[0].toFixed(1)}; ${CLIENTS} HTTP clients x ${BATCHES} batches of ${int(BATCH)} readings (+${WARMUP} warm-up each)` +
    (withMqtt
      ? `; MQTT ${MQTT_BATCHES} batches via ${MQTT_URL}`
      : MQTT_BATCHES > 0
        ? `; MQTT broker ${MQTT_URL} does not answer: skipped`
        : ''),
);
const results: DialectResult[] = [];
for (const d of dialects) results.push(await runDialect(d, withMqtt));

console.log('\nSummary');
table([
  [
    '',
    'raw readings/s',
    'HTTP readings/s',
    'HTTP/raw',
    'HTTP/raw CPU',
    'MQTT readings/s',
    'MQTT/raw',
    'peak RSS',
  ],
  ...results.map((r) => [
    r.dialect,
    int(r.raw),
    int(r.http),
    ratio(r.http, r.raw),
    r.httpCpu === null || Number.isNaN(r.rawCpu) ? '-' : ratio(r.rawCpu, r.httpCpu),
    r.mqtt === null ? '-' : int(r.mqtt),
    r.mqtt === null ? '-' : ratio(r.mqtt, r.raw),
    mb(Math.max(r.httpRss, r.mqttRss ?? 0)),
  ]),
]);
const lite = results.find((r) => r.dialect === 'sqlite');
if (lite)
  console.log(
    `  goal >= ${int(SQLITE_GOAL)} readings/s over HTTP on SQLite: ${goal(lite.http >= SQLITE_GOAL)}`,
  );
for (const r of results)
  console.log(`  goal HTTP >= ${RAW_GOAL} of raw on ${r.dialect}: ${goal(r.http / r.raw >= RAW_GOAL)}`);
console.log(
  `  load average at the end ${loadavg()[0].toFixed(1)} (figures from a busy machine are lower and noisier)`,
);
