import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserSetting, UserSettingBody, UserSettingQuery, UserSettingValues } from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, withTenant } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

export const settingsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { settings } = services;
  const base = { tags: ['settings'], security: BEARER };

  app.get(
    '/settings/user',
    {
      schema: {
        ...base,
        summary: 'One setting of a user (unset settings read as their default)',
        querystring: withTenant(UserSettingQuery),
        response: { 200: UserSetting, ...AUTHED_ERRORS },
      },
    },
    async (req) => settings.get(requireActor(req), req.query),
  );

  app.put(
    '/settings/user',
    {
      schema: {
        ...base,
        summary: 'Changes one of your own settings; values outside /v2/users/settings/values answer 400',
        body: UserSettingBody,
        response: { 200: UserSetting, ...AUTHED_ERRORS },
      },
    },
    async (req) => settings.put(requireActor(req), req.body),
  );

  app.get(
    '/v2/users/settings/values',
    {
      schema: {
        ...base,
        summary: 'The values each setting type accepts (language, time zone, units, notification delivery)',
        response: { 200: UserSettingValues, ...AUTHED_ERRORS },
      },
    },
    async () => settings.values(),
  );
};
