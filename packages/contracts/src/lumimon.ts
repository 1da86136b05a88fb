import { LUMIMON_GROUPS } from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, Id, id } from './common.ts';
import { LocationPoint, NodeBatteryValue, NodeSignalValue } from './sensor-nodes.ts';

/**
 * The Lumimon overview of a job site (spec section 1 "an overview area with jobs, power, GPS and
 * analytics", section 2 "Job site sensors" and its node cards, section 7 Reports:
 * GET /analytics/lumimon/jobs/overview/by_tenant_group/{id}). Choices the spec leaves open:
 * docs/decisions/web-sensor-screens.md.
 */

const Nullable = <T extends Type.TSchema>(t: T, options: Type.TSchemaOptions = {}) =>
  Type.Union([t, Type.Null()], options);
const NullNum = Nullable(Type.Number());

export const LumimonGroupName = Type.Enum(LUMIMON_GROUPS, {
  description: 'jobs: microweather and data jobs (gas, liquid level, ...); power: current transformers; gps',
});

export const LumimonOverviewParams = Type.Object({
  id: id({ description: 'job site (tenant group) id' }),
});
export const LumimonOverviewQuery = Type.Object({
  tenant: Type.Optional(Type.String()),
  tenantId: Type.Optional(id({ description: 'only the jobs of this project of the site' })),
});

/** The latest reading of one sensor type of a job (metric units; the average when a node has several sensors of the type). */
export const LumimonReading = Type.Object({
  sensorType: Type.String(),
  value: NullNum,
  timestamp: Nullable(EpochMs),
  sensors: Type.Integer({ description: 'counted sensors of this type' }),
});
export type LumimonReading = Type.Static<typeof LumimonReading>;

/** One sensor type of a job over the last 24 hours (within the job's time): exact count, average, min, max. */
export const LumimonDayStats = Type.Object({
  sensorType: Type.String(),
  count: Type.Integer(),
  average: NullNum,
  min: NullNum,
  max: NullNum,
});
export type LumimonDayStats = Type.Static<typeof LumimonDayStats>;

/** One node card: a job of the site with its node, status, alarm, battery, signal and latest values. */
export const LumimonNodeCard = Type.Object({
  jobId: Id,
  channelJobName: Type.String(),
  channelJobTypeName: Type.String({
    description: "'Microweather Node', 'Gas', 'Current Transformer', 'GPS', ...",
  }),
  kind: Type.String({ description: 'MICROWEATHER, DATA, POWER or GPS' }),
  group: LumimonGroupName,
  status: Type.String({ description: 'server status: NONE, NEW, RUNNING, TERMINATED, ERROR or MAINTENANCE' }),
  statusLabel: Type.String({
    description: 'display label (section 4); microweather jobs derive it from their dates',
  }),
  ended: Type.Boolean({ description: 'the label is STOPPED or ERROR' }),
  nodeId: Id,
  nodeName: Type.String(),
  nodeType: Type.String(),
  tenantId: Id,
  tenantName: Type.String(),
  tenantType: Type.String({ description: 'project type: Concrete, Lumimon or Lumitrack' }),
  startDate: Nullable(EpochMs),
  terminationDate: Nullable(EpochMs),
  creationDate: EpochMs,
  sensorTypes: Type.Array(Type.String()),
  batteryLevelType: Type.Integer(),
  latestNodeBattery: NodeBatteryValue,
  latestNodeSignal: NodeSignalValue,
  jobAlarmTriggered: Type.Integer({ description: 'alarm bit flags (bit 1: SENSOR_THRESHOLD)' }),
  alarming: Type.Boolean({ description: 'the SENSOR_THRESHOLD bit is set' }),
  alarmData: Type.Object({
    sensorType: Nullable(Type.String({ description: 'the sensor type the threshold applies to' })),
    mediumThresholdHBound: NullNum,
    mediumThresholdLBound: NullNum,
  }),
  readings: Type.Array(LumimonReading, {
    description: 'latest value per sensor type within the job time (none for GPS jobs)',
  }),
  location: Nullable(LocationPoint, { description: 'GPS jobs: the latest position within the job time' }),
  lastSeen: Nullable(EpochMs, {
    description: 'the latest reading, position, battery or signal report of the node',
  }),
  last24h: Type.Array(LumimonDayStats),
});
export type LumimonNodeCard = Type.Static<typeof LumimonNodeCard>;

/** Counts of one group: every job, by status label, running, alarming, in error. */
export const LumimonGroupCounts = Type.Object({
  total: Type.Integer(),
  running: Type.Integer({ description: 'status label STARTED' }),
  ended: Type.Integer({ description: 'STOPPED or ERROR' }),
  error: Type.Integer(),
  alarming: Type.Integer(),
  byStatus: Type.Record(Type.String(), Type.Integer(), { description: 'status label → count' }),
});
export type LumimonGroupCounts = Type.Static<typeof LumimonGroupCounts>;

/** GET /analytics/lumimon/jobs/overview/by_tenant_group/{id}. */
export const LumimonOverview = Type.Object({
  tenantGroupId: Id,
  tenantGroupName: Type.String(),
  generatedAt: EpochMs,
  statsFrom: EpochMs,
  statsTo: EpochMs,
  counts: Type.Object({
    jobs: LumimonGroupCounts,
    power: LumimonGroupCounts,
    gps: LumimonGroupCounts,
    all: LumimonGroupCounts,
  }),
  nodes: Type.Array(LumimonNodeCard, {
    description: 'alarming first, then the job type order of section 2, running before ended, then by name',
  }),
});
export type LumimonOverview = Type.Static<typeof LumimonOverview>;
