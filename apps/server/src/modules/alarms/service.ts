import type { Alarm, AlarmDataInput, AverageStrengthAlarm, EventTypeInfo } from '@sitepulse/contracts';
import {
  type AlarmType,
  DEFAULT_HYSTERESIS,
  DEFAULT_MIN_DURATION_MS,
  eventTypesByCategory,
  hasBounds,
  hasMatured,
  isAlarmBitSet,
  MATURED_BIT,
  SENSOR_THRESHOLD_BIT,
  sensorThresholdTriggered,
  thresholdBoundsError,
  thresholdSensorType,
} from '@sitepulse/domain';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { EventsService } from '../events/service.ts';
import type { MaturityService } from '../maturity/service.ts';
import { parseSensorThreshold, type SensorThreshold, sensorThresholdText } from './alarm-data.ts';
import { type AlarmJobRow, createAlarmsRepo } from './repo.ts';

const MATURITY_KINDS = ['MATURITY', 'HUMIDITY'];
/** The strength target a POST may set, MPa (as the job's targeted strengths). */
const MAX_STRENGTH_MPA = 1000;

function parseList(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** An alarm of a job as the calls answer it (`active` false when the type has no threshold set). */
function toAlarm(job: AlarmJobRow, type: AlarmType): Alarm {
  const sensor = type === 'SENSOR_THRESHOLD';
  const t = parseSensorThreshold(job.alarm_data);
  const flags = Number(job.job_alarm_triggered);
  const bit = sensor ? SENSOR_THRESHOLD_BIT : MATURED_BIT;
  return {
    alarmData: {
      alarmType: type,
      msjId: MATURITY_KINDS.includes(job.kind) ? job.id : null,
      cjId: job.id,
      cjgId: job.job_group_id,
      sensorType: sensor && hasBounds(t) ? t.sensorType : null,
      mediumThresholdHBound: sensor ? t.high : null,
      mediumThresholdLBound: sensor ? t.low : null,
      singularThreshold: sensor ? null : job.singular_target,
      hysteresis: sensor && hasBounds(t) ? (t.hysteresis ?? DEFAULT_HYSTERESIS) : null,
      minDurationMs: sensor && hasBounds(t) ? (t.minDurationMs ?? DEFAULT_MIN_DURATION_MS) : null,
    },
    jobId: job.id,
    channelJobName: job.name,
    channelJobTypeName: job.job_type_name,
    kind: job.kind,
    tenantId: job.tenant_id,
    tenantGroupId: job.tenant_group_id,
    active: sensor ? hasBounds(t) : job.singular_target !== null,
    eventType: sensor ? 'SENSOR_THRESHOLD' : 'MATURED',
    bitIndex: bit,
    triggered: isAlarmBitSet(flags, bit),
    jobAlarmTriggered: flags,
    lastModified: sensor ? t.lastModified : null,
  };
}

/** The alarms a job has set: its SENSOR_THRESHOLD, then its strength threshold. */
function alarmsOf(job: AlarmJobRow): Alarm[] {
  const out: Alarm[] = [];
  if (hasBounds(parseSensorThreshold(job.alarm_data))) out.push(toAlarm(job, 'SENSOR_THRESHOLD'));
  if (job.kind === 'MATURITY' && job.singular_target !== null)
    out.push(toAlarm(job, 'MATURITY_STRENGTH_THRESHOLD'));
  return out;
}

/**
 * Alarms (spec section 7 "Alarms and notifications"): event types, the thresholds of a job, and
 * their evaluation. A SENSOR_THRESHOLD sets bit 1 of jobAlarmTriggered while the latest reading
 * (within the job's time) of one of its counted sensors of the threshold's type is outside the
 * bounds, and clears it once all are back inside. A MATURITY_STRENGTH_THRESHOLD is the job's singular
 * targeted strength: the maturity engine raises bit 0 (MATURED) when the job's strength reaches it.
 */
export function createAlarmsService(
  deps: ServiceDeps & {
    maturity: MaturityService;
    events: EventsService;
    /** the life of each alarm (issue 15): told when MATURED is set outside ingest */
    alarmEvents?: { afterMatured(companyId: number, jobId: number): Promise<void> };
  },
) {
  const repo = createAlarmsRepo(deps.db);
  const { jobsites, maturity, events } = deps;

  // Evaluations run one at a time, so an older evaluation never writes after a newer one.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  /** Sets bit 1 as the job's latest readings say; true when it changed. */
  async function evaluateSensorThreshold(job: AlarmJobRow): Promise<boolean> {
    const t = parseSensorThreshold(job.alarm_data);
    let on = false;
    if (hasBounds(t) && t.sensorType !== null && job.start_date !== null) {
      const values = await repo.latestValues(
        job.node_id,
        t.sensorType,
        job.start_date,
        job.termination_date ?? Number.MAX_SAFE_INTEGER,
      );
      on = sensorThresholdTriggered(values, t);
    }
    const flags = await repo.flagsOf(job.id);
    if (isAlarmBitSet(flags, SENSOR_THRESHOLD_BIT) === on) return false;
    await repo.setAlarmBit(job.id, SENSOR_THRESHOLD_BIT, on);
    return true;
  }

  /** A job of the caller's company on a granted site; msjId names maturity and humidity jobs only. */
  async function visibleJob(actor: Actor, id: number, mode: 'read' | 'write', maturityOnly: boolean) {
    const label = maturityOnly ? 'Maturity job' : 'Job';
    const job = await repo.jobById(actor.companyId, id);
    if (!job || (maturityOnly && !MATURITY_KINDS.includes(job.kind))) throw notFound(`${label} not found`);
    await jobsites.assertGranted(actor, job.tenant_group_id, mode, label);
    return job;
  }

  async function visibleGroup(actor: Actor, cjgId: number) {
    const g = await repo.groupById(actor.companyId, cjgId);
    if (!g) throw notFound('Job group not found');
    await jobsites.assertGranted(actor, g.tenant_group_id, 'read', 'Job group');
    return g;
  }

  async function reload(actor: Actor, id: number): Promise<AlarmJobRow> {
    const job = await repo.jobById(actor.companyId, id);
    if (!job) throw notFound('Job not found');
    return job;
  }

  async function setSensorThreshold(actor: Actor, job: AlarmJobRow, d: AlarmDataInput): Promise<Alarm> {
    if (d.singularThreshold !== undefined)
      throw badRequest('singularThreshold belongs to MATURITY_STRENGTH_THRESHOLD alarms');
    const high = d.mediumThresholdHBound ?? null;
    const low = d.mediumThresholdLBound ?? null;
    const error = thresholdBoundsError({ high, low });
    if (error) throw badRequest(error);
    const types = parseList(job.sensor_types);
    const sensorType = thresholdSensorType(types, d.sensorType);
    if (sensorType === null)
      throw badRequest(`Job ${job.id} reads no sensor type: it cannot have a threshold`);
    if (!types.includes(sensorType))
      throw badRequest(`Job ${job.id} does not read ${sensorType} (it reads ${types.join(', ')})`);
    const threshold: SensorThreshold = {
      sensorType,
      high,
      low,
      lastModified: Date.now(),
      hysteresis: d.hysteresis ?? null,
      minDurationMs: d.minDurationMs ?? null,
    };
    const changed = await serial(async () => {
      await repo.setAlarmData(job.id, sensorThresholdText(threshold));
      return evaluateSensorThreshold(await reload(actor, job.id));
    });
    if (changed) await publish(actor.companyId, job.id);
    return toAlarm(await reload(actor, job.id), 'SENSOR_THRESHOLD');
  }

  async function setStrengthThreshold(actor: Actor, job: AlarmJobRow, d: AlarmDataInput): Promise<Alarm> {
    if (job.kind !== 'MATURITY')
      throw badRequest(`Job ${job.id} is not a maturity job: it has no strength to alarm on`);
    if (
      d.mediumThresholdHBound !== undefined ||
      d.mediumThresholdLBound !== undefined ||
      d.sensorType !== undefined ||
      d.hysteresis !== undefined ||
      d.minDurationMs !== undefined
    ) {
      throw badRequest('Bounds, sensorType, hysteresis and minDurationMs belong to SENSOR_THRESHOLD alarms');
    }
    if (d.singularThreshold === undefined)
      throw badRequest('singularThreshold is required (MPa; null clears it)');
    const value = d.singularThreshold;
    if (value !== null && (!Number.isFinite(value) || value < 0 || value > MAX_STRENGTH_MPA))
      throw badRequest(`singularThreshold must be a strength from 0 to ${MAX_STRENGTH_MPA} MPa`);
    // The singular target is the one place the strength threshold lives; drop the copy that job
    // creation leaves in alarm_data (its SENSOR_THRESHOLD stays).
    const kept = sensorThresholdText(parseSensorThreshold(job.alarm_data));
    await repo.setSingularTarget(job.id, value, kept);
    // A new threshold re-arms MATURED: set while the job's strength reaches its target, else clear.
    const view = await maturity.byId(actor, job.id);
    const reached = hasMatured(view.msjAverageStrength, view.targetStrength);
    const flags = await repo.flagsOf(job.id);
    if (isAlarmBitSet(flags, MATURED_BIT) !== reached) {
      await repo.setAlarmBit(job.id, MATURED_BIT, reached);
      await publish(actor.companyId, job.id);
      if (reached) await deps.alarmEvents?.afterMatured(actor.companyId, job.id);
    }
    return toAlarm(await reload(actor, job.id), 'MATURITY_STRENGTH_THRESHOLD');
  }

  /** Tells the job's site that its alarm bits changed (an `alarms` live event). */
  async function publish(companyId: number, jobId: number): Promise<void> {
    try {
      await events.publishAlarms(companyId, [jobId]);
    } catch (err) {
      events.log.error({ err }, 'alarm live event failed');
    }
  }

  return {
    /** GET /eventtypes/by_category: every event type, or those of one category. */
    eventTypes(category?: string): EventTypeInfo[] {
      return eventTypesByCategory(category);
    },

    /** POST /alarms: creates or replaces one threshold of one job (writers only); answers it. */
    async set(actor: Actor, d: AlarmDataInput): Promise<Alarm> {
      if (d.msjId === undefined && d.cjId === undefined) throw badRequest('Name the job: msjId or cjId');
      if (d.msjId !== undefined && d.cjId !== undefined && d.msjId !== d.cjId)
        throw badRequest('msjId and cjId name different jobs');
      const id = (d.msjId ?? d.cjId) as number;
      const job = await visibleJob(actor, id, 'write', d.msjId !== undefined);
      return d.alarmType === 'SENSOR_THRESHOLD'
        ? setSensorThreshold(actor, job, d)
        : setStrengthThreshold(actor, job, d);
    },

    /** GET /alarms/by_msj/{id}: the alarms set on a maturity or humidity job. */
    async byMsj(actor: Actor, id: number): Promise<Alarm[]> {
      return alarmsOf(await visibleJob(actor, id, 'read', true));
    },

    /** GET /alarms/by_cj/{id}: the alarms set on a job of any kind. */
    async byCj(actor: Actor, id: number): Promise<Alarm[]> {
      return alarmsOf(await visibleJob(actor, id, 'read', false));
    },

    /** The SENSOR_THRESHOLD alarms of a job group's jobs. */
    async sensorThresholdByCjg(actor: Actor, cjgId: number): Promise<Alarm[]> {
      await visibleGroup(actor, cjgId);
      return (await repo.jobsOfGroup(actor.companyId, cjgId))
        .filter((j) => hasBounds(parseSensorThreshold(j.alarm_data)))
        .map((j) => toAlarm(j, 'SENSOR_THRESHOLD'));
    },

    /** The strength thresholds of a job group's maturity jobs. */
    async strengthThresholdByCjg(actor: Actor, cjgId: number): Promise<Alarm[]> {
      await visibleGroup(actor, cjgId);
      return (await repo.jobsOfGroup(actor.companyId, cjgId))
        .filter((j) => j.kind === 'MATURITY' && j.singular_target !== null)
        .map((j) => toAlarm(j, 'MATURITY_STRENGTH_THRESHOLD'));
    },

    /** Each maturity job of a group: its strength, its strength threshold and whether it reached it. */
    async averageStrengthAlarm(actor: Actor, cjgId: number): Promise<AverageStrengthAlarm[]> {
      await visibleGroup(actor, cjgId);
      return (await maturity.byJobGroup(actor, cjgId))
        .filter((j) => j.kind === 'MATURITY')
        .map((j) => ({
          msjId: j.id,
          channelJobName: j.channelJobName,
          status: j.status,
          averageStrength: j.msjAverageStrength,
          strengthThreshold: j.targetStrength,
          reached: hasMatured(j.msjAverageStrength, j.targetStrength),
          progressBarValue: j.progressBarValue,
          jobAlarmTriggered: j.jobAlarmTriggered,
          timestamp: j.latestTimestamp,
        }));
    },

    /**
     * After new readings of these nodes are stored: re-evaluates the sensor thresholds of their
     * started jobs. Answers the jobs whose bit changed.
     */
    evaluateNodes(companyId: number, nodeIds: readonly number[]): Promise<number[]> {
      if (nodeIds.length === 0) return Promise.resolve([]);
      return serial(async () => {
        const jobs = (await repo.startedJobsOfNodes(companyId, [...new Set(nodeIds)])).filter((j) =>
          hasBounds(parseSensorThreshold(j.alarm_data)),
        );
        const changed: number[] = [];
        for (const j of jobs) if (await evaluateSensorThreshold(j)) changed.push(j.id);
        return changed;
      });
    },
  };
}
export type AlarmsService = ReturnType<typeof createAlarmsService>;
