import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DataIdParams,
  GpsGroupQuery,
  GpsJobDetail,
  GpsJobList,
  GpsRangeQuery,
  GpsTrack,
  GpsTrackQuery,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const TRACK =
  'One position (the last) per bucket; the bucket is the finest multiple of 10 s that keeps the track ' +
  'within 2,000 positions. Latitudes are clamped to ±85.';

/** GPS jobs and their tracks. */
export const gpsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { gps } = services;
  const base = { tags: ['GPS'], security: BEARER };

  app.get(
    '/location/gps/jobs/by_group/with_data',
    {
      schema: {
        ...base,
        summary: 'GPS jobs of a job group, each with its latest position (locationData holds one point)',
        querystring: GpsGroupQuery,
        response: { 200: GpsJobList, ...AUTHED_ERRORS },
      },
    },
    async (req) => gps.byGroupWithData(requireActor(req), req.query.cjgId),
  );

  app.get(
    '/location/gps/jobs/details/:id',
    {
      schema: {
        ...base,
        summary: "One GPS job with its track over a range (default: the job's time), battery and signal",
        description: TRACK,
        params: DataIdParams,
        querystring: GpsRangeQuery,
        response: { 200: GpsJobDetail, ...AUTHED_ERRORS },
      },
    },
    async (req) => gps.details(requireActor(req), req.params.id, req.query),
  );

  app.get(
    '/data/warehouse/location/time/by_jobid',
    {
      schema: {
        ...base,
        tags: ['GPS', 'data warehouse'],
        summary: "A GPS job's track over a range (default: the job's time)",
        description: TRACK,
        querystring: GpsTrackQuery,
        response: { 200: GpsTrack, ...AUTHED_ERRORS },
      },
    },
    async (req) => gps.track(requireActor(req), req.query),
  );
};
