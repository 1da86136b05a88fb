import Type from 'typebox';
import { id } from './common.ts';

/**
 * Issue 14: the sensor pairs stored on a maturity job, which its differential reports compare when a
 * request names none. Ours (the spec names no such call): GET and PUT
 * /analytics/concrete/maturity/jobs/pairs/{id}.
 */

/** The most pairs one job keeps (a report's pages stay readable). */
export const JOB_SENSOR_PAIRS_MAX = 100;

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
});
export type JobSensorPairsBody = Type.Static<typeof JobSensorPairsBody>;
