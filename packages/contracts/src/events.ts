import Type from 'typebox';
import { EpochMs, Id, id } from './common.ts';

/**
 * Live updates: `GET /api/events/stream?tenantGroupId=N` answers `text/event-stream` (server-sent
 * events) for a job site granted to the caller. Choices: docs/decisions/alarms-and-live-updates.md.
 */

/** The names of the events the stream sends (`event:` lines). */
export const LIVE_EVENT_NAMES = ['readings', 'alarms'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

export const EventsStreamQuery = Type.Object({
  tenantGroupId: id({ description: 'a granted job site' }),
  tenant: Type.Optional(Type.String()),
});
export type EventsStreamQuery = Type.Static<typeof EventsStreamQuery>;

/**
 * The `data:` of a `readings` event (new readings, battery, signal or positions were stored and the
 * maturity engine and alarms are up to date) or of an `alarms` event (an alarm bit of these jobs
 * changed). At most one event of each name per job site per second: ids of a burst are merged.
 */
export const LiveEventData = Type.Object({
  tenantGroupId: Id,
  nodeIds: Type.Array(Type.Integer(), { description: 'nodes with new data (readings events)' }),
  maturityJobIds: Type.Array(Type.Integer(), { description: 'maturity and humidity jobs affected' }),
  channelJobIds: Type.Array(Type.Integer(), {
    description: 'microweather, data, GPS and power jobs affected',
  }),
  at: EpochMs,
  version: Type.Integer({
    minimum: 0,
    description:
      "the job site's data version after this event (in-process, monotonic; it also keys the server's read cache)",
  }),
});
export type LiveEventData = Type.Static<typeof LiveEventData>;
