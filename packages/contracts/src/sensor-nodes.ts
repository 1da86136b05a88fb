import { CHANNEL_TYPES, NODE_TYPES, SENSOR_ALIAS_MAX_LENGTH } from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, Id, id } from './common.ts';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** `{id}` of the data calls: a database id (at most 2^31 − 1). */
export const DataIdParams = Type.Object({ id: Id });

/** A node's latest battery reading (spec section 3: latestNodeBattery). */
export const NodeBatteryValue = Type.Object({
  value: Nullable(Type.Number({ description: 'percent' })),
  timestamp: Nullable(EpochMs),
});
export type NodeBatteryValue = Type.Static<typeof NodeBatteryValue>;

/** A node's latest signal reading (spec section 3: latestNodeSignal). */
export const NodeSignalValue = Type.Object({
  signal: Nullable(Type.Number()),
  timestamp: Nullable(EpochMs),
});
export type NodeSignalValue = Type.Static<typeof NodeSignalValue>;

/** One position of a node or GPS job. Latitude is clamped to ±85 (spec section 3, 9). */
export const LocationPoint = Type.Object({
  timestamp: EpochMs,
  lat: Type.Number({ minimum: -85, maximum: 85 }),
  longitude: Type.Number(),
});
export type LocationPoint = Type.Static<typeof LocationPoint>;

/**
 * A sensor as the sensor lists show it (spec section 3 "Sensor message"); `id` and `sensorId` are
 * the same number. The display name is the alias, otherwise 'Sensor {id}'.
 */
export const ChannelSensor = Type.Object({
  id: Id,
  sensorId: Id,
  nodeId: Id,
  channelId: Id,
  sensorType: Type.String(),
  sensorAlias: Nullable(Type.String()),
  latestValue: Nullable(Type.Number()),
  latestValueTimestamp: Nullable(EpochMs),
  messageTimestamp: Nullable(EpochMs),
  decommissioned: Type.Boolean(),
  blacklisted: Type.Boolean(),
});
export type ChannelSensor = Type.Static<typeof ChannelSensor>;
export const ChannelSensorList = Type.Array(ChannelSensor);

/** A sensor of a job (POST .../jobs/sensors answers these). */
export const JobChannelSensor = Type.Object({ ...ChannelSensor.properties, jobId: Id });
export type JobChannelSensor = Type.Static<typeof JobChannelSensor>;
export const JobChannelSensorList = Type.Array(JobChannelSensor);

/** A cable: its printed id, and its spec and dynamic spec as JSON text (spec section 3 "Cable spec"). */
export const CableInfo = Type.Object({
  id: Id,
  name: Type.String(),
  companyId: Id,
  spec: Type.String({ description: 'JSON text: {"channels":[{"channelType","channelId"}]}' }),
  dynamicSpec: Type.String({ description: 'JSON text, same shape as spec: the channels as last detected' }),
  nodeId: Nullable(Type.Integer({ description: 'the node the cable is attached to' })),
  creationDate: EpochMs,
});
export type CableInfo = Type.Static<typeof CableInfo>;

export const NodeInfo = Type.Object({
  id: Type.Integer({ description: 'the number printed on the node' }),
  name: Type.String(),
  nodeType: Type.String(),
  companyId: Id,
  tenantGroupId: Nullable(Id),
  tenantId: Nullable(Id),
  gatewayId: Nullable(Id),
  cableId: Nullable(Id),
  batteryLevelType: Type.Integer(),
  latestNodeBattery: NodeBatteryValue,
  latestNodeSignal: NodeSignalValue,
  latestLocation: Nullable(LocationPoint),
  runningJobId: Nullable(Type.Integer({ description: 'the job running on the node, if any' })),
  creationDate: EpochMs,
});
export type NodeInfo = Type.Static<typeof NodeInfo>;
export const NodeInfoList = Type.Array(NodeInfo);

export const NodeDetail = Type.Object({
  ...NodeInfo.properties,
  cable: Nullable(CableInfo),
  sensors: ChannelSensorList,
});
export type NodeDetail = Type.Static<typeof NodeDetail>;

export const NodesByTenantQuery = Type.Object({
  tenantId: Type.Optional(id({ description: 'project id' })),
  tenantGroupId: Type.Optional(id({ description: 'job site id (instead of tenantId)' })),
  tenant: Type.Optional(Type.String()),
});

export const NodeAssociationQuery = Type.Object({
  nodeId: Id,
  cableId: Id,
  tenant: Type.Optional(Type.String()),
});

/** Whether a cable can be attached to a node, and what each is attached to now. */
export const NodeAssociationInfo = Type.Object({
  nodeId: Id,
  cableId: Id,
  nodeCableId: Nullable(Type.Integer({ description: 'the cable attached to the node now' })),
  cableNodeId: Nullable(Type.Integer({ description: 'the node the cable is attached to now' })),
  nodeRunningJobId: Nullable(Id),
  associated: Type.Boolean({ description: 'the cable is attached to this node' }),
  canAssociate: Type.Boolean(),
  reason: Nullable(Type.String({ description: 'why the cable cannot be attached' })),
});
export type NodeAssociationInfo = Type.Static<typeof NodeAssociationInfo>;

export const CableQuery = Type.Object({
  allowAttached: Type.Optional(
    Type.Boolean({ default: true, description: 'false: a cable attached to a node answers 409' }),
  ),
  tenant: Type.Optional(Type.String()),
});

const CableChannel = Type.Object({
  channelType: Type.Enum(CHANNEL_TYPES),
  channelId: Type.Integer({ minimum: 1, maximum: 256 }),
});

/** POST /api/cables: registers a cable by its printed id. */
export const RegisterCableBody = Type.Object({
  id: id({ description: 'the number printed on the cable' }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  spec: Type.Object({ channels: Type.Array(CableChannel, { minItems: 1, maxItems: 256 }) }),
});
export type RegisterCableBody = Type.Static<typeof RegisterCableBody>;

/** POST /api/nodes: registers a node by its printed id on a job site. */
export const RegisterNodeBody = Type.Object({
  id: id({ description: 'the number printed on the node' }),
  nodeType: Type.Enum(NODE_TYPES),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  tenantGroupId: Id,
  tenantId: Type.Optional(Nullable(Id)),
  gatewayId: Type.Optional(Nullable(Id)),
  cableId: Type.Optional(Nullable(Id)),
  batteryLevelType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
});
export type RegisterNodeBody = Type.Static<typeof RegisterNodeBody>;

/** PUT /api/nodes/cmd/assign_cable: attaches a cable to a node (null detaches). */
export const AssignCableBody = Type.Object({
  nodeId: Id,
  cableId: Nullable(Id),
});
export type AssignCableBody = Type.Static<typeof AssignCableBody>;

export const SensorAliasBody = Type.Object({
  sensorId: Id,
  alias: Nullable(
    Type.String({
      maxLength: SENSOR_ALIAS_MAX_LENGTH,
      description: 'trimmed; empty or null clears the alias',
    }),
  ),
});
export const SensorDecommissionBody = Type.Object({
  sensorId: Id,
  decommissioned: Type.Boolean(),
});
export const SensorBlacklistBody = Type.Object({
  sensorId: Id,
  blacklisted: Type.Boolean(),
});
