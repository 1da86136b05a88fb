import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActiveJobCount,
  ChannelJobQuery,
  ChannelSensorList,
  DataIdParams,
  DataJobAnalytics,
  DataJobAnalyticsQuery,
  DataJobCountQuery,
  DataJobDetail,
  DataJobList,
  GroupQuery,
  JobChannelSensorList,
  JobGroupMwnStatusList,
  JobIdQuery,
  JobIdsBody,
  JobTimeBody,
  LatestTimestamp,
  MeasurementAverageList,
  MeasurementExtremityList,
  MicroweatherGroupAggregateQuery,
  MicroweatherJob,
  MicroweatherJobAggregateQuery,
  MicroweatherJobDetail,
  MicroweatherJobGroupList,
  MicroweatherJobList,
  MicroweatherJobPage,
  MicroweatherPagedBody,
  MicroweatherStatusQuery,
  NodeIdQuery,
  NodePagedQuery,
  NodeRangeQuery,
  NodeStatusMessage,
  NodeTimeQuery,
  PowerTimeBody,
  ReadingCount,
  ReadingPage,
  ScopeQuery,
  SensorLatestList,
  SensorStatsList,
  SensorTimeBody,
  SeriesResponse,
  TenantIdQuery,
  TenantQuery,
  WarehouseJobQuery,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, plainJson } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const MW = '/analytics/microweather/node/jobs';
const DJ = '/analytics/data/jobs';
const WH = '/data/warehouse';

const BUCKETS =
  'Bucketed by the length of the range (domain chartBucketFor): 5 minutes up to 7 days (raw readings ' +
  'grouped in SQL), 1 hour up to 90 days (the hourly rollup), 6 hours up to 540 days, 1 day beyond. Each ' +
  'series is column-wise: x (bucket start), y (average), min and max.';

/** Microweather, data jobs, the data warehouse and node data (spec section 7). */
export const measurementsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { microweather, dataJobs, warehouse } = services.measurements;
  const mw = { tags: ['microweather'], security: BEARER };
  const dj = { tags: ['data jobs'], security: BEARER };
  const wh = { tags: ['data warehouse'], security: BEARER };
  const nd = { tags: ['node data'], security: BEARER };

  // ---- Microweather (under /analytics/microweather/node/jobs)

  app.post(
    `${MW}/sensors`,
    {
      schema: {
        ...mw,
        summary: 'Sensors of microweather jobs',
        description: 'Every id must be a microweather job on a job site granted to the caller, else 404.',
        querystring: TenantQuery,
        body: JobIdsBody,
        response: { 200: JobChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.sensors(requireActor(req), req.body.ids),
  );

  app.get(
    `${MW}/:id`,
    {
      schema: {
        ...mw,
        summary: 'One microweather job (status derived from its dates: NEW, STARTED or STOPPED)',
        params: DataIdParams,
        querystring: TenantQuery,
        response: { 200: MicroweatherJob, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.get(requireActor(req), req.params.id),
  );

  app.get(
    `${MW}/details/:id`,
    {
      schema: {
        ...mw,
        summary: 'One microweather job with its latest data per sensor type, sensors, battery and signal',
        params: DataIdParams,
        querystring: TenantQuery,
        response: { 200: MicroweatherJobDetail, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.details(requireActor(req), req.params.id),
  );

  app.get(
    `${MW}/by_channeljob`,
    {
      schema: {
        ...mw,
        summary: 'Microweather jobs beside a maturity or humidity job, with their latest data',
        description:
          "The microweather jobs of the job's group (of its project when it has no group) whose time overlaps the job's.",
        querystring: ChannelJobQuery,
        response: { 200: MicroweatherJobList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.byChannelJob(requireActor(req), req.query.channelJobId),
  );

  app.get(
    `${MW}/by_status`,
    {
      schema: {
        ...mw,
        summary: 'Microweather jobs of a date-derived status (NEW, STARTED, STOPPED), newest first',
        querystring: MicroweatherStatusQuery,
        response: { 200: MicroweatherJobList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.byStatus(requireActor(req), req.query),
  );

  app.get(
    `${MW}/by_group`,
    {
      schema: {
        ...mw,
        summary: 'Microweather jobs of a job group',
        querystring: GroupQuery,
        response: { 200: MicroweatherJobList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.byGroup(requireActor(req), req.query.cjgId, false),
  );

  app.get(
    `${MW}/by_group/with_data`,
    {
      schema: {
        ...mw,
        summary: 'Microweather jobs of a job group with their latest data per sensor type',
        querystring: GroupQuery,
        response: { 200: MicroweatherJobList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.byGroup(requireActor(req), req.query.cjgId, true),
  );

  app.get(
    `${MW}/cmd/get_active_count`,
    {
      schema: {
        ...mw,
        summary: 'How many microweather jobs are STARTED on the caller’s job sites (or one site or project)',
        querystring: ScopeQuery,
        response: { 200: ActiveJobCount, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.activeCount(requireActor(req), req.query),
  );

  app.get(
    `${MW}/groups/by_tenant/with_data`,
    {
      schema: {
        ...mw,
        summary: 'Job groups of a project with their microweather jobs and latest data',
        description:
          'Groups without a microweather job are left out; jobs outside any group come last with id null.',
        querystring: TenantIdQuery,
        response: { 200: MicroweatherJobGroupList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.groupsByTenant(requireActor(req), req.query.tenantId),
  );

  app.post(
    `${MW}/paged`,
    {
      schema: {
        ...mw,
        summary:
          'One page of microweather jobs with their latest data, by creation date (sordir, default desc)',
        querystring: TenantQuery,
        body: MicroweatherPagedBody,
        response: { 200: MicroweatherJobPage, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.paged(requireActor(req), req.body),
  );

  app.get(
    `${MW}/average/by_job`,
    {
      schema: {
        ...mw,
        summary:
          "A microweather job's average, min and max per sensor type over a range (default: its whole time)",
        querystring: MicroweatherJobAggregateQuery,
        response: { 200: MeasurementAverageList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.averages(requireActor(req), req.query),
  );

  app.get(
    `${MW}/average/by_group`,
    {
      schema: {
        ...mw,
        summary: 'Average, min and max per sensor type of each microweather job of a job group',
        querystring: MicroweatherGroupAggregateQuery,
        response: { 200: MeasurementAverageList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.averagesByGroup(requireActor(req), req.query),
  );

  app.get(
    `${MW}/extremities/by_job`,
    {
      schema: {
        ...mw,
        summary:
          "A microweather job's lowest (MIN) and highest (MAX) reading per sensor type, with sensor and time",
        querystring: MicroweatherJobAggregateQuery,
        response: { 200: MeasurementExtremityList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.extremities(requireActor(req), req.query),
  );

  app.get(
    `${MW}/extremities/by_group`,
    {
      schema: {
        ...mw,
        summary: 'Lowest and highest reading per sensor type of each microweather job of a job group',
        querystring: MicroweatherGroupAggregateQuery,
        response: { 200: MeasurementExtremityList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.extremitiesByGroup(requireActor(req), req.query),
  );

  app.get(
    '/analytics/channel/jobs/groups/with_mwn_status/:id',
    {
      schema: {
        ...mw,
        summary: 'Job groups of project {id}, each with the status of its newest microweather job',
        params: DataIdParams,
        querystring: TenantQuery,
        response: { 200: JobGroupMwnStatusList, ...AUTHED_ERRORS },
      },
    },
    async (req) => microweather.groupsWithMwnStatus(requireActor(req), req.params.id),
  );

  // ---- Data jobs

  app.get(
    `${DJ}/cmd/get_active_count`,
    {
      schema: {
        ...dj,
        summary:
          'How many data jobs are RUNNING on the caller’s job sites (or one site, project or job type)',
        querystring: DataJobCountQuery,
        response: { 200: ActiveJobCount, ...AUTHED_ERRORS },
      },
    },
    async (req) => dataJobs.activeCount(requireActor(req), req.query),
  );

  app.get(
    `${DJ}/by_cjg`,
    {
      schema: {
        ...dj,
        summary: 'Data jobs of a job group',
        querystring: GroupQuery,
        response: { 200: DataJobList, ...AUTHED_ERRORS },
      },
    },
    async (req) => dataJobs.byGroup(requireActor(req), req.query.cjgId, false),
  );

  app.get(
    `${DJ}/by_group/with_data`,
    {
      schema: {
        ...dj,
        summary: 'Data jobs of a job group with the latest reading of each sensor, battery and signal',
        querystring: GroupQuery,
        response: { 200: DataJobList, ...AUTHED_ERRORS },
      },
    },
    async (req) => dataJobs.byGroup(requireActor(req), req.query.cjgId, true),
  );

  app.get(
    `${DJ}/details/:id`,
    {
      schema: {
        ...dj,
        summary: 'One data job with its sensors, their latest readings, battery and signal',
        params: DataIdParams,
        querystring: TenantQuery,
        response: { 200: DataJobDetail, ...AUTHED_ERRORS },
      },
    },
    async (req) => dataJobs.details(requireActor(req), req.params.id),
  );

  app.get(
    `${DJ}/analytics/by_dj`,
    {
      schema: {
        ...dj,
        summary: "A data job's count, average, min, max and latest reading per sensor over a range",
        querystring: DataJobAnalyticsQuery,
        response: { 200: DataJobAnalytics, ...AUTHED_ERRORS },
      },
    },
    async (req) => dataJobs.analytics(requireActor(req), req.query),
  );

  app.post(
    `${DJ}/sensors`,
    {
      schema: {
        ...dj,
        summary: 'Sensors of data jobs',
        description: 'Every id must be a data job on a job site granted to the caller, else 404.',
        querystring: TenantQuery,
        body: JobIdsBody,
        response: { 200: JobChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => dataJobs.sensors(requireActor(req), req.body.ids),
  );

  // ---- Data warehouse

  app.get(
    `${WH}/measurement/average/by_job`,
    {
      schema: {
        ...wh,
        summary:
          "Exact count, average, min and max of each of a job's sensors over a range (default: the job's time)",
        querystring: WarehouseJobQuery,
        response: { 200: SensorStatsList, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.averageByJob(requireActor(req), req.query),
  );

  app.get(
    `${WH}/measurement/latest/by_job`,
    {
      schema: {
        ...wh,
        summary: "The latest reading of each of a job's sensors within the job's time",
        querystring: WarehouseJobQuery,
        response: { 200: SensorLatestList, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.latestByJob(requireActor(req), req.query),
  );

  app.post(
    `${WH}/measurement/time/by_job`,
    {
      serializerCompiler: plainJson,
      schema: {
        ...wh,
        summary: "A job's readings over time, one bucketed series per sensor",
        description: `The range is kept within the job's time. ${BUCKETS}`,
        querystring: TenantQuery,
        body: JobTimeBody,
        response: { 200: SeriesResponse, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.timeByJob(requireActor(req), req.body),
  );

  app.post(
    `${WH}/measurement/time/by_sid`,
    {
      serializerCompiler: plainJson,
      schema: {
        ...wh,
        summary: "One sensor's readings over time, bucketed (default: the last 7 days)",
        description: BUCKETS,
        querystring: TenantQuery,
        body: SensorTimeBody,
        response: { 200: SeriesResponse, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.timeBySensor(requireActor(req), req.body),
  );

  app.get(
    `${WH}/analytics/latest/by_job`,
    {
      schema: {
        ...wh,
        summary: "Latest current, power and voltage of a job's sensors (current-transformer jobs)",
        querystring: JobIdQuery,
        response: { 200: SensorLatestList, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.powerLatest(requireActor(req), req.query),
  );

  app.post(
    `${WH}/analytics/time/by_job`,
    {
      serializerCompiler: plainJson,
      schema: {
        ...wh,
        summary: "A power job's current, power and voltage over time, one bucketed series per sensor",
        description: BUCKETS,
        querystring: TenantQuery,
        body: PowerTimeBody,
        response: { 200: SeriesResponse, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.powerTime(requireActor(req), req.body),
  );

  // ---- Node data

  app.get(
    '/channels/nodes/temperature/time/by_nid',
    {
      serializerCompiler: plainJson,
      schema: {
        ...nd,
        summary: "A node's temperature sensors over time, bucketed (default: the last 7 days)",
        description: BUCKETS,
        querystring: NodeTimeQuery,
        response: { 200: SeriesResponse, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.nodeTemperatureSeries(requireActor(req), req.query),
  );

  app.get(
    '/channels/nodes/temperature/time/by_nid/paged',
    {
      schema: {
        ...nd,
        summary: "A node's raw temperature readings, one page, by time then sensor",
        description: 'The number of readings is GET /channels/nodes/temperature/len/by_nid/{id}.',
        querystring: NodePagedQuery,
        response: { 200: ReadingPage, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.nodeTemperaturePage(requireActor(req), req.query),
  );

  app.get(
    '/channels/nodes/temperature/len/by_nid/:id',
    {
      schema: {
        ...nd,
        summary: 'How many temperature readings node {id} holds in a range (default: all)',
        params: DataIdParams,
        querystring: NodeRangeQuery,
        response: { 200: ReadingCount, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.nodeTemperatureLen(requireActor(req), req.params.id, req.query),
  );

  app.get(
    '/channels/nodes/temperature/by_nid/:id',
    {
      schema: {
        ...nd,
        summary: 'The temperature sensors of node {id} with their latest values',
        params: DataIdParams,
        querystring: TenantQuery,
        response: { 200: ChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.nodeTemperatureLatest(requireActor(req), req.params.id),
  );

  app.get(
    '/analytics/nodes/temperature/timestamp/latest/by_nid',
    {
      schema: {
        ...nd,
        summary: "Time of a node's latest temperature reading (null when it has none)",
        querystring: NodeIdQuery,
        response: { 200: LatestTimestamp, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.nodeLatestTimestamp(requireActor(req), req.query.nodeId),
  );

  app.get(
    '/channels/nodes/status/messages/latest/by_nid/:id',
    {
      schema: {
        ...nd,
        summary: 'Latest battery and signal of node {id}, with their times',
        params: DataIdParams,
        querystring: TenantQuery,
        response: { 200: NodeStatusMessage, ...AUTHED_ERRORS },
      },
    },
    async (req) => warehouse.nodeStatus(requireActor(req), req.params.id),
  );
};
