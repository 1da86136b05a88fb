import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssignProfileBody,
  ChannelJob,
  CreateChannelJobBody,
  CreateMaturityJobBody,
  StartJobBody,
  StopJobBody,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';
import { MATURITY_KINDS } from './service.ts';

const ERRORS = { ...AUTHED_ERRORS, ...errorResponses(409) };

/** Job lifecycle of every kind: create, start, stop. */
export const jobsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { jobs } = services;
  const maturity = { tags: ['maturity and strength'], security: BEARER };
  const channel = { tags: ['jobs'], security: BEARER };
  const access =
    "Needs write access (admin or editor) to the project's job site: viewers, inspectors and Read-Only " +
    'accounts 403, another company or an ungranted job site 404.';
  const validation =
    'The project must be active; the node must be of the company, of a type the job kind runs on, not assigned ' +
    'to another job site, and not held by another new, running or maintenance job (409). Bad input answers 400 ' +
    'and changes nothing.';

  app.post(
    '/analytics/concrete/maturity/jobs',
    {
      schema: {
        ...maturity,
        summary:
          'Create a maturity/strength job (or a humidity job when sensorFlags is 5) for a node of a project',
        description:
          'The job is NEW until started; with startDate it is created already RUNNING from that time. It joins the ' +
          'job group jobGroupId, or a new group jobGroupName, or else a new group named after the job. Maturity jobs ' +
          'read the Temperature sensors of the node, humidity jobs its Humidity and Temperature sensors. Targets (MPa) ' +
          `must rise low ≤ medium ≤ high; a concrete profile must be the company's. ${validation} ${access}`,
        body: CreateMaturityJobBody,
        response: { 200: ChannelJob, ...ERRORS },
      },
    },
    async (req) => jobs.createMaturityJob(requireActor(req), req.body),
  );

  app.post(
    '/analytics/concrete/maturity/jobs/cmd/start',
    {
      schema: {
        ...maturity,
        summary: 'Start a new maturity or humidity job: RUNNING from startDate (default now)',
        description: `Maturity and strength are recomputed from the readings stored since the start. Only NEW jobs start (else 400). ${access}`,
        body: StartJobBody,
        response: { 200: ChannelJob, ...ERRORS },
      },
    },
    async (req) => jobs.start(requireActor(req), req.body, MATURITY_KINDS),
  );

  app.post(
    '/analytics/concrete/maturity/jobs/cmd/stop',
    {
      schema: {
        ...maturity,
        summary: 'Stop a maturity or humidity job: TERMINATED at terminationDate (default now)',
        description: `Readings after the termination date no longer count. A stopped job cannot be stopped again (400). ${access}`,
        body: StopJobBody,
        response: { 200: ChannelJob, ...ERRORS },
      },
    },
    async (req) => jobs.stop(requireActor(req), req.body, MATURITY_KINDS),
  );

  app.post(
    '/analytics/concrete/maturity/jobs/cmd/assign_profile',
    {
      schema: {
        ...maturity,
        summary: 'Set the concrete profile of a maturity job',
        description:
          "Path chosen by us (the spec lists GET /concrete/conprofiles/by_company but no call that sets a job's " +
          'profile). Any status: maturity and strength are recomputed from the stored readings with the new ' +
          "strength curve. The profile must be the company's (404); humidity jobs take no profile (400). " +
          access,
        body: AssignProfileBody,
        response: { 200: ChannelJob, ...ERRORS },
      },
    },
    async (req) => jobs.assignProfile(requireActor(req), req.body),
  );

  app.post(
    '/analytics/channel/jobs',
    {
      schema: {
        ...channel,
        summary:
          'Create a microweather, data, GPS or power (current transformer) job for a node of a project',
        description:
          'Path chosen by us (the spec shows none). MICROWEATHER runs on a Microweather Node, GPS on a GPS node, ' +
          'POWER on a Current Transformer, DATA on any other sensor node (gas, liquid level, oil debris, leak, door, ' +
          "fire extinguisher, lightning, camera, vibration). sensorTypes default to the kind's (data jobs: the " +
          "node's sensor types). The job is NEW until started; with startDate it is created RUNNING. A job group is " +
          `optional (jobGroupId or a new jobGroupName). ${validation} ${access}`,
        body: CreateChannelJobBody,
        response: { 200: ChannelJob, ...ERRORS },
      },
    },
    async (req) => jobs.createChannelJob(requireActor(req), req.body),
  );

  app.post(
    '/analytics/channel/jobs/cmd/start',
    {
      schema: {
        ...channel,
        summary: 'Start a new job of any kind: RUNNING from startDate (default now)',
        description: `Path chosen by us. ${access}`,
        body: StartJobBody,
        response: { 200: ChannelJob, ...ERRORS },
      },
    },
    async (req) => jobs.start(requireActor(req), req.body),
  );

  app.post(
    '/analytics/channel/jobs/cmd/stop',
    {
      schema: {
        ...channel,
        summary: 'Stop a job of any kind: TERMINATED at terminationDate (default now)',
        description: `Path chosen by us. ${access}`,
        body: StopJobBody,
        response: { 200: ChannelJob, ...ERRORS },
      },
    },
    async (req) => jobs.stop(requireActor(req), req.body),
  );
};
