import { HOUR_MS } from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** Test fixtures of the maturity, profile and job tests: hardware and readings written straight to the tables. */

let nextNodeId = 90_000;

/** A node of the company with one sensor per channel; answers the node id and its sensor ids by channel order. */
export async function addNode(
  db: Kysely<Database>,
  opts: {
    companyId: number;
    nodeType?: string;
    tenantGroupId?: number | null;
    channels?: { channelId: number; sensorType: string; alias?: string }[];
    battery?: number;
    signal?: number;
    at?: number;
  },
): Promise<{ nodeId: number; sensorIds: number[] }> {
  const nodeId = ++nextNodeId;
  const at = opts.at ?? Date.now();
  await db
    .insertInto('node')
    .values({
      id: nodeId,
      company_id: opts.companyId,
      tenant_group_id: opts.tenantGroupId ?? null,
      tenant_id: null,
      gateway_id: null,
      cable_id: null,
      node_type: opts.nodeType ?? 'Maturity',
      name: `Node ${nodeId}`,
      battery_level_type: 1,
      latest_battery: opts.battery ?? null,
      latest_battery_ts: opts.battery === undefined ? null : at,
      latest_signal: opts.signal ?? null,
      latest_signal_ts: opts.signal === undefined ? null : at,
      latest_lat: null,
      latest_lng: null,
      latest_location_ts: null,
      created_at: at,
    })
    .execute();
  const sensorIds: number[] = [];
  for (const ch of opts.channels ?? []) {
    const { id } = await db
      .insertInto('sensor')
      .values({
        company_id: opts.companyId,
        node_id: nodeId,
        channel_id: ch.channelId,
        sensor_type: ch.sensorType,
        alias: ch.alias ?? null,
        decommissioned: 0,
        blacklisted: 0,
        latest_value: null,
        latest_value_ts: null,
        message_ts: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sensorIds.push(id);
  }
  return { nodeId, sensorIds };
}

export interface Reading {
  sensorId: number;
  ts: number;
  value: number;
}

/**
 * Stores readings as ingest does: the rows, their hourly rollups and each sensor's latest value.
 * The rollups are computed from these readings alone: call once per sensor and hour range.
 */
export async function addReadings(db: Kysely<Database>, readings: readonly Reading[]): Promise<void> {
  const size = 1000;
  for (let i = 0; i < readings.length; i += size) {
    await db
      .insertInto('reading')
      .values(readings.slice(i, i + size).map((r) => ({ sensor_id: r.sensorId, ts: r.ts, value: r.value })))
      .execute();
  }
  const hours = new Map<
    string,
    { sensor_id: number; hour: number; n: number; total: number; min: number; max: number }
  >();
  for (const r of readings) {
    const hour = Math.floor(r.ts / HOUR_MS) * HOUR_MS;
    const key = `${r.sensorId}:${hour}`;
    const h = hours.get(key);
    if (!h) hours.set(key, { sensor_id: r.sensorId, hour, n: 1, total: r.value, min: r.value, max: r.value });
    else {
      h.n += 1;
      h.total += r.value;
      h.min = Math.min(h.min, r.value);
      h.max = Math.max(h.max, r.value);
    }
  }
  const rows = [...hours.values()];
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto('reading_hour')
      .values(rows.slice(i, i + size))
      .execute();
  }
  const latest = new Map<number, Reading>();
  for (const r of readings) {
    const l = latest.get(r.sensorId);
    if (!l || r.ts >= l.ts) latest.set(r.sensorId, r);
  }
  for (const r of latest.values()) {
    await db
      .updateTable('sensor')
      .set({ latest_value: r.value, latest_value_ts: r.ts, message_ts: r.ts })
      .where('id', '=', r.sensorId)
      .execute();
  }
}

/** A concrete temperature curve: heat of hydration rising then decaying, a daily swing, an offset per sensor. */
export function concreteTemp(sensorIndex: number, hoursSinceStart: number): number {
  const hydration = 18 * (hoursSinceStart / 12) * Math.exp(1 - hoursSinceStart / 12);
  const daily = 3 * Math.sin((2 * Math.PI * hoursSinceStart) / 24);
  return Math.round((12 + hydration + daily + sensorIndex * 0.75) * 100) / 100;
}

/** Readings of several sensors every `stepMs` from `from` (inclusive) for `count` steps. */
export function series(
  sensorIds: readonly number[],
  from: number,
  stepMs: number,
  count: number,
  value: (sensorIndex: number, hours: number) => number = concreteTemp,
): Reading[] {
  const out: Reading[] = [];
  sensorIds.forEach((sensorId, i) => {
    for (let k = 0; k < count; k++) {
      const ts = from + k * stepMs;
      out.push({ sensorId, ts, value: value(i, (ts - from) / HOUR_MS) });
    }
  });
  return out;
}

/** The demo company's job sites and projects by name. */
export async function demoPlaces(db: Kysely<Database>, companyId: number) {
  const sites = await db
    .selectFrom('tenant_group')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .execute();
  const tenants = await db
    .selectFrom('tenant')
    .select(['id', 'name', 'type', 'tenant_group_id', 'state'])
    .where('company_id', '=', companyId)
    .execute();
  const site = (name: string) => {
    const s = sites.find((x) => x.name === name);
    if (!s) throw new Error(`no site ${name}`);
    return s.id;
  };
  const tenant = (siteName: string, name: string, type = 'Concrete') => {
    const t = tenants.find((x) => x.tenant_group_id === site(siteName) && x.name === name && x.type === type);
    if (!t) throw new Error(`no project ${siteName}/${name}/${type}`);
    return t.id;
  };
  return { site, tenant };
}
