import type { ChannelSensor, NodeStatusMessage, SeriesResponse } from '@sitepulse/contracts';
import { DAY_MS, JOB_KINDS } from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import type { Kit } from './kit.ts';
import { batteryOf, checkRange, jobRange, sensorsOfJob, signalOf, toChannelSensor } from './mappers.ts';

/** Sensor types of the power analytics (current-transformer jobs). */
export const POWER_SENSOR_TYPES = ['Current', 'Power', 'Voltage'] as const;
const LABEL = 'Job';
/** Default length of a read that names no start: the last 7 days (the 5-minute bucket). */
const DEFAULT_SPAN_MS = 7 * DAY_MS;

/** The data warehouse (readings of any job or sensor) and node data (spec section 7). */
export function createWarehouse(kit: Kit) {
  const { repo, readings, access, now } = kit;

  /** [from, to] of a read that is not bound to a job: to defaults to now, from to 7 days earlier. */
  function freeRange(q: { from?: number; to?: number }) {
    checkRange(q);
    const to = q.to ?? now();
    return { from: q.from ?? Math.max(0, to - DEFAULT_SPAN_MS), to };
  }

  async function jobSeries(
    actor: Actor,
    q: { jobId: number; from?: number; to?: number },
    keep: (sensorType: string) => boolean,
  ): Promise<SeriesResponse> {
    const job = await access.job(actor, q.jobId, JOB_KINDS, LABEL);
    const t = now();
    const range = jobRange(job, q, t);
    const sensors = sensorsOfJob(job, await kit.sensorsFor([job]), true).filter((s) => keep(s.sensor_type));
    return kit.seriesResponse(sensors, range, { from: q.from ?? t, to: q.to ?? t });
  }

  async function nodeTemperatureSensors(actor: Actor, nodeId: number) {
    const node = await access.node(actor, nodeId);
    const sensors = (await repo.sensorsOfNodes([node.id])).filter((s) => s.sensor_type === 'Temperature');
    return { node, sensors };
  }

  return {
    /** Exact count, average, min and max per counted sensor of the job over the range. */
    async averageByJob(actor: Actor, q: { jobId: number; sensorType?: string; from?: number; to?: number }) {
      const job = await access.job(actor, q.jobId, JOB_KINDS, LABEL);
      const range = jobRange(job, q, now());
      const sensors = sensorsOfJob(job, await kit.sensorsFor([job]), true).filter(
        (s) => q.sensorType === undefined || s.sensor_type === q.sensorType,
      );
      return kit.statsOf(sensors, range && range.from <= range.to ? range : null);
    },

    async latestByJob(actor: Actor, q: { jobId: number; sensorType?: string }) {
      const job = await access.job(actor, q.jobId, JOB_KINDS, LABEL);
      return kit.latestList(job, await kit.sensorsFor([job]), q.sensorType);
    },

    timeByJob: (actor: Actor, q: { jobId: number; sensorType?: string; from?: number; to?: number }) =>
      jobSeries(actor, q, (t) => q.sensorType === undefined || t === q.sensorType),

    /** One sensor's series over the range (default: the last 7 days). */
    async timeBySensor(actor: Actor, q: { sensorId: number; from?: number; to?: number }) {
      const range = freeRange(q);
      const s = await access.sensor(actor, q.sensorId);
      return kit.seriesResponse([s], range, range);
    },

    /** Latest current, power and voltage of a job's sensors. */
    async powerLatest(actor: Actor, q: { jobId: number }) {
      const job = await access.job(actor, q.jobId, JOB_KINDS, LABEL);
      const list = await kit.latestList(job, await kit.sensorsFor([job]));
      return list.filter((s) => (POWER_SENSOR_TYPES as readonly string[]).includes(s.sensorType));
    },

    powerTime: (actor: Actor, q: { jobId: number; from?: number; to?: number }) =>
      jobSeries(actor, q, (t) => (POWER_SENSOR_TYPES as readonly string[]).includes(t)),

    // ---- node data

    /** The node's temperature series over the range (default: the last 7 days). */
    async nodeTemperatureSeries(actor: Actor, q: { nodeId: number; from?: number; to?: number }) {
      const range = freeRange(q);
      const { sensors } = await nodeTemperatureSensors(actor, q.nodeId);
      return kit.seriesResponse(sensors, range, range);
    },

    /** The node's raw temperature readings, one page, by time (then sensor). */
    async nodeTemperaturePage(
      actor: Actor,
      q: { nodeId: number; from?: number; to?: number; page: number; rpp: number; sortdir: 'asc' | 'desc' },
    ) {
      checkRange(q);
      const { sensors } = await nodeTemperatureSensors(actor, q.nodeId);
      const rows = await readings.page(
        sensors.map((s) => s.id),
        q.from ?? 0,
        q.to ?? now(),
        q.page,
        q.rpp,
        q.sortdir,
      );
      return {
        page: q.page,
        rpp: q.rpp,
        items: rows.map((r) => ({ sensorId: r.sensorId, timestamp: r.ts, value: r.value })),
      };
    },

    /** How many temperature readings the node holds in the range (default: all). */
    async nodeTemperatureLen(actor: Actor, nodeId: number, q: { from?: number; to?: number }) {
      checkRange(q);
      const { node, sensors } = await nodeTemperatureSensors(actor, nodeId);
      const stats = await readings.stats(
        sensors.map((s) => s.id),
        q.from ?? 0,
        q.to ?? now(),
      );
      let len = 0;
      for (const s of stats.values()) len += s.n;
      return { nodeId: node.id, len };
    },

    /** The node's temperature sensors with their latest values. */
    async nodeTemperatureLatest(actor: Actor, nodeId: number): Promise<ChannelSensor[]> {
      const { sensors } = await nodeTemperatureSensors(actor, nodeId);
      return sensors.map(toChannelSensor);
    },

    async nodeLatestTimestamp(actor: Actor, nodeId: number) {
      const node = await access.node(actor, nodeId);
      return { nodeId: node.id, timestamp: await repo.latestTimestampOfNode(node.id, 'Temperature') };
    },

    async nodeStatus(actor: Actor, nodeId: number): Promise<NodeStatusMessage> {
      const node = await access.node(actor, nodeId);
      const times = [node.latest_battery_ts, node.latest_signal_ts].filter((t): t is number => t !== null);
      return {
        nodeId: node.id,
        batteryLevelType: node.battery_level_type,
        latestNodeBattery: batteryOf(node),
        latestNodeSignal: signalOf(node),
        messageTimestamp: times.length ? Math.max(...times) : null,
      };
    },
  };
}
