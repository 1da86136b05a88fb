import { ID_MAX, IngestBody } from '@sitepulse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { Compile } from 'typebox/compile';
import { isTransientDbError } from '../../db/sensor-store/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { GatewayIdentity, IngestService } from './service.ts';
import {
  INGEST_MAX_BYTES,
  INGEST_MAX_DEPTH,
  jsonNestsDeeperThan,
  STORED_TEXT_MAX_CHARS,
} from './uplink-limits.ts';

export const uplinkTopic = (root: string, gatewayId: number | '+') => `${root}/gateways/${gatewayId}/up`;
export const ackTopic = (root: string, gatewayId: number) => `${root}/gateways/${gatewayId}/ack`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Wait before reconnecting after a message could not be handled (the database is away). */
const RETRY_AFTER_MS = 2000;
const ingestBody = Compile(IngestBody);

/**
 * The body of an uplink, or why it can never be stored. Size and nesting are checked before
 * parsing; the shape is the HTTP body's (the same contract).
 */
export function readUplink(payload: Buffer): { body: IngestBody } | { code: string; reason: string } {
  if (payload.length > INGEST_MAX_BYTES)
    return { code: 'PAYLOAD_TOO_LARGE', reason: `the message is larger than ${INGEST_MAX_BYTES} bytes` };
  const text = payload.toString('utf8');
  if (jsonNestsDeeperThan(text, INGEST_MAX_DEPTH))
    return { code: 'BAD_REQUEST', reason: `the JSON nests deeper than ${INGEST_MAX_DEPTH} levels` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { code: 'BAD_REQUEST', reason: 'not valid JSON' };
  }
  if (!ingestBody.Check(body))
    return {
      code: 'BAD_REQUEST',
      reason: 'the message must be a JSON object with lists readings, status and locations (each optional)',
    };
  return { body };
}

/**
 * Takes gateway uplinks from an MQTT broker: QoS 1 on a persistent session, so messages that
 * arrive while the server is down wait at the broker. A message is acknowledged only after its
 * batch is stored (or kept as rejected), so a crash mid-batch gets it redelivered, and resends
 * count as duplicates. A message that can never be stored (too large, too deep, not an uplink, or
 * failing for any reason but the database being away) is kept as rejected and acknowledged, so it
 * cannot hold up the messages behind it. The broker authenticates gateways and limits each to its
 * own topic; the topic's gateway writes the nodes of its own job site only, as over HTTP.
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

  let retryTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  const answer = (gatewayId: number, body: unknown) =>
    client.publish(ackTopic(root, gatewayId), JSON.stringify(body), { qos: 1 });

  /**
   * Keeps a message that will never be stored as rejected, and tells the gateway. When even this
   * small write fails, the database is away: the error goes up and the message is not acknowledged.
   */
  async function reject(gateway: GatewayIdentity, excerpt: string, code: string, reason: string) {
    await ingest.rejectMessage(gateway, excerpt, reason);
    answer(gateway.id, { error: { code, message: reason } });
  }

  async function handle(topic: string, payload: Buffer): Promise<void> {
    const m = uplink.exec(topic);
    if (!m) return;
    const gatewayId = Number(m[1]);
    const gateway = gatewayId <= ID_MAX ? await ingest.gatewayById(gatewayId) : undefined;
    if (!gateway) {
      log.warn({ topic }, 'MQTT uplink from an unknown gateway: not stored');
      return;
    }
    // Only the start of the payload is kept; decoding it alone keeps a huge message cheap.
    const excerpt = payload.subarray(0, STORED_TEXT_MAX_CHARS * 4).toString('utf8');
    const read = readUplink(payload);
    if ('reason' in read) return reject(gateway, excerpt, read.code, read.reason);
    let result: Awaited<ReturnType<IngestService['ingest']>>;
    try {
      result = await ingest.ingest(gateway, read.body);
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500)
        return reject(gateway, excerpt, err.code, err.message);
      // The database being away is no fault of the message: leave it unacknowledged to be redelivered.
      if (isTransientDbError(err)) throw err;
      // Anything else would fail again on every redelivery and hold up the messages behind it.
      log.error({ err, topic }, 'MQTT uplink could not be stored; kept as rejected');
      return reject(gateway, excerpt, 'INTERNAL_ERROR', 'the message could not be stored');
    }
    answer(gateway.id, result);
  }

  // mqtt.js sends PUBACK once handleMessage's callback runs: call it after the batch is stored or
  // kept as rejected. Messages are handled one at a time, in order.
  client.handleMessage = (packet, done) => {
    if (packet.cmd !== 'publish') return done();
    handle(packet.topic, packet.payload as Buffer).then(
      () => done(),
      (err) => {
        // Not acknowledged: the broker redelivers it (and those behind it) after a reconnect. Wait a
        // little first, so an unavailable database is not hammered.
        log.error({ err, topic: packet.topic }, 'MQTT uplink failed; it will be redelivered');
        client.end(true, () => {
          if (!stopped) retryTimer = setTimeout(() => client.reconnect(), RETRY_AFTER_MS);
        });
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
    stop: () => {
      stopped = true;
      clearTimeout(retryTimer);
      return new Promise<void>((resolve) => client.end(false, {}, () => resolve()));
    },
  };
}
