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
import { AUTHED_ERRORS, BEARER, bearerToken, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

/** Ten thousand items of about a hundred bytes each, with room to spare. */
const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

/** Gateway ingest over HTTP, gateway registration and the rejected-readings list. */
export const ingestRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { ingest } = services;

  app.post(
    '/ingest/readings',
    {
      config: { auth: 'public' },
      bodyLimit: INGEST_BODY_LIMIT,
      // Gateways on metered links may send the body gzip- or deflate-compressed (Content-Encoding).
      decompress: {},
      schema: {
        tags: ['ingest'],
        summary: 'Store a gateway batch: readings, node status and locations',
        description:
          `Authorization: Bearer <gateway key>. Up to ${INGEST_MAX_ITEMS} items in all; more answers 413 and stores nothing. ` +
          'A reading is identified by (node, channel, sensor type, ts): a resend counts as a duplicate and changes nothing. ' +
          'Items for an unknown node, with a non-numeric value, or a time more than 10 minutes ahead are rejected with a reason ' +
          'and kept in the rejected list (GET /api/ingest/rejected). A body that is not JSON answers 400, a bad key 401; both store nothing. ' +
          'The body may be sent compressed (Content-Encoding: gzip or deflate). ' +
          'The same JSON is accepted over MQTT on sitepulse/gateways/{gatewayId}/up (QoS 1) when the server has MQTT_URL; the answer is published on sitepulse/gateways/{gatewayId}/ack.',
        security: [{ gatewayKey: [] }],
        body: IngestBody,
        response: { 200: IngestResult, ...errorResponses(400, 401, 413) },
      },
    },
    async (req) => {
      const gateway = await ingest.authenticateGateway(bearerToken(req.headers.authorization));
      return ingest.ingest(gateway, req.body);
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
