import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TextResource, TextResourceParams, TextResourceQuery } from '@sitepulse/contracts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

export const resourcesRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  app.get(
    '/resources/text/:name',
    {
      schema: {
        tags: ['resources'],
        summary: 'A text resource (e.g. AOMS_MATURITY_STRENGTH_DISCLAIMER) in en or es; falls back to en',
        params: TextResourceParams,
        querystring: TextResourceQuery,
        security: BEARER,
        response: { 200: TextResource, ...AUTHED_ERRORS },
      },
    },
    async (req) => services.resources.getText(req.params.name, req.query.language),
  );
};
