/**
 * bench:query: p50 and p99 over real HTTP (accept-encoding: gzip, one request at a time, as one
 * user's browser) of the job chart reads (a 60-day job with 20 sensors read every 15 minutes:
 * POST /api/data/measurement/time and POST /api/data/analytics/concrete/maturity/time) and of the
 * job list of a site with 200 jobs (POST /api/analytics/concrete/maturity/jobs/paged,
 * GET /api/analytics/concrete/maturity/jobs/by_group/with_data), on a database holding about 10
 * million readings with their rollups and maturity rows (built directly, see lib/build-readings.ts).
 * Prints the build time, the size of each answer on the wire and gzipped, the server's CPU time per
 * request (from /proc), and peak server RSS. The baseline measured in the same run is the server's
 * cheapest call (GET /api/health).
 *
 * The same chart asked again is answered from the answer kept per job (issue 18,
 * docs/decisions/chart-reads.md); the rows "computed" ask a new range each time (a `to` one
 * millisecond earlier), so each is computed from the rows: what the first read after a write costs.
 *
 * Settings: BENCH_READINGS=10000000  BENCH_QUERY_N=200 (requests per call)
 * BENCH_QUERY_MISS_N=50 (requests of each "computed" row)
 * BENCH_DIALECTS=sqlite (postgres too: BENCH_DIALECTS=sqlite,postgres)
 * BENCH_QUERY_DB=<file.db>: build the SQLite database there once and reuse it on later runs.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { createMaturityEngine } from '../apps/server/src/modules/maturity/engine.ts';
import { signIn } from './lib/auth.ts';
import { buildQueryDb, type QueryFixture, SENSORS_PER_JOB } from './lib/build-readings.ts';
import { type BenchDb, createBenchDb, type Dialect, dialectsToRun } from './lib/db.ts';
import { type Answer, call } from './lib/http.ts';
import { envInt, goal, int, kb, mb, ms, percentile, ratio, secs, table } from './lib/report.ts';
import { startServer } from './lib/server.ts';

const READINGS = envInt('BENCH_READINGS', 10_000_000);
const N = envInt('BENCH_QUERY_N', 200);
const MISS_N = envInt('BENCH_QUERY_MISS_N', 50);
const KEEP = process.env.BENCH_QUERY_DB;
const P99_GOAL_MS = 20;
const SIZE_GOAL = 250 * 1024;

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  query?: string;
  /** the body; a function of the request's number gives each request its own */
  json?: unknown | ((i: number) => unknown);
  /** a goal row: p99 under P99_GOAL_MS (and, for charts, the size on the wire) */
  goal?: 'chart' | 'list';
  /** requests measured (default N) */
  n?: number;
  /** a check of the answer, so a fast wrong answer does not pass */
  check(body: unknown): string | null;
}

const lengthOf = (v: unknown) => (Array.isArray(v) ? v.length : -1);

function callsFor(f: QueryFixture): Call[] {
  const jobs = f.jobIds.length;
  return [
    {
      name: 'health (public, baseline)',
      method: 'GET',
      path: '/api/health',
      check: () => null,
    },
    {
      name: 'chart: temperature readings, 60 d x 20 sensors',
      method: 'POST',
      path: '/api/data/measurement/time',
      json: { msjId: f.chartJobId },
      goal: 'chart',
      check: seriesCheck,
    },
    {
      name: 'chart: maturity and strength, 60 d x 20 sensors',
      method: 'POST',
      path: '/api/data/analytics/concrete/maturity/time',
      json: { msjId: f.chartJobId },
      goal: 'chart',
      check: seriesCheck,
    },
    {
      name: `job list: paged, ${jobs} jobs on one page`,
      method: 'POST',
      path: '/api/analytics/concrete/maturity/jobs/paged',
      json: { page: 0, rpp: jobs, tenantGroupId: f.site.tenantGroupId },
      goal: 'list',
      check: (b) => {
        const n = lengthOf((b as { content?: unknown }).content);
        return n === jobs ? null : `content: ${n} jobs, expected ${jobs}`;
      },
    },
    {
      name: `job list: by group with data (${jobs} jobs)`,
      method: 'GET',
      path: '/api/analytics/concrete/maturity/jobs/by_group/with_data',
      query: `?tenantGroupId=${f.site.tenantGroupId}`,
      goal: 'list',
      check: (b) => {
        const n = Array.isArray(b)
          ? b.reduce((s: number, g: { jobs?: unknown[] }) => s + (g.jobs?.length ?? 0), 0)
          : -1;
        return n === jobs ? null : `${n} jobs in the groups, expected ${jobs}`;
      },
    },
    {
      name: 'chart: temperature, computed (a new range each)',
      method: 'POST',
      path: '/api/data/measurement/time',
      json: (i: number) => ({ msjId: f.chartJobId, to: Date.now() - 1000 - i }),
      n: MISS_N,
      check: seriesCheck,
    },
    {
      name: 'chart: maturity, computed (a new range each)',
      method: 'POST',
      path: '/api/data/analytics/concrete/maturity/time',
      json: (i: number) => ({ msjId: f.chartJobId, to: Date.now() - 1000 - i }),
      n: MISS_N,
      check: seriesCheck,
    },
  ];
}

const seriesCheck = (b: unknown) => {
  const n = lengthOf((b as { series?: unknown }).series);
  return n === SENSORS_PER_JOB ? null : `series: ${n}, expected ${SENSORS_PER_JOB}`;
};

/** CPU time (user and system) a process has used so far, ms, from /proc (0 where there is none). */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function prepare(dialect: Dialect): Promise<{ bench: BenchDb; fixture: QueryFixture }> {
  const keepFile = dialect === 'sqlite' ? KEEP : undefined;
  const sidecar = keepFile ? `${keepFile}.json` : undefined;
  if (keepFile && sidecar && existsSync(keepFile) && existsSync(sidecar)) {
    const fixture = JSON.parse(readFileSync(sidecar, 'utf8')) as QueryFixture;
    console.log(
      `  reusing ${keepFile}: ${int(fixture.readings)} readings (delete it and ${sidecar} to rebuild)`,
    );
    return { bench: await createBenchDb(dialect, { keepFile }), fixture };
  }
  const bench = await createBenchDb(dialect, { keepFile });
  const start = performance.now();
  const fixture = await buildQueryDb(bench, READINGS, 200, (s) => console.log(s));
  const took = performance.now() - start;
  const size =
    bench.raw.dialect === 'postgres'
      ? Number(
          (await bench.raw.pool.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n'))
            .rows[0].n,
        )
      : statSync(bench.file as string).size;
  console.log(
    `  built in ${secs(took)}: ${int(fixture.readings)} readings (${int(fixture.readings / (took / 1000))}/s), ` +
      `${int(fixture.hourRows)} reading_hour and as many maturity_hour rows, ${fixture.jobIds.length} jobs; database ${mb(size)}`,
  );
  // The maturity rows written by the builder must be the engine's own: recompute the chart job and compare.
  const before = await bench.db
    .selectFrom('maturity_state')
    .selectAll()
    .where('job_id', '=', fixture.chartJobId)
    .orderBy('sensor_id')
    .execute();
  await createMaturityEngine(bench).recomputeJob(fixture.chartJobId);
  const after = await bench.db
    .selectFrom('maturity_state')
    .selectAll()
    .where('job_id', '=', fixture.chartJobId)
    .orderBy('sensor_id')
    .execute();
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    throw new Error('maturity state built for the chart job differs from the engine recomputeJob result');
  }
  console.log("  chart job's maturity state equals the engine's recomputeJob result");
  if (sidecar) writeFileSync(sidecar, JSON.stringify(fixture));
  return { bench, fixture };
}

async function runDialect(dialect: Dialect) {
  console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
  const { bench, fixture } = await prepare(dialect);
  const server = await startServer('app', { DATABASE_URL: bench.url });
  try {
    const session = await signIn(server.url, fixture.site.companyId);
    const docs = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const exists = (c: Call) => Boolean(docs.paths[c.path]?.[c.method.toLowerCase()]);
    const calls = callsFor(fixture);
    const missing = calls.filter((c) => !exists(c));
    for (const c of missing)
      console.log(`  ${c.method} ${c.path}: not in the server's API yet, not measured`);

    await server.resetRss();
    const rows: (string | number)[][] = [
      ['', 'p50', 'p99', 'vs health p50', 'server CPU', 'on the wire', 'gzipped', 'JSON'],
    ];
    const goals: string[] = [];
    let baseP50 = 0;
    let compressed = false;
    const measure = async (c: Call) => {
      const url = `${server.url}${c.path}${c.query ?? ''}`;
      let k = 0;
      const once = () =>
        call(url, {
          method: c.method,
          headers: session.headers,
          json: typeof c.json === 'function' ? c.json(k++) : c.json,
        });
      let last: Answer = await once();
      if (last.status !== 200)
        throw new Error(`${c.path} answered ${last.status}: ${last.body.toString().slice(0, 300)}`);
      const problem = c.check(JSON.parse(last.body.toString()));
      if (problem) throw new Error(`${c.path}: ${problem}`);
      const n = c.n ?? N;
      for (let i = 0; i < Math.min(10, n); i++) await once();
      const times: number[] = [];
      const cpu0 = processCpuMs(server.pid);
      for (let i = 0; i < n; i++) {
        last = await once();
        if (last.status !== 200) throw new Error(`${c.path} answered ${last.status}`);
        times.push(last.ms);
      }
      const cpu = (processCpuMs(server.pid) - cpu0) / n;
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      if (!baseP50) baseP50 = p50;
      compressed ||= last.encoding === 'gzip';
      const gz = last.encoding === 'gzip' ? last.wireBytes : gzipSync(last.body).length;
      rows.push([
        c.name,
        ms(p50),
        ms(p99),
        ratio(p50, baseP50),
        cpu > 0 ? ms(cpu) : '',
        `${kb(last.wireBytes)}${last.encoding ? ` ${last.encoding}` : ''}`,
        `${kb(gz)}${last.encoding === 'gzip' ? '' : ' *'}`,
        kb(last.body.length),
      ]);
      if (c.goal === 'list') {
        goals.push(`  goal ${c.name}: p99 < ${P99_GOAL_MS} ms ${goal(p99 < P99_GOAL_MS)} (${ms(p99)})`);
      }
      if (c.goal === 'chart') {
        goals.push(
          `  goal ${c.name}: p99 < ${P99_GOAL_MS} ms ${goal(p99 < P99_GOAL_MS)} (${ms(p99)}); ` +
            `< 250 kB gzipped on the wire ${goal(last.encoding === 'gzip' && gz < SIZE_GOAL)} ` +
            `(${last.encoding === 'gzip' ? kb(gz) : `${kb(last.wireBytes)} sent uncompressed; ${kb(gz)} if gzipped`})`,
        );
      }
    };
    for (const c of calls.filter(exists)) {
      try {
        await measure(c);
      } catch (err) {
        console.log(`  ${c.method} ${c.path}: FAILED, not measured: ${(err as Error).message}`);
        process.exitCode = 1;
      }
    }
    table(rows);
    if (rows.some((r) => String(r[6]).endsWith('*'))) {
      console.log(
        compressed
          ? "  * sent uncompressed (below the server's compression threshold); the gzipped size is what gzip -6 makes of it here"
          : '  * the server compressed no answer although asked (accept-encoding: gzip); the gzipped size is what gzip -6 makes of the body here',
      );
    }
    for (const g of goals) console.log(g);
    const rss = await server.rss();
    console.log(
      `  peak server RSS while measured ${mb(rss.peak)} (whole server life ${mb(rss.maxRss)}); ${N} requests per call ` +
        `(${MISS_N} of each "computed" row); server CPU: its user and system time per request (10 ms ticks)`,
    );
  } finally {
    await server.stop();
    await bench.destroy();
  }
}

console.log(
  `bench:query  ${availableParallelism()} CPUs, Node ${process.version}, load average ${loadavg()[0].toFixed(1)}; ` +
    `${int(READINGS)} readings wanted, ${N} requests per call, one at a time`,
);
for (const d of await dialectsToRun(['sqlite'])) await runDialect(d);
console.log(`  load average at the end ${loadavg()[0].toFixed(1)}`);
