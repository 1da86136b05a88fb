import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  InitResetPwdByEmailBody,
  OkResult,
  ResetPwdConfirmBody,
  TenantGroupAccessTypeList,
  UserDetail,
  UserDetailQuery,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, errorResponses, requestOrigin, withTenant } from '../../lib/http.ts';
import { TENANT_GROUP_ACCESS } from '../../lib/roles.ts';
import type { ModuleOptions } from '../../services.ts';

export const usersRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services, config }) => {
  const { users } = services;

  app.get(
    '/v2/users/details',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's details (admins: any user of their company; others: 403)",
        querystring: withTenant(UserDetailQuery),
        security: BEARER,
        response: { 200: UserDetail, ...AUTHED_ERRORS },
      },
    },
    async (req) => users.getDetail(requireActor(req), req.query),
  );

  app.get(
    '/v2/users/tenant_groups/access_types',
    {
      schema: {
        tags: ['users'],
        summary: 'Job-site member roles and their access codes (1 admin, 2 editor, 4 viewer, 8 inspector)',
        security: BEARER,
        response: { 200: TenantGroupAccessTypeList, ...AUTHED_ERRORS },
      },
    },
    async () => TENANT_GROUP_ACCESS.map((a) => ({ ...a })),
  );

  app.post(
    '/v2/users/cmd/init_reset_pwd/by_email',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Starts a password reset: e-mails a single-use link (1 hour) when the address is known',
        description:
          'Answers 200 {ok:true} whether or not the address belongs to a user (no account enumeration).',
        body: InitResetPwdByEmailBody,
        response: { 200: OkResult, ...errorResponses(400) },
      },
    },
    async (req) => {
      await users.initResetPasswordByEmail(
        req.body.companyId,
        req.body.email,
        config.publicUrl ?? requestOrigin(req),
      );
      return { ok: true };
    },
  );

  app.post(
    '/v2/users/cmd/reset_pwd_confirm',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Sets a new password with the token of the e-mailed link; the token works once',
        description: 'Signs out every session of the user. Invalid, used or expired token: 400.',
        body: ResetPwdConfirmBody,
        response: { 200: OkResult, ...errorResponses(400) },
      },
    },
    async (req) => {
      await users.confirmResetPassword(req.body.token, req.body.password);
      return { ok: true };
    },
  );
};
