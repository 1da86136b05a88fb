import type { AlarmAckBody, AlarmEvent } from '@sitepulse/contracts';
import {
  type AlarmKind,
  DEFAULT_HYSTERESIS,
  DEFAULT_MIN_DURATION_MS,
  hasBounds,
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
import { alarmKey, batteryRule, type Side, type SideState, stepSide } from './engine.ts';
import { type AlarmEventRow, createAlarmEventsRepo, type EngineJob, type NewAlarm } from './repo.ts';

export type AlarmChange = 'RAISED' | 'CLEARED';
export type AlarmChangeHook = (eventId: number, change: AlarmChange) => void | Promise<void>;

/** Readings read per query while a sensor is judged (a backlog is read page by page). */
const READING_PAGE = 2000;
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

  const stopped = (job: EngineJob | undefined, now: number) =>
    !job || (job.termination_date !== null && job.termination_date <= now);

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
          for (const job of await repo.jobsByIds([...new Set(batch.alarmJobIds)]))
            if (job.company_id === batch.companyId && !stopped(job, now)) await raiseMatured(job, now, out);
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

          const active = await repo.activeOfKinds([
            'NODE_SILENT',
            'BATTERY_LOW',
            'SENSOR_THRESHOLD',
            'MATURED',
          ]);
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
            else if (stopped(job, now)) end = true;
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
          if (job && job.company_id === companyId && !stopped(job, Date.now()))
            await raiseMatured(job, Date.now(), out);
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
      const endsHere = row.kind === 'MATURED' && row.cleared_at === null;
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
