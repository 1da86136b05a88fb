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
/** The uplinks of every gateway as one member of a shared subscription group (MQTT 5). */
export const sharedUplinkTopic = (group: string, root: string) => `$share/${group}/${uplinkTopic(root, '+')}`;
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
 *
 * With `shareGroup` (several processes on one PostgreSQL, issue 17) it speaks MQTT 5 and subscribes
 * as one member of the shared subscription `$share/{group}/...`: the broker gives each uplink to one
 * member. Its session then lasts `sessionExpiryS` after it stops (what the broker queued for it waits
 * that long for it to come back). An uplink sent with MQTT 5 correlation data gets its answer with the
 * same correlation data, so a gateway whose uplinks are answered by several processes, in any order,
 * knows which answer is whose.
 *
 * stop() takes no new message, lets the one being stored finish and be acknowledged, then disconnects.
 */
export function startMqttIngest(opts: {
  url: string;
  ingest: IngestService;
  log: FastifyBaseLogger;
  clientId?: string;
  /** first topic level, `sitepulse` by default */
  topicRoot?: string;
  /** the shared subscription group (MQTT 5); unset: a plain subscription (one process) */
  shareGroup?: string;
  /** with shareGroup: the MQTT 5 session expiry interval, s (default 60) */
  sessionExpiryS?: number;
}): { client: MqttClient; ready: Promise<void>; stop(): Promise<void> } {
  const { ingest, log } = opts;
  const root = opts.topicRoot ?? 'sitepulse';
  const uplink = new RegExp(`^${escapeRegExp(root)}/gateways/(\\d+)/up$`);
  const shared = opts.shareGroup !== undefined;
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId ?? 'sitepulse-ingest',
    clean: false,
    reconnectPeriod: 2000,
    ...(shared
      ? { protocolVersion: 5 as const, properties: { sessionExpiryInterval: opts.sessionExpiryS ?? 60 } }
      : {}),
  });

  let retryTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** the message being stored (stop() lets it finish) */
  let inProgress: Promise<void> | null = null;

  const answer = (gatewayId: number, body: unknown, correlationData?: Buffer) =>
    client.publish(
      ackTopic(root, gatewayId),
      JSON.stringify(body),
      correlationData ? { qos: 1, properties: { correlationData } } : { qos: 1 },
    );

  /**
   * Keeps a message that will never be stored as rejected, and tells the gateway. When even this
   * small write fails, the database is away: the error goes up and the message is not acknowledged.
   */
  async function reject(
    gateway: GatewayIdentity,
    excerpt: string,
    code: string,
    reason: string,
    correlationData?: Buffer,
  ) {
    await ingest.rejectMessage(gateway, excerpt, reason);
    answer(gateway.id, { error: { code, message: reason } }, correlationData);
  }

  async function handle(topic: string, payload: Buffer, correlationData?: Buffer): Promise<void> {
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
    if ('reason' in read) return reject(gateway, excerpt, read.code, read.reason, correlationData);
    let result: Awaited<ReturnType<IngestService['ingest']>>;
    try {
      result = await ingest.ingest(gateway, read.body);
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500)
        return reject(gateway, excerpt, err.code, err.message, correlationData);
      // The database being away is no fault of the message: leave it unacknowledged to be redelivered.
      if (isTransientDbError(err)) throw err;
      // Anything else would fail again on every redelivery and hold up the messages behind it.
      log.error({ err, topic }, 'MQTT uplink could not be stored; kept as rejected');
      return reject(gateway, excerpt, 'INTERNAL_ERROR', 'the message could not be stored', correlationData);
    }
    answer(gateway.id, result, correlationData);
  }

  // mqtt.js sends PUBACK once handleMessage's callback runs: call it after the batch is stored or
  // kept as rejected. Messages are handled one at a time, in order.
  client.handleMessage = (packet, done) => {
    if (packet.cmd !== 'publish') return done();
    // Stopping: not taken, not acknowledged; the broker gives it again (to this session or, once it
    // has expired, to another member of the group). done(error) sends no PUBACK but lets mqtt.js read
    // on, so the connection can still close cleanly.
    if (stopped) return done(new Error('stopping: left unacknowledged for the broker to deliver again'));
    const correlation = packet.properties?.correlationData;
    inProgress = handle(packet.topic, packet.payload as Buffer, correlation).then(
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
      const topic = shared ? sharedUplinkTopic(opts.shareGroup as string, root) : uplinkTopic(root, '+');
      client.subscribe(topic, { qos: 1 }, (err) => (err ? reject(err) : resolve()));
    });
    client.once('error', reject);
  });
  client.on('error', (err) => log.warn({ err }, 'MQTT'));

  return {
    client,
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      // The batch being stored finishes, and its PUBACK and answer go out before the connection ends.
      await inProgress;
      await new Promise<void>((resolve) => client.end(false, {}, () => resolve()));
    },
  };
}
