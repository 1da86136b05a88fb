import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LumimonOverview, LumimonOverviewParams, LumimonOverviewQuery } from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** The Lumimon overview (job site sensors). */
export const lumimonRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { lumimon } = services;

  app.get(
    '/analytics/lumimon/jobs/overview/by_tenant_group/:id',
    {
      schema: {
        tags: ['Lumimon'],
        security: BEARER,
        summary:
          "Overview of a job site's sensor nodes: microweather, data, power and GPS jobs as node cards",
        description:
          'One card per job: node, status (label as section 4 shows it), SENSOR_THRESHOLD alarm, battery, signal, ' +
          'the latest value per sensor type (metric units), the latest position of GPS jobs, the last time the ' +
          'node was heard from, and exact count/average/min/max of each sensor type over the last 24 hours. ' +
          'Cards come alarming first, then in the job type order of section 2. Counts per group (jobs, power, ' +
          'gps) and overall. A job site that is not granted to the caller answers 404, an inspector there 403.',
        params: LumimonOverviewParams,
        querystring: LumimonOverviewQuery,
        response: { 200: LumimonOverview, ...AUTHED_ERRORS },
      },
    },
    async (req) => lumimon.overview(requireActor(req), req.params.id, req.query),
  );
};
