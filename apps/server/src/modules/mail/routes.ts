import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OutboxList, OutboxQuery } from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** The outbox: what the server sent (or keeps to be passed on) to the company's users. */
export const mailRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { mail } = services;

  app.get(
    '/mail/outbox',
    {
      schema: {
        tags: ['users'],
        summary: "The messages sent to the company's users, newest first (company admins only; others 403)",
        description:
          'E-mails (sent by SMTP: sentAt; failed: error) and text messages of invitations by phone, which are ' +
          'kept here unsent (no SMS gateway) for an admin to pass on. Another companyId: 403.',
        querystring: OutboxQuery,
        security: BEARER,
        response: { 200: OutboxList, ...AUTHED_ERRORS },
      },
    },
    async (req) => mail.listOutbox(requireActor(req), req.query),
  );
};
