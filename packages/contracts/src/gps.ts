import Type from 'typebox';
import { EpochMs, Id, id } from './common.ts';
import { LocationPoint, NodeBatteryValue, NodeSignalValue } from './sensor-nodes.ts';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const tenant = Type.Optional(Type.String());
const Time = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 8640000000000000, description }));

/**
 * Spec section 3 "GPS job". status is the server status. In lists locationData holds the latest
 * position only; the detail and the warehouse call hold the track, bucketed by the range.
 */
export const GpsJob = Type.Object({
  id: Id,
  nodeJobName: Type.String(),
  nodeId: Id,
  tenantId: Id,
  tenantGroupId: Id,
  channelGroupId: Nullable(Id),
  startDate: Nullable(EpochMs),
  terminationDate: Nullable(EpochMs),
  creationDate: EpochMs,
  status: Type.String({ description: 'NONE, NEW, RUNNING, TERMINATED, ERROR or MAINTENANCE' }),
  locationData: Type.Array(LocationPoint),
});
export type GpsJob = Type.Static<typeof GpsJob>;
export const GpsJobList = Type.Array(GpsJob);

export const GpsJobDetail = Type.Object({
  ...GpsJob.properties,
  bucketMs: Type.Integer({ description: 'one position (the last) per bucket of this length' }),
  latestNodeBattery: NodeBatteryValue,
  latestNodeSignal: NodeSignalValue,
});
export type GpsJobDetail = Type.Static<typeof GpsJobDetail>;

export const GpsTrack = Type.Object({
  jobId: Id,
  nodeId: Id,
  from: EpochMs,
  to: EpochMs,
  bucketMs: Type.Integer(),
  locationData: Type.Array(LocationPoint),
});
export type GpsTrack = Type.Static<typeof GpsTrack>;

export const GpsGroupQuery = Type.Object({
  cjgId: id({ description: 'job group id' }),
  tenant,
});
export const GpsRangeQuery = Type.Object({
  from: Time('start, epoch ms (default: the job start)'),
  to: Time('end, inclusive, epoch ms (default: the job end, else now)'),
  tenant,
});
export const GpsTrackQuery = Type.Object({
  jobId: Id,
  ...GpsRangeQuery.properties,
});
