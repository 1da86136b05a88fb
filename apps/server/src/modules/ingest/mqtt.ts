import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { AppError } from '../../lib/errors.ts';
import type { IngestService } from './service.ts';

export const uplinkTopic = (root: string, gatewayId: number | '+') => `${root}/gateways/${gatewayId}/up`;
export const ackTopic = (root: string, gatewayId: number) => `${root}/gateways/${gatewayId}/ack`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Takes gateway uplinks from an MQTT broker: QoS 1 on a persistent session, so messages that
 * arrive while the server is down wait at the broker. A message is acknowledged only after its
 * batch is stored (or kept as rejected), so a crash mid-batch gets it redelivered, and resends
 * count as duplicates. The broker authenticates gateways and limits each to its own topic.
 */
export function startMqttIngest(opts: {
  url: string;
  ingest: IngestService;
  log: FastifyBaseLogger;
  clientId?: string;
  /** first topic level, `sitepulse` by default */
  topicRoot?: string;
}): { client: MqttClient; ready: Promise<void>; stop(): Promise<void> } {
  const { ingest, log } = opts;
  const root = opts.topicRoot ?? 'sitepulse';
  const uplink = new RegExp(`^${escapeRegExp(root)}/gateways/(\\d+)/up$`);
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId ?? 'sitepulse-ingest',
    clean: false,
    reconnectPeriod: 2000,
  });

  async function handle(topic: string, payload: Buffer): Promise<void> {
    const m = uplink.exec(topic);
    if (!m) return;
    const gateway = await ingest.gatewayById(Number(m[1]));
    if (!gateway) {
      log.warn({ topic }, 'MQTT uplink from an unknown gateway: not stored');
      return;
    }
    const text = payload.toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      await ingest.rejectMessage(gateway, text, 'not valid JSON');
      client.publish(
        ackTopic(root, gateway.id),
        JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'not valid JSON' } }),
        { qos: 1 },
      );
      return;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      await ingest.rejectMessage(gateway, text, 'the message must be a JSON object');
      return;
    }
    try {
      const result = await ingest.ingest(gateway, body as Record<string, unknown[]>);
      client.publish(ackTopic(root, gateway.id), JSON.stringify(result), { qos: 1 });
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) {
        await ingest.rejectMessage(gateway, text, err.message);
        client.publish(
          ackTopic(root, gateway.id),
          JSON.stringify({ error: { code: err.code, message: err.message } }),
          { qos: 1 },
        );
        return;
      }
      throw err;
    }
  }

  // mqtt.js sends PUBACK once handleMessage's callback runs: call it after the batch is stored.
  client.handleMessage = (packet, done) => {
    if (packet.cmd !== 'publish') return done();
    handle(packet.topic, packet.payload as Buffer).then(
      () => done(),
      (err) => {
        // Not acknowledged: the broker redelivers after reconnect. Reconnect so that happens soon.
        log.error({ err, topic: packet.topic }, 'MQTT uplink failed; it will be redelivered');
        client.end(true, () => client.reconnect());
      },
    );
  };

  const ready = new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      client.subscribe(uplinkTopic(root, '+'), { qos: 1 }, (err) => (err ? reject(err) : resolve()));
    });
    client.once('error', reject);
  });
  client.on('error', (err) => log.warn({ err }, 'MQTT'));

  return {
    client,
    ready,
    stop: () => new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
  };
}
