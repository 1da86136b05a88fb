/**
 * `npm run simulate`: drives a gateway with realistic data over HTTP or MQTT.
 *
 *   npm run simulate -- --url http://localhost:8080 --key <gateway key>
 *   npm run simulate -- --mqtt mqtt://127.0.0.1:1883 --gateway-id 1
 *
 * Options: --gateway NAME (the demo gateway whose nodes are sent, default HT-GW-01; a gateway writes
 * the nodes of its own job site only, so --key or --gateway-id must be that gateway's),
 * --nodes 10001,10002 (instead: these nodes), --history-hours N (send that much history first),
 * --interval S (seconds between sends, default 60), --once.
 * Without --key, DEMO_GATEWAY_KEY (the key of HT-GW-01) is used.
 */
import { parseArgs } from 'node:util';
import { INGEST_MAX_ITEMS } from '@sitepulse/domain';
import mqtt from 'mqtt';
import { DEMO_GATEWAY, DEMO_HARDWARE } from './hardware.ts';
import { batches, nodeUplink, type Uplink } from './uplink.ts';

const HOUR = 3_600_000;
const SITE_POSITIONS: Record<string, { lat: number; lng: number }> = {
  'Harbourfront Tower': { lat: 43.6409, lng: -79.3781 },
  'Riverside Medical Centre Expansion': { lat: 45.3956, lng: -75.6691 },
  'North Yard Precast Plant': { lat: 43.2714, lng: -79.8369 },
};

const { values: opt } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    key: { type: 'string' },
    mqtt: { type: 'string' },
    'gateway-id': { type: 'string' },
    'topic-root': { type: 'string', default: 'sitepulse' },
    gateway: { type: 'string', default: DEMO_GATEWAY },
    nodes: { type: 'string' },
    'history-hours': { type: 'string', default: '0' },
    interval: { type: 'string', default: '60' },
    once: { type: 'boolean', default: false },
  },
});

const wanted = opt.nodes ? new Set(opt.nodes.split(',').map(Number)) : null;
const nodes = DEMO_HARDWARE.filter((n) => (wanted ? wanted.has(n.id) : n.gateway === opt.gateway));
if (nodes.length === 0) throw new Error('No nodes to simulate: check --gateway or --nodes');
const started = Date.now();

function uplinks(after: number, until: number): Uplink[] {
  return nodes.map((n) =>
    nodeUplink(
      n,
      {
        site: {
          ...(SITE_POSITIONS[n.site] ?? SITE_POSITIONS['Harbourfront Tower']),
          indoor: n.site.includes('Precast'),
        },
        startDate: started - n.job.startHoursAgo * HOUR,
        terminationDate: n.job.stopHoursAgo === undefined ? null : started - n.job.stopHoursAgo * HOUR,
      },
      after,
      until,
    ),
  );
}

type Send = (body: Uplink) => Promise<string>;

async function httpSender(): Promise<Send> {
  const key = opt.key ?? process.env.DEMO_GATEWAY_KEY;
  if (!key) throw new Error('--key (or DEMO_GATEWAY_KEY) is needed to send over HTTP');
  return async (body) => {
    const res = await fetch(new URL('/api/ingest/readings', opt.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return `${res.status} ${await res.text()}`;
  };
}

async function mqttSender(url: string): Promise<Send> {
  const gatewayId = Number(opt['gateway-id']);
  if (!Number.isInteger(gatewayId) || gatewayId < 1) throw new Error('--gateway-id is needed with --mqtt');
  const root = opt['topic-root'];
  const client = await mqtt.connectAsync(url, { clientId: `sitepulse-sim-${gatewayId}-${process.pid}` });
  const acks: string[] = [];
  let wake: (() => void) | null = null;
  client.on('message', (_t, payload) => {
    acks.push(payload.toString());
    wake?.();
  });
  await client.subscribeAsync(`${root}/gateways/${gatewayId}/ack`, { qos: 1 });
  return async (body) => {
    await client.publishAsync(`${root}/gateways/${gatewayId}/up`, JSON.stringify(body), { qos: 1 });
    while (acks.length === 0) await new Promise<void>((r) => (wake = r));
    return `ack ${acks.shift()}`;
  };
}

const send = opt.mqtt ? await mqttSender(opt.mqtt) : await httpSender();
let last = started - Number(opt['history-hours']) * HOUR;
console.log(
  `Simulating ${nodes.length} nodes (${nodes.map((n) => n.id).join(', ')}) over ${opt.mqtt ? `MQTT ${opt.mqtt}` : `HTTP ${opt.url}`}`,
);

async function tick() {
  const now = Date.now();
  let sent = 0;
  for (const body of batches(uplinks(last, now), INGEST_MAX_ITEMS)) {
    const n = body.readings.length + body.status.length + body.locations.length;
    console.log(`${new Date().toISOString()} sent ${n} items: ${await send(body)}`);
    sent += n;
  }
  if (sent === 0)
    console.log(`${new Date().toISOString()} no reading due yet (nodes report every 5 to 15 minutes)`);
  last = now;
}

await tick();
if (opt.once) process.exit(0);
setInterval(() => tick().catch((err) => console.error(err)), Number(opt.interval) * 1000);
