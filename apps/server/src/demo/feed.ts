import { INGEST_MAX_ITEMS } from '@sitepulse/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { GatewayIdentity, IngestService } from '../modules/ingest/service.ts';
import { DEMO_HARDWARE, DEMO_HISTORY_MS } from './hardware.ts';
import { batches, type NodeSetting, nodeUplink, type Uplink } from './uplink.ts';

/**
 * Keeps the demo company's sensors live: brings every demo node up to now from its last stored
 * data (on the first start: 14 days of history), through the real ingest path, and again every
 * interval. Regenerated data is deterministic, so an overlap is only duplicates.
 */
export async function catchUpDemo(
  db: Kysely<Database>,
  ingest: IngestService,
  now = Date.now(),
): Promise<number> {
  const ids = DEMO_HARDWARE.map((n) => n.id);
  const nodes = await db
    .selectFrom('node as n')
    .innerJoin('tenant_group as g', 'g.id', 'n.tenant_group_id')
    .innerJoin('job as j', 'j.node_id', 'n.id')
    // Each node is fed through its own gateway, which may write the nodes of its job site only.
    .innerJoin('gateway as w', 'w.id', 'n.gateway_id')
    .select([
      'n.id',
      'n.company_id',
      'n.gateway_id',
      'w.tenant_group_id as gatewaySiteId',
      'n.created_at',
      'g.latitude',
      'g.longitude',
      'g.type as siteType',
      'j.start_date',
      'j.termination_date',
    ])
    .where('n.id', 'in', ids)
    .execute();
  if (nodes.length === 0) return 0;
  const lastReading = await db
    .selectFrom('sensor as s')
    .innerJoin('reading as r', 'r.sensor_id', 's.id')
    .select(['s.node_id', (eb) => eb.fn.max('r.ts').as('ts')])
    .where('s.node_id', 'in', ids)
    .groupBy('s.node_id')
    .execute();
  const lastLocation = await db
    .selectFrom('node_location')
    .select(['node_id', (eb) => eb.fn.max('ts').as('ts')])
    .where('node_id', 'in', ids)
    .groupBy('node_id')
    .execute();
  const last = new Map<number, number>();
  for (const r of [...lastReading, ...lastLocation]) last.set(r.node_id, Number(r.ts));

  const byGateway = new Map<string, { gateway: GatewayIdentity; uplinks: Uplink[] }>();
  for (const row of nodes) {
    const def = DEMO_HARDWARE.find((d) => d.id === row.id);
    if (!def || row.gateway_id === null || row.start_date === null) continue;
    const setting: NodeSetting = {
      site: {
        lat: row.latitude ?? 43.65,
        lng: row.longitude ?? -79.38,
        indoor: row.siteType === 'Precast Plant',
      },
      startDate: Number(row.start_date),
      terminationDate: row.termination_date === null ? null : Number(row.termination_date),
    };
    const after = last.get(row.id) ?? Math.max(now - DEMO_HISTORY_MS, Number(row.created_at)) - 1;
    const key = `${row.company_id}:${row.gateway_id}`;
    const entry = byGateway.get(key) ?? {
      gateway: { id: row.gateway_id, companyId: row.company_id, tenantGroupId: row.gatewaySiteId },
      uplinks: [],
    };
    entry.uplinks.push(nodeUplink(def, setting, after, now));
    byGateway.set(key, entry);
  }
  let accepted = 0;
  for (const { gateway, uplinks } of byGateway.values()) {
    for (const body of batches(uplinks, INGEST_MAX_ITEMS)) {
      accepted += (await ingest.ingest(gateway, body)).accepted;
    }
  }
  return accepted;
}

/** Runs catchUpDemo now and every intervalMs until stopped. */
export function startDemoFeed(opts: {
  db: Kysely<Database>;
  ingest: IngestService;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): { first: Promise<number>; stop(): void } {
  const { db, ingest, log } = opts;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() =>
      catchUpDemo(db, ingest).catch((err) => {
        log.error({ err }, 'demo feed failed');
        return 0;
      }),
    );
    return running as Promise<number>;
  };
  const first = tick();
  const timer = setInterval(tick, opts.intervalMs ?? 60_000);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
