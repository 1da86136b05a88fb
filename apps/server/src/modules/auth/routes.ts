import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CompanyCodeBody,
  CompanyCodeResult,
  id,
  LoginTokens,
  OkResult,
  RefreshTokenBody,
  ServerInfoList,
  ServerInfoQuery,
} from '@sitepulse/contracts';
import Type from 'typebox';
import { requireActor } from '../../lib/actor.ts';
import { BEARER, basicCredentials, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const LoginHeaders = Type.Object({
  companyid: id({ description: 'CompanyId header: the company of the auth-code step' }),
});

/** Sign-in: auth code, server info, login, refresh, logout. */
export const authRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services, config }) => {
  const { auth } = services;

  // Sign-in answers carry tokens: no browser or proxy may keep them (errors too, for simplicity).
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('Pragma', 'no-cache');
  });

  app.post(
    '/auth/company_code',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Auth-code step: exchanges the company code (case-sensitive) for a company token',
        description:
          'Wrong code: 401 with a generic message. Failed attempts are counted per client address; ' +
          'past AUTH_RATE_LIMIT_MAX in AUTH_RATE_LIMIT_WINDOW_S the call answers 429.',
        body: CompanyCodeBody,
        response: { 200: CompanyCodeResult, ...errorResponses(400, 401, 429) },
      },
    },
    async (req) => auth.companyCode(req.body.authCode, req.ip),
  );

  app.get(
    '/servers/alfred',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Server info for login: the host and port serving this company',
        description:
          'Describes this server. Host: PUBLIC_HOST, else the host of PUBLIC_URL; port: PUBLIC_PORT, else the ' +
          'port of PUBLIC_URL (never the Host header of the request). ' +
          'Accepts the company token or no token.',
        querystring: ServerInfoQuery,
        response: { 200: ServerInfoList, ...errorResponses(400) },
      },
    },
    async (req) => [
      {
        host: config.publicHost,
        port: config.publicPort,
        companyId: req.query.companyId,
      },
    ],
  );

  app.get(
    '/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Basic auth (username, e-mail, or + and phone digits) and a CompanyId header',
        description:
          'Wrong user or password, or an inactive user: 401 with one generic message. Failed attempts ' +
          'are rate-limited per client address (429).',
        headers: LoginHeaders,
        security: [{ basicAuth: [] }],
        response: { 200: LoginTokens, ...errorResponses(400, 401, 429) },
      },
    },
    async (req) => {
      // Missing or malformed credentials fail like a wrong password (and count as a failed attempt).
      const creds = basicCredentials(req.headers.authorization) ?? { user: '', password: '' };
      const companyId = req.headers.companyid as unknown as number;
      return auth.login(companyId, creds.user.trim(), creds.password, req.ip);
    },
  );

  app.post(
    '/auth/refresh_token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'New tokens for a refresh token; the old refresh token stops working',
        body: RefreshTokenBody,
        response: { 200: LoginTokens, ...errorResponses(400, 401) },
      },
    },
    async (req) => auth.refresh(req.body.refreshToken),
  );

  app.get(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session: its access and refresh tokens stop working (401 SESSION_REVOKED)',
        security: BEARER,
        response: { 200: OkResult, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      await auth.logout(requireActor(req));
      return { ok: true };
    },
  );
};
