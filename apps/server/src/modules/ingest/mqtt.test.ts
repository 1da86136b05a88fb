import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { DEMO } from '../../demo/seed.ts';
import { addGateway, addNode, projectOf } from '../../test/sensor-fixtures.ts';
import { testConfig, useTestApp } from '../../test/test-app.ts';
import { ackTopic, uplinkTopic } from './mqtt.ts';

/** The real broker the tests use (Mosquitto on this machine and in CI). */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const T0 = Date.UTC(2026, 10, 2, 0, 0, 0);

describe('MQTT ingest (real broker)', () => {
  // A topic root and client id of our own, so parallel test runs never see each other's messages.
  const run = randomBytes(4).toString('hex');
  const env = {
    MQTT_URL: BROKER,
    MQTT_TOPIC_ROOT: `sitepulse-test-${run}`,
    MQTT_CLIENT_ID: `sitepulse-test-${run}`,
  };
  const ctx = useTestApp(env);
  let gatewayId: number;
  let nodeId: number;
  let device: mqtt.MqttClient;
  const acks: unknown[] = [];

  beforeAll(async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    gatewayId = (await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId)).id;
    nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    device = await mqtt.connectAsync(BROKER, { clientId: `gw-${run}` });
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
