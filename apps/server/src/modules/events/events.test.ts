import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LiveEventData } from '@sitepulse/contracts';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { addGateway, addNode, addProfile, projectOf } from '../../test/sensor-fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { uplinkTopic } from '../ingest/mqtt.ts';
import { coalesceWindowMs, fanOutMs } from './service.ts';

type Frame = { kind: 'event'; event: string; data: string } | { kind: 'comment'; text: string };

/** An SSE client over fetch for the tests: frames in order, as the server wrote them. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
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
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) frames.push({ kind: 'comment', text: line.slice(1).trim() });
              else if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trim());
            }
            if (data.length > 0) frames.push({ kind: 'event', event, data: data.join('\n') });
            i = buf.indexOf('\n\n');
          }
          for (const w of waiters.splice(0)) w();
        }
      } catch {
        // aborted
      } finally {
        ended = true;
        for (const w of waiters.splice(0)) w();
      }
    })();
  }
  let read = 0;
  return {
    res,
    /** The next frame matching `pick` (earlier frames that do not match are skipped). */
    async next(pick: (f: Frame) => boolean = () => true): Promise<Frame> {
      for (;;) {
        while (read < frames.length) {
          const f = frames[read++];
          if (pick(f)) return f;
        }
        if (ended) throw new Error('stream ended');
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}
const isEvent = (name: string) => (f: Frame) => f.kind === 'event' && f.event === name;
const dataOf = (f: Frame) => JSON.parse((f as { data: string }).data) as LiveEventData;

/** Waits (without a limit of its own) until the condition holds. */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

describe('GET /api/events/stream (live updates)', () => {
  const ctx = useTestApp();
  let base: string;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let otherAdmin: Record<string, string>;
  const s = {} as Record<'ht' | 'rmc', { tenantId: number; tenantGroupId: number }>;
  const n = {} as Record<'gas' | 'maturity' | 'rmcGas' | 'idle', number>;
  const j = {} as Record<'gas' | 'maturity' | 'rmcGas', number>;
  let key: string;
  let rmcKey: string;

  const createJob = async (path: string, body: Record<string, unknown>) => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api${path}`, headers: admin, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }).id;
  };
  const ingest = async (body: unknown, gatewayKey = key) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { accepted: number };
  };
  const stream = (siteId: number, headers: Record<string, string>) =>
    openStream(`${base}/api/events/stream?tenantGroupId=${siteId}`, headers);

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const db = ctx.db.db;
    await seedOtherCompany(db);
    admin = (await signIn(ctx)).headers;
    viewer = (await signIn(ctx, DEMO.users.viewer)).headers;
    const otherCompany = await db
      .selectFrom('company')
      .select('id')
      .where('auth_code', '=', OTHER.authCode)
      .executeTakeFirstOrThrow();
    otherAdmin = (await signIn(ctx, OTHER.username, OTHER.password, otherCompany.id)).headers;
    s.ht = await projectOf(db, ctx.companyId, DEMO.firstSiteName);
    s.rmc = await projectOf(db, ctx.companyId, 'Riverside Medical Centre Expansion');
    // A gateway writes the nodes of its own job site only: one gateway per site.
    key = (await addGateway(db, ctx.companyId, s.ht.tenantGroupId)).key;
    rmcKey = (await addGateway(db, ctx.companyId, s.rmc.tenantGroupId)).key;
    n.gas = await addNode(db, { companyId: ctx.companyId, ...s.ht, nodeType: 'Gas' });
    n.maturity = await addNode(db, { companyId: ctx.companyId, ...s.ht, nodeType: 'Maturity' });
    n.idle = await addNode(db, { companyId: ctx.companyId, ...s.ht, nodeType: 'Gas' });
    n.rmcGas = await addNode(db, { companyId: ctx.companyId, ...s.rmc, nodeType: 'Gas' });
    const start = Date.now() - 3_600_000;
    j.gas = await createJob('/analytics/channel/jobs', {
      kind: 'DATA',
      tenantId: s.ht.tenantId,
      nodeId: n.gas,
      channelJobName: 'Ramp CO',
      startDate: start,
    });
    j.rmcGas = await createJob('/analytics/channel/jobs', {
      kind: 'DATA',
      tenantId: s.rmc.tenantId,
      nodeId: n.rmcGas,
      channelJobName: 'Basement CO',
      startDate: start,
    });
    j.maturity = await createJob('/analytics/concrete/maturity/jobs', {
      tenantId: s.ht.tenantId,
      nodeId: n.maturity,
      channelJobName: 'Slab 3',
      startDate: start,
    });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('sends a readings event to the site of an HTTP ingest, naming its nodes and jobs, and none to another site', async () => {
    const ht = await stream(s.ht.tenantGroupId, admin);
    const rmc = await stream(s.rmc.tenantGroupId, admin);
    expect(ht.res.status).toBe(200);
    expect(ht.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The stream is written by hand (hijacked), and still carries the security headers of every answer.
    expect(ht.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ht.res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    await ht.next((f) => f.kind === 'comment' && f.text === 'connected');
    await rmc.next((f) => f.kind === 'comment' && f.text === 'connected');

    const ts = Date.now() - 60_000;
    await ingest({
      readings: [
        { nodeId: n.gas, channelId: 1, sensorType: 'Gas', ts, value: 12 },
        { nodeId: n.maturity, channelId: 1, sensorType: 'Temperature', ts, value: 21.5 },
      ],
      status: [{ nodeId: n.idle, ts, battery: 80, signal: -70 }],
    });
    const e = dataOf(await ht.next(isEvent('readings')));
    expect(e).toMatchObject({
      tenantGroupId: s.ht.tenantGroupId,
      nodeIds: [n.gas, n.maturity, n.idle].sort((a, b) => a - b),
      maturityJobIds: [j.maturity],
      channelJobIds: [j.gas],
    });
    expect(Math.abs(e.at - Date.now())).toBeLessThan(60_000);

    // The other site's subscriber got nothing of that batch: its first event is its own.
    await ingest({ readings: [{ nodeId: n.rmcGas, channelId: 1, sensorType: 'Gas', ts, value: 3 }] }, rmcKey);
    expect(dataOf(await rmc.next(isEvent('readings')))).toMatchObject({
      tenantGroupId: s.rmc.tenantGroupId,
      nodeIds: [n.rmcGas],
      maturityJobIds: [],
      channelJobIds: [j.rmcGas],
    });
    ht.close();
    rmc.close();
  });

  it('sends nothing for a resend that stores nothing new', async () => {
    const ht = await stream(s.ht.tenantGroupId, admin);
    await ht.next((f) => f.kind === 'comment' && f.text === 'connected');
    const ts = Date.now() - 120_000;
    const batch = { readings: [{ nodeId: n.gas, channelId: 1, sensorType: 'Gas', ts, value: 5 }] };
    await ingest(batch);
    await ht.next(isEvent('readings'));
    const publish = vi.spyOn(ctx.app.services.events, 'publishBatch');
    await ingest(batch);
    expect(publish).not.toHaveBeenCalled();
    publish.mockRestore();
    ht.close();
  });

  it('answers 404 for a site not granted to the caller or of another company, 401 without a token', async () => {
    const viewerRmc = await stream(s.rmc.tenantGroupId, viewer);
    expect(viewerRmc.res.status).toBe(404);
    expect(await viewerRmc.res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const other = await stream(s.ht.tenantGroupId, otherAdmin);
    expect(other.res.status).toBe(404);
    const none = await stream(s.ht.tenantGroupId, {});
    expect(none.res.status).toBe(401);
    const bad = await fetch(`${base}/api/events/stream?tenantGroupId=abc`, { headers: admin });
    expect(bad.status).toBe(400);
    // The viewer may follow the site granted to them.
    const viewerHt = await stream(s.ht.tenantGroupId, viewer);
    expect(viewerHt.res.status).toBe(200);
    viewerHt.close();
  });

  it('sends a heartbeat comment and removes its listener when the client goes away', async () => {
    const events = ctx.app.services.events;
    await until(() => events.listenerCount() === 0);
    const saved = events.options.heartbeatMs;
    events.options.heartbeatMs = 20;
    try {
      const ht = await stream(s.ht.tenantGroupId, admin);
      await ht.next((f) => f.kind === 'comment' && f.text === 'connected');
      expect(events.listenerCount(s.ht.tenantGroupId)).toBe(1);
      await ht.next((f) => f.kind === 'comment' && f.text === 'heartbeat');
      ht.close();
      await until(() => events.listenerCount() === 0);
    } finally {
      events.options.heartbeatMs = saved;
    }
  });

  it('merges a burst into at most one event per site per second', async () => {
    const events = ctx.app.services.events;
    const got: LiveEventData[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stop = events.subscribe(s.ht.tenantGroupId, (name, data) => {
      if (name === 'readings') got.push(data);
    });
    try {
      const batch = (nodeId: number) => ({
        companyId: ctx.companyId,
        nodes: new Map([[nodeId, Date.now() - 1000]]),
        readingNodeIds: [nodeId],
        alarmJobIds: [],
      });
      await events.publishBatch(batch(n.gas));
      expect(got).toHaveLength(1);
      await events.publishBatch(batch(n.maturity));
      await events.publishBatch(batch(n.idle));
      expect(got).toHaveLength(1);
      vi.advanceTimersByTime(1000);
      expect(got).toHaveLength(2);
      expect(got[1]).toMatchObject({
        nodeIds: [n.maturity, n.idle].sort((a, b) => a - b),
        maturityJobIds: [j.maturity],
        channelJobIds: [],
      });
      expect(got[1].at - got[0].at).toBeGreaterThanOrEqual(1000);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it('widens the merging window as a site gains listeners, and keeps the first event after a quiet spell immediate', async () => {
    const events = ctx.app.services.events;
    const { options } = events;
    expect(coalesceWindowMs(options, 1)).toBe(options.coalesceMs);
    expect(coalesceWindowMs(options, 101)).toBe(options.coalesceMs + 100 * options.coalescePerListenerMs);
    expect(coalesceWindowMs(options, 100_000)).toBe(options.coalesceMaxMs);

    const got: number[] = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stops = [
      events.subscribe(s.ht.tenantGroupId, (name) => {
        if (name === 'readings') got.push(Date.now());
      }),
      ...Array.from({ length: 100 }, () => events.subscribe(s.ht.tenantGroupId, () => {})),
    ];
    try {
      const window = coalesceWindowMs(options, 101);
      expect(window).toBeGreaterThan(options.coalesceMs);
      const batch = () => ({
        companyId: ctx.companyId,
        nodes: new Map([[n.gas, Date.now() - 1000]]),
        readingNodeIds: [n.gas],
        alarmJobIds: [],
      });
      await events.publishBatch(batch());
      expect(got).toHaveLength(1); // the first one at once
      await events.publishBatch(batch());
      vi.advanceTimersByTime(options.coalesceMs);
      expect(got).toHaveLength(1); // one listener's window has passed, 101 listeners' has not
      vi.advanceTimersByTime(window - options.coalesceMs);
      expect(got).toHaveLength(2);
      expect(got[1] - got[0]).toBe(window);
      vi.advanceTimersByTime(10 * window); // quiet
      await events.publishBatch(batch());
      expect(got).toHaveLength(3);
    } finally {
      for (const stop of stops) stop();
      vi.useRealTimers();
    }
  });

  it('spreads one event over a crowd of listeners, each getting it once, in the same order every time', async () => {
    const events = ctx.app.services.events;
    const crowd = 101;
    const spread = fanOutMs(events.options, crowd);
    expect(fanOutMs(events.options, 1)).toBe(0);
    expect(spread).toBeGreaterThan(0);
    expect(spread).toBeLessThanOrEqual(coalesceWindowMs(events.options, crowd) / 2);
    const got = Array.from({ length: crowd }, () => [] as { at: number; data: LiveEventData }[]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stops = got.map((list) =>
      events.subscribe(s.ht.tenantGroupId, (name, data) => {
        if (name === 'readings') list.push({ at: Date.now(), data });
      }),
    );
    try {
      const sentAt = Date.now();
      await events.publishBatch({
        companyId: ctx.companyId,
        nodes: new Map([[n.gas, sentAt - 1000]]),
        readingNodeIds: [n.gas],
        alarmJobIds: [],
      });
      const reached = () => got.filter((l) => l.length > 0).length;
      expect(reached()).toBeGreaterThan(0);
      expect(reached()).toBeLessThan(crowd / 2);
      // One who leaves before their turn gets nothing.
      stops[crowd - 1]();
      vi.advanceTimersByTime(spread);
      expect(reached()).toBe(crowd - 1);
      expect(got.every((l) => l.length <= 1)).toBe(true);
      const times = got.slice(0, -1).map((l) => l[0].at - sentAt);
      expect(times[0]).toBe(0);
      expect(Math.max(...times)).toBeGreaterThanOrEqual(spread * 0.9);
      expect(times).toEqual([...times].sort((a, b) => a - b)); // in the order they subscribed
      expect(new Set(got.slice(0, -1).map((l) => l[0].data.version)).size).toBe(1);
    } finally {
      for (const stop of stops) stop();
      vi.useRealTimers();
    }
  });

  it('sends nothing more of a spread event once the last listener has gone', async () => {
    const events = ctx.app.services.events;
    let delivered = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stops = Array.from({ length: 100 }, () =>
      events.subscribe(s.ht.tenantGroupId, () => {
        delivered++;
      }),
    );
    try {
      await events.publishBatch({
        companyId: ctx.companyId,
        nodes: new Map([[n.gas, Date.now() - 1000]]),
        readingNodeIds: [n.gas],
        alarmJobIds: [],
      });
      const first = delivered;
      expect(first).toBeGreaterThan(0);
      // Leaving is synchronous: the only timer it can end is the fan-out's next slice (the pool's stay).
      const timers = vi.getTimerCount();
      for (const stop of stops) stop();
      expect(vi.getTimerCount()).toBe(timers - 1);
      vi.advanceTimersByTime(60_000);
      expect(delivered).toBe(first);
    } finally {
      for (const stop of stops) stop();
      vi.useRealTimers();
    }
  });

  it('sends an alarms event when a batch raises MATURED or crosses a sensor threshold', async () => {
    const events = ctx.app.services.events;
    const got: { name: string; data: LiveEventData }[] = [];
    const stop = events.subscribe(s.ht.tenantGroupId, (name, data) => got.push({ name, data }));
    try {
      // A pour whose strength passes its 1 MPa target after two hours at 20 °C.
      const node = await addNode(ctx.db.db, { companyId: ctx.companyId, ...s.ht, nodeType: 'Maturity' });
      const start = Date.now() - 3 * 3_600_000;
      const pour = await createJob('/analytics/concrete/maturity/jobs', {
        tenantId: s.ht.tenantId,
        nodeId: node,
        channelJobName: 'Quick pour',
        concreteProfileId: await addProfile(ctx.db.db, ctx.companyId, -20, 12),
        singularTargetedStrength: 1,
        startDate: start,
      });
      const t = (h: number) => ({
        nodeId: node,
        channelId: 1,
        sensorType: 'Temperature',
        ts: start + h * 3_600_000,
        value: 20,
      });
      await ingest({ readings: [t(0.5), t(2.5)] });
      await until(() => got.some((e) => e.name === 'alarms' && e.data.maturityJobIds.includes(pour)));

      const set = await ctx.app.inject({
        method: 'POST',
        url: '/api/alarms',
        headers: admin,
        payload: { alarmData: { alarmType: 'SENSOR_THRESHOLD', cjId: j.gas, mediumThresholdHBound: 50 } },
      });
      expect(set.statusCode, set.body).toBe(200);
      await ingest({
        readings: [{ nodeId: n.gas, channelId: 1, sensorType: 'Gas', ts: Date.now() - 1000, value: 60 }],
      });
      await until(() => got.some((e) => e.name === 'alarms' && e.data.channelJobIds.includes(j.gas)));
      const alarm = got.find((e) => e.name === 'alarms' && e.data.channelJobIds.includes(j.gas));
      expect(alarm?.data).toMatchObject({
        tenantGroupId: s.ht.tenantGroupId,
        nodeIds: expect.arrayContaining([n.gas]),
      });
    } finally {
      stop();
    }
  });

  it('ends open streams when the server closes', async () => {
    const events = ctx.app.services.events;
    const ht = await stream(s.ht.tenantGroupId, admin);
    await ht.next((f) => f.kind === 'comment' && f.text === 'connected');
    events.close();
    await until(() => ht.ended);
    await until(() => events.listenerCount() === 0);
  });
});

describe('live events of MQTT ingest (real broker)', () => {
  const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const run = randomBytes(4).toString('hex');
  const env = {
    MQTT_URL: BROKER,
    MQTT_TOPIC_ROOT: `sitepulse-events-${run}`,
    MQTT_CLIENT_ID: `sitepulse-events-${run}`,
  };
  const ctx = useTestApp(env);
  let device: mqtt.MqttClient;
  afterAll(async () => {
    await device?.endAsync();
    await (await mqtt.connectAsync(BROKER, { clientId: env.MQTT_CLIENT_ID, clean: true })).endAsync();
  });

  it('sends the same readings event for an uplink as for an HTTP batch', async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    const gatewayId = (await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId)).id;
    const nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site, nodeType: 'Gas' });
    const got: LiveEventData[] = [];
    const stop = ctx.app.services.events.subscribe(site.tenantGroupId, (name, data) => {
      if (name === 'readings') got.push(data);
    });
    try {
      device = await mqtt.connectAsync(BROKER, { clientId: `gw-events-${run}` });
      await device.publishAsync(
        uplinkTopic(env.MQTT_TOPIC_ROOT, gatewayId),
        JSON.stringify({
          readings: [{ nodeId, channelId: 1, sensorType: 'Gas', ts: Date.now() - 60_000, value: 4 }],
        }),
        { qos: 1 },
      );
      await until(() => got.length > 0);
      expect(got[0]).toMatchObject({ tenantGroupId: site.tenantGroupId, nodeIds: [nodeId] });
    } finally {
      stop();
    }
  });
});
