/**
 * bench:api: requests per second of the lightest authenticated JSON call of the server
 * (GET /api/v2/users/tenant_groups/access_types: the bearer token checked, its session and user
 * read, a constant list answered) against a bare Fastify route answering a constant JSON (its own
 * process), in the same run, with the same load generator (bench/lib/load.ts). For context it also
 * measures a public call (GET /api/health) and a one-row authenticated read (GET /api/v2/users/details).
 * Each server runs in its own process; targets are measured in alternating rounds, so a change in
 * the machine's load affects them alike. Prints peak server RSS.
 *
 * Settings: BENCH_DIALECTS=sqlite (or postgres, or both)  BENCH_CONNECTIONS=16
 * BENCH_SECONDS=3 (per round)  BENCH_ROUNDS=3.
 */
import { availableParallelism, loadavg } from 'node:os';
import { signIn } from './lib/auth.ts';
import { createBenchDb, type Dialect, dialectsToRun } from './lib/db.ts';
import { demoSite } from './lib/fixtures.ts';
import { type LoadResult, runLoad } from './lib/load.ts';
import { envInt, goal, int, mb, ms, percentile, ratio, table } from './lib/report.ts';
import { type BenchServer, startServer } from './lib/server.ts';

const CONNECTIONS = envInt('BENCH_CONNECTIONS', 16);
const SECONDS = envInt('BENCH_SECONDS', 3);
const ROUNDS = envInt('BENCH_ROUNDS', 3);
const GOAL = 0.5;

interface Target {
  name: string;
  server: BenchServer;
  path: string;
  headers?: Record<string, string>;
  runs: LoadResult[];
}

async function runDialect(dialect: Dialect, bare: BenchServer) {
  console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
  const bench = await createBenchDb(dialect);
  let app: BenchServer | undefined;
  try {
    const site = await demoSite(bench.db);
    app = await startServer('app', { DATABASE_URL: bench.url });
    const session = await signIn(app.url, site.companyId);
    const targets: Target[] = [
      { name: 'bare Fastify route (baseline)', server: bare, path: '/bare', runs: [] },
      {
        name: 'GET /api/v2/users/tenant_groups/access_types (auth)',
        server: app,
        path: '/api/v2/users/tenant_groups/access_types',
        headers: session.headers,
        runs: [],
      },
      { name: 'GET /api/health (public)', server: app, path: '/api/health', runs: [] },
      {
        name: 'GET /api/v2/users/details (auth, one user read)',
        server: app,
        path: '/api/v2/users/details',
        headers: session.headers,
        runs: [],
      },
    ];
    // Check each answers 200, then warm up (JIT, connection pools).
    for (const t of targets) {
      const res = await fetch(`${t.server.url}${t.path}`, { headers: t.headers });
      if (res.status !== 200) throw new Error(`${t.path} answered ${res.status}: ${await res.text()}`);
      await runLoad({
        url: t.server.url,
        path: t.path,
        headers: t.headers,
        connections: CONNECTIONS,
        durationMs: 1500,
      });
    }
    await bare.resetRss();
    await app.resetRss();
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        t.runs.push(
          await runLoad({
            url: t.server.url,
            path: t.path,
            headers: t.headers,
            connections: CONNECTIONS,
            durationMs: SECONDS * 1000,
          }),
        );
      }
    }
    const appRss = await app.rss();
    const bareRss = await bare.rss();

    const rpsOf = (t: Target) =>
      t.runs.reduce((s, r) => s + r.requests, 0) / (t.runs.reduce((s, r) => s + r.elapsedMs, 0) / 1000);
    const base = rpsOf(targets[0]);
    table([
      ['', 'req/s', 'vs bare', 'p50', 'p99', 'non-2xx', 'client CPU'],
      ...targets.map((t) => {
        const lat = t.runs.flatMap((r) => r.latencies);
        const bad = t.runs.reduce((s, r) => s + r.non2xx + r.errors, 0);
        const cpu = Math.max(...t.runs.map((r) => r.clientCpu));
        return [
          t.name,
          int(rpsOf(t)),
          ratio(rpsOf(t), base),
          ms(percentile(lat, 50)),
          ms(percentile(lat, 99)),
          bad,
          `${Math.round(cpu * 100)}%`,
        ];
      }),
    ]);
    for (const t of targets) {
      if (t.runs.some((r) => r.non2xx + r.errors > 0))
        throw new Error(`${t.path}: non-2xx answers or socket errors`);
    }
    console.log(
      `  peak server RSS while measured: app ${mb(appRss.peak)} (whole life ${mb(appRss.maxRss)}), bare ${mb(bareRss.peak)}`,
    );
    const light = rpsOf(targets[1]) / base;
    console.log(
      `  goal lightest authenticated call >= ${GOAL} of the bare route: ${goal(light >= GOAL)} (${light.toFixed(2)})`,
    );
    return { dialect, base, light: rpsOf(targets[1]) };
  } finally {
    await app?.stop();
    await bench.destroy();
  }
}

console.log(
  `bench:api  ${availableParallelism()} CPUs, Node ${process.version}, load average ${loadavg()[0].toFixed(1)}; ` +
    `${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds of ${SECONDS} s per call`,
);
const bare = await startServer('bare');
try {
  for (const d of await dialectsToRun(['sqlite'])) await runDialect(d, bare);
} finally {
  await bare.stop();
}
console.log(
  `  load average at the end ${loadavg()[0].toFixed(1)} (figures from a busy machine are lower and noisier)`,
);
