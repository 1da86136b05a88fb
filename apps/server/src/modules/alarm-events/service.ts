import type { AlarmAckBody, AlarmEvent } from '@sitepulse/contracts';
import {
  type AlarmKind,
  DEFAULT_HYSTERESIS,
  DEFAULT_MIN_DURATION_MS,
  DIFFERENTIAL_LIMIT_C,
  GATEWAY_OFFLINE_MS,
  hasBounds,
  jobTargetStrength,
  NODE_SILENT_MS,
  personName,
  quantityOfSensorType,
  RECENT_ALARMS_MS,
  sensorDisplayName,
} from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { parseSensorThreshold } from '../alarms/alarm-data.ts';
import type { EventsService, StoredBatch } from '../events/service.ts';
import type { JobsitesService } from '../jobsites/service.ts';
// The differential report's pure rule of which readings may be compared (one rule for both).
import { BRIDGE_MS } from '../reports/generators/differential/compute.ts';
import {
  alarmKey,
  batteryRule,
  idOfKey,
  pairComparisons,
  type Side,
  type SideState,
  stepSide,
  type TimedValue,
} from './engine.ts';
import { type AlarmEventRow, createAlarmEventsRepo, type EngineJob, type NewAlarm } from './repo.ts';

export type AlarmChange = 'RAISED' | 'CLEARED';
export type AlarmChangeHook = (eventId: number, change: AlarmChange) => void | Promise<void>;

/** Readings read per query while a sensor is judged (a backlog is read page by page). */
const READING_PAGE = 2000;
/**
 * The quantity of a TEMPERATURE_DIFFERENTIAL value and bound: a temperature difference in °C (converted
 * to °F by the factor only, never offset).
 */
export const DIFFERENCE_QUANTITY = 'TemperatureDifference';
/** Most alarms one site list answers (active ones first). */
export const ALARM_LIST_MAX = 500;

/** An alarm as the calls answer it. */
function toAlarmEvent(r: AlarmEventRow): AlarmEvent {
  const ackName =
    r.ack_username === null
      ? null
      : personName({ firstName: r.ack_first_name, lastName: r.ack_last_name, username: r.ack_username });
  return {
    id: r.id,
    kind: r.kind as AlarmKind,
    state: r.cleared_at !== null ? 'CLEARED' : r.acknowledged_at !== null ? 'ACKNOWLEDGED' : 'ACTIVE',
    tenantGroupId: r.tenant_group_id,
    siteName: r.site_name,
    jobId: r.job_id,
    jobName: r.job_name,
    sensorId: r.sensor_id,
    sensorName:
      r.sensor_id === null ? null : sensorDisplayName({ sensorId: r.sensor_id, sensorAlias: r.sensor_alias }),
    nodeId: r.node_id,
    secondSensorId: r.second_sensor_id,
    secondSensorName:
      r.second_sensor_id === null
        ? null
        : sensorDisplayName({ sensorId: r.second_sensor_id, sensorAlias: r.second_sensor_alias }),
    gatewayId: r.gateway_id,
    gatewayName: r.gateway_name,
    jobGroupId: r.job_group_id,
    jobGroupName: r.job_group_name,
    quantity: r.quantity,
    side: r.side,
    value: r.value,
    bound: r.bound,
    raisedAt: r.raised_at,
    acknowledgedAt: r.acknowledged_at,
    acknowledgedBy: r.acknowledged_at === null ? null : ackName,
    acknowledgedNote: r.ack_note,
    clearedAt: r.cleared_at,
  };
}

interface Change {
  id: number;
  change: AlarmChange;
  companyId: number;
  jobId: number | null;
  siteId: number;
}

/**
 * The life of each alarm (issue 15, docs/decisions/alarm-life.md): raised, acknowledged, cleared.
 * Fed after every ingest batch (sensor thresholds with hysteresis and minimum duration, MATURED, a
 * silent node reporting again) and by a periodic sweep (silent nodes, low batteries, MATURED set outside
 * ingest, alarms of stopped jobs). Every change calls `onAlarmChange` once (notifications), whose
 * failures are logged and never fail ingest.
 */
export function createAlarmEventsService(deps: {
  db: Kysely<Database>;
  jobsites: JobsitesService;
  events: EventsService;
  onAlarmChange?: AlarmChangeHook;
}) {
  const repo = createAlarmEventsRepo(deps.db);
  const { jobsites, events } = deps;

  // Engine work runs one at a time: a batch and a sweep never judge the same alarm at once.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  /** Tells the hook and the live listeners about the changes; never throws. */
  async function announce(changes: Change[]): Promise<void> {
    for (const c of changes) {
      try {
        await deps.onAlarmChange?.(c.id, c.change);
      } catch (err) {
        events.log.error({ err, alarmEventId: c.id }, 'alarm change hook failed');
      }
    }
    const jobsByCompany = new Map<number, number[]>();
    for (const c of changes) {
      if (c.jobId !== null)
        jobsByCompany.set(c.companyId, [...(jobsByCompany.get(c.companyId) ?? []), c.jobId]);
      else events.versions.sitesWritten([c.siteId]);
    }
    for (const [companyId, jobIds] of jobsByCompany) {
      try {
        await events.publishAlarms(companyId, jobIds);
      } catch (err) {
        events.log.error({ err }, 'alarm live event failed');
      }
    }
  }

  async function raise(a: NewAlarm, out: Change[]): Promise<number | undefined> {
    const id = await repo.insert(a);
    if (id !== undefined)
      out.push({ id, change: 'RAISED', companyId: a.company_id, jobId: a.job_id, siteId: a.tenant_group_id });
    return id;
  }

  async function clear(
    e: { id: number; job_id: number | null },
    at: number,
    companyId: number,
    siteId: number,
    out: Change[],
  ): Promise<void> {
    if (await repo.clear(e.id, at))
      out.push({ id: e.id, change: 'CLEARED', companyId, jobId: e.job_id, siteId });
  }

  /** Judges one side of a job's threshold on one sensor over the readings not judged yet. */
  async function judgeSide(
    job: EngineJob,
    sensorId: number,
    sensorType: string,
    rule: { side: Side; bound: number; hysteresis: number; minDurationMs: number },
    out: Change[],
  ): Promise<void> {
    const key = alarmKey.threshold(job.id, sensorId, rule.side);
    const saved = await repo.breach(key);
    let active = await repo.activeByKey(key);
    let state: SideState = { active: active !== undefined, since: saved?.since ?? null };
    let after = saved?.lastTs ?? (job.start_date as number) - 1;
    const to = job.termination_date ?? Number.MAX_SAFE_INTEGER;
    let last: { ts: number; value: number } | null = null;
    for (;;) {
      const page = await repo.readingsAfter(sensorId, after, to, READING_PAGE);
      for (const r of page) {
        const next = stepSide(state, rule, r);
        if (next.change === 'RAISED') {
          const id = await raise(
            {
              company_id: job.company_id,
              tenant_group_id: job.tenant_group_id,
              kind: 'SENSOR_THRESHOLD',
              alarm_key: key,
              job_id: job.id,
              sensor_id: sensorId,
              node_id: job.node_id,
              side: rule.side,
              quantity: quantityOfSensorType(sensorType) ?? sensorType,
              value: r.value,
              bound: rule.bound,
              raised_at: r.ts,
            },
            out,
          );
          active = id !== undefined ? { id, job_id: job.id } : await repo.activeByKey(key);
        } else if (next.change === 'CLEARED' && active) {
          await clear(active, r.ts, job.company_id, job.tenant_group_id, out);
          active = undefined;
        }
        state = { active: next.active, since: next.since };
        last = r;
      }
      if (page.length < READING_PAGE) break;
      after = page[page.length - 1].ts;
    }
    if (last) await repo.saveBreach(job.company_id, key, state.since, last.ts, last.value);
  }

  async function judgeThresholds(companyId: number, nodeIds: number[], out: Change[]): Promise<void> {
    for (const job of await repo.startedJobsOfNodes(companyId, nodeIds)) {
      const t = parseSensorThreshold(job.alarm_data);
      if (!hasBounds(t) || t.sensorType === null) continue;
      const hysteresis = t.hysteresis ?? DEFAULT_HYSTERESIS;
      const minDurationMs = t.minDurationMs ?? DEFAULT_MIN_DURATION_MS;
      for (const sensorId of await repo.countedSensors(job.node_id, t.sensorType)) {
        if (t.high !== null)
          await judgeSide(
            job,
            sensorId,
            t.sensorType,
            { side: 'high', bound: t.high, hysteresis, minDurationMs },
            out,
          );
        if (t.low !== null)
          await judgeSide(
            job,
            sensorId,
            t.sensorType,
            { side: 'low', bound: t.low, hysteresis, minDurationMs },
            out,
          );
      }
    }
  }

  const stopped = (job: EngineJob | undefined, now: number) =>
    !job || (job.termination_date !== null && job.termination_date <= now);

  /**
   * TEMPERATURE_DIFFERENTIAL of one stored pair of a running job: its comparisons (engine
   * pairComparisons) over the readings not judged yet, stepped like one high side of a threshold at the
   * job's differential limit (its own, set with its pairs, else DIFFERENTIAL_LIMIT_C), with the default
   * hysteresis and minimum duration.
   */
  async function judgePair(
    job: EngineJob,
    sensorId1: number,
    sensorId2: number,
    out: Change[],
  ): Promise<void> {
    const key = alarmKey.differential(job.id, sensorId1, sensorId2);
    const rule = {
      side: 'high' as const,
      bound: job.differential_limit_c ?? DIFFERENTIAL_LIMIT_C,
      hysteresis: DEFAULT_HYSTERESIS,
      minDurationMs: DEFAULT_MIN_DURATION_MS,
    };
    const saved = await repo.breach(key);
    let active = await repo.activeByKey(key);
    let state: SideState = { active: active !== undefined, since: saved?.since ?? null };
    const from = job.start_date as number;
    let after = saved?.lastTs ?? from - 1;
    const to = job.termination_date ?? Number.MAX_SAFE_INTEGER;
    // The readings standing when judging resumes: a comparison may pair a new reading with an older one.
    let standing: [TimedValue | null, TimedValue | null] = [
      await repo.readingAtOrBefore(sensorId1, from, after),
      await repo.readingAtOrBefore(sensorId2, from, after),
    ];
    let lastValue: number | null = null;
    let judged = false;
    for (;;) {
      const p1 = await repo.readingsAfter(sensorId1, after, to, READING_PAGE);
      const p2 = await repo.readingsAfter(sensorId2, after, to, READING_PAGE);
      if (p1.length === 0 && p2.length === 0) break;
      // A full page may hide later readings of its sensor: judge only up to where both are complete.
      const full = [p1, p2].filter((p) => p.length === READING_PAGE).map((p) => p[p.length - 1].ts);
      const upTo = full.length > 0 ? Math.min(...full) : Number.MAX_SAFE_INTEGER;
      const f1 = p1.filter((r) => r.ts <= upTo);
      const f2 = p2.filter((r) => r.ts <= upTo);
      for (const c of pairComparisons(standing, [f1, f2], BRIDGE_MS)) {
        const next = stepSide(state, rule, c);
        if (next.change === 'RAISED') {
          const id = await raise(
            {
              company_id: job.company_id,
              tenant_group_id: job.tenant_group_id,
              kind: 'TEMPERATURE_DIFFERENTIAL',
              alarm_key: key,
              job_id: job.id,
              sensor_id: sensorId1,
              second_sensor_id: sensorId2,
              node_id: job.node_id,
              side: 'high',
              quantity: DIFFERENCE_QUANTITY,
              value: c.value,
              bound: rule.bound,
              raised_at: c.ts,
            },
            out,
          );
          active = id !== undefined ? { id, job_id: job.id } : await repo.activeByKey(key);
        } else if (next.change === 'CLEARED' && active) {
          await clear(active, c.ts, job.company_id, job.tenant_group_id, out);
          active = undefined;
        }
        state = { active: next.active, since: next.since };
        lastValue = c.value;
      }
      standing = [f1.at(-1) ?? standing[0], f2.at(-1) ?? standing[1]];
      after = Math.max(...[...f1, ...f2].map((r) => r.ts));
      judged = true;
      if (full.length === 0) break;
    }
    if (judged) await repo.saveBreach(job.company_id, key, state.since, after, lastValue);
  }

  async function judgePairs(companyId: number, nodeIds: number[], now: number, out: Change[]): Promise<void> {
    const jobs = (await repo.startedJobsOfNodes(companyId, nodeIds)).filter((j) => !stopped(j, now));
    const byId = new Map(jobs.map((j) => [j.id, j]));
    for (const p of await repo.countedPairsOf([...byId.keys()]))
      await judgePair(byId.get(p.job_id) as EngineJob, p.sensor_id_1, p.sensor_id_2, out);
  }

  /**
   * AVERAGE_STRENGTH of job groups (what GET /analytics/cjgj/average_strength_alarm computes, per group):
   * raised once when every running maturity job of the group with a strength threshold (the singular
   * target, else the highest set) has reached it, i.e. carries the MATURED bit the maturity engine sets
   * on that same rule. Once per set of thresholds: bound is the highest of them, and no new row is made
   * while one with that bound exists for the group. Not for a group whose only judged job has a singular
   * target: its MATURED alarm is that news.
   */
  async function judgeGroups(groupIds: number[], now: number, out: Change[]): Promise<void> {
    const jobs = await repo.runningJobsOfGroups([...new Set(groupIds)], now);
    for (const groupId of new Set(jobs.map((j) => j.job_group_id))) {
      const judged = jobs.filter(
        (j) =>
          j.job_group_id === groupId &&
          jobTargetStrength({
            singularTargetedStrength: j.singular_target,
            highTargetedStrength: j.high_target,
            mediumTargetedStrength: j.medium_target,
            lowTargetedStrength: j.low_target,
          }) !== null,
      );
      if (judged.length === 0 || judged.some((j) => (j.job_alarm_triggered & 1) !== 1)) continue;
      // A group of one job with a singular target (every pour made alone gets its own group) would say
      // what that job's MATURED alarm says: the same news is not sent twice.
      if (judged.length === 1 && judged[0].singular_target !== null) continue;
      const bound = Math.max(
        ...judged.map(
          (j) =>
            jobTargetStrength({
              singularTargetedStrength: j.singular_target,
              highTargetedStrength: j.high_target,
              mediumTargetedStrength: j.medium_target,
              lowTargetedStrength: j.low_target,
            }) as number,
        ),
      );
      const key = alarmKey.averageStrength(groupId);
      if ((await repo.activeByKey(key)) || (await repo.raisedWithBound(key, bound))) continue;
      await raise(
        {
          company_id: judged[0].company_id,
          tenant_group_id: judged[0].tenant_group_id,
          kind: 'AVERAGE_STRENGTH',
          alarm_key: key,
          job_id: null,
          job_group_id: groupId,
          sensor_id: null,
          node_id: null,
          side: null,
          quantity: 'Strength',
          value: null,
          bound,
          raised_at: now,
        },
        out,
      );
    }
  }

  /**
   * GATEWAY_OFFLINE (the sweep): a gateway of a site with a running job not heard from for more than
   * GATEWAY_OFFLINE_MS raises once; it clears at its next uplink. Never heard from: counted from when it
   * was made or the site's earliest running job started, whichever is later. Alarms of gateways no longer
   * on such a site (moved, deleted, every job stopped) are cleared.
   */
  async function judgeGateways(now: number, out: Change[]): Promise<void> {
    const gateways = await repo.gatewaysOfRunningSites(now);
    const listed = new Map(gateways.map((g) => [g.id, g]));
    for (const g of gateways) {
      const key = alarmKey.gatewayOffline(g.id);
      const offline = await repo.activeByKey(key);
      const heardAt = Math.max(g.lastUplinkAt ?? 0, g.createdAt, g.siteStart);
      if (now - heardAt > GATEWAY_OFFLINE_MS) {
        if (!offline)
          await raise(
            {
              company_id: g.companyId,
              tenant_group_id: g.tenantGroupId,
              kind: 'GATEWAY_OFFLINE',
              alarm_key: key,
              job_id: null,
              sensor_id: null,
              node_id: null,
              gateway_id: g.id,
              side: null,
              quantity: null,
              value: null,
              bound: null,
              raised_at: heardAt + GATEWAY_OFFLINE_MS,
            },
            out,
          );
      } else if (offline) await clear(offline, g.lastUplinkAt ?? now, g.companyId, g.tenantGroupId, out);
    }
    for (const e of await repo.activeOfKinds(['GATEWAY_OFFLINE'])) {
      const g = e.gateway_id === null ? undefined : listed.get(e.gateway_id);
      if (!g || g.tenantGroupId !== e.tenant_group_id)
        await clear(e, now, e.company_id, e.tenant_group_id, out);
    }
  }

  /** MATURED: raised once per strength target reached (a new target, reached again, raises again). */
  async function raiseMatured(job: EngineJob, at: number, out: Change[]): Promise<void> {
    const target = job.singular_target;
    if (target === null || (job.job_alarm_triggered & 1) !== 1) return;
    const key = alarmKey.matured(job.id);
    if ((await repo.activeByKey(key)) || (await repo.raisedWithBound(key, target))) return;
    await raise(
      {
        company_id: job.company_id,
        tenant_group_id: job.tenant_group_id,
        kind: 'MATURED',
        alarm_key: key,
        job_id: job.id,
        sensor_id: null,
        node_id: job.node_id,
        side: null,
        quantity: 'Strength',
        value: null,
        bound: target,
        raised_at: at,
      },
      out,
    );
  }

  return {
    /**
     * After a committed ingest batch: judges the sensor thresholds of its nodes' jobs on the new
     * readings, raises MATURED for the jobs the maturity engine marked, and clears NODE_SILENT of the
     * nodes that reported. Never throws: a failure is logged, the batch stays stored.
     */
    afterBatch(
      batch: Pick<StoredBatch, 'companyId' | 'readingNodeIds' | 'alarmJobIds' | 'nodes'>,
    ): Promise<void> {
      return serial(async () => {
        const out: Change[] = [];
        try {
          await judgeThresholds(batch.companyId, [...new Set(batch.readingNodeIds)], out);
          const now = Date.now();
          await judgePairs(batch.companyId, [...new Set(batch.readingNodeIds)], now, out);
          const marked = (await repo.jobsByIds([...new Set(batch.alarmJobIds)])).filter(
            (job) => job.company_id === batch.companyId && !stopped(job, now),
          );
          for (const job of marked) await raiseMatured(job, now, out);
          await judgeGroups(await repo.groupsOfJobs(marked.map((j) => j.id)), now, out);
          const reported = new Set(batch.nodes.keys());
          if (reported.size > 0) {
            for (const e of await repo.activeOfKinds(['NODE_SILENT'])) {
              if (e.node_id === null || !reported.has(e.node_id) || e.company_id !== batch.companyId)
                continue;
              await clear(e, now, e.company_id, e.tenant_group_id, out);
            }
          }
        } catch (err) {
          events.log.error({ err }, 'alarm engine failed on an ingest batch');
        }
        await announce(out);
      });
    },

    /**
     * The periodic sweep at `now`: NODE_SILENT (a running job's node that has not reported for
     * NODE_SILENT_MS) and BATTERY_LOW raised or cleared; MATURED raised for jobs marked outside ingest;
     * the alarms of stopped jobs, of removed threshold bounds and of nodes no longer in a running job cleared.
     */
    sweep(now: number): Promise<void> {
      return serial(async () => {
        const out: Change[] = [];
        try {
          const nodes = await repo.runningNodes(now);
          const running = new Set(nodes.map((x) => x.nodeId));
          for (const node of nodes) {
            const base = {
              company_id: node.companyId,
              tenant_group_id: node.tenantGroupId,
              job_id: node.jobId,
              sensor_id: null,
              node_id: node.nodeId,
              side: null,
            };
            const silentKey = alarmKey.silent(node.nodeId);
            const silent = await repo.activeByKey(silentKey);
            const heardAt = Math.max(node.lastReport, node.startDate);
            if (now - heardAt > NODE_SILENT_MS) {
              if (!silent)
                await raise(
                  {
                    ...base,
                    kind: 'NODE_SILENT',
                    alarm_key: silentKey,
                    quantity: null,
                    value: null,
                    bound: null,
                    raised_at: heardAt + NODE_SILENT_MS,
                  },
                  out,
                );
            } else if (silent) await clear(silent, node.lastReport, node.companyId, node.tenantGroupId, out);

            if (node.battery === null) continue;
            const rule = batteryRule(node.battery, node.batteryLevelType);
            const batteryKey = alarmKey.battery(node.nodeId);
            const low = await repo.activeByKey(batteryKey);
            if (rule.low && !low) {
              await raise(
                {
                  ...base,
                  kind: 'BATTERY_LOW',
                  alarm_key: batteryKey,
                  quantity: 'Battery',
                  value: node.battery,
                  bound: rule.bound,
                  raised_at: node.batteryTs ?? now,
                },
                out,
              );
            } else if (rule.recovered && low) {
              await clear(low, node.batteryTs ?? now, node.companyId, node.tenantGroupId, out);
            }
          }

          for (const job of await repo.maturedRunningJobs(now)) await raiseMatured(job, now, out);
          await judgeGroups(await repo.groupsWithMaturedRunningJob(now), now, out);
          await judgeGateways(now, out);

          const active = await repo.activeOfKinds([
            'NODE_SILENT',
            'BATTERY_LOW',
            'SENSOR_THRESHOLD',
            'MATURED',
            'TEMPERATURE_DIFFERENTIAL',
            'AVERAGE_STRENGTH',
          ]);
          const runningGroups = new Set(
            (
              await repo.runningJobsOfGroups(
                active.filter((e) => e.kind === 'AVERAGE_STRENGTH').map((e) => idOfKey(e.alarm_key)),
                now,
              )
            ).map((j) => j.job_group_id),
          );
          const pairs = new Set(
            (
              await repo.countedPairsOf([
                ...new Set(
                  active.flatMap((e) =>
                    e.kind === 'TEMPERATURE_DIFFERENTIAL' && e.job_id !== null ? [e.job_id] : [],
                  ),
                ),
              ])
            ).map((p) => alarmKey.differential(p.job_id, p.sensor_id_1, p.sensor_id_2)),
          );
          const jobs = new Map(
            (
              await repo.jobsByIds([...new Set(active.flatMap((e) => (e.job_id === null ? [] : [e.job_id])))])
            ).map((j) => [j.id, j]),
          );
          for (const e of active) {
            const job = e.job_id === null ? undefined : jobs.get(e.job_id);
            let end = false;
            if (e.kind === 'NODE_SILENT' || e.kind === 'BATTERY_LOW')
              end = e.node_id === null || !running.has(e.node_id);
            // A group alarm has no job: it ends when no maturity job of its group is running.
            else if (e.kind === 'AVERAGE_STRENGTH') end = !runningGroups.has(idOfKey(e.alarm_key));
            else if (stopped(job, now)) end = true;
            // A pair removed from its job, or one of its sensors no longer counted.
            else if (e.kind === 'TEMPERATURE_DIFFERENTIAL') end = !pairs.has(e.alarm_key);
            else if (e.kind === 'SENSOR_THRESHOLD' && job) {
              const t = parseSensorThreshold(job.alarm_data);
              end = (e.side === 'high' ? t.high : t.low) === null;
            }
            if (end) await clear(e, now, e.company_id, e.tenant_group_id, out);
          }
        } catch (err) {
          events.log.error({ err }, 'alarm sweep failed');
        }
        await announce(out);
      });
    },

    /** MATURED set outside ingest (a new strength target already reached): raised now. */
    afterMatured(companyId: number, jobId: number): Promise<void> {
      return serial(async () => {
        const out: Change[] = [];
        try {
          const [job] = await repo.jobsByIds([jobId]);
          const now = Date.now();
          if (job && job.company_id === companyId && !stopped(job, now)) {
            await raiseMatured(job, now, out);
            await judgeGroups(await repo.groupsOfJobs([job.id]), now, out);
          }
        } catch (err) {
          events.log.error({ err }, 'alarm engine failed on MATURED');
        }
        await announce(out);
      });
    },

    /** One alarm by id, whatever its company (for notifications), with its company. */
    async get(eventId: number): Promise<(AlarmEvent & { companyId: number }) | undefined> {
      const r = await repo.byIdAnyCompany(eventId);
      return r ? { ...toAlarmEvent(r), companyId: r.company_id } : undefined;
    },

    /** GET /alarms/events: a site's active alarms (newest first), then those cleared in RECENT_ALARMS_MS. */
    async list(
      actor: Actor,
      q: { tenantGroupId: number; activeOnly?: boolean },
      now = Date.now(),
    ): Promise<AlarmEvent[]> {
      await jobsites.assertGranted(actor, q.tenantGroupId, 'read');
      const rows = await repo.ofSite(
        actor.companyId,
        q.tenantGroupId,
        q.activeOnly ? null : now - RECENT_ALARMS_MS,
        ALARM_LIST_MAX,
      );
      return rows.map(toAlarmEvent);
    },

    /**
     * POST /alarms/events/{id}/ack: records who acknowledged, when, and their note. Anyone who may
     * read the site may; a second acknowledgement is 409 and changes nothing. A MATURED alarm ends here.
     */
    async acknowledge(actor: Actor, id: number, body: AlarmAckBody, now = Date.now()): Promise<AlarmEvent> {
      const row = await repo.byId(actor.companyId, id);
      if (!row) throw notFound('Alarm not found');
      await jobsites.assertGranted(actor, row.tenant_group_id, 'read', 'Alarm');
      if (row.acknowledged_at !== null) throw conflict('This alarm was already acknowledged');
      const note = body.note?.trim() ? body.note.trim() : null;
      // MATURED and AVERAGE_STRENGTH have no condition that goes away: acknowledging ends them.
      const endsHere = (row.kind === 'MATURED' || row.kind === 'AVERAGE_STRENGTH') && row.cleared_at === null;
      if (!(await repo.acknowledge(id, actor.userId, now, note, endsHere)))
        throw conflict('This alarm was already acknowledged');
      const change: Change = {
        id,
        change: 'CLEARED',
        companyId: row.company_id,
        jobId: row.job_id,
        siteId: row.tenant_group_id,
      };
      if (endsHere) await announce([change]);
      else await publishAck(change);
      const after = await repo.byId(actor.companyId, id);
      if (!after) throw notFound('Alarm not found');
      return toAlarmEvent(after);
    },
  };

  /** The live `alarms` event of an acknowledgement (no hook: the alarm did not change its life). */
  async function publishAck(c: Change): Promise<void> {
    if (c.jobId === null) {
      events.versions.sitesWritten([c.siteId]);
      return;
    }
    try {
      await events.publishAlarms(c.companyId, [c.jobId]);
    } catch (err) {
      events.log.error({ err }, 'alarm live event failed');
    }
  }
}
export type AlarmEventsService = ReturnType<typeof createAlarmEventsService>;
