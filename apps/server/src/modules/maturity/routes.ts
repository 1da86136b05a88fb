import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BlacklistSensorsBody,
  ChannelSensorList,
  CjgIdParams,
  CountResult,
  IdParams,
  InfoByTenantQuery,
  JobChannelSensorList,
  JobGroupCounts,
  MaturityAverage,
  MaturityFunctionTypeList,
  MaturityJob,
  MaturityJobDetail,
  MaturityJobGroupList,
  MaturityJobListQuery,
  MaturityJobPage,
  MaturityJobPagedBody,
  MaturityJobSensorsBody,
  MaturityJobWithRawDataList,
  MaturityTimeBody,
  MaturityTimeBySidsBody,
  MaturityTimeSeries,
  MdmByCjgQuery,
  MeasurementTimeBody,
  MeasurementTimeBySidsBody,
  MsjDataLen,
  MsjDataLenQuery,
  MsjDataPage,
  MsjDataPagedQuery,
  MsjExtremityList,
  MsjMeasurementDataList,
  MsjMeasurementTimeSeries,
  MsjQuery,
  MsjRangeQuery,
  MsjTimestamp,
  SiteSensorsQuery,
  TenantQuery,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, plainJson } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const JOBS = '/analytics/concrete/maturity/jobs';
const DATA = '/analytics/concrete/data/maturity';

const SCOPE =
  "Limited to the caller's company and granted job sites: another company's or an ungranted job site's job reads as 404, " +
  'one of a site where the caller is an inspector answers 403.';
const AGGREGATES =
  'Aggregates (AVG, MIN, MAX) cover the counted sensors (not blacklisted, not decommissioned). The job strength ' +
  "(msjAverageStrength, latestStrength, latestJobStrength) is the average of its sensors' strengths; progressBarValue " +
  'is domain progressPercent of it against targetStrength (the singular target, else the highest of high, medium, ' +
  'low that is set); bit 0 of jobAlarmTriggered (MATURED) is set once it reaches the target. Humidity jobs ' +
  '(sensorFlags 5) carry humidity and temperature instead of maturity and strength.';
const SERIES =
  'Values are aligned on one time grid: index i of every array is the bucket starting at start + i·bucketMs, ' +
  'null where there is no data.';

/** Maturity and strength jobs and their data calls (spec section 7, "Maturity and strength"). */
export const maturityRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { maturity } = services;
  const answers = maturity.chartAnswers;
  const base = { tags: ['maturity and strength'], security: BEARER };

  // ---------------------------------------------------------------- jobs

  app.post(
    `${JOBS}/paged`,
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary:
          'One page of maturity and humidity jobs with their data, newest first (sortdir ASC: oldest first)',
        description: `Pages count from 0; filters: tenant (project id), tenantGroupId, status. ${AGGREGATES} ${SCOPE}`,
        body: MaturityJobPagedBody,
        response: { 200: MaturityJobPage, ...AUTHED_ERRORS },
      },
    },
    // Text, not gzip: lib/site-read-cache.ts keeps this call's answers per site data version first.
    async (req, reply) => {
      answers.sendText(reply, await maturity.pagedAnswer(requireActor(req), req.body));
      return reply;
    },
  );

  app.get(
    `${JOBS}/info/by_tenant`,
    {
      schema: {
        ...base,
        summary:
          'Job group counts of a project by status (terminatedJg, errorJg, newJg, runningJg, maintenanceJg)',
        description: `Counts the job groups of the project that hold maturity or humidity jobs. ${SCOPE}`,
        querystring: InfoByTenantQuery,
        response: { 200: JobGroupCounts, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.infoByTenant(requireActor(req), req.query.tenant),
  );

  app.get(
    `${JOBS}/cmd/get_count`,
    {
      schema: {
        ...base,
        summary: 'Number of maturity and humidity jobs (filters: tenant, tenantGroupId, status)',
        description: SCOPE,
        querystring: MaturityJobListQuery,
        response: { 200: CountResult, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.count(requireActor(req), req.query),
  );

  app.get(
    `${JOBS}/by_group/with_data`,
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary: 'Maturity and humidity jobs with their data, by job group (newest group first)',
        description: `Filters: tenant (project id), tenantGroupId, status. Jobs without a group come under id null. ${AGGREGATES} ${SCOPE}`,
        querystring: MaturityJobListQuery,
        response: { 200: MaturityJobGroupList, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      await answers.send(req, reply, await maturity.byGroupWithDataAnswer(requireActor(req), req.query));
      return reply;
    },
  );

  app.get(
    `${JOBS}/with_raw_data`,
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary: "Maturity and humidity jobs with their data and their sensors' latest raw readings",
        description: `Filters: tenant (project id), tenantGroupId, status. ${SCOPE}`,
        querystring: MaturityJobListQuery,
        response: { 200: MaturityJobWithRawDataList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.withRawData(requireActor(req), req.query),
  );

  app.post(
    `${JOBS}/sensors`,
    {
      schema: {
        ...base,
        summary: 'The sensors of maturity jobs (each with its jobId)',
        description: `A job's sensors are its node's sensors of the types it reads. Any id not found answers 404. ${SCOPE}`,
        body: MaturityJobSensorsBody,
        response: { 200: JobChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.sensorsOfJobs(requireActor(req), req.body.ids),
  );

  app.post(
    `${JOBS}/blacklist/sensors`,
    {
      schema: {
        ...base,
        summary:
          "Blacklist sensors of a job (or take them off with blacklisted false): the job's aggregates leave them out",
        description:
          'Path chosen by us. Every sensor must be a sensor of the job (400 otherwise). Needs write access (admin or ' +
          `editor) to the job site: viewers, inspectors and Read-Only accounts 403. Answers the job's sensors. ${SCOPE}`,
        body: BlacklistSensorsBody,
        response: { 200: ChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.blacklist(requireActor(req), req.body),
  );

  app.get(
    `${JOBS}/details/:id`,
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary: "A maturity or humidity job with its data, its concrete profile and each sensor's own data",
        description: `${AGGREGATES} ${SCOPE}`,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: MaturityJobDetail, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.details(requireActor(req), req.params.id),
  );

  app.get(
    `${JOBS}/:id`,
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary: 'A maturity or humidity job with its data',
        description: `${AGGREGATES} ${SCOPE}`,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: MaturityJob, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.byId(requireActor(req), req.params.id),
  );

  app.get(
    '/analytics/concrete/maturity/function/types',
    {
      schema: {
        ...base,
        summary: 'Maturity function types a concrete profile may use (NURSE_SAUL, EQUIVALENT_AGE)',
        description: 'Path chosen by us.',
        querystring: TenantQuery,
        response: { 200: MaturityFunctionTypeList, ...AUTHED_ERRORS },
      },
    },
    async () => maturity.functionTypes(),
  );

  // ---------------------------------------------------------------- job data

  app.get(
    `${DATA}/average`,
    {
      schema: {
        ...base,
        summary: "A maturity job's current AVG, MIN and MAX across its counted sensors",
        description: `Maturity index (°C·h), equivalent age (h), strength (MPa) and temperature (°C) at each sensor's latest reading. Humidity jobs answer 400. ${SCOPE}`,
        querystring: MsjQuery,
        response: { 200: MaturityAverage, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.average(requireActor(req), req.query.msjId),
  );

  app.get(
    `${DATA}/extremities`,
    {
      schema: {
        ...base,
        summary: "A job's lowest and highest temperature reading (MIN, MAX) with its sensor and time",
        description: `Within from..to (default the job's dates), over its counted temperature sensors; the earliest reading on a tie. Empty before the job starts. ${SCOPE}`,
        querystring: MsjRangeQuery,
        response: { 200: MsjExtremityList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.extremities(requireActor(req), req.query),
  );

  app.get(
    `${DATA}/timestamp`,
    {
      schema: {
        ...base,
        summary: "Time of a job's latest reading counted (null before the first)",
        description: SCOPE,
        querystring: MsjQuery,
        response: { 200: MsjTimestamp, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.timestamp(requireActor(req), req.query.msjId),
  );

  app.get(
    `${DATA}/paged`,
    {
      schema: {
        ...base,
        summary:
          "One page of a maturity job's hourly data: each sensor's maturity and strength at the last reading of each hour",
        description: `Pages count from 0; newest hour first (sortdir ASC: oldest first); sensorId limits to one sensor of the job. ${SCOPE}`,
        querystring: MsjDataPagedQuery,
        response: { 200: MsjDataPage, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.dataPaged(requireActor(req), req.query),
  );

  app.get(
    `${DATA}/len`,
    {
      schema: {
        ...base,
        summary: 'Number of hourly data rows of a maturity job (what data/paged pages through)',
        description: SCOPE,
        querystring: MsjDataLenQuery,
        response: { 200: MsjDataLen, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.dataLen(requireActor(req), req.query),
  );

  app.post(
    '/data/analytics/concrete/maturity/time',
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary:
          "A maturity job's maturity, equivalent age, strength and temperature over time, per counted sensor and for the job",
        description:
          'From the hourly maturity states: 1 h buckets up to 90 days, then 6 h, then 1 day (domain chartBucketFor, never finer than 1 h); ' +
          'wider buckets carry avg, min and max of the hourly states. The job average is the mean across sensors of each ' +
          `bucket (its min and max: the lowest and highest sensor). ${SERIES} ${SCOPE}`,
        body: MaturityTimeBody,
        response: { 200: MaturityTimeSeries, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      await answers.send(
        req,
        reply,
        await maturity.maturityTimeAnswer(requireActor(req), { ...req.body, sensorIds: undefined }),
      );
      return reply;
    },
  );

  app.post(
    '/data/analytics/concrete/maturity/time/by_sids',
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary: 'The same series for chosen sensors of the job (blacklisted ones included when asked for)',
        description: `Every sensor must be a sensor of the job (400 otherwise). ${SERIES} ${SCOPE}`,
        body: MaturityTimeBySidsBody,
        response: { 200: MaturityTimeSeries, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      await answers.send(req, reply, await maturity.maturityTimeAnswer(requireActor(req), req.body));
      return reply;
    },
  );

  app.post(
    '/data/measurement/time',
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary:
          "A job's temperature or humidity readings over time, per counted sensor, bucketed (avg, min, max)",
        description:
          '5 min buckets from the readings up to 7 days, 1 h from the hourly rollups up to 90 days, then 6 h and 1 day ' +
          "(domain chartBucketFor); aggregated in the database. sensorType defaults to the job's (Temperature, or " +
          `Humidity for humidity jobs). ${SERIES} ${SCOPE}`,
        body: MeasurementTimeBody,
        response: { 200: MsjMeasurementTimeSeries, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      await answers.send(
        req,
        reply,
        await maturity.measurementTimeAnswer(requireActor(req), { ...req.body, sensorIds: undefined }),
      );
      return reply;
    },
  );

  app.post(
    '/data/measurement/time/by_sids',
    {
      serializerCompiler: plainJson,
      schema: {
        ...base,
        summary: 'Readings of chosen sensors over time, bucketed (avg, min, max)',
        description:
          "With msjId: sensors of that job, over its dates by default. Without: sensors of nodes of the caller's job " +
          `sites, over the last 7 days by default. A sensor not found answers 404 (with msjId: not the job's, 400). ${SERIES}`,
        body: MeasurementTimeBySidsBody,
        response: { 200: MsjMeasurementTimeSeries, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      const body = req.body;
      // A job's sensors are kept per job; sensors of the caller's sites over "the last 7 days" are not.
      if (body.msjId === undefined) return maturity.measurementTimeBySids(requireActor(req), body);
      const answer = await maturity.measurementTimeAnswer(requireActor(req), { ...body, msjId: body.msjId });
      await answers.send(req, reply, answer);
      return reply;
    },
  );

  // ---------------------------------------------------------------- sensor lists and measurement data

  app.get(
    '/channels/sensors/list',
    {
      schema: {
        ...base,
        summary: "Sensors of a job site's nodes (optionally of one sensorType)",
        description: `A job site's nodes: assigned to it, or used by one of its jobs. ${SCOPE}`,
        querystring: SiteSensorsQuery,
        response: { 200: ChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.sensorsBySite(requireActor(req), req.query),
  );

  app.get(
    '/channels/sensors/list/by_msj/:id',
    {
      schema: {
        ...base,
        summary: "Sensors of a maturity or humidity job (its node's sensors of the types it reads)",
        description: SCOPE,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: ChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.sensorsByMsj(requireActor(req), req.params.id),
  );

  app.get(
    '/channels/sensors/list/by_cjg/:cjgId',
    {
      schema: {
        ...base,
        summary: 'Sensors of the maturity and humidity jobs of a job group (each with its jobId)',
        description: SCOPE,
        params: CjgIdParams,
        querystring: TenantQuery,
        response: { 200: JobChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.sensorsByCjg(requireActor(req), req.params.cjgId),
  );

  app.get(
    '/channels/sensors/list/by_nid/:id',
    {
      schema: {
        ...base,
        summary: 'Sensors of a node',
        description: `The node must be assigned to a granted job site or used by a job of one (404 otherwise). ${SCOPE}`,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: ChannelSensorList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.sensorsByNode(requireActor(req), req.params.id),
  );

  app.get(
    '/analytics/measurement/mdm/by_msj/:id',
    {
      schema: {
        ...base,
        summary: "Measurement data of a job's sensors: average within the job's dates and latest reading",
        description: SCOPE,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: MsjMeasurementDataList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.mdmByMsj(requireActor(req), req.params.id),
  );

  app.get(
    '/analytics/measurement/mdm/by_cjg/:cjgId',
    {
      schema: {
        ...base,
        summary:
          'Measurement data of one sensor type (default Temperature) for every maturity or humidity job of a job group',
        description: SCOPE,
        params: CjgIdParams,
        querystring: MdmByCjgQuery,
        response: { 200: MsjMeasurementDataList, ...AUTHED_ERRORS },
      },
    },
    async (req) => maturity.mdmByCjg(requireActor(req), req.params.cjgId, req.query.sensorType),
  );
};
