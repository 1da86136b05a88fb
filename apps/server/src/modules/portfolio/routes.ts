import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PortfolioStatus, TenantQuery } from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** The portfolio (issue 13): the state of every job site the caller may read, and what needs attention. */
export const portfolioRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { portfolio } = services;

  app.get(
    '/portfolio/status',
    {
      schema: {
        tags: ['job sites'],
        security: BEARER,
        summary: 'The worst state of each job site the caller may read, and what needs attention across them',
        description:
          'Ours: the specification names no such call (docs/decisions/portfolio.md). Lists the job sites of the ' +
          "caller's company granted to them, leaving out those where they are an inspector (as every data call " +
          'does). Each site has its worst state, ALARM (a sensor threshold crossed), ERROR (a job in error), ' +
          'CURING (pours below their target), AT_TARGET (every running pour at its target), MONITORING (only ' +
          'other jobs running) or IDLE (nothing running), with how many running jobs are in each. `attention` ' +
          'lists, worst first and at most 200, the jobs in alarm or in error, the silent nodes (no message for ' +
          'longer than their type allows: 2 h for streaming nodes, 12 h for GPS trackers, 26 h for event ' +
          'sensors) and the low batteries (section 4 battery rule), each with the web route of its screen.',
        querystring: TenantQuery,
        response: { 200: PortfolioStatus, ...AUTHED_ERRORS },
      },
    },
    async (req) => portfolio.status(requireActor(req)),
  );
};
