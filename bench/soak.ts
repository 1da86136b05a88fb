/**
 * npm run soak: a crowd watching one construction dashboard while its sensors report.
 *
 * The real server runs in its own process (lib/server-child.ts) on a fresh SQLite database with the
 * demo seed and the demo sensors, no demo feed, on 127.0.0.1. SOAK_VIEWERS viewers of Harbourfront
 * Tower's construction dashboard, signed in as the site's admin, editor and viewer in turn, do what
 * the web app does (apps/web/src/features/dashboards, api/live.ts): the first load, one live-event
 * stream each, and on each event the re-reads of the dashboard queries that api/live.ts
 * liveInvalidations makes stale, a GET with If-None-Match when the viewer holds an ETag (as a browser
 * does; a POST never). Meanwhile the demo gateway HT-GW-01 sends SOAK_RATE readings per second of
 * the site's nodes through POST /api/ingest/readings. Everything stops after SOAK_SECONDS.
 *
 * First, for SOAK_BASELINE_SECONDS, the same crowd with the behaviour before issue 12 (every event
 * re-reads all five calls, no If-None-Match, and a server whose read cache never hits) on a second
 * server: its figures are the baseline of the ratios.
 */
import { loadavg as osLoadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LiveEventData } from '@sitepulse/contracts';
import { SITES_POLL_MS, USER_DETAILS_POLL_MS } from '@sitepulse/domain';
import { DEMO_GATEWAY, seedDemoHardware } from '../apps/server/src/demo/hardware.ts';
import { DEMO, seedDemo, seedTextResources } from '../apps/server/src/demo/seed.ts';
import { hashGatewayKey, newGatewayKey } from '../apps/server/src/modules/ingest/service.ts';
import { liveInvalidations } from '../apps/web/src/api/live.ts';
import { queryKeys } from '../apps/web/src/api/query-keys.ts';
import { type Session, signIn } from './lib/auth.ts';
import { createBenchDb } from './lib/db.ts';
import { cpuMs, envInt, goal, int, mb, ms, percentile, ratio, table } from './lib/report.ts';
import { startServer } from './lib/server.ts';

const VIEWERS = envInt('SOAK_VIEWERS', 200);
const SECONDS = envInt('SOAK_SECONDS', 600);
const BASELINE_SECONDS = Number(process.env.SOAK_BASELINE_SECONDS ?? 60);
const RATE = envInt('SOAK_RATE', 100);
/** Viewers open the dashboard over this long, not all in the same millisecond. */
const RAMP_MS = Math.min(20_000, VIEWERS * 50);
const P99_GOAL_MS = 250;

type Mode = 'new' | 'old';

interface Figures {
  mode: Mode;
  seconds: number;
  requests: number;
  notModified: number;
  errors: number;
  errorSamples: string[];
  latencies: number[];
  /** latencies by phase and call ("first load: GET /config"), to tell where the slow ones are */
  byCall: Map<string, number[]>;
  events: number;
  ingested: number;
  ingestErrors: number;
  rss: { start: number; afterRamp: number; end: number; peak: number };
  /** this process (the viewers and the gateway): its CPU use and how late its event loop ran */
  client: { cpuPercent: number; loopDelayP99: number; loopDelayMax: number };
}

/** The dashboard's site and projects, read as the web app reads them. */
interface Site {
  companyId: number;
  siteId: number;
  /** Concrete projects not terminated: each has a job-group count call. */
  projectIds: number[];
}

/** The sensors of the site's demo nodes: what the gateway reports. */
interface Sensor {
  nodeId: number;
  channelId: number;
  sensorType: string;
}

const VALUE: Record<string, (i: number) => number> = {
  Temperature: (i) => 18 + (i % 50) / 10,
  Humidity: (i) => 55 + (i % 20),
  'Wind Speed': (i) => 2 + (i % 30) / 10,
  Gas: (i) => 3 + (i % 10) / 10,
};

/** A fresh database with the demo company, its sensors and HT-GW-01's key. */
async function prepareDatabase() {
  const bench = await createBenchDb('sqlite');
  await seedTextResources(bench.db);
  const { companyId } = await seedDemo(bench.db);
  await seedDemoHardware(bench.db, companyId);
  const key = process.env.DEMO_GATEWAY_KEY || newGatewayKey();
  const gateway = await bench.db
    .selectFrom('gateway')
    .select(['id', 'tenant_group_id'])
    .where('company_id', '=', companyId)
    .where('name', '=', DEMO_GATEWAY)
    .executeTakeFirstOrThrow();
  await bench.db
    .updateTable('gateway')
    .set({ key_hash: hashGatewayKey(key) })
    .where('id', '=', gateway.id)
    .execute();
  const site = await bench.db
    .selectFrom('tenant_group')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', DEMO.firstSiteName)
    .executeTakeFirstOrThrow();
  // The site's sensors of the types the gateway sends here (GPS positions are not readings).
  const sensors: Sensor[] = await bench.db
    .selectFrom('sensor as s')
    .innerJoin('node as n', 'n.id', 's.node_id')
    .select(['n.id as nodeId', 's.channel_id as channelId', 's.sensor_type as sensorType'])
    .where('n.tenant_group_id', '=', site.id)
    .where('s.sensor_type', 'in', Object.keys(VALUE))
    .orderBy('n.id')
    .orderBy('s.channel_id')
    .execute();
  return { bench, key, companyId, siteId: site.id, sensors };
}

/** Timed calls of one viewer, with a browser's ETag memory for GETs. */
class Viewer {
  private etags = new Map<string, { etag: string; body: unknown }>();
  private inFlight = new Set<string>();
  /** what the viewer is doing: opening the dashboard, or re-reading after live events */
  phase: 'first load' | 'live' = 'first load';
  constructor(
    private readonly url: string,
    private readonly session: Session,
    private readonly figures: Figures,
    private readonly conditional: boolean,
    private readonly deadline: number,
  ) {}

  async call(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<unknown> {
    const method = init.method ?? 'GET';
    const key = `${method} ${path} ${init.body === undefined ? '' : JSON.stringify(init.body)}`;
    if (this.inFlight.has(key) || Date.now() > this.deadline) return undefined; // TanStack Query dedupes
    this.inFlight.add(key);
    const headers: Record<string, string> = {
      ...this.session.headers,
      'accept-encoding': 'gzip, deflate, br',
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const known = method === 'GET' && this.conditional ? this.etags.get(key) : undefined;
    if (known) headers['if-none-match'] = known.etag;
    const started = performance.now();
    try {
      const res = await fetch(`${this.url}/api${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(30_000),
      });
      let body: unknown;
      if (res.status === 304 && known) {
        body = known.body;
        this.figures.notModified++;
      } else {
        body = await res.json();
        if (!res.ok)
          throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        const etag = res.headers.get('etag');
        if (etag && method === 'GET' && this.conditional) this.etags.set(key, { etag, body });
      }
      const took = performance.now() - started;
      this.figures.latencies.push(took);
      const label = `${this.phase}: ${method} ${path.split('?')[0]}`;
      const list = this.figures.byCall.get(label) ?? [];
      if (list.length === 0) this.figures.byCall.set(label, list);
      list.push(took);
      return body;
    } catch (err) {
      this.figures.errors++;
      if (this.figures.errorSamples.length < 5) this.figures.errorSamples.push(String(err));
      return undefined;
    } finally {
      this.figures.requests++;
      this.inFlight.delete(key);
    }
  }
}

/** The calls of the construction dashboard's queries (features/dashboards/api.ts, api/queries.ts). */
function dashboardCalls(site: Site) {
  const s = site.siteId;
  return new Map<string, (v: Viewer) => Promise<unknown>>([
    [
      JSON.stringify(queryKeys.jobs.siteMaturity(s)),
      (v) =>
        v.call('/analytics/concrete/maturity/jobs/paged', {
          method: 'POST',
          body: { page: 0, rpp: 500, sortdir: 'DESC', tenantGroupId: s },
        }),
    ],
    [
      JSON.stringify(queryKeys.jobs.siteWeather(s)),
      (v) =>
        v.call('/analytics/microweather/node/jobs/paged', {
          method: 'POST',
          body: { page: 0, rpp: 10, sordir: 'desc', tenantGroupId: s, status: 'STARTED' },
        }),
    ],
    [
      JSON.stringify(queryKeys.jobs.lumimonOverview(s)),
      (v) => v.call(`/analytics/lumimon/jobs/overview/by_tenant_group/${s}`),
    ],
    ...site.projectIds.map(
      (p) =>
        [
          JSON.stringify(queryKeys.jobs.groupCounts(s, p)),
          (v: Viewer) => v.call(`/analytics/concrete/maturity/jobs/info/by_tenant?tenant=${p}`),
        ] as const,
    ),
  ]);
}

/** The dashboard queries a live event makes the web app read again (prefix match, as TanStack Query). */
function refetchesOf(
  mode: Mode,
  name: 'readings' | 'alarms',
  data: LiveEventData,
  calls: Map<string, unknown>,
): string[] {
  const mounted = [...calls.keys()];
  // Before issue 12 every event invalidated the site prefix: every dashboard query.
  if (mode === 'old') return mounted;
  const prefixes = liveInvalidations({ name, data }).map((k) => JSON.stringify(k).slice(0, -1));
  return mounted.filter((k) => prefixes.some((p) => k === `${p}]` || k.startsWith(`${p},`)));
}

/** Follows the site's event stream until the deadline; calls onEvent for each event. */
async function followEvents(
  url: string,
  session: Session,
  siteId: number,
  deadline: number,
  onEvent: (name: 'readings' | 'alarms', data: LiveEventData) => void,
  figures: Figures,
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
  try {
    const res = await fetch(`${url}/api/events/stream?tenantGroupId=${siteId}`, {
      headers: session.headers,
      signal: controller.signal,
    });
    if (!res.ok || !res.body) throw new Error(`stream: ${res.status}`);
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body) {
      buf += decoder.decode(chunk as Uint8Array, { stream: true });
      let i = buf.indexOf('\n\n');
      while (i >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const name = /^event: (\w+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if ((name === 'readings' || name === 'alarms') && data) {
          figures.events++;
          onEvent(name, JSON.parse(data) as LiveEventData);
        }
        i = buf.indexOf('\n\n');
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) {
      figures.errors++;
      if (figures.errorSamples.length < 5) figures.errorSamples.push(String(err));
    }
  } finally {
    clearTimeout(timer);
  }
}

/** One viewer: the first load, then re-reads on live events until the deadline. */
async function runViewer(
  url: string,
  session: Session,
  site: Site,
  mode: Mode,
  figures: Figures,
  deadline: number,
) {
  const v = new Viewer(url, session, figures, mode === 'new', deadline);
  const calls = dashboardCalls(site);
  const { companyId } = site;
  const username = session.headers.username;
  // The shell's queries (api/queries.ts, api/users.ts), then the dashboard's.
  await Promise.all([
    v.call('/config'),
    v.call(`/v2/users/details?username=${username}&companyId=${companyId}`),
    v.call(`/tenants/groups/list/by_user?companyId=${companyId}&username=${username}`),
    v.call(`/companies/modules/by_companyId?companyId=${companyId}&isActive=true`),
    v.call(`/companies/${companyId}`),
    ...[...calls.values()].map((c) => c(v)),
  ]);
  v.phase = 'live';
  // The shell's polls (api/queries.ts): the user's details, and the sites and modules.
  const polls = [
    setInterval(
      () => void v.call(`/v2/users/details?username=${username}&companyId=${companyId}`),
      USER_DETAILS_POLL_MS,
    ),
    setInterval(() => {
      void v.call(`/tenants/groups/list/by_user?companyId=${companyId}&username=${username}`);
      void v.call(`/companies/modules/by_companyId?companyId=${companyId}&isActive=true`);
    }, SITES_POLL_MS),
  ];
  await followEvents(
    url,
    session,
    site.siteId,
    deadline,
    (name, data) => {
      for (const key of refetchesOf(mode, name, data, calls)) void calls.get(key)?.(v);
    },
    figures,
  );
  for (const p of polls) clearInterval(p);
}

/** The gateway: RATE readings per second of the site's sensors, one batch a second, until the deadline. */
async function runIngest(url: string, key: string, sensors: Sensor[], figures: Figures, deadline: number) {
  let i = 0;
  let second = Math.floor(Date.now() / 1000) * 1000;
  while (Date.now() < deadline && sensors.length > 0) {
    second += 1000;
    const readings = Array.from({ length: RATE }, (_, k) => {
      const s = sensors[k % sensors.length];
      const slot = Math.floor(k / sensors.length);
      const ts = second - 1000 + Math.floor((slot * 1000) / Math.ceil(RATE / sensors.length));
      return {
        nodeId: s.nodeId,
        channelId: s.channelId,
        sensorType: s.sensorType,
        ts,
        value: (VALUE[s.sensorType] ?? VALUE.Temperature)(i++),
      };
    });
    try {
      const res = await fetch(`${url}/api/ingest/readings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ readings }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json()) as { accepted?: number };
      if (!res.ok) throw new Error(`ingest ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
      figures.ingested += body.accepted ?? 0;
    } catch (err) {
      figures.ingestErrors++;
      if (figures.errorSamples.length < 5) figures.errorSamples.push(String(err));
    }
    await sleep(Math.max(0, second - Date.now()));
  }
}

async function runPhase(mode: Mode, seconds: number): Promise<Figures> {
  const db = await prepareDatabase();
  const server = await startServer('app', {
    DATABASE_URL: db.bench.url,
    DEMO_FEED: 'false',
    BENCH_LOOP_DELAY_MS: process.env.BENCH_LOOP_DELAY_MS ?? '0',
    BENCH_EVENTS: process.env.BENCH_EVENTS ?? '',
    ...(mode === 'old' ? { BENCH_READ_CACHE: 'off' } : {}),
  });
  const figures: Figures = {
    mode,
    seconds,
    requests: 0,
    notModified: 0,
    errors: 0,
    errorSamples: [],
    latencies: [],
    byCall: new Map(),
    events: 0,
    ingested: 0,
    ingestErrors: 0,
    rss: { start: 0, afterRamp: 0, end: 0, peak: 0 },
    client: { cpuPercent: 0, loopDelayP99: 0, loopDelayMax: 0 },
  };
  try {
    const users = [DEMO.users.admin, DEMO.users.editor, DEMO.users.viewer];
    const sessions = await Promise.all(users.map((u) => signIn(server.url, db.companyId, u)));
    const groups = (await (
      await fetch(`${server.url}/api/tenants/groups/list/by_user?companyId=${db.companyId}&username=admin`, {
        headers: sessions[0].headers,
      })
    ).json()) as { id: number; tenantMessages: { id: number; type: string; state: string }[] }[];
    const group = groups.find((g) => g.id === db.siteId);
    const site: Site = {
      companyId: db.companyId,
      siteId: db.siteId,
      projectIds: (group?.tenantMessages ?? [])
        .filter((p) => p.type === 'Concrete' && p.state !== 'TERMINATED')
        .map((p) => p.id),
    };
    await server.resetRss();
    figures.rss.start = (await server.rss()).current;
    const started = Date.now();
    const deadline = started + seconds * 1000;
    const clientCpu = process.cpuUsage();
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    console.log(
      `  ${mode === 'new' ? 'now' : 'baseline (before)'}: ${VIEWERS} viewers, ${RATE} readings/s, ${seconds} s, ` +
        `${db.sensors.length} sensors, ${site.projectIds.length} projects ...`,
    );
    const ingest = runIngest(server.url, db.key, db.sensors, figures, deadline);
    const viewers: Promise<void>[] = [];
    for (let i = 0; i < VIEWERS && Date.now() < deadline; i++) {
      viewers.push(runViewer(server.url, sessions[i % sessions.length], site, mode, figures, deadline));
      await sleep(RAMP_MS / VIEWERS);
    }
    figures.rss.afterRamp = (await server.rss()).current;
    let lastReport = Date.now();
    while (Date.now() < deadline) {
      await sleep(Math.min(10_000, Math.max(0, deadline - Date.now())));
      if (Date.now() - lastReport >= 60_000) {
        lastReport = Date.now();
        const r = await server.rss();
        console.log(
          `    ${Math.round((Date.now() - started) / 1000)} s: ${int(figures.requests)} requests, ` +
            `${figures.errors} errors, RSS ${mb(r.current)} (peak ${mb(r.peak)})`,
        );
      }
    }
    await Promise.all([ingest, ...viewers]);
    clientLoop.disable();
    figures.client = {
      cpuPercent: (100 * cpuMs(clientCpu)) / (Date.now() - started),
      loopDelayP99: clientLoop.percentile(99) / 1e6,
      loopDelayMax: clientLoop.max / 1e6,
    };
    const r = await server.rss();
    figures.rss.end = r.current;
    figures.rss.peak = r.peak;
  } finally {
    await server.stop();
    await db.bench.destroy();
  }
  return figures;
}

function row(label: string, f: Figures) {
  return [
    label,
    `${f.seconds} s`,
    int(f.requests),
    `${((100 * f.notModified) / Math.max(1, f.requests)).toFixed(0)} %`,
    f.errors + f.ingestErrors,
    ms(percentile(f.latencies, 50)),
    ms(percentile(f.latencies, 99)),
    int(f.ingested / f.seconds),
    `${mb(f.rss.start)} / ${mb(f.rss.afterRamp)} / ${mb(f.rss.end)} / ${mb(f.rss.peak)}`,
  ];
}

function loadavg() {
  return osLoadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
}

console.log(
  `soak: ${VIEWERS} viewers of ${DEMO.firstSiteName}'s construction dashboard (load average ${loadavg()})`,
);
const baseline = BASELINE_SECONDS > 0 ? await runPhase('old', BASELINE_SECONDS) : null;
const now = await runPhase('new', SECONDS);
console.log();
table([
  [
    '',
    'time',
    'viewer calls',
    '304',
    'errors',
    'p50',
    'p99',
    'readings/s',
    'server RSS start / ramped / end / peak',
  ],
  ...(baseline ? [row('before (baseline)', baseline)] : []),
  row('now', now),
]);
if (baseline) {
  const p99 = (f: Figures) => percentile(f.latencies, 99);
  console.log(
    `  ratios now / before: calls per second ${ratio(now.requests / now.seconds, baseline.requests / baseline.seconds)}, ` +
      `p99 ${ratio(p99(now), p99(baseline))}, peak RSS ${ratio(now.rss.peak, baseline.rss.peak)}`,
  );
}
// The same rows as bench/README.md's soak table, to paste.
const mdRow = (label: string, f: Figures) =>
  `| ${label} | ${f.seconds} s | ${int(f.requests)} | ${int(f.notModified)} | ${f.errors + f.ingestErrors} | ` +
  `${int(percentile(f.latencies, 50))} ms | ${int(percentile(f.latencies, 99))} ms | ${int(f.ingested / f.seconds)} (of ${RATE}) | ` +
  `${[f.rss.start, f.rss.afterRamp, f.rss.end].map((b) => (b / 1024 / 1024).toFixed(0)).join(' / ')} / ${mb(f.rss.peak)} |`;
console.log();
console.log('  for bench/README.md:');
console.log(
  '  | | time | viewer calls | 304 | errors | p50 | p99 | readings/s stored | server RSS start / after ramp / end / peak |',
);
console.log('  |---|---|---|---|---|---|---|---|---|');
if (baseline) console.log(`  ${mdRow('before issue 12 (baseline)', baseline)}`);
console.log(`  ${mdRow('now', now)}`);
console.log();
table([
  ['calls now, by phase', 'calls', 'p50', 'p99', 'max'],
  ...[...now.byCall]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, l]) => [
      label,
      int(l.length),
      ms(percentile(l, 50)),
      ms(percentile(l, 99)),
      ms(Math.max(...l)),
    ]),
]);
for (const f of [baseline, now]) {
  if (f)
    console.log(
      `  the client (${f.mode === 'new' ? 'now' : 'baseline'}): ${f.client.cpuPercent.toFixed(0)} % of a CPU, ` +
        `event loop delay p99 ${ms(f.client.loopDelayP99)}, max ${ms(f.client.loopDelayMax)}`,
    );
}
for (const f of [baseline, now]) {
  if (f && f.errorSamples.length > 0)
    console.log(`  ${f.mode} errors, first ones:\n    ${f.errorSamples.join('\n    ')}`);
}
console.log(
  `  goals: errors 0 ${goal(now.errors + now.ingestErrors === 0)}; p99 under ${P99_GOAL_MS} ms ${goal(percentile(now.latencies, 99) < P99_GOAL_MS)}; ` +
    `events seen ${int(now.events)}; load average at end ${loadavg()}`,
);
