import { HOUR_MS } from '@sitepulse/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

/**
 * Test fixtures of sensor data: rows inserted straight into the tables, as ingest and the jobs
 * module would leave them (readings with their hourly rollups and the sensor's latest value).
 */

/** The demo company's Harbourfront Tower (granted to every demo user) and Riverside (admin only). */
export async function demoSites(db: Kysely<Database>, companyId: number) {
  const site = async (name: string) => {
    const g = await db
      .selectFrom('tenant_group')
      .select('id')
      .where('company_id', '=', companyId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    const t = await db
      .selectFrom('tenant')
      .select('id')
      .where('tenant_group_id', '=', g.id)
      .where('type', '=', 'Concrete')
      .where('name', '=', 'Default')
      .executeTakeFirstOrThrow();
    return { siteId: g.id, tenantId: t.id };
  };
  return {
    ht: await site('Harbourfront Tower'),
    rmc: await site('Riverside Medical Centre Expansion'),
  };
}

export async function addNode(
  db: Kysely<Database>,
  n: {
    id: number;
    companyId: number;
    siteId: number | null;
    tenantId?: number | null;
    nodeType: string;
    name?: string;
    cableId?: number | null;
    battery?: number | null;
    batteryTs?: number | null;
    signal?: number | null;
    signalTs?: number | null;
    batteryLevelType?: number;
  },
) {
  await db
    .insertInto('node')
    .values({
      id: n.id,
      company_id: n.companyId,
      tenant_group_id: n.siteId,
      tenant_id: n.tenantId ?? null,
      gateway_id: null,
      cable_id: n.cableId ?? null,
      node_type: n.nodeType,
      name: n.name ?? `Node ${n.id}`,
      battery_level_type: n.batteryLevelType ?? 1,
      latest_battery: n.battery ?? null,
      latest_battery_ts: n.batteryTs ?? null,
      latest_signal: n.signal ?? null,
      latest_signal_ts: n.signalTs ?? null,
      created_at: Date.now(),
    })
    .execute();
  return n.id;
}

export async function addSensor(
  db: Kysely<Database>,
  s: { companyId: number; nodeId: number; channelId: number; sensorType: string; alias?: string | null },
): Promise<number> {
  const r = await db
    .insertInto('sensor')
    .values({
      company_id: s.companyId,
      node_id: s.nodeId,
      channel_id: s.channelId,
      sensor_type: s.sensorType,
      alias: s.alias ?? null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Inserts readings with their hourly rollups, and moves the sensor's latest value as ingest does. */
export async function addReadings(db: Kysely<Database>, sensorId: number, readings: [number, number][]) {
  if (readings.length === 0) return;
  for (let i = 0; i < readings.length; i += 5000) {
    await db
      .insertInto('reading')
      .values(readings.slice(i, i + 5000).map(([ts, value]) => ({ sensor_id: sensorId, ts, value })))
      .execute();
  }
  const hours = new Map<number, { n: number; total: number; min: number; max: number }>();
  for (const [ts, v] of readings) {
    const h = Math.floor(ts / HOUR_MS) * HOUR_MS;
    const cur = hours.get(h);
    if (!cur) hours.set(h, { n: 1, total: v, min: v, max: v });
    else {
      cur.n += 1;
      cur.total += v;
      cur.min = Math.min(cur.min, v);
      cur.max = Math.max(cur.max, v);
    }
  }
  const rows = [...hours].map(([hour, a]) => ({ sensor_id: sensorId, hour, ...a }));
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insertInto('reading_hour')
      .values(rows.slice(i, i + 2000))
      .onConflict((oc) =>
        oc.columns(['sensor_id', 'hour']).doUpdateSet({
          n: sql`reading_hour.n + excluded.n`,
          total: sql`reading_hour.total + excluded.total`,
          min: sql`CASE WHEN excluded.min < reading_hour.min THEN excluded.min ELSE reading_hour.min END`,
          max: sql`CASE WHEN excluded.max > reading_hour.max THEN excluded.max ELSE reading_hour.max END`,
        }),
      )
      .execute();
  }
  const last = readings.reduce((a, b) => (b[0] > a[0] ? b : a));
  const s = await db
    .selectFrom('sensor')
    .select('latest_value_ts')
    .where('id', '=', sensorId)
    .executeTakeFirstOrThrow();
  if (s.latest_value_ts === null || Number(s.latest_value_ts) <= last[0]) {
    await db
      .updateTable('sensor')
      .set({ latest_value: last[1], latest_value_ts: last[0], message_ts: last[0] })
      .where('id', '=', sensorId)
      .execute();
  }
}

/** Readings every `stepMs` over [from, to) with values from `f(ts, i)`. */
export function series(from: number, to: number, stepMs: number, f: (ts: number, i: number) => number) {
  const out: [number, number][] = [];
  for (let ts = from, i = 0; ts < to; ts += stepMs, i++) out.push([ts, f(ts, i)]);
  return out;
}

export async function addGroup(
  db: Kysely<Database>,
  g: { companyId: number; tenantId: number; name: string; status?: string },
): Promise<number> {
  const r = await db
    .insertInto('job_group')
    .values({
      company_id: g.companyId,
      tenant_id: g.tenantId,
      name: g.name,
      status: g.status ?? 'RUNNING',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function addJob(
  db: Kysely<Database>,
  j: {
    companyId: number;
    siteId: number;
    tenantId: number;
    groupId?: number | null;
    kind: string;
    typeName: string;
    name: string;
    nodeId: number;
    status?: string;
    sensorTypes?: string[];
    start?: number | null;
    end?: number | null;
    createdAt?: number;
    profileId?: number | null;
  },
): Promise<number> {
  const r = await db
    .insertInto('job')
    .values({
      company_id: j.companyId,
      tenant_group_id: j.siteId,
      tenant_id: j.tenantId,
      job_group_id: j.groupId ?? null,
      kind: j.kind,
      job_type_name: j.typeName,
      name: j.name,
      node_id: j.nodeId,
      cable_id: null,
      status: j.status ?? 'RUNNING',
      sensor_flags: 1,
      sensor_types: JSON.stringify(j.sensorTypes ?? []),
      concrete_profile_id: j.profileId ?? null,
      start_date: j.start === undefined ? Date.now() - 86_400_000 : j.start,
      termination_date: j.end ?? null,
      created_at: j.createdAt ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
