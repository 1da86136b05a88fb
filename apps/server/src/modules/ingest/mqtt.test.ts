import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { DEMO } from '../../demo/seed.ts';
import { addGateway, addNode, projectOf } from '../../test/sensor-fixtures.ts';
import { signIn, testConfig, useTestApp } from '../../test/test-app.ts';
import { ackTopic, uplinkTopic } from './mqtt.ts';
import { INGEST_MAX_BYTES } from './uplink-limits.ts';

/** The real broker the tests use (Mosquitto on this machine and in CI). */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 10, 2, 0, 0, 0);

/** A topic root and client id of our own, so parallel test runs never see each other's messages. */
function brokerEnv() {
  const run = randomBytes(4).toString('hex');
  return {
    MQTT_URL: BROKER,
    MQTT_TOPIC_ROOT: `sitepulse-test-${run}`,
    MQTT_CLIENT_ID: `sitepulse-test-${run}`,
  };
}

describe('MQTT ingest (real broker)', () => {
  const env = brokerEnv();
  const ctx = useTestApp(env);
  let gatewayId: number;
  let nodeId: number;
  let device: mqtt.MqttClient;
  const acks: unknown[] = [];

  beforeAll(async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    gatewayId = (await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId)).id;
    nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    device = await mqtt.connectAsync(BROKER, { clientId: `gw-${env.MQTT_CLIENT_ID}` });
    await device.subscribeAsync(ackTopic(env.MQTT_TOPIC_ROOT, gatewayId), { qos: 1 });
    device.on('message', (_t, payload) => acks.push(JSON.parse(payload.toString())));
  });
  afterAll(async () => {
    await device?.endAsync();
    // Drop the server's persistent session at the broker (a clean connect with its client id).
    await (await mqtt.connectAsync(BROKER, { clientId: env.MQTT_CLIENT_ID, clean: true })).endAsync();
  });

  const readingCount = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('reading')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const nextAck = async (n: number) => {
    while (acks.length < n) await new Promise((r) => setTimeout(r, 20));
    return acks[n - 1];
  };
  const uplink = (i: number) =>
    JSON.stringify({
      readings: [{ nodeId, channelId: 1, sensorType: 'Temperature', ts: T0 + i * 60_000, value: 10 + i }],
    });

  it('stores an uplink, acknowledges it on the ack topic, and counts a resend as a duplicate', async () => {
    await device.publishAsync(uplinkTopic(env.MQTT_TOPIC_ROOT, gatewayId), uplink(0), { qos: 1 });
    expect(await nextAck(1)).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    await device.publishAsync(uplinkTopic(env.MQTT_TOPIC_ROOT, gatewayId), uplink(0), { qos: 1 });
    expect(await nextAck(2)).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    expect(await readingCount()).toBe(1);
  });

  it('keeps a message that is not JSON in the rejected list', async () => {
    await device.publishAsync(uplinkTopic(env.MQTT_TOPIC_ROOT, gatewayId), '{not json', { qos: 1 });
    expect(await nextAck(3)).toEqual({ error: { code: 'BAD_REQUEST', message: 'not valid JSON' } });
    const kept = await ctx.db.db
      .selectFrom('rejected_reading')
      .selectAll()
      .where('kind', '=', 'message')
      .execute();
    expect(kept.map((r) => [r.item, r.reason, r.gateway_id])).toEqual([
      ['{not json', 'not valid JSON', gatewayId],
    ]);
  });

  it('loses nothing sent while the server is down: the broker keeps it for the persistent session', async () => {
    await ctx.app.close();
    await device.publishAsync(uplinkTopic(env.MQTT_TOPIC_ROOT, gatewayId), uplink(1), { qos: 1 });
    await device.publishAsync(uplinkTopic(env.MQTT_TOPIC_ROOT, gatewayId), uplink(2), { qos: 1 });
    const restarted: App = await buildApp({ config: testConfig(env), db: ctx.db, logger: false });
    await restarted.ready();
    try {
      await nextAck(5);
      expect(await readingCount()).toBe(3);
    } finally {
      await restarted.close();
    }
    // useTestApp closes ctx.app again at the end; a closed Fastify app closes without error.
  });
});

describe('MQTT ingest of hostile messages (real broker)', () => {
  const env = brokerEnv();
  const ctx = useTestApp(env);
  let gatewayId: number;
  let nodeA: number;
  let nodeB: number;
  let device: mqtt.MqttClient;
  const acks: unknown[] = [];

  beforeAll(async () => {
    const siteA = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    const siteB = await projectOf(ctx.db.db, ctx.companyId, 'Riverside Medical Centre Expansion');
    gatewayId = (await addGateway(ctx.db.db, ctx.companyId, siteA.tenantGroupId)).id;
    nodeA = await addNode(ctx.db.db, { companyId: ctx.companyId, ...siteA });
    nodeB = await addNode(ctx.db.db, { companyId: ctx.companyId, ...siteB });
    device = await mqtt.connectAsync(BROKER, { clientId: `gw-${env.MQTT_CLIENT_ID}` });
    await device.subscribeAsync(ackTopic(env.MQTT_TOPIC_ROOT, gatewayId), { qos: 1 });
    device.on('message', (_t, payload) => acks.push(JSON.parse(payload.toString())));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await device?.endAsync();
    await (await mqtt.connectAsync(BROKER, { clientId: env.MQTT_CLIENT_ID, clean: true })).endAsync();
  });

  const publish = (payload: string | Buffer) =>
    device.publishAsync(uplinkTopic(env.MQTT_TOPIC_ROOT, gatewayId), payload, { qos: 1 });
  const nextAck = async (n: number) => {
    while (acks.length < n) await new Promise((r) => setTimeout(r, 20));
    return acks[n - 1];
  };
  const reading = (nodeId: number, i: number, extra: Record<string, unknown> = {}) => ({
    nodeId,
    channelId: 1,
    sensorType: 'Temperature',
    ts: T0 + i * 60_000,
    value: 10 + i,
    ...extra,
  });
  const storedTimes = async () =>
    (
      await ctx.db.db
        .selectFrom('reading as r')
        .innerJoin('sensor as s', 's.id', 'r.sensor_id')
        .select('r.ts')
        .where('s.node_id', '=', nodeA)
        .orderBy('r.ts')
        .execute()
    ).map((r) => Number(r.ts));
  const rejectedMessages = async () => {
    const admin = await signIn(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/ingest/rejected?rpp=100&gatewayId=${gatewayId}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { kind: string; item: string; reason: string }[]).filter(
      (i) => i.kind === 'message',
    );
  };

  it('acknowledges and keeps as rejected every message that can never be stored, and stores the one behind them', async () => {
    const deep = `{"readings":[${'['.repeat(20_000)}${']'.repeat(20_000)}]}`;
    const oversize = Buffer.alloc(INGEST_MAX_BYTES + 1, ' ');
    oversize.write('{"readings":[');
    const rawNul = `{"readings":[{"nodeId":${nodeA},"sensorType":"Temp\u0000"}]}`;
    await publish(deep);
    await publish(oversize);
    await publish('[1, 2, 3]');
    await publish('{"readings": 5}');
    await publish(rawNul);
    // A batch with items of its own to reject: NUL in a string, a node of another job site.
    await publish(
      JSON.stringify({
        readings: [reading(nodeA, 1), reading(nodeA, 2, { sensorType: 'Temp\u0000' }), reading(nodeB, 3)],
      }),
    );
    await publish(JSON.stringify({ readings: [reading(nodeA, 4)] }));

    const notUplink =
      'the message must be a JSON object with lists readings, status and locations (each optional)';
    expect(await nextAck(7)).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect(acks.slice(0, 6)).toEqual([
      { error: { code: 'BAD_REQUEST', message: 'the JSON nests deeper than 32 levels' } },
      {
        error: { code: 'PAYLOAD_TOO_LARGE', message: `the message is larger than ${INGEST_MAX_BYTES} bytes` },
      },
      { error: { code: 'BAD_REQUEST', message: notUplink } },
      { error: { code: 'BAD_REQUEST', message: notUplink } },
      { error: { code: 'BAD_REQUEST', message: 'not valid JSON' } },
      {
        accepted: 1,
        duplicates: 0,
        rejected: [
          { kind: 'reading', index: 1, reason: 'unknown sensorType: Temp' },
          { kind: 'reading', index: 2, reason: `node ${nodeB} is not on this gateway's job site` },
        ],
      },
    ]);
    expect(await storedTimes()).toEqual([T0 + 60_000, T0 + 4 * 60_000]);

    const kept = await rejectedMessages();
    expect(kept.map((k) => k.reason).reverse()).toEqual([
      'the JSON nests deeper than 32 levels',
      `the message is larger than ${INGEST_MAX_BYTES} bytes`,
      notUplink,
      notUplink,
      'not valid JSON',
    ]);
    for (const k of kept) {
      expect(k.item.length).toBeLessThanOrEqual(2000);
      expect(k.item).not.toContain('\u0000');
    }
    expect(kept[0].item).toBe(rawNul.replace('\u0000', ''));
  });

  it('leaves a message unacknowledged while the database is away, so it is stored when redelivered', async () => {
    const ingest = ctx.app.services.ingest;
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const spy = vi.spyOn(ingest, 'ingest').mockRejectedValueOnce(down);
    const before = acks.length;
    await publish(JSON.stringify({ readings: [reading(nodeA, 5)] }));
    expect(await nextAck(before + 1)).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(await storedTimes()).toContain(T0 + 5 * 60_000);
    spy.mockRestore();
  });

  it('keeps as rejected a message that fails for another reason, and goes on with the next', async () => {
    const ingest = ctx.app.services.ingest;
    const spy = vi.spyOn(ingest, 'ingest').mockRejectedValueOnce(new TypeError('a bug'));
    const before = acks.length;
    await publish(JSON.stringify({ readings: [reading(nodeA, 6)] }));
    await publish(JSON.stringify({ readings: [reading(nodeA, 7)] }));
    expect(await nextAck(before + 2)).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect(acks[before]).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'the message could not be stored' },
    });
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    expect(await storedTimes()).toContain(T0 + 7 * 60_000);
    expect(await storedTimes()).not.toContain(T0 + 6 * 60_000);
    expect((await rejectedMessages())[0]).toMatchObject({
      reason: 'the message could not be stored',
      item: JSON.stringify({ readings: [reading(nodeA, 6)] }),
    });
  });
});
