/**
 * bench:cluster (issue 17): several Sitepulse servers on one PostgreSQL. For 1, 2 and 3 server
 * processes (each the real application in its own process, bench/lib/server.ts) on a fresh database:
 * readings/s stored end to end through POST /api/ingest/readings (HTTP clients spread over the
 * servers, batches of 1,000 temperature readings of nodes whose maturity jobs have started), while
 * viewers spread over the servers follow the site's live events and, on each one, re-read the site's
 * maturity job list from their own server (the dashboards' call, answered from the read cache when
 * nothing changed); their p50 and p99. Ratios against one process, in the same run.
 *
 * Settings (environment): BENCH_CLUSTER_SIZES=1,2,3  BENCH_CLIENTS=6  BENCH_INGEST_BATCHES=40 (per
 * client)  BENCH_VIEWERS=30  BENCH_PG_URL.
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import { signIn } from './lib/auth.ts';
import { createBenchDb, postgresAvailable } from './lib/db.ts';
import { addJob, addNodes, concreteTemp, demoSite, gatewayOf, HOUR, QUARTER_HOUR } from './lib/fixtures.ts';
import { envInt, int, mb, ms, percentile, ratio, secs, table } from './lib/report.ts';
import { type BenchServer, startServer } from './lib/server.ts';

const SIZES = (process.env.BENCH_CLUSTER_SIZES ?? '1,2,3').split(',').map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`BENCH_CLUSTER_SIZES: 1 to 8 each, got '${s}'`);
  return n;
});
const CLIENTS = envInt('BENCH_CLIENTS', 6);
const BATCHES = envInt('BENCH_INGEST_BATCHES', 40);
const VIEWERS = envInt('BENCH_VIEWERS', 30);
const WARMUP = 2;
const NODES_PER_CLIENT = 25;
const CHANNELS = 4;
const BATCH = 1000;
const STEPS_PER_BATCH = BATCH / (NODES_PER_CLIENT * CHANNELS);
/** After the last batch, viewers get this long for the last events' re-reads. */
const SETTLE_MS = 3000;

interface Result {
  processes: number;
  readingsPerS: number;
  elapsedMs: number;
  batchP99: number;
  events: number;
  rereads: number[];
  errors: number;
  peakRss: number;
}

/** A client's k-th batch: STEPS_PER_BATCH quarter hours of every channel of its nodes. */
function batchOf(nodes: number[], k: number, t0: number, pour: number) {
  const readings = [];
  for (let j = 0; j < STEPS_PER_BATCH; j++) {
    const ts = t0 + (k * STEPS_PER_BATCH + j) * QUARTER_HOUR;
    for (const nodeId of nodes) {
      for (let channelId = 0; channelId < CHANNELS; channelId++) {
        const value = concreteTemp(nodeId * CHANNELS + channelId, ts - pour, ts);
        readings.push({ nodeId, channelId, sensorType: 'Temperature', ts, value });
      }
    }
  }
  return JSON.stringify({ readings });
}

/** A viewer: the site's event stream on one server, and on each event the job list again from it. */
function follow(
  server: BenchServer,
  headers: Record<string, string>,
  siteId: number,
  figures: { events: number; rereads: number[]; errors: number },
) {
  const controller = new AbortController();
  const reread = async () => {
    const t = performance.now();
    try {
      const res = await fetch(`${server.url}/api/analytics/concrete/maturity/jobs/paged`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body: JSON.stringify({ page: 0, rpp: 200, tenantGroupId: siteId }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) figures.errors++;
      else figures.rereads.push(performance.now() - t);
    } catch {
      figures.errors++;
    }
  };
  const ready = (async () => {
    const res = await fetch(`${server.url}/api/events/stream?tenantGroupId=${siteId}`, {
      headers,
      signal: controller.signal,
    });
    if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    let connected: () => void = () => {};
    const isConnected = new Promise<void>((r) => {
      connected = r;
    });
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          let i = buf.indexOf('\n\n');
          while (i >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            if (block.startsWith(': connected')) connected();
            if (/^event: readings$/m.test(block)) {
              figures.events++;
              void reread();
            }
            i = buf.indexOf('\n\n');
          }
        }
      } catch {
        // closed at the end
      }
    })();
    await isConnected;
  })();
  return { ready, close: () => controller.abort() };
}

async function run(processes: number): Promise<Result> {
  console.log(`\n${processes} process${processes > 1 ? 'es' : ''}`);
  const setupStart = performance.now();
  const bench = await createBenchDb('postgres');
  const servers: BenchServer[] = [];
  const viewers: { close(): void }[] = [];
  try {
    const db = bench.db;
    const site = await demoSite(db);
    const gateway = await gatewayOf(db, site);
    const steps = (WARMUP + BATCHES) * STEPS_PER_BATCH;
    const t0 = Math.floor((Date.now() - (steps + 8) * QUARTER_HOUR) / HOUR) * HOUR;
    const pour = t0 - HOUR;
    const nodesOf: number[][] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const ids = Array.from({ length: NODES_PER_CLIENT }, (_, i) => 100_000 + c * 1000 + i);
      nodesOf.push(ids);
      await addNodes(db, site, ids, gateway.id, pour - HOUR);
      for (const nodeId of ids) {
        await addJob(db, site, { nodeId, name: `Pour ${nodeId}`, startDate: pour, singularTarget: 40 });
      }
    }
    servers.push(
      ...(await Promise.all(
        Array.from({ length: processes }, () => startServer('app', { DATABASE_URL: bench.url })),
      )),
    );
    const post = async (server: BenchServer, body: string) => {
      const res = await fetch(`${server.url}/api/ingest/readings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await res.json()) as { accepted: number };
      if (res.status !== 200 || answer.accepted !== BATCH) {
        throw new Error(`ingest answered ${res.status}: ${JSON.stringify(answer)}`);
      }
    };
    // Warm-up (creates the sensors, warms each server's JIT): not measured.
    await Promise.all(
      nodesOf.map(async (nodes, c) => {
        for (let k = 0; k < WARMUP; k++)
          await post(servers[(c + k) % processes], batchOf(nodes, k, t0, pour));
      }),
    );

    // Viewers, spread over the servers, each signed in on its own server.
    const figures = { events: 0, rereads: [] as number[], errors: 0 };
    for (let v = 0; v < VIEWERS; v++) {
      const server = servers[v % processes];
      const session = await signIn(server.url, site.companyId);
      const viewer = follow(server, session.headers, site.tenantGroupId, figures);
      viewers.push(viewer);
      await viewer.ready;
    }
    console.log(
      `  setup ${secs(performance.now() - setupStart)} (${CLIENTS * NODES_PER_CLIENT} nodes with a started maturity job, ${VIEWERS} viewers)`,
    );

    for (const s of servers) await s.resetRss();
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(
      nodesOf.map(async (nodes, c) => {
        for (let k = WARMUP; k < WARMUP + BATCHES; k++) {
          const body = batchOf(nodes, k, t0, pour);
          const t = performance.now();
          await post(servers[(c + k) % processes], body);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const elapsedMs = performance.now() - start;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const peakRss = Math.max(...(await Promise.all(servers.map(async (s) => (await s.rss()).peak))));

    // Checks: every reading stored once, maturity current on every sensor.
    const total = CLIENTS * BATCHES * BATCH;
    const stored = await db
      .selectFrom('reading')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    if (Number(stored.n) !== CLIENTS * (WARMUP + BATCHES) * BATCH) {
      throw new Error(`${stored.n} readings stored, expected ${CLIENTS * (WARMUP + BATCHES) * BATCH}`);
    }
    const states = await db
      .selectFrom('maturity_state')
      .select([sql<number>`count(*)`.as('n'), sql<number>`min(n)`.as('cnt')])
      .executeTakeFirstOrThrow();
    if (Number(states.n) !== CLIENTS * NODES_PER_CLIENT * CHANNELS || Number(states.cnt) !== steps) {
      throw new Error(`maturity not current: ${JSON.stringify(states)}`);
    }
    const result: Result = {
      processes,
      readingsPerS: total / (elapsedMs / 1000),
      elapsedMs,
      batchP99: percentile(latencies, 99),
      events: figures.events,
      rereads: figures.rereads,
      errors: figures.errors,
      peakRss,
    };
    console.log(
      `  ${int(total)} readings in ${secs(elapsedMs)}: ${int(result.readingsPerS)} readings/s, batch p50 ${ms(percentile(latencies, 50))} p99 ${ms(result.batchP99)}; ` +
        `${int(figures.events)} events, ${int(figures.rereads.length)} re-reads (p50 ${ms(percentile(figures.rereads, 50))}, p99 ${ms(percentile(figures.rereads, 99))}), ${figures.errors} errors; ` +
        `every reading stored once, maturity current; peak RSS of a server ${mb(peakRss)}`,
    );
    return result;
  } finally {
    for (const v of viewers) v.close();
    await Promise.all(servers.map((s) => s.stop()));
    await bench.destroy();
  }
}

if (!(await postgresAvailable())) {
  console.log('bench:cluster needs PostgreSQL (BENCH_PG_URL): it does not answer. Nothing measured.');
  process.exit(0);
}
const load0 = loadavg();
console.log(
  `bench:cluster  ${availableParallelism()} CPUs, Node ${process.version}, load average ${load0.map((l) => l.toFixed(1)).join(' ')}; ` +
    `PostgreSQL; ${CLIENTS} HTTP clients x ${BATCHES} batches of ${int(BATCH)} readings (+${WARMUP} warm-up each), ${VIEWERS} viewers; ` +
    `processes: ${SIZES.join(', ')}`,
);
const results: Result[] = [];
for (const n of SIZES) results.push(await run(n));
const base = results.find((r) => r.processes === 1) ?? results[0];
const p99 = (r: Result) => percentile(r.rereads, 99);
console.log('\nSummary (ratios against one process in this run)');
table([
  ['processes', 'readings/s', 'vs 1', 'viewer re-reads', 'viewer p50', 'viewer p99', 'p99 vs 1', 'errors'],
  ...results.map((r) => [
    String(r.processes),
    int(r.readingsPerS),
    ratio(r.readingsPerS, base.readingsPerS),
    int(r.rereads.length),
    ms(percentile(r.rereads, 50)),
    ms(p99(r)),
    ratio(p99(r), p99(base)),
    String(r.errors),
  ]),
]);
console.log(
  `load average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (results.some((r) => r.errors > 0)) process.exit(1);
