import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UsageBatchBody, UsageBatchResult, UsageCounts, UsageCountsQuery } from '@sitepulse/contracts';
import type { FastifyRequest } from 'fastify';
import { requireActor } from '../../lib/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import { AUTHED_ERRORS, BEARER, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const BODY_KEYS = new Set(Object.keys(UsageBatchBody.properties));
const ITEM_KEYS = new Set(Object.keys(UsageBatchBody.properties.items.items.properties));

/**
 * A field the body may not carry (a user id, an address, anything else) answers 400 instead of being
 * dropped quietly by validation: who the user is comes from the session only.
 */
async function refuseUnknownFields(req: FastifyRequest): Promise<void> {
  const body = req.body as { items?: unknown } | null;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return; // validation answers
  const extra = Object.keys(body).find((k) => !BODY_KEYS.has(k));
  if (extra !== undefined) throw badRequest(`body/${extra}: no such field`);
  if (!Array.isArray(body.items)) return;
  body.items.forEach((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return;
    const bad = Object.keys(item).find((k) => !ITEM_KEYS.has(k));
    if (bad !== undefined) throw badRequest(`body/items/${i}/${bad}: no such field`);
  });
}

/** Usage tracking (spec section 1; issue 16): paths chosen by us, docs/decisions/usage-tracking.md. */
export const usageRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { usage } = services;
  const base = { tags: ['usage'], security: BEARER };

  app.post(
    '/usage/events',
    {
      preValidation: refuseUnknownFields,
      schema: {
        ...base,
        summary: 'Records page views and events of the signed-in user (a batch of 1 to 50)',
        description:
          'Path chosen by us. Each item is a page view (`kind` page, `path`) or an event (`kind` event, `name` ' +
          'from the fixed list, `path` of the page it happened on). The path is kept as its route pattern ' +
          "(ids, query and hash dropped: '/job/Maturity/3/32/6?x=1' counts as '/job/:type/:jobsiteId/:tenantId/:id'; " +
          "a path of no route as '(other)'). The user is the signed-in one: a body field naming anyone, or any " +
          'field not listed, answers 400. Nothing else is kept (no address, no browser). More than 300 items ' +
          'a minute per user answers 429. Any refusal keeps nothing. Single rows are kept 90 days, the ' +
          'daily counts are kept.',
        body: UsageBatchBody,
        response: { 202: UsageBatchResult, ...AUTHED_ERRORS, ...errorResponses(429) },
      },
    },
    async (req, reply) => reply.code(202).send(await usage.record(requireActor(req), req.body)),
  );

  app.get(
    '/usage/counts',
    {
      schema: {
        ...base,
        summary: 'Page views per page and per day, and events, of the company (company admins)',
        description:
          'Path chosen by us. from and to are UTC days (YYYY-MM-DD), both included, at most 366 days apart ' +
          '(400 otherwise). Company admins only (403); companyId must be the caller’s company (403).',
        querystring: UsageCountsQuery,
        response: { 200: UsageCounts, ...AUTHED_ERRORS },
      },
    },
    async (req) => usage.counts(requireActor(req), req.query),
  );
};
