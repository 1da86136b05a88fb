import {
  DIFFERENTIAL_LIMIT_MAX_C,
  DIFFERENTIAL_LIMIT_MIN_C,
  type JobDifferentialLimit,
  type JobSensorPair,
  type JobSensorPairsBody,
} from '@sitepulse/contracts';
import { DIFFERENTIAL_LIMIT_C } from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import type { JobsitesService } from '../jobsites/service.ts';
import type { MaturityService } from '../maturity/service.ts';
import { createPairsRepo } from './repo.ts';

const TEMPERATURE = 'Temperature';

/** The same two sensors whichever way round. */
const pairKey = (p: JobSensorPair) => `${Math.min(p.sid1, p.sid2)}:${Math.max(p.sid1, p.sid2)}`;

/**
 * The sensor pairs stored on maturity jobs (issue 14; docs/decisions/reports.md, "Differential reports"):
 * what a job's (or its group's) differential report compares when the request names no pairs. Reads are
 * limited to the caller's company and readable job sites (another company's or an ungranted site's job
 * reads as 404, one of a site where the caller is an inspector answers 403); changes need write access
 * to the job's site, as the job's strength targets do.
 */
export function createPairsService(deps: {
  db: Kysely<Database>;
  jobsites: JobsitesService;
  maturity: MaturityService;
}) {
  const repo = createPairsRepo(deps.db);

  async function visibleJob(actor: Actor, id: number, mode: 'read' | 'write' = 'read') {
    const sites = await deps.jobsites.siteAccess(actor);
    const job = await sites.find((siteIds) => repo.findJob(actor.companyId, siteIds, id), 'Maturity job');
    if (mode === 'write') sites.check(job.tenant_group_id, 'write', 'Maturity job');
    return { job, sites };
  }

  const nn = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

  const toPair = (r: { sensor_id_1: number; sensor_id_2: number }): JobSensorPair => ({
    sid1: r.sensor_id_1,
    sid2: r.sensor_id_2,
  });

  return {
    /** GET .../jobs/pairs/{id}: the job's pairs in the order they were given (a humidity job has none). */
    async pairs(actor: Actor, id: number): Promise<JobSensorPair[]> {
      const { job, sites } = await visibleJob(actor, id);
      return (await repo.pairsOf(actor.companyId, sites.readable, [job.id])).map(toPair);
    },

    /**
     * GET .../jobs/pairs/{id}/limit: the job's differential limit (°C): its own, else the default
     * (DIFFERENTIAL_LIMIT_C), which the alarm engine and the job's differential reports use.
     */
    async limit(actor: Actor, id: number): Promise<JobDifferentialLimit> {
      const { job } = await visibleJob(actor, id);
      const own = nn(job.differential_limit_c);
      return {
        limitC: own ?? DIFFERENTIAL_LIMIT_C,
        differentialLimitC: own,
        defaultLimitC: DIFFERENTIAL_LIMIT_C,
      };
    },

    /**
     * PUT .../jobs/pairs/{id}: replaces the job's pairs, and sets its differential limit when the body has
     * one (null: back to the default). 400, with nothing changed, for a humidity job, a pair of one sensor
     * with itself, a sensor that is not a temperature sensor of the job, the same two sensors given twice
     * (either way round), or a limit outside DIFFERENTIAL_LIMIT_MIN_C..DIFFERENTIAL_LIMIT_MAX_C.
     */
    async setPairs(actor: Actor, id: number, body: JobSensorPairsBody): Promise<JobSensorPair[]> {
      const { job, sites } = await visibleJob(actor, id, 'write');
      if (job.kind !== 'MATURITY')
        throw badRequest(`Job ${job.id} is a humidity job: it takes no sensor pairs`);
      const limitC = body.differentialLimitC;
      if (
        limitC !== undefined &&
        limitC !== null &&
        !(Number.isFinite(limitC) && limitC >= DIFFERENTIAL_LIMIT_MIN_C && limitC <= DIFFERENTIAL_LIMIT_MAX_C)
      )
        throw badRequest(
          `differentialLimitC must be from ${DIFFERENTIAL_LIMIT_MIN_C} to ${DIFFERENTIAL_LIMIT_MAX_C} °C (null: the default)`,
        );
      const sensors = new Map(
        (await deps.maturity.sensorsOfJobs(actor, [job.id])).map((s) => [s.sensorId, s.sensorType]),
      );
      const seen = new Set<string>();
      body.pairs.forEach((p, i) => {
        const n = i + 1;
        if (p.sid1 === p.sid2)
          throw badRequest(`Pair ${n} names sensor ${p.sid1} twice: a pair is two sensors`);
        for (const sid of [p.sid1, p.sid2]) {
          const type = sensors.get(sid);
          if (type === undefined)
            throw badRequest(`Pair ${n}: sensor ${sid} is not a sensor of job ${job.id}`);
          if (type !== TEMPERATURE) throw badRequest(`Pair ${n}: sensor ${sid} is not a temperature sensor`);
        }
        const key = pairKey(p);
        if (seen.has(key)) throw badRequest(`Pair ${n}: sensors ${p.sid1} and ${p.sid2} are already paired`);
        seen.add(key);
      });
      await repo.replacePairs({
        jobId: job.id,
        userId: actor.userId,
        now: Date.now(),
        pairs: body.pairs,
        limitC,
      });
      return (await repo.pairsOf(actor.companyId, sites.readable, [job.id])).map(toPair);
    },

    /**
     * The differential limit set on these jobs the caller may read (°C): the lowest of them, the strictest
     * (a job's own for a job's report), or null when none has one (the report's default stands).
     */
    async storedLimitC(actor: Actor, jobIds: readonly number[]): Promise<number | null> {
      const sites = await deps.jobsites.siteAccess(actor);
      const limits = await repo.limitsOf(actor.companyId, sites.readable, jobIds);
      return limits.length === 0 ? null : Math.min(...limits);
    },

    /**
     * The stored pairs of these jobs the caller may read (a differential report's default), each pair
     * once whichever job or way round it was stored on, by job id then in the order given.
     */
    async storedPairs(actor: Actor, jobIds: readonly number[]): Promise<JobSensorPair[]> {
      const sites = await deps.jobsites.siteAccess(actor);
      const rows = await repo.pairsOf(actor.companyId, sites.readable, jobIds);
      const seen = new Set<string>();
      return rows.map(toPair).filter((p) => {
        const key = pairKey(p);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  };
}
export type PairsService = ReturnType<typeof createPairsService>;
