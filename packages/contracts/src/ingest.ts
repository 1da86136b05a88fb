import Type from 'typebox';
import { EpochMs, ID_MAX, PAGE_MAX } from './common.ts';

const items = (description: string) =>
  Type.Optional(
    Type.Array(Type.Unknown(), { description: `${description} Each item is checked on its own.` }),
  );

/**
 * A gateway uplink (HTTP body of POST /api/ingest/readings, or the payload of an MQTT message on
 * sitepulse/gateways/{gatewayId}/up). Times are ISO 8601 text or epoch milliseconds; values are metric.
 */
export const IngestBody = Type.Object(
  {
    readings: items('Readings: { nodeId, channelId, sensorType, ts, value }.'),
    status: items('Node status: { nodeId, ts, battery (percent), signal (dBm) }.'),
    locations: items('Node locations: { nodeId, ts, lat, lng }.'),
  },
  { additionalProperties: false },
);
export type IngestBody = Type.Static<typeof IngestBody>;

export const IngestRejection = Type.Object({
  kind: Type.Union([Type.Literal('reading'), Type.Literal('status'), Type.Literal('location')]),
  index: Type.Integer({ description: 'Position of the item in its list' }),
  reason: Type.String(),
});

export const IngestResult = Type.Object({
  accepted: Type.Integer({ description: 'Items stored now' }),
  duplicates: Type.Integer({
    description: 'Items already stored (same sensor or node and time): nothing changed',
  }),
  rejected: Type.Array(IngestRejection, {
    description: 'Items not stored, with why; kept for the admin too',
  }),
});
export type IngestResult = Type.Static<typeof IngestResult>;

export const GatewayDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tenantGroupId: Type.Union([Type.Integer(), Type.Null()]),
  hasKey: Type.Boolean(),
  creationDate: EpochMs,
});
export const GatewayList = Type.Array(GatewayDetail);

export const CreateGatewayBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  tenantGroupId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: ID_MAX }), Type.Null()])),
});

export const GatewayWithKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tenantGroupId: Type.Union([Type.Integer(), Type.Null()]),
  key: Type.String({ description: 'The gateway key. Shown only in this answer; stored hashed.' }),
});

export const RejectedQuery = Type.Object({
  page: Type.Integer({ minimum: 0, maximum: PAGE_MAX, default: 0 }),
  rpp: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  gatewayId: Type.Optional(Type.Integer({ minimum: 1, maximum: ID_MAX })),
  tenant: Type.Optional(Type.String()),
});

export const RejectedPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  rpp: Type.Integer(),
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      gatewayId: Type.Union([Type.Integer(), Type.Null()]),
      receivedAt: EpochMs,
      kind: Type.String({
        description: 'reading, status, location, or message (a whole uplink that was not readable)',
      }),
      index: Type.Integer(),
      item: Type.String({
        description:
          'The item as sent (JSON), cut at 2000 characters; for a whole message, its start without NUL',
      }),
      reason: Type.String(),
    }),
  ),
});
