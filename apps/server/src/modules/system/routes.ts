import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResult, PublicConfig } from '@sitepulse/contracts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

export const APP_VERSION = '6.2.3';

/** Health and the public configuration the web app reads before anyone signs in. */
export const systemRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { config }) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: 200 once the server is ready',
        response: { 200: HealthResult },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: 200 when the database answers; 503 while the server drains on shutdown',
        response: { 200: HealthResult, ...errorResponses(503) },
      },
    },
    async () => {
      const notReady = await app.readiness.check();
      if (notReady !== undefined) throw new AppError(503, 'NOT_READY', notReady);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/config',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Public configuration: version, links, map tiles, feature flags',
        response: { 200: PublicConfig },
      },
    },
    async () => ({
      version: APP_VERSION,
      environment: 'production',
      helpUrl: config.helpUrl,
      helpCentreUrl: config.helpCentreUrl,
      shopUrl: config.shopUrl,
      supportPhone: config.supportPhone,
      supportEmail: config.supportEmail,
      privacyPolicyUrl: config.privacyPolicyUrl,
      mapTileUrl: config.mapTileUrl,
      mapAttribution: config.mapAttribution,
      features: {
        materialTracking: config.features.materialTracking,
        trackingManager: config.features.trackingManager,
      },
    }),
  );
};
