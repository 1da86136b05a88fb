import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Alarm,
  AlarmList,
  AlarmsByCjgQuery,
  AverageStrengthAlarmList,
  CreateAlarmBody,
  EventTypeList,
  EventTypesQuery,
  IdParams,
  TenantQuery,
} from '@sitepulse/contracts';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';

const THRESHOLDS =
  'A SENSOR_THRESHOLD sets bit 1 (SENSOR_THRESHOLD) of the job’s jobAlarmTriggered while the latest reading ' +
  '(within the job’s time) of one of its counted sensors of `sensorType` is above mediumThresholdHBound or ' +
  'below mediumThresholdLBound, and clears it once every one is back inside; it is evaluated after each ' +
  'ingest batch and at once when set. A MATURITY_STRENGTH_THRESHOLD is the maturity job’s singular targeted ' +
  'strength (MPa): bit 0 (MATURED) is set while the job strength reaches it.';

/** Event types, alarm thresholds of jobs, and the strength alarm of a job group. */
export const alarmsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { alarms } = services;
  const base = { tags: ['alarms'], security: BEARER };

  app.get(
    '/eventtypes/by_category',
    {
      schema: {
        ...base,
        summary: 'Event types (name, bit of jobAlarmTriggered, category), of one category or all',
        querystring: EventTypesQuery,
        response: { 200: EventTypeList, ...AUTHED_ERRORS },
      },
    },
    async (req) => alarms.eventTypes(req.query.category),
  );

  app.post(
    '/alarms',
    {
      schema: {
        ...base,
        summary: 'Create or replace a threshold of one job (company admins, site admins and editors)',
        description:
          `${THRESHOLDS} The job is msjId (a maturity or humidity job) or cjId (a job of any kind). A SENSOR_THRESHOLD ` +
          'replaces the job’s bounds as a whole: a bound left out or null is cleared, and clearing both removes ' +
          'the threshold. Bounds are finite numbers in metric units of the sensor type, low below high. ' +
          'sensorType defaults to the job’s first sensor type. The answer is the alarm after evaluation ' +
          '(`active` false once cleared).',
        body: CreateAlarmBody,
        response: { 200: Alarm, ...AUTHED_ERRORS },
      },
    },
    async (req) => alarms.set(requireActor(req), req.body.alarmData),
  );

  app.get(
    '/alarms/by_msj/:id',
    {
      schema: {
        ...base,
        summary: 'The alarms set on a maturity or humidity job',
        description: THRESHOLDS,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: AlarmList, ...AUTHED_ERRORS },
      },
    },
    async (req) => alarms.byMsj(requireActor(req), req.params.id),
  );

  app.get(
    '/alarms/by_cj/:id',
    {
      schema: {
        ...base,
        summary: 'The alarms set on a job of any kind (our path: data, microweather, GPS and power jobs too)',
        description: THRESHOLDS,
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: AlarmList, ...AUTHED_ERRORS },
      },
    },
    async (req) => alarms.byCj(requireActor(req), req.params.id),
  );

  app.get(
    '/alarms/sensor_threshold/by_cjg',
    {
      schema: {
        ...base,
        summary: 'The SENSOR_THRESHOLD alarms of the jobs of a job group',
        description: THRESHOLDS,
        querystring: AlarmsByCjgQuery,
        response: { 200: AlarmList, ...AUTHED_ERRORS },
      },
    },
    async (req) => alarms.sensorThresholdByCjg(requireActor(req), req.query.cjgId),
  );

  app.get(
    '/alarms/maturity_strength_threshold/by_cjg',
    {
      schema: {
        ...base,
        summary: 'The strength thresholds (MATURITY_STRENGTH_THRESHOLD) of the maturity jobs of a job group',
        description: THRESHOLDS,
        querystring: AlarmsByCjgQuery,
        response: { 200: AlarmList, ...AUTHED_ERRORS },
      },
    },
    async (req) => alarms.strengthThresholdByCjg(requireActor(req), req.query.cjgId),
  );

  app.get(
    '/analytics/cjgj/average_strength_alarm/jobs/:id',
    {
      schema: {
        ...base,
        summary:
          'Each maturity job of a job group: its average strength, its strength threshold, reached or not',
        description:
          'averageStrength is the job strength (average of its counted sensors’ strengths, MPa); strengthThreshold ' +
          'the singular target, else the highest target set; reached: averageStrength ≥ strengthThreshold.',
        params: IdParams,
        querystring: TenantQuery,
        response: { 200: AverageStrengthAlarmList, ...AUTHED_ERRORS },
      },
    },
    async (req) => alarms.averageStrengthAlarm(requireActor(req), req.params.id),
  );
};
