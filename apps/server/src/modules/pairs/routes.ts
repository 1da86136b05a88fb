import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DIFFERENTIAL_LIMIT_MAX_C,
  DIFFERENTIAL_LIMIT_MIN_C,
  IdParams,
  JOB_SENSOR_PAIRS_MAX,
  JobDifferentialLimit,
  JobSensorPairList,
  JobSensorPairsBody,
} from '@sitepulse/contracts';
import { DIFFERENTIAL_LIMIT_C } from '@sitepulse/domain';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const PAIRS = '/analytics/concrete/maturity/jobs/pairs';

const ABOUT =
  'Not a call of the specification (issue 14): ours, under the maturity jobs path. A pair is two temperature ' +
  "sensors of the job (sid1, sid2), compared as sid1 minus sid2. The job's differential report " +
  '(MATURITY_STRENGTH_JOB_DIFFERENTIAL), and the job group differential report over the pairs of all its jobs, ' +
  'compare these pairs when the request names none; only when there are none does it pair each counted ' +
  'temperature sensor with the coolest one (docs/decisions/reports.md, "Differential reports").';
const LIMIT =
  `Issue 15: the job's differential limit (°C, a difference of temperatures: 35 °F is 19.44 °C), from ` +
  `${DIFFERENTIAL_LIMIT_MIN_C} to ${DIFFERENTIAL_LIMIT_MAX_C}, default ${DIFFERENTIAL_LIMIT_C} (ACI 301 practice). ` +
  'The alarm engine raises TEMPERATURE_DIFFERENTIAL when a stored pair differs by more than it, and the ' +
  "job's differential reports use it when the request names no limit (a group's report: the lowest of its jobs').";
const SCOPE =
  "Limited to the caller's company and readable job sites: another company's or an ungranted job site's job " +
  'reads as 404, one of a site where the caller is an inspector answers 403.';

/** The sensor pairs stored on maturity jobs (issue 14). */
export const pairsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { pairs } = services;
  const base = { tags: ['maturity and strength'], security: BEARER };

  app.get(
    `${PAIRS}/:id`,
    {
      schema: {
        ...base,
        summary: "A maturity job's sensor pairs, which its differential reports compare",
        description: `In the order they were given; a humidity job has none. ${ABOUT} ${SCOPE}`,
        params: IdParams,
        response: { 200: JobSensorPairList, ...AUTHED_ERRORS },
      },
    },
    async (req) => pairs.pairs(requireActor(req), req.params.id),
  );

  app.get(
    `${PAIRS}/:id/limit`,
    {
      schema: {
        ...base,
        summary: "A maturity job's differential limit: its own, else the default",
        description: `limitC is the limit in force, differentialLimitC the job's own (null: the default). ${LIMIT} ${SCOPE}`,
        params: IdParams,
        response: { 200: JobDifferentialLimit, ...AUTHED_ERRORS },
      },
    },
    async (req) => pairs.limit(requireActor(req), req.params.id),
  );

  app.put(
    `${PAIRS}/:id`,
    {
      schema: {
        ...base,
        summary: "Sets a maturity job's sensor pairs (all at once) and its differential limit",
        description:
          `The body's pairs replace the job's (an empty list removes them), at most ${JOB_SENSOR_PAIRS_MAX}. ` +
          'Writers of the job site only (admin or editor; a viewer or a Read-Only account answers 403). 400 with ' +
          'nothing changed: a humidity job, a pair of one sensor with itself, a sensor that is not a temperature ' +
          'sensor of the job, the same two sensors given twice (either way round), a differentialLimitC out of ' +
          "bounds. differentialLimitC (optional) sets the job's differential limit with its pairs (null: back to " +
          `the default; absent: unchanged). Answers the job's pairs. ${LIMIT} ` +
          `${ABOUT} ${SCOPE}`,
        params: IdParams,
        body: JobSensorPairsBody,
        response: { 200: JobSensorPairList, ...AUTHED_ERRORS },
      },
    },
    async (req) => pairs.setPairs(requireActor(req), req.params.id, req.body),
  );
};
