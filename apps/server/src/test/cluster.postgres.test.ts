/**
 * Issue 17, "Done means": several Sitepulse servers on one PostgreSQL and one broker, nothing lost,
 * nothing done twice (docs/decisions/several-servers.md). Three real server processes (the real entry,
 * apps/server/src/main.ts) on one fresh PostgreSQL database and Mosquitto on loopback; a fourth, alone
 * on a second fresh database, stores the same data for comparison.
 *
 * Runs in the server-postgres project only (TEST_DB=postgres): on SQLite there is one process per
 * database by design. Needs the MQTT broker (TEST_MQTT_URL, default mqtt://127.0.0.1:1883) and says so
 * when it does not answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, seedDemo } from '../demo/seed.ts';
import {
  type Answer,
  createMqttGateway,
  createRoundRobin,
  forgetMqttSession,
  openEventStream,
  type ServerProcess,
  startServerProcess,
} from './cluster-support.ts';
import { addGateway, addMaturityJob, addNode, addProfile, projectOf, shuffled } from './sensor-fixtures.ts';
import { basic } from './test-app.ts';
import { createTestDb, type TestDb } from './test-db.ts';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 9, 1, 6, 0, 0);
const MIN15 = 15 * 60_000;
/** Eight nodes, each with a started maturity job and two temperature channels, three days of readings. */
const NODES = Array.from({ length: 8 }, (_, i) => 710_001 + i);
/** A node of the same site with a job of its own: the live-event check writes to it alone. */
const EXTRA_NODE = 710_100;
const STEPS = 288;
const CHUNK_STEPS = 12;
const RATE_LIMIT_MAX = 4;
/** Long on purpose: a session ended elsewhere can then only be refused here through the cluster bus. */
const TOKEN_TRUST_MS = 600_000;
/** Hooks and tests start processes and move thousands of readings: more than the project's 30 s. */
const SLOW = 300_000;

const temp = (node: number, i: number, channel: number) =>
  Math.round(
    (8 + 22 * Math.exp(-(((i - 96) / 60) ** 2)) + 3 * Math.sin(i / 16) + channel * 0.7 + (node % 5) * 0.3) *
      100,
  ) / 100;

interface Reading {
  nodeId: number;
  channelId: number;
  sensorType: 'Temperature';
  ts: number;
  value: number;
}
interface Batch {
  readings: Reading[];
  status: { nodeId: number; ts: number; battery: number; signal: number }[];
}

/**
 * Every node's readings cut in chunks of 12 quarter hours (both channels, and a battery and signal),
 * shuffled, two chunks of different nodes per batch: most batches arrive late for some sensor, so the
 * engine replays from its checkpoints while other batches of the same node are being stored.
 */
function makeBatches(): Batch[] {
  const chunks: Batch[] = [];
  for (const nodeId of NODES) {
    for (let start = 0; start < STEPS; start += CHUNK_STEPS) {
      const readings: Reading[] = [];
      for (let i = start; i < start + CHUNK_STEPS; i++) {
        for (const channelId of [1, 2])
          readings.push({
            nodeId,
            channelId,
            sensorType: 'Temperature',
            ts: T0 + i * MIN15,
            value: temp(nodeId, i, channelId),
          });
      }
      chunks.push({
        readings,
        status: [{ nodeId, ts: T0 + start * MIN15, battery: 100 - start / 10, signal: -60 - (start % 20) }],
      });
    }
  }
  const order = shuffled(chunks, 42);
  const batches: Batch[] = [];
  for (let k = 0; k < order.length; k += 2) {
    batches.push({
      readings: [...order[k].readings, ...order[k + 1].readings],
      status: [...order[k].status, ...order[k + 1].status],
    });
  }
  return batches;
}
const BATCHES = makeBatches();
const ITEMS_PER_BATCH = BATCHES[0].readings.length + BATCHES[0].status.length;
const READINGS = NODES.length * STEPS * 2;

/** The same company, site, gateway, profile, nodes and jobs (with the same ids) in a fresh database. */
async function seedFixture(db: TestDb) {
  const { companyId } = await seedDemo(db.db);
  const site = await projectOf(db.db, companyId, DEMO.firstSiteName);
  const gateway = await addGateway(db.db, companyId, site.tenantGroupId);
  const profileId = await addProfile(db.db, companyId, -20, 12);
  for (const nodeId of NODES) {
    await addNode(db.db, { companyId, ...site, id: nodeId });
    await addMaturityJob(db.db, {
      companyId,
      ...site,
      nodeId,
      profileId,
      startDate: T0,
      singularTarget: 18,
      name: `Pour ${nodeId}`,
    });
  }
  await addNode(db.db, { companyId, ...site, id: EXTRA_NODE });
  const extraJobId = await addMaturityJob(db.db, {
    companyId,
    ...site,
    nodeId: EXTRA_NODE,
    profileId,
    startDate: T0,
    name: 'Viewer pour',
  });
  return { companyId, site, gateway, extraJobId };
}

/** What ingest and the maturity engine made of the eight nodes, by node and channel (sensor ids may differ). */
async function storedState(db: TestDb) {
  const q = db.db;
  return {
    states: await q
      .selectFrom('maturity_state as m')
      .innerJoin('sensor as s', 's.id', 'm.sensor_id')
      .innerJoin('job as j', 'j.id', 'm.job_id')
      .select([
        'j.node_id',
        's.channel_id',
        'm.last_ts',
        'm.last_temp',
        'm.maturity',
        'm.equivalent_age',
        'm.n',
      ])
      .where('j.node_id', 'in', NODES)
      .orderBy('j.node_id')
      .orderBy('s.channel_id')
      .execute(),
    hours: await q
      .selectFrom('maturity_hour as m')
      .innerJoin('sensor as s', 's.id', 'm.sensor_id')
      .innerJoin('job as j', 'j.id', 'm.job_id')
      .select([
        'j.node_id',
        's.channel_id',
        'm.hour',
        'm.last_ts',
        'm.last_temp',
        'm.maturity',
        'm.equivalent_age',
        'm.n',
      ])
      .where('j.node_id', 'in', NODES)
      .orderBy('j.node_id')
      .orderBy('s.channel_id')
      .orderBy('m.hour')
      .execute(),
    jobs: await q
      .selectFrom('job')
      .select(['node_id', 'job_alarm_triggered'])
      .where('node_id', 'in', NODES)
      .orderBy('node_id')
      .execute(),
    sensors: await q
      .selectFrom('sensor')
      .select(['node_id', 'channel_id', 'latest_value', 'latest_value_ts'])
      .where('node_id', 'in', NODES)
      .orderBy('node_id')
      .orderBy('channel_id')
      .execute(),
    nodes: await q
      .selectFrom('node')
      .select(['id', 'latest_battery', 'latest_battery_ts', 'latest_signal', 'latest_signal_ts'])
      .where('id', 'in', NODES)
      .orderBy('id')
      .execute(),
    rollups: await q
      .selectFrom('reading_hour as h')
      .innerJoin('sensor as s', 's.id', 'h.sensor_id')
      .select(['s.node_id', 's.channel_id', 'h.hour', 'h.n', 'h.min', 'h.max'])
      .where('s.node_id', 'in', NODES)
      .orderBy('s.node_id')
      .orderBy('s.channel_id')
      .orderBy('h.hour')
      .execute(),
    readings: Number(
      (
        await q
          .selectFrom('reading as r')
          .innerJoin('sensor as s', 's.id', 'r.sensor_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('s.node_id', 'in', NODES)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

async function brokerAnswers(): Promise<boolean> {
  try {
    const c = await mqtt.connectAsync(BROKER, { connectTimeout: 3000, reconnectPeriod: 0 });
    await c.endAsync();
    return true;
  } catch {
    return false;
  }
}

// A `*.postgres.test.ts` file runs in the server-postgres project only (vitest.config.ts): on SQLite one
// process owns the database.
describe('several servers on one PostgreSQL and one broker', () => {
  const run = randomBytes(4).toString('hex');
  const root = `sitepulse-cluster-${run}`;
  const reportsDir = mkdtempSync(join(tmpdir(), 'sitepulse-cluster-'));
  let clusterDb: TestDb;
  let singleDb: TestDb;
  let fixture: Awaited<ReturnType<typeof seedFixture>>;
  let singleFixture: Awaited<ReturnType<typeof seedFixture>>;
  let A: ServerProcess;
  let B: ServerProcess;
  let C: ServerProcess;
  let single: ServerProcess;
  const all: ServerProcess[] = [];
  const closers: (() => Promise<void> | void)[] = [];

  const envOf = (db: TestDb, name: string) => ({
    DATABASE_URL: db.url,
    MQTT_URL: BROKER,
    MQTT_TOPIC_ROOT: db === clusterDb ? root : `${root}-single`,
    MQTT_CLIENT_ID: `${root}-${name}`,
    // A stopped or killed server's session, and the uplinks the broker queued for it, go after 1 s.
    MQTT_SESSION_EXPIRY_S: '1',
    REPORTS_DIR: reportsDir,
    REPORT_POLL_MS: '100',
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    AUTH_TOKEN_TRUST_MS: String(TOKEN_TRUST_MS),
  });

  beforeAll(async () => {
    if (!(await brokerAnswers())) {
      throw new Error(
        `The MQTT broker does not answer at ${BROKER}. This test needs Mosquitto (MQTT 5) on loopback: ` +
          'start it (e.g. `systemctl start mosquitto`) or point TEST_MQTT_URL at one.',
      );
    }
    [clusterDb, singleDb] = await Promise.all([createTestDb(), createTestDb()]);
    fixture = await seedFixture(clusterDb);
    singleFixture = await seedFixture(singleDb);
    const started = await Promise.all([
      startServerProcess('A', envOf(clusterDb, 'A')),
      startServerProcess('B', envOf(clusterDb, 'B')),
      startServerProcess('C', envOf(clusterDb, 'C')),
      startServerProcess('single', envOf(singleDb, 'single')),
    ]);
    [A, B, C, single] = started;
    all.push(...started);
  }, SLOW);

  afterAll(async () => {
    for (const close of closers) await close();
    await Promise.all(all.map((s) => s.stop()));
    for (const s of all) if (s.mqttClientId) await forgetMqttSession(BROKER, s.mqttClientId);
    await clusterDb?.destroy();
    await singleDb?.destroy();
    rmSync(reportsDir, { recursive: true, force: true });
  }, SLOW);

  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const signInOn = async (s: ServerProcess, ip: string) => {
    const res = await fetch(`${s.url}/api/login`, {
      headers: {
        authorization: basic(DEMO.users.admin, DEMO.password),
        companyid: String(fixture.companyId),
        'x-forwarded-for': ip,
      },
    });
    expect(res.status).toBe(200);
    const { accessToken } = (await res.json()) as { accessToken: string };
    return { authorization: `Bearer ${accessToken}`, companyid: String(fixture.companyId) };
  };
  const ingestOn = (s: ServerProcess, batch: object, key = fixture.gateway.key) =>
    fetch(`${s.url}/api/ingest/readings`, json(batch, { authorization: `Bearer ${key}` }));

  it('counts a failed company code on any server against the limit of every server', async () => {
    const attempt = (s: ServerProcess, ip: string, authCode: string) =>
      fetch(`${s.url}/api/auth/company_code`, json({ authCode }, { 'x-forwarded-for': ip }));
    for (const s of [A, B, A, B]) expect((await attempt(s, '10.17.0.1', 'WRONG')).status).toBe(401);
    // The limit was reached on A and B together: C refuses even the right code, for that address only.
    expect((await attempt(C, '10.17.0.1', DEMO.authCode)).status).toBe(429);
    expect((await attempt(A, '10.17.0.1', DEMO.authCode)).status).toBe(429);
    expect((await attempt(C, '10.17.0.2', DEMO.authCode)).status).toBe(200);
  });

  it('refuses a session ended on one server on every other, through the cluster bus (the trust window is 10 min here)', async () => {
    const headers = await signInOn(A, '10.17.1.1');
    const details = (s: ServerProcess) => fetch(`${s.url}/api/v2/users/details`, { headers });
    // Each server checks the token once and then trusts it for AUTH_TOKEN_TRUST_MS.
    for (const s of [A, B, C]) expect((await details(s)).status).toBe(200);
    expect((await fetch(`${B.url}/api/logout`, { headers })).status).toBe(200);
    expect((await details(B)).status).toBe(401);
    for (const s of [A, C]) {
      let res = await details(s);
      while (res.status === 200) {
        await new Promise((r) => setTimeout(r, 20));
        res = await details(s);
      }
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SESSION_REVOKED');
    }
  });

  it('fires a due report schedule once with three schedulers polling the database', async () => {
    const admin = await clusterDb.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', DEMO.users.admin)
      .where('company_id', '=', fixture.companyId)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const { id } = await clusterDb.db
      .insertInto('report_schedule')
      .values({
        company_id: fixture.companyId,
        tenant_group_id: fixture.site.tenantGroupId,
        owner_user_id: admin.id,
        owner_username: DEMO.users.admin,
        is_active: 1,
        name: 'Cluster weekly',
        type: 'RAW_DATA_CSV',
        frequency: 'WEEKLY',
        week_days: '[1]',
        month_day: null,
        time_of_day: '07:00',
        time_zone: 'UTC',
        request: JSON.stringify({ type: 'RAW_DATA_CSV', attributes: { sensorIds: [] } }),
        next_run_at: now - 1000,
        last_run_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const requests = () =>
      clusterDb.db.selectFrom('report_request').select('id').where('schedule_id', '=', id).execute();
    while ((await requests()).length === 0) await new Promise((r) => setTimeout(r, 50));
    // Every scheduler polls every 100 ms: after 20 more polls each, still the one request.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await requests()).toHaveLength(1);
    const row = await clusterDb.db
      .selectFrom('report_schedule')
      .select('next_run_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.next_run_at)).toBeGreaterThan(now);
  });

  it('shows a viewer on server A a batch stored by server B, and A re-reads it fresh', async () => {
    const headers = await signInOn(A, '10.17.2.1');
    const jobsOnA = async () => {
      const res = await fetch(
        `${A.url}/api/analytics/concrete/maturity/jobs/paged`,
        json({ page: 0, rpp: 500, tenantGroupId: fixture.site.tenantGroupId }, headers),
      );
      expect(res.status).toBe(200);
      const page = (await res.json()) as { content: { id: number; latestTimestamp: number | null }[] };
      return page.content.find((j) => j.id === fixture.extraJobId);
    };
    // A answers the site's job list once and keeps it in its read cache.
    expect((await jobsOnA())?.latestTimestamp).toBeNull();
    const stream = await openEventStream(
      `${A.url}/api/events/stream?tenantGroupId=${fixture.site.tenantGroupId}`,
      headers,
    );
    closers.push(() => stream.close());
    await stream.connected();
    const ts = T0 + 7 * MIN15;
    const res = await ingestOn(B, {
      readings: [{ nodeId: EXTRA_NODE, channelId: 1, sensorType: 'Temperature', ts, value: 21.5 }],
    });
    expect(await res.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const event = await stream.find(
      (f) => f.event === 'readings' && (JSON.parse(f.data).nodeIds as number[]).includes(EXTRA_NODE),
    );
    expect(JSON.parse(event.data)).toMatchObject({
      tenantGroupId: fixture.site.tenantGroupId,
      maturityJobIds: [fixture.extraJobId],
    });
    // The viewer re-reads through its usual call on A: A's cached answer moved on with the event.
    expect((await jobsOnA())?.latestTimestamp).toBe(ts);
  });

  it(
    'stores every acknowledged reading once, with one server killed and one stopped mid-ingest, and keeps maturity exactly as one server does',
    async () => {
      // ---- one server alone, the same batches one at a time: the reference
      for (const batch of BATCHES) {
        const res = await ingestOn(single, batch, singleFixture.gateway.key);
        expect(await res.json()).toEqual({ accepted: ITEMS_PER_BATCH, duplicates: 0, rejected: [] });
      }
      await single.stop();
      const reference = await storedState(singleDb);
      expect(reference.readings).toBe(READINGS);

      // ---- three servers: HTTP round-robin (6 at once) and MQTT (the batches i % 4 === 3)
      const rr = createRoundRobin([A, B, C]);
      const gateway = await createMqttGateway({
        url: BROKER,
        root,
        gatewayId: fixture.gateway.id,
        resendMs: 1500,
      });
      closers.push(() => gateway.close());
      const acked = new Map<number, Answer>();
      let killed = false;
      let terminated = false;
      const afterAck = () => {
        // SIGKILL C a quarter of the way, with calls in flight; SIGTERM B past 60 %.
        if (!killed && acked.size >= BATCHES.length / 4) {
          killed = true;
          C.signal('SIGKILL');
        }
        if (!terminated && acked.size >= (BATCHES.length * 3) / 5) {
          terminated = true;
          B.signal('SIGTERM');
        }
      };
      const httpQueue = BATCHES.map((b, i) => ({ b, i })).filter(({ i }) => i % 4 !== 3);
      const httpWorker = async () => {
        for (let next = httpQueue.shift(); next; next = httpQueue.shift()) {
          const answer = await rr.call(
            '/api/ingest/readings',
            json(next.b, { authorization: `Bearer ${fixture.gateway.key}` }),
            (status) => status === 200,
          );
          acked.set(next.i, answer);
          afterAck();
        }
      };
      const mqttBatches = BATCHES.map((b, i) => ({ b, i })).filter(({ i }) => i % 4 === 3);
      const mqttWindow = async () => {
        for (let next = mqttBatches.shift(); next; next = mqttBatches.shift()) {
          const body = await gateway.send(String(next.i), JSON.stringify(next.b));
          acked.set(next.i, { server: 'mqtt', status: 200, body });
          afterAck();
        }
      };
      await Promise.all([...Array.from({ length: 6 }, httpWorker), ...Array.from({ length: 3 }, mqttWindow)]);

      // Every batch was acknowledged in the end; each answer accounts for every item of its batch.
      expect(acked.size).toBe(BATCHES.length);
      for (const a of acked.values()) {
        const b = a.body as { accepted: number; duplicates: number; rejected: unknown[] };
        expect(b.rejected).toEqual([]);
        expect(b.accepted + b.duplicates).toBe(ITEMS_PER_BATCH);
      }
      // C died by SIGKILL; B, sent SIGTERM, finished what it held and exited cleanly.
      expect((await C.exited).signal).toBe('SIGKILL');
      expect(await B.exited, B.output()).toEqual({ code: 0, signal: null });
      const byServer = (name: string) => [...acked.values()].filter((a) => a.server === name).length;
      expect(byServer('A')).toBeGreaterThan(0);
      expect(byServer('B')).toBeGreaterThan(0);
      expect(byServer('C')).toBeGreaterThan(0);
      expect(byServer('mqtt')).toBe(BATCHES.filter((_, i) => i % 4 === 3).length);
      // Calls cut or refused by the killed and the stopped server went to another one.
      expect(rr.retried).toBeGreaterThan(0);
      expect([...rr.down].sort()).toEqual(['B', 'C']);

      // Each reading stored once (whatever was retried), rolled up once, and maturity, latest values
      // and alarm bits exactly as the one server made them.
      const got = await storedState(clusterDb);
      expect(got.readings).toBe(READINGS);
      expect(got.rollups.reduce((n, h) => n + h.n, 0)).toBe(READINGS);
      expect(got).toEqual(reference);
      expect(got.states).toHaveLength(NODES.length * 2);
      // Every batch B acknowledged before it stopped is there (its readings are among those counted).
      const stored = new Set(
        (
          await clusterDb.db
            .selectFrom('reading as r')
            .innerJoin('sensor as s', 's.id', 'r.sensor_id')
            .select(['s.node_id', 's.channel_id', 'r.ts'])
            .where('s.node_id', 'in', NODES)
            .execute()
        ).map((r) => `${r.node_id}:${r.channel_id}:${r.ts}`),
      );
      for (const [i, a] of acked) {
        if (a.server !== 'B') continue;
        for (const r of BATCHES[i].readings)
          expect(stored.has(`${r.nodeId}:${r.channelId}:${r.ts}`)).toBe(true);
      }
    },
    SLOW,
  );
});
