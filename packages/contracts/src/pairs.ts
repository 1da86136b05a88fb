import Type from 'typebox';
import { id } from './common.ts';

/**
 * Issue 14: the sensor pairs stored on a maturity job, which its differential reports compare when a
 * request names none. Ours (the spec names no such call): GET and PUT
 * /analytics/concrete/maturity/jobs/pairs/{id}. Issue 15: the job's own differential limit, set with its
 * pairs and read by GET .../pairs/{id}/limit.
 */

/** The most pairs one job keeps (a report's pages stay readable). */
export const JOB_SENSOR_PAIRS_MAX = 100;
/** The smallest and largest differential limit a job may have, °C (a difference of temperatures). */
export const DIFFERENTIAL_LIMIT_MIN_C = 0.5;
export const DIFFERENTIAL_LIMIT_MAX_C = 100;

/** Two temperature sensors of the job, compared as sid1 minus sid2. */
export const JobSensorPair = Type.Object({
  sid1: id({ description: 'a temperature sensor of the job' }),
  sid2: id({ description: 'another temperature sensor of the job' }),
});
export type JobSensorPair = Type.Static<typeof JobSensorPair>;

/** A job's pairs, in the order they were given. */
export const JobSensorPairList = Type.Array(JobSensorPair);
export type JobSensorPairList = Type.Static<typeof JobSensorPairList>;

/** PUT .../maturity/jobs/pairs/{id}: the job's pairs, all at once (an empty list removes them). */
export const JobSensorPairsBody = Type.Object({
  pairs: Type.Array(JobSensorPair, { maxItems: JOB_SENSOR_PAIRS_MAX }),
  /**
   * The job's differential limit, °C (a difference: 35 °F is 19.44 °C); null goes back to the default;
   * absent leaves it as it is. `nullable` (not a union) so the server's coercion keeps null as null.
   */
  differentialLimitC: Type.Optional(
    Type.Unsafe<number | null>(
      Type.Number({
        nullable: true,
        minimum: DIFFERENTIAL_LIMIT_MIN_C,
        maximum: DIFFERENTIAL_LIMIT_MAX_C,
        description: `the largest temperature difference of a pair before TEMPERATURE_DIFFERENTIAL is raised, °C, from ${DIFFERENTIAL_LIMIT_MIN_C} to ${DIFFERENTIAL_LIMIT_MAX_C}; null: the default`,
      }),
    ),
  ),
});
export type JobSensorPairsBody = Type.Static<typeof JobSensorPairsBody>;

/** GET .../maturity/jobs/pairs/{id}/limit: the job's differential limit. */
export const JobDifferentialLimit = Type.Object({
  /** the limit in force, °C: the job's own, else the default */
  limitC: Type.Number(),
  /** the job's own limit, °C, or null when it uses the default */
  differentialLimitC: Type.Union([Type.Number(), Type.Null()]),
  /** the default limit, °C (ACI 301 practice) */
  defaultLimitC: Type.Number(),
});
export type JobDifferentialLimit = Type.Static<typeof JobDifferentialLimit>;
