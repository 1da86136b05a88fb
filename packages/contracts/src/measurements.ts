import Type from 'typebox';
import { JobAlarmData } from './alarms.ts';
import { EpochMs, Id, id } from './common.ts';
import { ChannelSensor, NodeBatteryValue, NodeSignalValue } from './sensor-nodes.ts';

export * from './exports.ts';
export * from './gps.ts';
export * from './sensor-nodes.ts';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Optional = <T extends Type.TSchema>(t: T) => Type.Optional(t);
const tenant = Optional(Type.String());
const JobId = Id;
const Time = (description: string) =>
  Optional(Type.Integer({ minimum: 0, maximum: 8640000000000000, description }));
const from = Time('start of the range, epoch ms (default: the job start, else 7 days before `to`)');
const to = Time('end of the range, inclusive, epoch ms (default: the job end, else now)');

/** Granularity of a time-range read, chosen from the range (domain chartBucketFor): 5min up to 7 days. */
export const ChartBucketName = Type.Union([
  Type.Literal('5min'),
  Type.Literal('1h'),
  Type.Literal('6h'),
  Type.Literal('1d'),
]);

const Values = Type.Array(Nullable(Type.Number()));

/**
 * One sensor's bucketed series on the answer's time grid (the x/y series points of spec section 3
 * "Measurement data", column-wise): avg[i] is the average of the readings of the bucket starting at
 * start + i·bucketMs (averageMeasurementData), min[i] and max[i] their extremes; null where the bucket
 * has no reading. Values are rounded to 0.001.
 */
export const SensorSeries = Type.Object({
  sensorId: Id,
  sensorType: Type.String(),
  sensorAlias: Nullable(Type.String()),
  nodeId: Id,
  channelId: Id,
  avg: Values,
  min: Values,
  max: Values,
});
export type SensorSeries = Type.Static<typeof SensorSeries>;

/** A time-range read: the range, the bucket chosen for it, the grid, and one series per sensor. */
export const SeriesResponse = Type.Object({
  from: EpochMs,
  to: EpochMs,
  bucket: ChartBucketName,
  bucketMs: Type.Integer(),
  start: Type.Integer({ description: 'start of the first bucket (UTC, aligned to the bucket)' }),
  points: Type.Integer({ description: 'buckets on the grid (the length of every values array)' }),
  series: Type.Array(SensorSeries),
});
export type SeriesResponse = Type.Static<typeof SeriesResponse>;

/** One sensor's latest reading (spec section 3 "Measurement data"). */
export const SensorLatest = Type.Object({
  sensorId: Id,
  sensorType: Type.String(),
  sensorAlias: Nullable(Type.String()),
  latestValue: Nullable(Type.Number()),
  latestValueTimestamp: Nullable(EpochMs),
});
export type SensorLatest = Type.Static<typeof SensorLatest>;
export const SensorLatestList = Type.Array(SensorLatest);

/** One sensor's readings summed up over a range (exact: every reading counts once). */
export const SensorStats = Type.Object({
  sensorId: Id,
  sensorType: Type.String(),
  sensorAlias: Nullable(Type.String()),
  count: Type.Integer(),
  averageMeasurementData: Nullable(Type.Number()),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
});
export type SensorStats = Type.Static<typeof SensorStats>;
export const SensorStatsList = Type.Array(SensorStats);

/** Latest value per sensor type of a job (microweatherMeasurementJobData entries, spec section 3). */
export const MeasurementJobData = Type.Object({
  sensorType: Type.String(),
  averageMeasurementData: Nullable(
    Type.Number({
      description:
        'the latest value (the average of the latest values when the node has several sensors of the type)',
    }),
  ),
  timestamp: Nullable(EpochMs),
});
export type MeasurementJobData = Type.Static<typeof MeasurementJobData>;

const jobBase = {
  id: Id,
  channelJobName: Type.String(),
  channelJobTypeName: Type.String(),
  channelGroupId: Nullable(Type.Integer({ description: 'job group (channel job group) id' })),
  nodeId: Id,
  nodeType: Type.String(),
  tenantId: Id,
  tenantGroupId: Id,
  startDate: Nullable(EpochMs),
  terminationDate: Nullable(EpochMs),
  creationDate: EpochMs,
  sensorTypes: Type.Array(Type.String()),
  // Always sent; typed optional only so that job objects written before they existed still type-check.
  jobAlarmTriggered: Type.Optional(
    Type.Integer({
      description:
        'alarm bit flags; bit 1 (SENSOR_THRESHOLD) while a latest reading is outside the threshold',
    }),
  ),
  alarmData: Type.Optional(JobAlarmData),
};

/** Spec section 3 "Microweather job". status derives from the dates: STOPPED, STARTED or NEW. */
export const MicroweatherJob = Type.Object({
  ...jobBase,
  status: Type.Union([Type.Literal('NEW'), Type.Literal('STARTED'), Type.Literal('STOPPED')]),
  microweatherMeasurementJobData: Optional(Type.Array(MeasurementJobData)),
});
export type MicroweatherJob = Type.Static<typeof MicroweatherJob>;
export const MicroweatherJobList = Type.Array(MicroweatherJob);

export const MicroweatherJobDetail = Type.Object({
  ...MicroweatherJob.properties,
  microweatherMeasurementJobData: Type.Array(MeasurementJobData),
  sensors: Type.Array(ChannelSensor),
  batteryLevelType: Type.Integer(),
  latestNodeBattery: NodeBatteryValue,
  latestNodeSignal: NodeSignalValue,
});
export type MicroweatherJobDetail = Type.Static<typeof MicroweatherJobDetail>;

export const MicroweatherJobPage = Type.Object({
  page: Type.Integer(),
  rpp: Type.Integer(),
  total: Type.Integer(),
  items: MicroweatherJobList,
});
export type MicroweatherJobPage = Type.Static<typeof MicroweatherJobPage>;

const SortDirection = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);

/** POST /analytics/microweather/node/jobs/paged (the spec spells the sort parameter `sordir`). */
export const MicroweatherPagedBody = Type.Object({
  page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'page number, from 0' }),
  rpp: Type.Integer({ minimum: 1, maximum: 500, default: 25, description: 'rows per page' }),
  sordir: Optional(SortDirection),
  sortdir: Optional(SortDirection),
  tenantId: Optional(Id),
  tenantGroupId: Optional(Id),
  status: Optional(Type.Union([Type.Literal('NEW'), Type.Literal('STARTED'), Type.Literal('STOPPED')])),
});
export type MicroweatherPagedBody = Type.Static<typeof MicroweatherPagedBody>;

export const JobIdsBody = Type.Object({
  ids: Type.Array(JobId, { minItems: 1, maxItems: 500, description: 'job ids' }),
});
export type JobIdsBody = Type.Static<typeof JobIdsBody>;

export const JobIdQuery = Type.Object({ jobId: JobId, tenant });
export const ChannelJobQuery = Type.Object({
  channelJobId: id({ description: 'a maturity or humidity job' }),
  tenant,
});
export const GroupQuery = Type.Object({
  cjgId: id({ description: 'job group id' }),
  tenant,
});
export const TenantIdQuery = Type.Object({
  tenantId: id({ description: 'project id' }),
  tenant,
});
export const ScopeQuery = Type.Object({
  tenantId: Optional(id({ description: 'only this project' })),
  tenantGroupId: Optional(id({ description: 'only this job site' })),
  tenant,
});
export const MicroweatherStatusQuery = Type.Object({
  ...ScopeQuery.properties,
  status: Type.Union([Type.Literal('NEW'), Type.Literal('STARTED'), Type.Literal('STOPPED')]),
});

const MicroweatherSensorType = Type.Union([
  Type.Literal('Temperature'),
  Type.Literal('Humidity'),
  Type.Literal('Wind Speed'),
]);
export const MicroweatherJobAggregateQuery = Type.Object({
  jobId: JobId,
  sensorType: Optional(MicroweatherSensorType),
  from,
  to,
  tenant,
});
export const MicroweatherGroupAggregateQuery = Type.Object({
  cjgId: Id,
  sensorType: Optional(MicroweatherSensorType),
  tenant,
});

/** A job's average of one sensor type over a range. */
export const MeasurementAverage = Type.Object({
  jobId: Id,
  channelJobName: Type.String(),
  sensorType: Type.String(),
  from: Nullable(EpochMs),
  to: Nullable(EpochMs),
  count: Type.Integer(),
  averageMeasurementData: Nullable(Type.Number()),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
});
export type MeasurementAverage = Type.Static<typeof MeasurementAverage>;
export const MeasurementAverageList = Type.Array(MeasurementAverage);

/** Spec section 3 "Temperature extremity", for any sensor type: the lowest (MIN) or highest (MAX) reading. */
export const MeasurementExtremity = Type.Object({
  jobId: Id,
  sensorType: Type.String(),
  aggregateType: Type.Union([Type.Literal('MIN'), Type.Literal('MAX')]),
  extremity: Type.Number(),
  timestamp: EpochMs,
  sensorId: Id,
  sensorAlias: Nullable(Type.String()),
});
export type MeasurementExtremity = Type.Static<typeof MeasurementExtremity>;
export const MeasurementExtremityList = Type.Array(MeasurementExtremity);

/** A job group (channel job group) of a project with its microweather jobs. */
export const MicroweatherJobGroup = Type.Object({
  id: Nullable(Type.Integer({ description: 'null: the jobs of the project outside any group' })),
  name: Nullable(Type.String()),
  status: Nullable(Type.String()),
  tenantId: Id,
  jobs: MicroweatherJobList,
});
export const MicroweatherJobGroupList = Type.Array(MicroweatherJobGroup);

/** A job group with the status of its microweather node (GET /analytics/channel/jobs/groups/with_mwn_status/{id}). */
export const JobGroupMwnStatus = Type.Object({
  id: Id,
  name: Type.String(),
  status: Type.String(),
  tenantId: Id,
  creationDate: EpochMs,
  mwnStatus: Nullable(
    Type.Union([Type.Literal('NEW'), Type.Literal('STARTED'), Type.Literal('STOPPED')], {
      description: "status of the group's newest microweather job; null when it has none",
    }),
  ),
  mwnJobId: Nullable(Id),
  mwnNodeId: Nullable(Id),
});
export const JobGroupMwnStatusList = Type.Array(JobGroupMwnStatus);

export const ActiveJobCount = Type.Object({ count: Type.Integer() });

/** A data job (gas, liquid level, oil debris, current transformer, ...). status is the server status. */
export const DataJob = Type.Object({
  ...jobBase,
  kind: Type.String({ description: 'DATA, or POWER for current-transformer jobs' }),
  status: Type.String({ description: 'NONE, NEW, RUNNING, TERMINATED, ERROR or MAINTENANCE' }),
  latestNodeBattery: Optional(NodeBatteryValue),
  latestNodeSignal: Optional(NodeSignalValue),
  dataMeasurementJobData: Optional(Type.Array(SensorLatest)),
});
export type DataJob = Type.Static<typeof DataJob>;
export const DataJobList = Type.Array(DataJob);

export const DataJobDetail = Type.Object({
  ...DataJob.properties,
  batteryLevelType: Type.Integer(),
  latestNodeBattery: NodeBatteryValue,
  latestNodeSignal: NodeSignalValue,
  dataMeasurementJobData: Type.Array(SensorLatest),
  sensors: Type.Array(ChannelSensor),
});
export type DataJobDetail = Type.Static<typeof DataJobDetail>;

export const DataJobCountQuery = Type.Object({
  ...ScopeQuery.properties,
  channelJobTypeName: Optional(Type.String({ description: "e.g. 'Gas', 'Current Transformer'" })),
});

/** GET /analytics/data/jobs/analytics/by_dj: per-sensor figures of a data job over a range. */
export const DataJobAnalytics = Type.Object({
  jobId: Id,
  from: Nullable(EpochMs),
  to: Nullable(EpochMs),
  sensors: Type.Array(Type.Object({ ...SensorStats.properties, ...SensorLatest.properties })),
});
export type DataJobAnalytics = Type.Static<typeof DataJobAnalytics>;
export const DataJobAnalyticsQuery = Type.Object({ jobId: JobId, from, to, tenant });

export const WarehouseJobQuery = Type.Object({
  jobId: JobId,
  sensorType: Optional(Type.String({ minLength: 1, maxLength: 40 })),
  from,
  to,
  tenant,
});
export const JobTimeBody = Type.Object({
  jobId: JobId,
  sensorType: Optional(Type.String({ minLength: 1, maxLength: 40 })),
  from,
  to,
});
export type JobTimeBody = Type.Static<typeof JobTimeBody>;
export const SensorTimeBody = Type.Object({
  sensorId: Id,
  from,
  to,
});
export type SensorTimeBody = Type.Static<typeof SensorTimeBody>;
export const PowerTimeBody = Type.Object({ jobId: JobId, from, to });

export const NodeIdQuery = Type.Object({ nodeId: Id, tenant });
export const NodeTimeQuery = Type.Object({
  nodeId: Id,
  from,
  to,
  tenant,
});
export const NodeRangeQuery = Type.Object({ from, to, tenant });
export const NodePagedQuery = Type.Object({
  nodeId: Id,
  from,
  to,
  page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  rpp: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  sortdir: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
  tenant,
});

/** Raw readings of a node, one page (sorted by time, then sensor). */
export const ReadingPage = Type.Object({
  page: Type.Integer(),
  rpp: Type.Integer(),
  items: Type.Array(Type.Object({ sensorId: Id, timestamp: EpochMs, value: Type.Number() })),
});
export const ReadingCount = Type.Object({ nodeId: Id, len: Type.Integer() });
export const LatestTimestamp = Type.Object({ nodeId: Id, timestamp: Nullable(EpochMs) });

/** GET /channels/nodes/status/messages/latest/by_nid/{id}: battery and signal of a node. */
export const NodeStatusMessage = Type.Object({
  nodeId: Id,
  batteryLevelType: Type.Integer(),
  latestNodeBattery: NodeBatteryValue,
  latestNodeSignal: NodeSignalValue,
  messageTimestamp: Nullable(EpochMs),
});
export type NodeStatusMessage = Type.Static<typeof NodeStatusMessage>;
