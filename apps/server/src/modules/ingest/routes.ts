import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateGatewayBody,
  GatewayList,
  GatewayWithKey,
  IdParams,
  IngestBody,
  IngestResult,
  RejectedPage,
  RejectedQuery,
  TenantQuery,
} from '@sitepulse/contracts';
import { INGEST_MAX_ITEMS } from '@sitepulse/domain';
import { requireActor } from '../../lib/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import { AUTHED_ERRORS, BEARER, bearerToken, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';
import { INGEST_MAX_BYTES, INGEST_MAX_DEPTH, valueNestsDeeperThan } from './uplink-limits.ts';

/** Gateway ingest over HTTP, gateway registration and the rejected-readings list. */
export const ingestRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { ingest } = services;

  // JSON bodies of these routes (this plugin's scope only) are refused when they nest deeper than an
  // uplink ever does, before anything walks them: deep JSON would overflow the stack of what recurses.
  // The parse itself is safe at any depth (V8's JSON.parse and secure-json-parse's checks are
  // iterative), and checking the parsed value costs a few times less than scanning the text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    parseJson(req, text, (err, value) => {
      if (err) done(err, undefined);
      else if (valueNestsDeeperThan(value, INGEST_MAX_DEPTH))
        done(badRequest(`The JSON nests deeper than ${INGEST_MAX_DEPTH} levels`), undefined);
      else done(null, value);
    });
  });

  app.post(
    '/ingest/readings',
    {
      // Bad items of a batch are rejected one by one (validate.ts), not the whole body.
      config: { auth: 'public', checksOwnBody: true },
      bodyLimit: INGEST_MAX_BYTES,
      // Gateways on metered links may send the body gzip- or deflate-compressed (Content-Encoding).
      decompress: {},
      schema: {
        tags: ['ingest'],
        summary: 'Store a gateway batch: readings, node status and locations',
        description:
          `Authorization: Bearer <gateway key>. Up to ${INGEST_MAX_ITEMS} items in all; more answers 413 and stores nothing. ` +
          'A reading is identified by (node, channel, sensor type, ts): a resend counts as a duplicate and changes nothing. ' +
          "Items for an unknown node, a node not on the gateway's job site (a gateway not assigned to a job site writes nothing), " +
          'a non-numeric or out-of-range value, or a time more than 10 minutes ahead are rejected with a reason ' +
          'and kept in the rejected list (GET /api/ingest/rejected). ' +
          `A body that is not JSON or nests deeper than ${INGEST_MAX_DEPTH} levels answers 400, a bad key 401; both store nothing. ` +
          'The body may be sent compressed (Content-Encoding: gzip or deflate). ' +
          'The same JSON is accepted over MQTT on sitepulse/gateways/{gatewayId}/up (QoS 1) when the server has MQTT_URL; the answer is published on sitepulse/gateways/{gatewayId}/ack.',
        security: [{ gatewayKey: [] }],
        body: IngestBody,
        response: { 200: IngestResult, ...errorResponses(400, 401, 413) },
      },
    },
    async (req) => {
      const gateway = await ingest.authenticateGateway(bearerToken(req.headers.authorization));
      return app.metrics.countIngest('http', await ingest.ingest(gateway, req.body));
    },
  );

  app.get(
    '/ingest/rejected',
    {
      schema: {
        tags: ['ingest'],
        summary: 'Items gateways sent that were not stored, newest first (company admins)',
        security: BEARER,
        querystring: RejectedQuery,
        response: { 200: RejectedPage, ...AUTHED_ERRORS },
      },
    },
    async (req) => ingest.listRejected(requireActor(req), req.query),
  );

  app.get(
    '/gateways',
    {
      schema: {
        tags: ['ingest'],
        summary: "The company's gateways (admins: all; others: those of their job sites)",
        security: BEARER,
        querystring: TenantQuery,
        response: { 200: GatewayList, ...AUTHED_ERRORS },
      },
    },
    async (req) => ingest.listGateways(requireActor(req)),
  );

  app.post(
    '/gateways',
    {
      schema: {
        tags: ['ingest'],
        summary: 'Register a gateway; its key is shown in this answer only (company admins)',
        security: BEARER,
        body: CreateGatewayBody,
        response: { 200: GatewayWithKey, ...AUTHED_ERRORS },
      },
    },
    async (req) => ingest.createGateway(requireActor(req), req.body),
  );

  app.post(
    '/gateways/:id/cmd/rotate_key',
    {
      schema: {
        tags: ['ingest'],
        summary: "Replace a gateway's key: the old key stops working at once (company admins)",
        security: BEARER,
        params: IdParams,
        response: { 200: GatewayWithKey, ...AUTHED_ERRORS },
      },
    },
    async (req) => ingest.rotateGatewayKey(requireActor(req), req.params.id),
  );
};
