import { createHash, randomBytes } from 'node:crypto';
import { INGEST_MAX_ITEMS } from '@sitepulse/domain';
import {
  type LocationRow,
  type NodeStatusUpdate,
  op,
  type ReadingRow,
  type StatusRow,
} from '../../db/sensor-store/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { StoredBatch } from '../events/service.ts';
import { applyTemperatureReadings, maturityJobsOfNodes } from '../maturity/engine.ts';
import { createIngestRepo } from './repo.ts';
import { hourRollups, newestPerSensor } from './rollup.ts';
import { createIngestSummary } from './summary.ts';
import { storableItem, storableText } from './uplink-limits.ts';
import { type ItemKind, type ParsedReading, parseBatch, type Rejection } from './validate.ts';

/**
 * A gateway as ingest knows it: who it belongs to, and the job site whose nodes it may write
 * (none when it is not assigned to a job site: then every item is rejected).
 */
export interface GatewayIdentity {
  id: number;
  companyId: number;
  tenantGroupId: number | null;
}

const identityOf = (g: { id: number; company_id: number; tenant_group_id: number | null }) => ({
  id: g.id,
  companyId: g.company_id,
  tenantGroupId: g.tenant_group_id,
});

export interface IngestBody {
  readings?: unknown[];
  status?: unknown[];
  locations?: unknown[];
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: { kind: ItemKind; index: number; reason: string }[];
}

/** A gateway key: shown once when made, stored as its SHA-256 (it is random, so a hash suffices). */
export const newGatewayKey = () => `spgw_${randomBytes(24).toString('base64url')}`;
export const hashGatewayKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Each node's newest row (a node's latest values are set once per batch). */
function newestPerNode<T extends { nodeId: number; ts: number }>(rows: T[]): T[] {
  const out = new Map<number, T>();
  for (const r of rows) {
    const cur = out.get(r.nodeId);
    if (!cur || r.ts >= cur.ts) out.set(r.nodeId, r);
  }
  return [...out.values()];
}

/** Each node's newest battery and newest signal, which may come from different status items. */
function newestStatusPerNode(rows: StatusRow[]): NodeStatusUpdate[] {
  const out = new Map<number, NodeStatusUpdate>();
  for (const r of rows) {
    const u = out.get(r.nodeId) ?? {
      nodeId: r.nodeId,
      batteryTs: null,
      battery: null,
      signalTs: null,
      signal: null,
    };
    if (r.battery !== null && (u.batteryTs === null || r.ts >= u.batteryTs)) {
      u.batteryTs = r.ts;
      u.battery = r.battery;
    }
    if (r.signal !== null && (u.signalTs === null || r.ts >= u.signalTs)) {
      u.signalTs = r.ts;
      u.signal = r.signal;
    }
    out.set(r.nodeId, u);
  }
  return [...out.values()];
}

/**
 * A gateway's last contact (gateway.last_uplink_at) is written at most this often per process: it
 * serves GATEWAY_OFFLINE, whose limit is 30 minutes, and a write per batch cost a statement and a commit.
 */
export const GATEWAY_CONTACT_EVERY_MS = 1000;

/** How often the ingest summary is logged. */
const INGEST_SUMMARY_PERIOD_MS = 60_000;

/**
 * Gateway ingest: checks every item, stores readings, node status and locations once per
 * (sensor or node, time), keeps hourly rollups and each sensor's latest value, and keeps maturity
 * current, all in one transaction per batch that first holds the batch's nodes (lockNodes), so
 * several processes on one PostgreSQL store interleaved batches of a node as one process would.
 * Rejected items are answered and kept for the admin.
 */
export function createIngestService(
  deps: ServiceDeps & {
    /** Told of every committed batch that stored something (alarms, then live events); awaited. */
    onStored?: (batch: StoredBatch) => Promise<void>;
  },
) {
  const { maturityEngine, jobsites } = deps;
  const repo = createIngestRepo(deps.db);
  const summary = createIngestSummary({ periodMs: INGEST_SUMMARY_PERIOD_MS });
  const sensorStore = maturityEngine.sensorStore;
  /** gateway id -> when this process last wrote its last_uplink_at */
  const lastContact = new Map<number, number>();
  /**
   * node id -> the node's creation time and its sensor ids by channel and type. Sensors keep their
   * id for life; a node deleted and made again under the same id (another creation time) starts afresh.
   */
  const sensorIds = new Map<number, { createdAt: number; ids: Map<number, Map<string, number>> }>();
  const knownSensor = (nodeId: number, createdAt: number, channelId: number, type: string) => {
    const node = sensorIds.get(nodeId);
    return node?.createdAt === createdAt ? node.ids.get(channelId)?.get(type) : undefined;
  };

  /** Each reading's sensor id, in order; sensors are made on their first reading. */
  async function resolveSensors(
    readings: ParsedReading[],
    nodes: Map<number, { created_at: number }>,
    companyId: number,
  ): Promise<number[]> {
    const createdAt = (nodeId: number) => Number(nodes.get(nodeId)?.created_at ?? 0);
    let out = readings.map(
      (r) => knownSensor(r.nodeId, createdAt(r.nodeId), r.channelId, r.sensorType) ?? -1,
    );
    const missing = readings.filter((_, i) => out[i] === -1);
    if (missing.length > 0) {
      const wanted = new Map(missing.map((r) => [`${r.nodeId}:${r.channelId}:${r.sensorType}`, r]));
      await repo.createSensors(
        companyId,
        [...wanted.values()].map((r) => ({
          nodeId: r.nodeId,
          channelId: r.channelId,
          sensorType: r.sensorType,
        })),
        Date.now(),
      );
      for (const s of await repo.sensorsOfNodes([...new Set(missing.map((r) => r.nodeId))])) {
        let node = sensorIds.get(s.node_id);
        if (node?.createdAt !== createdAt(s.node_id)) {
          node = { createdAt: createdAt(s.node_id), ids: new Map() };
          sensorIds.set(s.node_id, node);
        }
        let byType = node.ids.get(s.channel_id);
        if (!byType) {
          byType = new Map();
          node.ids.set(s.channel_id, byType);
        }
        byType.set(s.sensor_type, s.id);
      }
      out = readings.map((r) => knownSensor(r.nodeId, createdAt(r.nodeId), r.channelId, r.sensorType) ?? -1);
    }
    return out;
  }

  return {
    /** What was stored, resent and rejected, logged once a minute (app.ts starts and stops it). */
    summary,

    /** The gateway a key belongs to; 401 for a missing or unknown key. */
    async authenticateGateway(key: string | undefined): Promise<GatewayIdentity> {
      if (!key) throw unauthorized('A gateway key is required: Authorization: Bearer <gateway key>');
      const g = await repo.gatewayByKeyHash(hashGatewayKey(key));
      if (!g) throw unauthorized('Unknown gateway key');
      return identityOf(g);
    },

    /** A gateway by id, for MQTT uplinks (the broker authenticates the topic). */
    async gatewayById(id: number): Promise<GatewayIdentity | undefined> {
      const g = await repo.gatewayById(id);
      return g ? identityOf(g) : undefined;
    },

    /** Stores one batch from a gateway. More than INGEST_MAX_ITEMS items answers 413 and stores nothing. */
    async ingest(gateway: GatewayIdentity, body: IngestBody): Promise<IngestResult> {
      // Any uplink, stored or not, shows the gateway is online (GATEWAY_OFFLINE, alarm-events sweep):
      // written at most once a second per gateway and process, not once per batch.
      const heardAt = Date.now();
      const lastWritten = lastContact.get(gateway.id);
      if (
        lastWritten === undefined ||
        heardAt < lastWritten ||
        heardAt - lastWritten >= GATEWAY_CONTACT_EVERY_MS
      ) {
        await deps.db
          .updateTable('gateway')
          .set({ last_uplink_at: heardAt })
          .where('id', '=', gateway.id)
          .execute();
        lastContact.set(gateway.id, heardAt);
      }
      const total = (body.readings?.length ?? 0) + (body.status?.length ?? 0) + (body.locations?.length ?? 0);
      if (total > INGEST_MAX_ITEMS) {
        throw new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          `At most ${INGEST_MAX_ITEMS} items per request; this one has ${total}`,
        );
      }
      const now = Date.now();
      const batch = parseBatch(body, now);
      const rejected: Rejection[] = batch.rejected;

      const nodeIds = new Set<number>();
      for (const list of [batch.readings, batch.status, batch.locations])
        for (const i of list) nodeIds.add(i.nodeId);
      const nodes = new Map(
        (await repo.nodesOfCompany(gateway.companyId, [...nodeIds])).map((n) => [n.id, n]),
      );
      // A gateway writes the nodes of its own job site only; another company's node reads as unknown.
      const refusal = (nodeId: number) => {
        const node = nodes.get(nodeId);
        if (!node) return `unknown node: ${nodeId}`;
        if (gateway.tenantGroupId === null) return `gateway ${gateway.id} is not assigned to a job site`;
        if (node.tenant_group_id !== gateway.tenantGroupId)
          return `node ${nodeId} is not on this gateway's job site`;
        return null;
      };
      const known = <T extends { nodeId: number; index: number }>(
        kind: ItemKind,
        items: T[],
        raw: unknown[] | undefined,
      ) =>
        items.filter((i) => {
          const reason = refusal(i.nodeId);
          if (reason === null) return true;
          rejected.push({ kind, index: i.index, reason, item: raw?.[i.index] });
          return false;
        });
      const readings = known('reading', batch.readings, body.readings);
      const statuses = known('status', batch.status, body.status);
      const locations = known('location', batch.locations, body.locations);

      const sensorOf = await resolveSensors(readings, nodes, gateway.companyId);
      // Each reading's row carries its node too, so maturity takes the new rows as they are.
      const rows: (ReadingRow & { nodeId: number })[] = readings.map((r, i) => ({
        sensorId: sensorOf[i],
        ts: r.ts,
        value: r.value,
        nodeId: r.nodeId,
      }));
      const tempNodes = [
        ...new Set(readings.filter((r) => r.sensorType === 'Temperature').map((r) => r.nodeId)),
      ];
      const statusRows: StatusRow[] = statuses.map(({ nodeId, ts, battery, signal }) => ({
        nodeId,
        ts,
        battery,
        signal,
      }));
      const locationRows: LocationRow[] = locations.map(({ nodeId, ts, lat, lng }) => ({
        nodeId,
        ts,
        lat,
        lng,
      }));
      const rejectedRows = rejected.map((r) => ({
        companyId: gateway.companyId,
        gatewayId: gateway.id,
        receivedAt: now,
        kind: r.kind,
        itemIndex: r.index,
        item: storableItem(r.item),
        reason: storableText(r.reason),
      }));

      // Every node this batch writes, held until it commits: a batch of the same node on another
      // process (several servers on one PostgreSQL) waits, so maturity advances as one process would.
      const lockedNodes = [...new Set([...readings, ...statuses, ...locations].map((i) => i.nodeId))];
      const stored = await sensorStore.run(function* () {
        yield* op('lockNodes', lockedNodes);
        // The nodes' maturity jobs as they are now, under the locks (a recompute of one waits for us).
        const jobsByNode = yield* maturityJobsOfNodes(tempNodes);
        const jobs = [...jobsByNode.values()].flat();
        const flagsBefore = jobs.map((j) => j.alarmFlags);
        const fresh = yield* op('insertReadings', rows);
        const newRows: ReadingRow[] = [];
        const temperature: (ReadingRow & { nodeId: number })[] = [];
        /** node -> time of its earliest new item; nodes with new readings */
        const touched = new Map<number, number>();
        const touch = (nodeId: number, ts: number) => {
          const t = touched.get(nodeId);
          if (t === undefined || ts < t) touched.set(nodeId, ts);
        };
        const readingNodes = new Set<number>();
        for (let i = 0; i < rows.length; i++) {
          if (!fresh[i]) continue;
          const r = rows[i];
          const { nodeId, sensorType } = readings[i];
          newRows.push(r);
          touch(nodeId, r.ts);
          readingNodes.add(nodeId);
          if (sensorType === 'Temperature') temperature.push(r);
        }
        let accepted = newRows.length;
        yield* op('mergeReadingHours', hourRollups(newRows));
        yield* op('updateSensorLatest', newestPerSensor(newRows), now);

        const freshStatus = yield* op('insertStatuses', statusRows);
        const newStatus = statusRows.filter((_, i) => freshStatus[i]);
        yield* op('updateNodeStatus', newestStatusPerNode(newStatus));
        const freshLocation = yield* op('insertLocations', locationRows);
        const newLocation = locationRows.filter((_, i) => freshLocation[i]);
        yield* op('updateNodeLocation', newestPerNode(newLocation));

        yield* op('insertRejected', rejectedRows);
        yield* applyTemperatureReadings(jobsByNode, temperature);
        accepted += newStatus.length + newLocation.length;
        for (const r of [...newStatus, ...newLocation]) touch(r.nodeId, r.ts);
        return {
          accepted,
          duplicates: rows.length + statusRows.length + locationRows.length - accepted,
          touched,
          readingNodes,
          alarmJobIds: jobs.filter((j, i) => j.alarmFlags !== flagsBefore[i]).map((j) => j.id),
        };
      });
      if (deps.onStored && stored.touched.size > 0) {
        await deps.onStored({
          companyId: gateway.companyId,
          nodes: stored.touched,
          readingNodeIds: [...stored.readingNodes],
          alarmJobIds: stored.alarmJobIds,
        });
      }
      const result = {
        accepted: stored.accepted,
        duplicates: stored.duplicates,
        rejected: rejected
          .map(({ kind, index, reason }) => ({ kind, index, reason }))
          .sort((a, b) => a.kind.localeCompare(b.kind) || a.index - b.index),
      };
      summary.record(result);
      return result;
    },

    /**
     * Keeps the start of a whole uplink that could not be stored (MQTT: too large, too deep, not JSON,
     * too many items); the payload may be anything, so only a bounded, NUL-free excerpt is kept.
     */
    async rejectMessage(gateway: GatewayIdentity, payload: string, reason: string): Promise<void> {
      summary.recordRejectedMessage();
      await repo.insertRejected({
        company_id: gateway.companyId,
        gateway_id: gateway.id,
        received_at: Date.now(),
        kind: 'message',
        item_index: 0,
        item: storableText(payload),
        reason: storableText(reason),
      });
    },

    /** Rejected items of the caller's company, newest first (company admins only). */
    async listRejected(actor: Actor, q: { page: number; rpp: number; gatewayId?: number }) {
      if (!actor.isAdmin) throw forbidden('Only company admins can list rejected readings');
      const { rows, total } = await repo.listRejected(actor.companyId, q);
      return {
        total,
        page: q.page,
        rpp: q.rpp,
        items: rows.map((r) => ({
          id: r.id,
          gatewayId: r.gateway_id,
          receivedAt: r.received_at,
          kind: r.kind,
          index: r.item_index,
          item: r.item,
          reason: r.reason,
        })),
      };
    },

    /** Gateways of the caller's company (admins: all; others: those of their job sites). */
    async listGateways(actor: Actor) {
      const grants = await jobsites.grants(actor);
      const rows = await repo.gatewaysOfCompany(actor.companyId);
      return rows
        .filter((g) => actor.isAdmin || (g.tenant_group_id !== null && grants.has(g.tenant_group_id)))
        .map((g) => ({
          id: g.id,
          name: g.name,
          tenantGroupId: g.tenant_group_id,
          hasKey: g.key_hash !== null,
          creationDate: g.created_at,
        }));
    },

    /** Registers a gateway; its key is in this answer only. Company admins only. */
    async createGateway(actor: Actor, input: { name: string; tenantGroupId?: number | null }) {
      if (!actor.isAdmin) throw forbidden('Only company admins can register gateways');
      const name = input.name.trim();
      if (!name) throw badRequest('name must not be empty');
      if (input.tenantGroupId != null) await jobsites.assertGranted(actor, input.tenantGroupId, 'write');
      const key = newGatewayKey();
      const id = await repo.insertGateway({
        company_id: actor.companyId,
        tenant_group_id: input.tenantGroupId ?? null,
        name,
        key_hash: hashGatewayKey(key),
        created_at: Date.now(),
      });
      return { id, name, tenantGroupId: input.tenantGroupId ?? null, key };
    },

    /** Replaces a gateway's key (the old one stops working at once); the new key is shown once. */
    async rotateGatewayKey(actor: Actor, id: number) {
      if (!actor.isAdmin) throw forbidden('Only company admins can change gateway keys');
      const g = await repo.gatewayById(id);
      if (!g || g.company_id !== actor.companyId) throw notFound('Gateway not found');
      const key = newGatewayKey();
      await repo.setGatewayKeyHash(id, hashGatewayKey(key));
      return { id, name: g.name, tenantGroupId: g.tenant_group_id, key };
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
