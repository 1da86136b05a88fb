import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AlarmAckBody, AlarmEvent, AlarmEventList, AlarmEventsQuery, IdParams } from '@sitepulse/contracts';
import { NODE_SILENT_MS, RECENT_ALARMS_MS } from '@sitepulse/domain';
import { requireActor } from '../../lib/actor.ts';
import { AUTHED_ERRORS, BEARER, errorResponses } from '../../lib/http.ts';
import type { ModuleOptions } from '../../services.ts';
import { ALARM_LIST_MAX } from './service.ts';

const LIFE =
  'An alarm is raised, may be acknowledged (it stays active), and is cleared. SENSOR_THRESHOLD: one per job, ' +
  'sensor and side, raised once the value stayed beyond the bound for the threshold’s minDurationMs by reading ' +
  'times, cleared once it is back inside the bound by the threshold’s hysteresis. MATURED: raised once when the ' +
  'job’s strength reaches its target; it ends when acknowledged or when the job stops. NODE_SILENT: a running ' +
  `job’s node silent for more than ${NODE_SILENT_MS / 60_000} minutes; cleared when it reports. BATTERY_LOW: ` +
  'the battery shows LOW or EMPTY; cleared once well above the LOW edge. Alarms of a stopped job are cleared.';

/** The life of each alarm (issue 15): paths chosen by us, the spec names none. */
export const alarmEventsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { services }) => {
  const { alarmEvents } = services;
  const base = { tags: ['alarms'], security: BEARER };
  const access =
    "Readers of the site: another company's site or an ungranted site 404, an inspector there 403.";

  app.get(
    '/alarms/events',
    {
      schema: {
        ...base,
        summary: 'The alarms of a job site: active ones, then those cleared recently',
        description:
          `Path chosen by us. Active alarms (raised or acknowledged, not cleared) newest first, then, unless ` +
          `activeOnly, those cleared in the last ${RECENT_ALARMS_MS / 86_400_000} days, newest first; at most ` +
          `${ALARM_LIST_MAX}. Values and bounds in the reading's stored unit (°C, MPa, %, V). ${LIFE} ${access}`,
        querystring: AlarmEventsQuery,
        response: { 200: AlarmEventList, ...AUTHED_ERRORS },
      },
    },
    async (req) => alarmEvents.list(requireActor(req), req.query),
  );

  app.post(
    '/alarms/events/:id/ack',
    {
      schema: {
        ...base,
        summary: 'Acknowledge an alarm: who saw it, when, and a note',
        description:
          'Path chosen by us. Records the signed-in user, the time and the note (optional, at most 500 ' +
          'characters). Anyone who may read the alarm’s site may acknowledge it (a superintendent and a foreman ' +
          'both must), Read-Only accounts and viewers included; an inspector there 403, another company’s alarm ' +
          '404. An alarm is acknowledged once: a second acknowledgement is 409 and changes nothing. An ' +
          'acknowledged alarm stays active until it clears, except MATURED, which ends here. Open pages of the ' +
          'site get a live `alarms` event.',
        params: IdParams,
        body: AlarmAckBody,
        response: { 200: AlarmEvent, ...AUTHED_ERRORS, ...errorResponses(409) },
      },
    },
    async (req) => alarmEvents.acknowledge(requireActor(req), req.params.id, req.body ?? {}),
  );
};
