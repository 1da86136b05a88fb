import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EmailNotification,
  EmailNotificationList,
  EmailNotificationToggleBody,
  IdParams,
  NotificationMessageList,
  SiteEmailNotificationList,
  SiteEmailNotificationQuery,
} from '@sitepulse/contracts';
import Type from 'typebox';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, withTenant } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** The e-mail notification calls of spec section 7: who gets each job site's alarm messages. */
export const notificationsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { notifications } = services;
  const base = { tags: ['alarms'], security: BEARER };

  app.get(
    '/emailnotifications',
    {
      schema: {
        ...base,
        summary: 'Your alarm messages per job site you may read (no choice made yet: on)',
        querystring: withTenant(Type.Object({})),
        response: { 200: EmailNotificationList, ...AUTHED_ERRORS },
      },
    },
    async (req) => notifications.listMine(requireActor(req)),
  );

  app.post(
    '/emailnotifications/cmd/toggle',
    {
      schema: {
        ...base,
        summary: "Turns a job site's alarm messages on or off: your own, or (site admins) a member's",
        description:
          'Without userId: your own, on a site you may read (404 not granted, 403 inspector). With another ' +
          "member's userId: company admins and the site's admins only (403 others; 404 not a member).",
        body: EmailNotificationToggleBody,
        response: { 200: EmailNotification, ...AUTHED_ERRORS },
      },
    },
    async (req) => notifications.toggle(requireActor(req), req.body),
  );

  app.get(
    '/tenant/groups/emailnotifications/by_tenant_group',
    {
      schema: {
        ...base,
        summary: "Who of a job site gets its alarm messages, with names and e-mails (the site's admins)",
        description: "Company admins and the site's admins; other members 403, a site not granted 404.",
        querystring: withTenant(SiteEmailNotificationQuery),
        response: { 200: SiteEmailNotificationList, ...AUTHED_ERRORS },
      },
    },
    async (req) => notifications.bySite(requireActor(req), req.query.tenantGroupId),
  );

  app.get(
    '/alarms/events/:id/messages',
    {
      schema: {
        ...base,
        summary: 'The messages of an alarm: to whom, by which channel, and their delivery state',
        description:
          'Path chosen by us. One row per person, channel and change (RAISED, CLEARED), oldest first: PENDING ' +
          '(queued with 0 attempts; retrying with the last error and nextAttemptAt), SENT (handed to the mail ' +
          'server, SMS gateway or push service), FAILED (with the error and its errorCode), DIGESTED (held back ' +
          'by the hourly cap, in the digest). requestedChannel is the person’s DefaultNotificationDelivery, ' +
          'channel the one used: PUSH without a subscribed browser and SMS without a phone go by e-mail, no ' +
          'e-mail address by SMS. The person is named (recipientName); addresses and phone numbers are not ' +
          'listed. Readers of the site (as GET /alarms/events): another company’s alarm or an ungranted site ' +
          '404, an inspector there 403.',
        params: IdParams,
        response: { 200: NotificationMessageList, ...AUTHED_ERRORS },
      },
    },
    async (req) => notifications.messagesFor(requireActor(req), req.params.id),
  );
};
