import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PushSubscriptionBody,
  PushSubscriptionInfo,
  PushUnsubscribeBody,
  PushUnsubscribeResult,
  VapidPublicKey,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** Web Push subscriptions (issue 15): paths chosen by us, the spec names none. */
export const pushRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { push } = services;
  const base = { tags: ['alarms'], security: BEARER };

  app.get(
    '/push/vapid-public-key',
    {
      schema: {
        ...base,
        summary: 'The application server key (VAPID, base64url) a browser subscribes to push with',
        description:
          'Path chosen by us. Made on first start and kept in the database: the same for every server.',
        response: { 200: VapidPublicKey, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      requireActor(req);
      return push.publicKey();
    },
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        ...base,
        summary: "Keeps this browser's push subscription for you (PushSubscription.toJSON())",
        description:
          'Path chosen by us. endpoint: an https URL of a push service (no IP address or local host name), ' +
          'keys.p256dh a base64url P-256 public key, keys.auth a base64url 16-byte secret; else 400 and nothing ' +
          'changes. The same endpoint again updates it and makes it yours (one browser, whoever subscribed ' +
          'last). Alarm messages of people whose delivery setting is PUSH go to every browser they subscribed.',
        body: PushSubscriptionBody,
        response: { 201: PushSubscriptionInfo, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      const out = await push.subscribe(requireActor(req), req.body, req.headers['user-agent']);
      return reply.code(201).send(out);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        ...base,
        summary: "Removes this browser's push subscription (yours only)",
        description:
          "Path chosen by us. Another person's subscription of that endpoint is left alone: removed false.",
        body: PushUnsubscribeBody,
        response: { 200: PushUnsubscribeResult, ...AUTHED_ERRORS },
      },
    },
    async (req) => push.unsubscribe(requireActor(req), req.body.endpoint),
  );
};
