import type {
  AssignCableBody,
  CableInfo,
  ChannelSensor,
  NodeAssociationInfo,
  NodeDetail,
  NodeInfo,
  RegisterCableBody,
  RegisterNodeBody,
} from '@sitepulse/contracts';
import { clampLatitude } from '@sitepulse/domain';
import type { Selectable } from 'kysely';
import type { CableTable, NodeTable } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { batteryOf, signalOf, toChannelSensor } from '../measurements/mappers.ts';
import type { MeasurementsService } from '../measurements/service.ts';
import { createNodesRepo } from './repo.ts';

/** The channels of a cable spec (JSON text); unreadable text has none. */
export function cableChannels(specText: string): { channelType: string; channelId: number }[] {
  try {
    const spec = JSON.parse(specText) as { channels?: unknown };
    if (!Array.isArray(spec?.channels)) return [];
    return spec.channels.filter(
      (c): c is { channelType: string; channelId: number } =>
        typeof c?.channelType === 'string' && Number.isInteger(c?.channelId),
    );
  } catch {
    return [];
  }
}

/**
 * Nodes, cables and sensors (spec section 7 "Nodes and cables"), and their registration. Node and
 * cable ids are the numbers printed on the hardware. Reads are scoped like every data call; only
 * company admins register hardware; attaching a cable and changing a sensor need write access to
 * the node's job site (admin or editor).
 */
export function createNodesService(deps: ServiceDeps & { measurements: MeasurementsService }) {
  const { kit } = deps.measurements;
  const { access } = kit;
  const repo = createNodesRepo(deps.db);

  function toNode(n: Selectable<NodeTable>, runningJobId: number | null): NodeInfo {
    return {
      id: n.id,
      name: n.name,
      nodeType: n.node_type,
      companyId: n.company_id,
      tenantGroupId: n.tenant_group_id,
      tenantId: n.tenant_id,
      gatewayId: n.gateway_id,
      cableId: n.cable_id,
      batteryLevelType: n.battery_level_type,
      latestNodeBattery: batteryOf(n),
      latestNodeSignal: signalOf(n),
      latestLocation:
        n.latest_location_ts !== null && n.latest_lat !== null && n.latest_lng !== null
          ? { timestamp: n.latest_location_ts, lat: clampLatitude(n.latest_lat), longitude: n.latest_lng }
          : null,
      runningJobId,
      creationDate: n.created_at,
    };
  }

  const toCable = (c: Selectable<CableTable>, nodeId: number | null): CableInfo => ({
    id: c.id,
    name: c.name,
    companyId: c.company_id,
    spec: c.spec,
    dynamicSpec: c.dynamic_spec,
    nodeId,
    creationDate: c.created_at,
  });

  /** A cable of the company; one attached to a node of an ungranted site reads as missing. */
  async function visibleCable(actor: Actor, id: number) {
    const cable = await repo.cableById(actor.companyId, id);
    if (!cable) throw notFound('Cable not found');
    const node = await repo.nodeOfCable(id);
    if (node) {
      await access.node(actor, node.id).catch(() => {
        throw notFound('Cable not found');
      });
    }
    return { cable, nodeId: node?.id ?? null };
  }

  async function detail(actor: Actor, id: number): Promise<NodeDetail> {
    const node = await access.node(actor, id);
    const [running, sensors, cable] = await Promise.all([
      repo.runningJobs([node.id]),
      repo.sensorsOfNode(node.id),
      node.cable_id !== null ? repo.cableById(actor.companyId, node.cable_id) : undefined,
    ]);
    return {
      ...toNode(node, running.get(node.id) ?? null),
      cable: cable ? toCable(cable, node.id) : null,
      sensors: sensors.map(toChannelSensor),
    };
  }

  function requireAdmin(actor: Actor) {
    if (!actor.isAdmin) throw forbidden('Only company admins can register nodes and cables');
  }

  return {
    /** Nodes of a project, or of a job site. */
    async listByTenant(actor: Actor, q: { tenantId?: number; tenantGroupId?: number }): Promise<NodeInfo[]> {
      if (q.tenantId === undefined && q.tenantGroupId === undefined) {
        throw badRequest('tenantId or tenantGroupId is required');
      }
      await access.siteIds(actor, q);
      const nodes = await repo.nodesOf(actor.companyId, q);
      const running = await repo.runningJobs(nodes.map((n) => n.id));
      return nodes.map((n) => toNode(n, running.get(n.id) ?? null));
    },

    fetch: detail,

    async cable(actor: Actor, id: number, allowAttached: boolean): Promise<CableInfo> {
      const { cable, nodeId } = await visibleCable(actor, id);
      if (!allowAttached && nodeId !== null)
        throw conflict(`Cable ${id} is already attached to node ${nodeId}`);
      return toCable(cable, nodeId);
    },

    async associationInfo(actor: Actor, nodeId: number, cableId: number): Promise<NodeAssociationInfo> {
      const node = await access.node(actor, nodeId);
      const { nodeId: cableNodeId } = await visibleCable(actor, cableId);
      const running = (await repo.runningJobs([node.id])).get(node.id) ?? null;
      const associated = node.cable_id === cableId;
      let reason: string | null = null;
      if (!associated) {
        if (cableNodeId !== null) reason = `Cable ${cableId} is attached to node ${cableNodeId}`;
        else if (running !== null) reason = `Node ${nodeId} is running job ${running}`;
      }
      return {
        nodeId,
        cableId,
        nodeCableId: node.cable_id,
        cableNodeId,
        nodeRunningJobId: running,
        associated,
        canAssociate: associated || reason === null,
        reason,
      };
    },

    /** POST /api/nodes: a company admin registers a node on a job site (409 when the id is taken). */
    async registerNode(actor: Actor, body: RegisterNodeBody): Promise<NodeDetail> {
      requireAdmin(actor);
      await deps.jobsites.assertGranted(actor, body.tenantGroupId, 'write');
      const tenantId = body.tenantId ?? null;
      const gatewayId = body.gatewayId ?? null;
      const cableId = body.cableId ?? null;
      if (tenantId !== null) {
        const t = await repo.tenant(actor.companyId, tenantId);
        if (!t || t.tenant_group_id !== body.tenantGroupId) {
          throw badRequest(`Project ${tenantId} is not a project of job site ${body.tenantGroupId}`);
        }
      }
      if (gatewayId !== null) {
        const g = await repo.gateway(actor.companyId, gatewayId);
        if (!g || (g.tenant_group_id !== null && g.tenant_group_id !== body.tenantGroupId)) {
          throw badRequest(`Gateway ${gatewayId} is not a gateway of job site ${body.tenantGroupId}`);
        }
      }
      if (await repo.anyNode(body.id)) throw conflict(`Node ${body.id} is already registered`);
      let channels: { channelType: string; channelId: number }[] = [];
      if (cableId !== null) {
        const cable = await repo.cableById(actor.companyId, cableId);
        if (!cable) throw badRequest(`Cable ${cableId} is not registered`);
        const attached = await repo.nodeOfCable(cableId);
        if (attached) throw conflict(`Cable ${cableId} is already attached to node ${attached.id}`);
        channels = cableChannels(cable.spec);
      }
      const now = Date.now();
      try {
        await repo.transaction(async (trx) => {
          await repo.insertNode(
            {
              id: body.id,
              company_id: actor.companyId,
              tenant_group_id: body.tenantGroupId,
              tenant_id: tenantId,
              gateway_id: gatewayId,
              cable_id: cableId,
              node_type: body.nodeType,
              name: body.name.trim(),
              battery_level_type: body.batteryLevelType ?? 1,
              created_at: now,
            },
            trx,
          );
          await repo.createSensors(trx, actor.companyId, body.id, channels, now);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(`Node ${body.id} is already registered`);
        throw e;
      }
      return detail(actor, body.id);
    },

    /** POST /api/cables: a company admin registers a cable and its channels (409 when the id is taken). */
    async registerCable(actor: Actor, body: RegisterCableBody): Promise<CableInfo> {
      requireAdmin(actor);
      const seen = new Set<string>();
      for (const c of body.spec.channels) {
        const key = `${c.channelType}/${c.channelId}`;
        if (seen.has(key)) throw badRequest(`Channel ${c.channelId} (${c.channelType}) is listed twice`);
        seen.add(key);
      }
      if (await repo.anyCable(body.id)) throw conflict(`Cable ${body.id} is already registered`);
      const spec = JSON.stringify({
        channels: body.spec.channels.map((c) => ({ channelType: c.channelType, channelId: c.channelId })),
      });
      const now = Date.now();
      try {
        await repo.insertCable({
          id: body.id,
          company_id: actor.companyId,
          name: body.name.trim(),
          spec,
          dynamic_spec: spec,
          created_at: now,
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(`Cable ${body.id} is already registered`);
        throw e;
      }
      const cable = await repo.cableById(actor.companyId, body.id);
      if (!cable) throw notFound('Cable not found');
      return toCable(cable, null);
    },

    /**
     * Attaches a cable to a node (creating the sensors of its channels) or detaches it (null). Not
     * while the node runs a job; not a cable attached to another node.
     */
    async assignCable(actor: Actor, body: AssignCableBody): Promise<NodeDetail> {
      const node = await access.node(actor, body.nodeId, 'write');
      if (node.cable_id === body.cableId) return detail(actor, node.id);
      const running = (await repo.runningJobs([node.id])).get(node.id);
      if (running !== undefined) {
        throw conflict(`Node ${node.id} is running job ${running}; stop the job before changing its cable`);
      }
      let channels: { channelType: string; channelId: number }[] = [];
      if (body.cableId !== null) {
        const cable = await repo.cableById(actor.companyId, body.cableId);
        if (!cable) throw badRequest(`Cable ${body.cableId} is not registered`);
        const attached = await repo.nodeOfCable(body.cableId);
        if (attached && attached.id !== node.id) {
          throw conflict(`Cable ${body.cableId} is already attached to node ${attached.id}`);
        }
        channels = cableChannels(cable.spec);
      }
      const cableId = body.cableId;
      await repo.transaction(async (trx) => {
        await repo.setNodeCable(node.id, cableId, trx);
        await repo.createSensors(trx, actor.companyId, node.id, channels, Date.now());
      });
      return detail(actor, node.id);
    },

    async setSensorAlias(actor: Actor, sensorId: number, alias: string | null): Promise<ChannelSensor> {
      await access.sensor(actor, sensorId, 'write');
      const text = alias?.trim() ?? '';
      return toChannelSensor(await repo.updateSensor(sensorId, { alias: text === '' ? null : text }));
    },

    async setSensorDecommissioned(actor: Actor, sensorId: number, value: boolean): Promise<ChannelSensor> {
      await access.sensor(actor, sensorId, 'write');
      return toChannelSensor(await repo.updateSensor(sensorId, { decommissioned: value ? 1 : 0 }));
    },

    async setSensorBlacklisted(actor: Actor, sensorId: number, value: boolean): Promise<ChannelSensor> {
      await access.sensor(actor, sensorId, 'write');
      return toChannelSensor(await repo.updateSensor(sensorId, { blacklisted: value ? 1 : 0 }));
    },
  };
}
export type NodesService = ReturnType<typeof createNodesService>;
