import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** Ids per statement, well below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 2000;
async function chunked<T>(ids: readonly number[], run: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await run(ids.slice(i, i + CHUNK))));
  return out;
}

/** A job with what its targets and forecast need: its dates, the spec's targets and its profile's curve. */
export interface ForecastJobRow {
  id: number;
  kind: string;
  status: string;
  tenant_id: number;
  tenant_group_id: number;
  node_id: number;
  start_date: number | null;
  termination_date: number | null;
  singular_target: number | null;
  high_target: number | null;
  medium_target: number | null;
  low_target: number | null;
  target_unit: string | null;
  target_kind: string | null;
  maturity_function: string | null;
  datum_c: number | null;
  activation_energy: number | null;
  reference_c: number | null;
  curve_a: number | null;
  curve_b: number | null;
}

/** A further target to store. */
export interface TargetInsert {
  kind: string;
  strength_mpa: number;
  entered_value: number;
  entered_unit: string;
}

/** Queries of the targets and forecast calls: jobs within the caller's sites, their targets, states and hourly maturity. */
export function createForecastRepo(db: Kysely<Database>) {
  const jobs = (companyId: number, siteIds: readonly number[]) =>
    db
      .selectFrom('job as j')
      .leftJoin('concrete_profile as p', 'p.id', 'j.concrete_profile_id')
      .select([
        'j.id',
        'j.kind',
        'j.status',
        'j.tenant_id',
        'j.tenant_group_id',
        'j.node_id',
        'j.start_date',
        'j.termination_date',
        'j.singular_target',
        'j.high_target',
        'j.medium_target',
        'j.low_target',
        'j.target_unit',
        'j.target_kind',
        'p.maturity_function',
        'p.datum_c',
        'p.activation_energy',
        'p.reference_c',
        'p.curve_a',
        'p.curve_b',
      ])
      .where('j.company_id', '=', companyId)
      .where('j.tenant_group_id', 'in', [...siteIds])
      .where('j.kind', 'in', ['MATURITY', 'HUMIDITY']);

  return {
    /** A maturity or humidity job of the company on one of the sites. */
    async findJob(
      companyId: number,
      siteIds: readonly number[],
      id: number,
    ): Promise<ForecastJobRow | undefined> {
      if (siteIds.length === 0) return undefined;
      return jobs(companyId, siteIds).where('j.id', '=', id).executeTakeFirst();
    },

    /** The running maturity jobs of a project and/or a site (within the sites given), newest first. */
    async runningJobs(
      companyId: number,
      siteIds: readonly number[],
      f: { tenantId?: number; tenantGroupId?: number },
    ): Promise<ForecastJobRow[]> {
      if (siteIds.length === 0) return [];
      let q = jobs(companyId, siteIds).where('j.kind', '=', 'MATURITY').where('j.status', '=', 'RUNNING');
      if (f.tenantId !== undefined) q = q.where('j.tenant_id', '=', f.tenantId);
      if (f.tenantGroupId !== undefined) q = q.where('j.tenant_group_id', '=', f.tenantGroupId);
      return q.orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').execute();
    },

    /** A project of the company on one of the sites. */
    async visibleTenant(companyId: number, siteIds: readonly number[], tenantId: number) {
      if (siteIds.length === 0) return undefined;
      return db
        .selectFrom('tenant')
        .select(['id', 'tenant_group_id'])
        .where('company_id', '=', companyId)
        .where('tenant_group_id', 'in', [...siteIds])
        .where('id', '=', tenantId)
        .executeTakeFirst();
    },

    /** The further targets of the jobs. */
    targetsOf(jobIds: readonly number[]) {
      return chunked(jobIds, (part) =>
        db
          .selectFrom('job_target')
          .select(['job_id', 'kind', 'strength_mpa', 'entered_value', 'entered_unit'])
          .where('job_id', 'in', part)
          .orderBy('job_id')
          .orderBy('id')
          .execute(),
      );
    },

    /** The counted temperature sensors (not blacklisted, not decommissioned) of the nodes, in channel order. */
    countedSensors(nodeIds: readonly number[]) {
      return chunked(nodeIds, (part) =>
        db
          .selectFrom('sensor')
          .select(['id', 'node_id'])
          .where('node_id', 'in', part)
          .where('sensor_type', '=', 'Temperature')
          .where('blacklisted', '=', 0)
          .where('decommissioned', '=', 0)
          .orderBy('node_id')
          .orderBy('channel_id')
          .orderBy('id')
          .execute(),
      );
    },

    /** Each counted temperature sensor's maturity state in the jobs, in channel order. */
    states(jobIds: readonly number[]) {
      return chunked(jobIds, (part) =>
        db
          .selectFrom('maturity_state as ms')
          .innerJoin('sensor as s', 's.id', 'ms.sensor_id')
          .select(['ms.job_id', 'ms.sensor_id', 'ms.last_ts', 'ms.maturity', 'ms.equivalent_age'])
          .where('ms.job_id', 'in', part)
          .where('s.sensor_type', '=', 'Temperature')
          .where('s.blacklisted', '=', 0)
          .where('s.decommissioned', '=', 0)
          .orderBy('ms.job_id')
          .orderBy('s.channel_id')
          .orderBy('s.id')
          .execute(),
      );
    },

    /**
     * The jobs' hourly maturity rows from `fromHour` on (every hour when omitted), oldest first: the
     * last reading of each hour, with the maturity reached by then.
     */
    hours(jobIds: readonly number[], fromHour?: number) {
      return chunked(jobIds, (part) => {
        let q = db
          .selectFrom('maturity_hour')
          .select(['job_id', 'sensor_id', 'hour', 'last_ts', 'last_temp', 'maturity', 'equivalent_age'])
          .where('job_id', 'in', part);
        if (fromHour !== undefined) q = q.where('hour', '>=', fromHour);
        return q.orderBy('job_id').orderBy('sensor_id').orderBy('hour').execute();
      });
    },

    /**
     * Replaces a job's further targets and sets what is given of its primary target (unit, kind,
     * singular target in MPa), in one transaction.
     */
    async saveTargets(
      v: {
        companyId: number;
        jobId: number;
        userId: number;
        now: number;
        targets: readonly TargetInsert[];
      },
      primary: { target_unit?: string; target_kind?: string; singular_target?: number },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('job_target').where('job_id', '=', v.jobId).execute();
        if (v.targets.length > 0) {
          await trx
            .insertInto('job_target')
            .values(
              v.targets.map((t) => ({
                company_id: v.companyId,
                job_id: v.jobId,
                kind: t.kind,
                strength_mpa: t.strength_mpa,
                entered_value: t.entered_value,
                entered_unit: t.entered_unit,
                created_by: v.userId,
                created_at: v.now,
              })),
            )
            .execute();
        }
        if (Object.keys(primary).length > 0) {
          await trx.updateTable('job').set(primary).where('id', '=', v.jobId).execute();
        }
      });
    },
  };
}
export type ForecastRepo = ReturnType<typeof createForecastRepo>;
