/**
 * A server in its own process, started by `startServer` (server.ts) over an IPC channel:
 *
 * - BENCH_SERVER=app: the real application (buildApp) on DATABASE_URL, with the config read from
 *   the environment exactly as main.ts reads it (MQTT_URL and friends included). Migrations and
 *   seeding are the benchmark's job, done before this starts.
 * - BENCH_SERVER=bare: a bare Fastify instance with one route, GET /bare, answering a constant JSON.
 *
 * It listens on 127.0.0.1 on a free port, says `{ type: 'ready', port }`, samples its own RSS every
 * 20 ms, and answers `rss` (peak since the last `reset`, and the kernel's lifetime peak) and `stop`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDb } from '../../apps/server/src/db/index.ts';

type Msg = { type: 'rss' } | { type: 'reset' } | { type: 'stop' };

const send = (m: unknown) => process.send?.(m);

let peak = process.memoryUsage.rss();
const sampler = setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss > peak) peak = rss;
}, 20);
sampler.unref();

// BENCH_LOOP_DELAY_MS=<n>: every n ms, print the event loop's delay (p99, max) since the last line, so a
// stall of the server shows apart from the client's.
const loopEvery = Number(process.env.BENCH_LOOP_DELAY_MS ?? 0);
if (loopEvery > 0) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const f = (ns: number) => `${(ns / 1e6).toFixed(0)} ms`;
    console.log(`    server event loop delay: p99 ${f(delay.percentile(99))}, max ${f(delay.max)}`);
    delay.reset();
  }, loopEvery).unref();
}

const kind = process.env.BENCH_SERVER ?? 'app';
let close: () => Promise<void>;
let port: number;

if (kind === 'bare') {
  const app = Fastify({ logger: false });
  const answer = { ok: true, name: 'bare', items: [1, 2, 3] };
  app.get('/bare', async () => answer);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  close = () => app.close();
} else {
  const config = loadConfig({ WEB_DIST: '/nonexistent-web-dist', LOG_LEVEL: 'warn', ...process.env });
  const db = openDb(config.databaseUrl);
  const app = await buildApp({ config, db });
  if (process.env.BENCH_READ_CACHE === 'off') {
    // The baseline of bench/soak.ts: every read sees a new data version, so the read cache never hits.
    let version = 0;
    app.services.events.versions.of = () => ++version;
  }
  // BENCH_EVENTS='{"fanOutPerListenerMs":0}': other live-event options, to measure what each one is worth.
  Object.assign(app.services.events.options, JSON.parse(process.env.BENCH_EVENTS || '{}'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  close = async () => {
    await app.close();
    await db.close();
  };
}

process.on('message', (m: Msg) => {
  if (m.type === 'rss') {
    const rss = process.memoryUsage.rss();
    if (rss > peak) peak = rss;
    send({ type: 'rss', peak, current: rss, maxRss: process.resourceUsage().maxRSS * 1024 });
  } else if (m.type === 'reset') {
    peak = process.memoryUsage.rss();
    send({ type: 'reset' });
  } else if (m.type === 'stop') {
    close().then(
      () => {
        send({ type: 'stopped' });
        // process.exit (not a signal) so that --cpu-prof writes its profile.
        process.exit(0);
      },
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  }
});

// The benchmark died without stopping us: do not stay behind listening.
process.on('disconnect', () => process.exit(0));

send({ type: 'ready', port });
