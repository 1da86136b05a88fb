import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssignCableBody,
  CableInfo,
  CableQuery,
  ChannelSensor,
  DataIdParams,
  NodeAssociationInfo,
  NodeAssociationQuery,
  NodeDetail,
  NodeInfoList,
  NodesByTenantQuery,
  RegisterCableBody,
  RegisterNodeBody,
  SensorAliasBody,
  SensorBlacklistBody,
  SensorDecommissionBody,
  TenantQuery,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const WRITE_ERRORS = { ...AUTHED_ERRORS, ...errorResponses(409) };

/** Nodes and cables (spec section 7, "Nodes and cables"), their registration, and sensor settings. */
export const nodesRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { nodes } = services;
  const base = { tags: ['nodes and cables'], security: BEARER };
  const sensorsTag = { tags: ['sensors'], security: BEARER };

  app.get(
    '/nodes/list/by_tenant',
    {
      schema: {
        ...base,
        summary:
          'Nodes of a project (tenantId) or of a job site (tenantGroupId), with battery, signal and running job',
        querystring: NodesByTenantQuery,
        response: { 200: NodeInfoList, ...AUTHED_ERRORS },
      },
    },
    async (req) => nodes.listByTenant(requireActor(req), req.query),
  );

  app.get(
    '/nodes/association/info',
    {
      schema: {
        ...base,
        summary: 'Whether a cable can be attached to a node, and what each is attached to now',
        querystring: NodeAssociationQuery,
        response: { 200: NodeAssociationInfo, ...AUTHED_ERRORS },
      },
    },
    async (req) => nodes.associationInfo(requireActor(req), req.query.nodeId, req.query.cableId),
  );

  app.get(
    '/nodes/cmd/fetch/:id',
    {
      schema: {
        ...base,
        summary: 'One node with its cable and sensors',
        params: DataIdParams,
        querystring: TenantQuery,
        response: { 200: NodeDetail, ...AUTHED_ERRORS },
      },
    },
    async (req) => nodes.fetch(requireActor(req), req.params.id),
  );

  app.get(
    '/cables/:id',
    {
      schema: {
        ...base,
        summary:
          'One cable by its printed id; with allowAttached=false a cable attached to a node answers 409',
        params: DataIdParams,
        querystring: CableQuery,
        response: { 200: CableInfo, ...WRITE_ERRORS },
      },
    },
    async (req) => nodes.cable(requireActor(req), req.params.id, req.query.allowAttached ?? true),
  );

  app.post(
    '/nodes',
    {
      schema: {
        ...base,
        summary: 'Register a node on a job site (company admins)',
        description:
          'The id is the number printed on the node; an id already registered answers 409. With a cableId the ' +
          "cable is attached and its channels' sensors are created, so they exist before the first reading.",
        querystring: TenantQuery,
        body: RegisterNodeBody,
        response: { 201: NodeDetail, ...WRITE_ERRORS },
      },
    },
    async (req, reply) => reply.status(201).send(await nodes.registerNode(requireActor(req), req.body)),
  );

  app.post(
    '/cables',
    {
      schema: {
        ...base,
        summary: 'Register a cable and its channels (company admins)',
        description:
          'The id is the number printed on the cable; an id already registered answers 409. spec and ' +
          'dynamicSpec are stored as JSON text; the dynamic spec starts equal to the spec.',
        querystring: TenantQuery,
        body: RegisterCableBody,
        response: { 201: CableInfo, ...WRITE_ERRORS },
      },
    },
    async (req, reply) => reply.status(201).send(await nodes.registerCable(requireActor(req), req.body)),
  );

  app.put(
    '/nodes/cmd/assign_cable',
    {
      schema: {
        ...base,
        summary: 'Attach a cable to a node (creating its sensors), or detach it with cableId null',
        description:
          "Needs admin or editor access to the node's job site. 409 while the node runs a job or when the cable " +
          'is attached to another node.',
        querystring: TenantQuery,
        body: AssignCableBody,
        response: { 200: NodeDetail, ...WRITE_ERRORS },
      },
    },
    async (req) => nodes.assignCable(requireActor(req), req.body),
  );

  app.put(
    '/channels/sensors/cmd/assign_alias',
    {
      schema: {
        ...sensorsTag,
        summary: 'Set or clear (null or empty) the alias a sensor is shown by',
        querystring: TenantQuery,
        body: SensorAliasBody,
        response: { 200: ChannelSensor, ...AUTHED_ERRORS },
      },
    },
    async (req) => nodes.setSensorAlias(requireActor(req), req.body.sensorId, req.body.alias),
  );

  app.put(
    '/channels/sensors/cmd/decommission',
    {
      schema: {
        ...sensorsTag,
        summary: 'Decommission a sensor (or put it back): it no longer counts in its jobs’ figures',
        querystring: TenantQuery,
        body: SensorDecommissionBody,
        response: { 200: ChannelSensor, ...AUTHED_ERRORS },
      },
    },
    async (req) =>
      nodes.setSensorDecommissioned(requireActor(req), req.body.sensorId, req.body.decommissioned),
  );

  app.put(
    '/channels/sensors/cmd/blacklist',
    {
      schema: {
        ...sensorsTag,
        summary: 'Blacklist a sensor (or clear it): its readings no longer count in its jobs’ figures',
        querystring: TenantQuery,
        body: SensorBlacklistBody,
        response: { 200: ChannelSensor, ...AUTHED_ERRORS },
      },
    },
    async (req) => nodes.setSensorBlacklisted(requireActor(req), req.body.sensorId, req.body.blacklisted),
  );
};
