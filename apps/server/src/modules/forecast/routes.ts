import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  JobForecast,
  JobForecastListQuery,
  JobForecastSummaryList,
  JobTargetList,
  JobTargetsBody,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const JOBS = '/analytics/concrete/maturity/jobs';

const OURS =
  'Not a call of the specification (issue 13): ours, under the maturity jobs path. Strengths are MPa, ' +
  'maturities °C·h (Nurse-Saul) or hours (equivalent age) by the job profile, times UTC epoch ms.';
const SCOPE =
  "Limited to the caller's company and readable job sites: another company's or an ungranted job site's job " +
  'reads as 404, one of a site where the caller is an inspector answers 403.';
const TARGETS =
  "The job's primary target is the specification's (its singular target, else the high, medium or low one), " +
  'of kind target_kind (default STRIPPING), read back in the unit it was entered in (enteredValue, enteredUnit; ' +
  'psi to the hundredth). The further targets (one per kind: STRIPPING, POST_TENSIONING, OPEN_TO_TRAFFIC, DESIGN) ' +
  'follow in that order, each as entered. A humidity job has none.';
const RULE =
  'The rule (docs/decisions/strength-forecast.md): each target strength is turned into the maturity it needs by ' +
  "inverting the profile's curve S = a + b·log10(M); each counted sensor gains maturity at the rate of its recent " +
  'temperatures (the last 12 hours of its hourly maturity rows): expectedAt at the recent mean, earliestAt from the ' +
  'recent high following a rising trend for 6 h, latestAt from the recent low following a falling one (null: no ' +
  "bound). The job reaches a target when the average of its sensors' projected strengths does. States: REACHED " +
  '(reachedAt from the hourly history), NO_PROFILE (no profile, or a curve that does not rise), NOT_STARTED, ' +
  'STOPPED (terminated before reaching it), NO_DATA (no reading in the last 12 hours), BELOW_DATUM (at or below the ' +
  "profile's datum: no gain), FALLING_TEMPERATURE (the recent trend takes the concrete to the datum within 24 h " +
  'before the target), FORECAST.';

/** Strength targets of maturity jobs and their forecasts (issue 13). */
export const forecastRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { forecast } = services;
  const base = { tags: ['maturity and strength'], security: BEARER };

  app.get(
    `${JOBS}/targets/:id`,
    {
      schema: {
        ...base,
        summary:
          "A maturity job's strength targets: the primary (the specification's) first, then the further ones",
        description: `${TARGETS} ${OURS} ${SCOPE}`,
        params: IdParams,
        response: { 200: JobTargetList, ...AUTHED_ERRORS },
      },
    },
    async (req) => forecast.targets(requireActor(req), req.params.id),
  );

  app.put(
    `${JOBS}/targets/:id`,
    {
      schema: {
        ...base,
        summary:
          "Sets a maturity job's further strength targets (all at once), and its primary target's unit, kind and figure",
        description:
          `${TARGETS} The body's targets replace the job's further targets (an empty list removes them); ` +
          'primaryUnit and primaryKind set those of the primary target; primaryValue (in primaryUnit, else the unit ' +
          "it was entered in) sets the job's singular target, as the strength threshold call does (the MATURED bit " +
          'follows it). Writers of the job site only (admin or editor; a viewer or a Read-Only account answers 403). ' +
          '400 with nothing changed: a humidity job, a kind given twice, a kind equal to the primary target kind, a ' +
          `strength above 1000 MPa. Answers the job's targets. ${OURS} ${SCOPE}`,
        params: IdParams,
        body: JobTargetsBody,
        response: { 200: JobTargetList, ...AUTHED_ERRORS },
      },
    },
    async (req) => forecast.setTargets(requireActor(req), req.params.id, req.body),
  );

  app.get(
    `${JOBS}/forecast/:id`,
    {
      schema: {
        ...base,
        summary:
          'When a maturity job will reach each of its strength targets, for the job and for each sensor',
        description:
          `${RULE} The job's state is FORECAST when a target ahead is forecast, REACHED when all are reached, else ` +
          "why its next target has no forecast. recent: the job's recent temperatures (mean of the sensors' means " +
          'and trends, lowest low, highest high). projection: the projected strength band (low, mid, high MPa) from ' +
          'the last reading to the latest target time, at most 48 points. sensors: every counted temperature sensor ' +
          `with its own forecast. A humidity job answers 400. ${OURS} ${SCOPE}`,
        params: IdParams,
        response: { 200: JobForecast, ...AUTHED_ERRORS },
      },
    },
    async (req) => forecast.forecast(requireActor(req), req.params.id),
  );

  app.get(
    `${JOBS}/forecast`,
    {
      schema: {
        ...base,
        summary:
          'The next strength target and its forecast of each running maturity job of a project or a job site',
        description:
          'tenant (a project id) or tenantGroupId (a job site id), or both; neither answers 400. Each job: its ' +
          'state, strength, next target (the lowest not yet reached; the highest when all are) and how many it ' +
          `reached. Newest job first. ${RULE} ${OURS} A project or job site that is not the caller's reads as 404 ` +
          '(403 where the caller is an inspector).',
        querystring: JobForecastListQuery,
        response: { 200: JobForecastSummaryList, ...AUTHED_ERRORS },
      },
    },
    async (req) => forecast.summaries(requireActor(req), req.query),
  );
};
