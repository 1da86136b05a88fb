import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDb } from '../../db/index.ts';
import { DEMO } from '../../demo/seed.ts';
import { addGateway, addNode, projectOf } from '../../test/sensor-fixtures.ts';
import { testConfig, useTestApp } from '../../test/test-app.ts';
import { ackTopic, uplinkTopic } from '../ingest/mqtt.ts';
import { tokenMatches } from './metrics.ts';

/** The real broker the tests use (Mosquitto on this machine and in CI). */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);

/** The value of one sample of a text exposition (0 when absent), e.g. `name{a="b"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = line.match(/^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[4]);
  }
  return 0;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestApp();

  it('answers 404 like any unknown path, whatever the header', async () => {
    for (const authorization of [undefined, 'Bearer anything-at-all-123456', `Bearer ${TOKEN}`]) {
      const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such call: GET /metrics' } });
    }
  });

  it('is not in the OpenAPI description', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/ready');
  });
});

describe('METRICS_TOKEN', () => {
  it('must be 16 to 1024 printable characters without spaces', () => {
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const bad of ['short', 'has a space in it here', 'x'.repeat(1025), `${'x'.repeat(20)}\u00e9`]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN must be/);
    }
  });

  it('is compared whole: a prefix, a longer value or another scheme does not match', () => {
    expect(tokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(tokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(tokenMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(tokenMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(tokenMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(tokenMatches(TOKEN, TOKEN)).toBe(false);
    expect(tokenMatches(undefined, TOKEN)).toBe(false);
    expect(tokenMatches('Bearer ', TOKEN)).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const run = randomBytes(4).toString('hex');
  const env = {
    METRICS_TOKEN: TOKEN,
    MQTT_URL: BROKER,
    MQTT_TOPIC_ROOT: `sitepulse-metrics-${run}`,
    MQTT_CLIENT_ID: `sitepulse-metrics-${run}`,
  };
  const ctx = useTestApp(env);
  const auth = { authorization: `Bearer ${TOKEN}` };
  let key: string;
  let gatewayId: number;
  let nodeId: number;
  let siteId: number;
  let adminId: number;

  const scrape = async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const ingest = (readings: object[], authorization = `Bearer ${key}`) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization },
      payload: { readings },
    });
  const reading = (i: number) => ({
    nodeId,
    channelId: 1,
    sensorType: 'Temperature',
    ts: T0 + i * 60_000,
    value: 12 + i / 10,
  });

  beforeAll(async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    siteId = site.tenantGroupId;
    ({ key, id: gatewayId } = await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId));
    nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    adminId = (
      await ctx.db.db
        .selectFrom('app_user')
        .select('id')
        .where('username', '=', DEMO.users.admin)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    // Drop the server's persistent session at the broker (a clean connect with its client id).
    await (await mqtt.connectAsync(BROKER, { clientId: env.MQTT_CLIENT_ID, clean: true })).endAsync();
  });

  it('answers 401 without the token or with a wrong one, saying nothing more', async () => {
    const wrong = [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}0`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
      'Bearer',
    ];
    for (const authorization of wrong) {
      const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Authentication required' } });
      expect(res.body).not.toContain('sitepulse_');
    }
    // The API's tokens are not the metrics token either.
    const login = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${key}` } });
    expect(login.statusCode).toBe(401);
  });

  it('shows the process: default metrics and event-loop lag', async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(res.body).toMatch(new RegExp(`^${name} `, 'm'));
    }
    expect(res.body).toMatch(/^sitepulse_build_info\{version="[\d.]+"\} 1$/m);
  });

  it('counts readings ingested over HTTP, and requests by route pattern and status class', async () => {
    const before = await scrape();
    const accepted = sample(before, 'sitepulse_ingest_items_total', {
      transport: 'http',
      outcome: 'accepted',
    });
    const posts = { method: 'POST', route: '/api/ingest/readings', status_class: '2xx' };
    const okBefore = sample(before, 'sitepulse_http_requests_total', posts);

    const first = await ingest([reading(0), reading(1), reading(2)]);
    expect(first.json()).toMatchObject({ accepted: 3, duplicates: 0 });
    // A resend (duplicates), an unknown node (rejected), and a bad key (401: nothing stored, nothing counted).
    const again = await ingest([reading(2), reading(3), { ...reading(4), nodeId: 1 }]);
    expect(again.json()).toMatchObject({ accepted: 1, duplicates: 1 });
    expect((await ingest([reading(5)], 'Bearer gw_not-a-key')).statusCode).toBe(401);

    const after = await scrape();
    const http = (outcome: string) =>
      sample(after, 'sitepulse_ingest_items_total', { transport: 'http', outcome }) -
      sample(before, 'sitepulse_ingest_items_total', { transport: 'http', outcome });
    expect(sample(after, 'sitepulse_ingest_items_total', { transport: 'http', outcome: 'accepted' })).toBe(
      accepted + 4,
    );
    expect(http('duplicate')).toBe(1);
    expect(http('rejected')).toBe(1);
    expect(
      sample(after, 'sitepulse_ingest_batches_total', { transport: 'http' }) -
        sample(before, 'sitepulse_ingest_batches_total', { transport: 'http' }),
    ).toBe(2);
    expect(sample(after, 'sitepulse_http_requests_total', posts)).toBe(okBefore + 2);
    expect(
      sample(after, 'sitepulse_http_requests_total', { ...posts, status_class: '4xx' }) -
        sample(before, 'sitepulse_http_requests_total', { ...posts, status_class: '4xx' }),
    ).toBe(1);
    expect(
      sample(after, 'sitepulse_http_request_duration_seconds_count', posts) -
        sample(before, 'sitepulse_http_request_duration_seconds_count', posts),
    ).toBe(2);
  });

  it('labels a request by its route pattern, never its raw URL (bounded label values)', async () => {
    const marker = `zz${randomBytes(5).toString('hex')}`;
    await ctx.app.inject({ url: `/api/cables/${9_000_000 + 1}?x=${marker}` });
    await ctx.app.inject({ url: `/api/${marker}/nope` });
    await ctx.app.inject({ url: `/${marker}` });
    await ctx.app.inject({ method: 'POST', url: `/api/health/${marker}` });
    const text = await scrape();
    expect(text).not.toContain(marker);
    expect(text).not.toContain('9000001');
    expect(
      sample(text, 'sitepulse_http_requests_total', {
        method: 'GET',
        route: '/api/cables/:id',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'sitepulse_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(2);
    // Every route label is a registered pattern or "unmatched".
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    for (const r of routes) expect(r === 'unmatched' || r.startsWith('/')).toBe(true);
  });

  it('counts readings ingested over MQTT', async () => {
    const before = await scrape();
    const device = await mqtt.connectAsync(BROKER, { clientId: `gw-${env.MQTT_CLIENT_ID}` });
    try {
      const acks: unknown[] = [];
      device.on('message', (_t, payload) => acks.push(JSON.parse(payload.toString())));
      await device.subscribeAsync(ackTopic(env.MQTT_TOPIC_ROOT, gatewayId), { qos: 1 });
      const body = JSON.stringify({ readings: [reading(10), reading(11)] });
      await device.publishAsync(uplinkTopic(env.MQTT_TOPIC_ROOT, gatewayId), body, { qos: 1 });
      while (acks.length < 1) await new Promise((r) => setTimeout(r, 20));
      expect(acks[0]).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    } finally {
      await device.endAsync();
    }
    const after = await scrape();
    const mqttItems = (t: string) =>
      sample(t, 'sitepulse_ingest_items_total', { transport: 'mqtt', outcome: 'accepted' });
    expect(mqttItems(after) - mqttItems(before)).toBe(2);
    expect(
      sample(after, 'sitepulse_ingest_batches_total', { transport: 'mqtt' }) -
        sample(before, 'sitepulse_ingest_batches_total', { transport: 'mqtt' }),
    ).toBe(1);
  });

  it('reads the depth of the report, notification and label queues from the database at each scrape', async () => {
    const depth = (text: string, queue: string, state: string) =>
      sample(text, 'sitepulse_job_queue_depth', { queue, state });
    const now = Date.now();
    const empty = await scrape();
    for (const q of ['reports', 'notifications', 'labels'])
      for (const s of ['ready', 'running', 'scheduled']) expect(depth(empty, q, s), `${q} ${s}`).toBe(0);
    expect(sample(empty, 'sitepulse_database_up')).toBe(1);

    const report = (status: string, leaseUntil: number | null) => ({
      name: `depth ${status}`,
      tenant_group_id: siteId,
      company_id: ctx.companyId,
      owner_company_id: ctx.companyId,
      owner_user_id: adminId,
      owner_username: DEMO.users.admin,
      type: 'RAW_DATA_CSV',
      status,
      error: null,
      created_at: now,
      started_at: null,
      finished_at: null,
      lease_until: leaseUntil,
      cj_id: null,
      channel_job_name: null,
      channel_job_type: null,
      msj_id: null,
      mdd_id: null,
      delivery_methods: '[]',
      recipient_ids: '[]',
      schedule_id: null,
      attributes: '{}',
      file_name: null,
      file_size: null,
    });
    await ctx.db.db
      .insertInto('report_request')
      .values([
        report('NEW', null),
        report('NEW', null),
        report('RUNNING', now + 600_000),
        // A dead worker's claim: ready to be taken over.
        report('RUNNING', now - 1_000),
        report('DONE', null),
      ])
      .execute();
    const message = (nextAttemptAt: number, i: number) => ({
      company_id: ctx.companyId,
      user_id: adminId,
      tenant_group_id: siteId,
      alarm_event_id: null,
      channel: 'EMAIL',
      change: 'RAISED',
      next_attempt_at: nextAttemptAt,
      created_at: now,
      to_address: 'admin@example.com',
      subject: 'depth',
      body: 'depth',
      dedupe_key: `metrics-depth-${i}`,
    });
    await ctx.db.db
      .insertInto('notification_message')
      .values([message(now - 1_000, 1), message(now + 3_600_000, 2), message(now + 3_600_000, 3)])
      .execute();

    const text = await scrape();
    expect(depth(text, 'reports', 'ready')).toBe(3);
    expect(depth(text, 'reports', 'running')).toBe(1);
    expect(depth(text, 'reports', 'scheduled')).toBe(0);
    expect(depth(text, 'notifications', 'ready')).toBe(1);
    expect(depth(text, 'notifications', 'scheduled')).toBe(2);
    expect(depth(text, 'labels', 'ready')).toBe(0);

    // A worker claims one report: ready one less, running one more.
    const claimed = await ctx.app.services.reports.repo.queue.claim(Date.now(), Date.now() + 600_000);
    expect(claimed).toBeDefined();
    const next = await scrape();
    expect(depth(next, 'reports', 'ready')).toBe(2);
    expect(depth(next, 'reports', 'running')).toBe(2);
  });
});

describe('GET /api/ready', () => {
  const ctx = useTestApp();

  it('is 200 while the database answers, 503 once the server drains; liveness stays 200', async () => {
    const ready = await ctx.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });

    ctx.app.readiness.drain();
    const draining = await ctx.app.inject('/api/ready');
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({
      error: { code: 'NOT_READY', message: 'The server is shutting down' },
    });
    expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('is 503 when the database does not answer, and /metrics says database_up 0', async () => {
    // A second app on its own connection, which is then closed under it.
    const db = openDb(ctx.db.url);
    const app = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), db, logger: false });
    await app.ready();
    try {
      expect((await app.inject('/api/ready')).statusCode).toBe(200);
      await db.close();
      const res = await app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'NOT_READY', message: 'The database does not answer' } });
      const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.statusCode).toBe(200);
      expect(sample(metrics.body, 'sitepulse_database_up')).toBe(0);
      expect(metrics.body).not.toMatch(/^sitepulse_job_queue_depth\{/m);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
