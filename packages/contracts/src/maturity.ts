import { MATURITY_FUNCTIONS, SERVER_JOB_STATUSES } from '@sitepulse/domain';
import Type from 'typebox';
import { JobAlarmData } from './alarms.ts';
import { EpochMs, epochMs, Id, id, page } from './common.ts';
import { ChannelSensor, NodeBatteryValue, NodeSignalValue } from './sensor-nodes.ts';

/**
 * Concrete profiles, the job lifecycle (create, start, stop) and the "Maturity and strength" calls
 * of spec section 7, with the fields of section 3 "Job (maturity/strength or humidity)" and
 * "Maturity-strength job data (detail)". Choices the spec leaves open: docs/decisions/maturity-jobs.md.
 */

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const NullNum = Nullable(Type.Number());
const NullTs = Nullable(EpochMs);
const PosId = Id;
const SortDir = Type.Union(
  [Type.Literal('ASC'), Type.Literal('DESC'), Type.Literal('asc'), Type.Literal('desc')],
  {
    default: 'DESC',
  },
);
const ProjectId = id({ description: 'project (tenant) id' });

// ---------------------------------------------------------------- concrete profiles

export const MaturityFunctionName = Type.Enum(MATURITY_FUNCTIONS, {
  description:
    'NURSE_SAUL: strength from the temperature-time factor (°C·h); EQUIVALENT_AGE: from equivalent age (h)',
});

/** One lab break: a maturity index and the strength measured at it. */
export const LabBreak = Type.Object({
  maturity: Type.Number({
    exclusiveMinimum: 0,
    maximum: 10_000_000,
    description:
      "maturity index of the break, in the profile's index: °C·h (NURSE_SAUL) or hours (EQUIVALENT_AGE)",
  }),
  strength: Type.Number({ minimum: 0, maximum: 1000, description: 'measured compressive strength, MPa' }),
});
export type LabBreak = Type.Static<typeof LabBreak>;

/** A concrete profile: its maturity function and constants, the lab breaks and the fitted strength curve. */
export const ConcreteProfile = Type.Object({
  id: Id,
  companyId: Id,
  name: Type.String(),
  description: Type.String(),
  maturityFunction: MaturityFunctionName,
  datumTemperature: Type.Number({ description: 'Nurse-Saul datum temperature, °C' }),
  activationEnergy: Type.Number({ description: 'apparent activation energy for equivalent age, J/mol' }),
  referenceTemperature: Type.Number({ description: 'reference temperature for equivalent age, °C' }),
  a: Type.Number({ description: 'strength curve S = a + b·log10(M): intercept, MPa' }),
  b: Type.Number({ description: 'strength curve S = a + b·log10(M): slope, MPa per decade' }),
  r2: NullNum,
  minMaturity: Nullable(
    Type.Number({ description: 'lowest maturity of the breaks: the calibrated range starts here' }),
  ),
  maxMaturity: Nullable(
    Type.Number({ description: 'highest maturity of the breaks: the calibrated range ends here' }),
  ),
  breaks: Type.Array(LabBreak),
  jobCount: Type.Integer({ description: 'jobs using the profile' }),
  creationDate: EpochMs,
  lastModified: EpochMs,
});
export type ConcreteProfile = Type.Static<typeof ConcreteProfile>;
export const ConcreteProfileList = Type.Array(ConcreteProfile);

export const ConprofilesByCompanyQuery = Type.Object({
  companyId: Id,
  tenant: Type.Optional(Type.String()),
});

const profileFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.String({ maxLength: 1000 }),
  maturityFunction: MaturityFunctionName,
  datumTemperature: Type.Number({ minimum: -50, maximum: 50, description: '°C, default -10' }),
  activationEnergy: Type.Number({ minimum: 10_000, maximum: 100_000, description: 'J/mol, default 40000' }),
  referenceTemperature: Type.Number({ minimum: -20, maximum: 80, description: '°C, default 20' }),
  breaks: Type.Array(LabBreak, {
    minItems: 2,
    maxItems: 200,
    description: 'lab breaks; at least two at different maturities, strength rising with maturity',
  }),
};

/** POST /api/concrete/conprofiles */
export const CreateConcreteProfileBody = Type.Object({
  name: profileFields.name,
  description: Type.Optional(profileFields.description),
  maturityFunction: Type.Optional(profileFields.maturityFunction),
  datumTemperature: Type.Optional(profileFields.datumTemperature),
  activationEnergy: Type.Optional(profileFields.activationEnergy),
  referenceTemperature: Type.Optional(profileFields.referenceTemperature),
  breaks: profileFields.breaks,
});
export type CreateConcreteProfileBody = Type.Static<typeof CreateConcreteProfileBody>;

/** PUT /api/concrete/conprofiles/{id}: the fields to change (at least one). */
export const UpdateConcreteProfileBody = Type.Object({
  name: Type.Optional(profileFields.name),
  description: Type.Optional(profileFields.description),
  maturityFunction: Type.Optional(profileFields.maturityFunction),
  datumTemperature: Type.Optional(profileFields.datumTemperature),
  activationEnergy: Type.Optional(profileFields.activationEnergy),
  referenceTemperature: Type.Optional(profileFields.referenceTemperature),
  breaks: Type.Optional(profileFields.breaks),
});
export type UpdateConcreteProfileBody = Type.Static<typeof UpdateConcreteProfileBody>;

// ---------------------------------------------------------------- job lifecycle

const targetField = (which: string) =>
  Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: `${which} targeted strength, MPa` }));

const jobGroupFields = {
  jobGroupId: Type.Optional(id({ description: 'an existing job group of the project' })),
  jobGroupName: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'a new job group of this name (instead of jobGroupId)',
    }),
  ),
};

/** POST /api/analytics/concrete/maturity/jobs */
export const CreateMaturityJobBody = Type.Object({
  tenantId: ProjectId,
  nodeId: PosId,
  channelJobName: Type.String({ minLength: 1, maxLength: 100 }),
  concreteProfileId: Type.Optional(id({ description: 'a profile of the company' })),
  sensorFlags: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 255,
      default: 1,
      description: '5: a humidity job; otherwise maturity/strength',
    }),
  ),
  lowTargetedStrength: targetField('Low'),
  mediumTargetedStrength: targetField('Medium'),
  highTargetedStrength: targetField('High'),
  singularTargetedStrength: targetField('Singular'),
  ...jobGroupFields,
  startDate: Type.Optional(
    epochMs({
      description: 'UTC epoch ms; when given, the job is created already started at this time',
    }),
  ),
});
export type CreateMaturityJobBody = Type.Static<typeof CreateMaturityJobBody>;

/** Job kinds created through POST /api/analytics/channel/jobs. */
export const ChannelJobKind = Type.Union([
  Type.Literal('MICROWEATHER'),
  Type.Literal('DATA'),
  Type.Literal('GPS'),
  Type.Literal('POWER'),
]);
export type ChannelJobKind = Type.Static<typeof ChannelJobKind>;

/** POST /api/analytics/channel/jobs: a microweather, data, GPS or power (current transformer) job. */
export const CreateChannelJobBody = Type.Object({
  kind: ChannelJobKind,
  tenantId: ProjectId,
  nodeId: PosId,
  channelJobName: Type.String({ minLength: 1, maxLength: 100 }),
  sensorTypes: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
      maxItems: 20,
      description:
        "sensor types the job reads; default: the kind's types (data jobs: the node's sensor types)",
    }),
  ),
  ...jobGroupFields,
  startDate: Type.Optional(
    epochMs({
      description: 'UTC epoch ms; when given, the job is created already started at this time',
    }),
  ),
});
export type CreateChannelJobBody = Type.Static<typeof CreateChannelJobBody>;

export const StartJobBody = Type.Object({
  id: PosId,
  startDate: Type.Optional(epochMs({ description: 'UTC epoch ms, default now; not in the future' })),
});
export type StartJobBody = Type.Static<typeof StartJobBody>;

export const StopJobBody = Type.Object({
  id: PosId,
  terminationDate: Type.Optional(
    epochMs({ description: 'UTC epoch ms, default now; not before the start, not in the future' }),
  ),
});
export type StopJobBody = Type.Static<typeof StopJobBody>;

/** POST /api/analytics/concrete/maturity/jobs/cmd/assign_profile: the concrete profile of a maturity job. */
export const AssignProfileBody = Type.Object({
  id: PosId,
  concreteProfileId: id({ description: 'a profile of the company' }),
});
export type AssignProfileBody = Type.Static<typeof AssignProfileBody>;

/** A job as the lifecycle calls answer it (every kind). channelJobId = id; channelGroupId = its job group. */
export const ChannelJob = Type.Object({
  id: Id,
  channelJobId: Id,
  channelJobName: Type.String(),
  channelJobTypeName: Type.String({
    description: "'Maturity', 'Humidity', 'Microweather Node', 'Gas', 'GPS', ...",
  }),
  kind: Type.String({ description: 'MATURITY, HUMIDITY, MICROWEATHER, DATA, GPS or POWER' }),
  channelGroupId: Nullable(Id),
  nodeId: Id,
  cableId: Nullable(Id),
  tenant: Type.Integer({ description: 'project id' }),
  tenantGroupId: Id,
  status: Type.String({ description: 'NONE, NEW, RUNNING, TERMINATED, ERROR or MAINTENANCE' }),
  sensorFlags: Type.Integer(),
  sensorTypes: Type.Array(Type.String()),
  concreteProfileId: Nullable(Id),
  startDate: NullTs,
  terminationDate: NullTs,
  creationDate: EpochMs,
  lowTargetedStrength: NullNum,
  mediumTargetedStrength: NullNum,
  highTargetedStrength: NullNum,
  singularTargetedStrength: NullNum,
});
export type ChannelJob = Type.Static<typeof ChannelJob>;

// ---------------------------------------------------------------- maturity jobs (read)

export const AggregateType = Type.Union([Type.Literal('AVG'), Type.Literal('MIN'), Type.Literal('MAX')]);
export type AggregateType = Type.Static<typeof AggregateType>;

/** One aggregate across the job's counted sensors (not blacklisted, not decommissioned), at their latest reading. */
export const MaturityStrengthJobData = Type.Object({
  aggregateType: AggregateType,
  msjAverageStrength: Nullable(
    Type.Number({ description: 'strength, MPa (null without a concrete profile)' }),
  ),
  maturityIndex: Nullable(Type.Number({ description: 'Nurse-Saul temperature-time factor, °C·h' })),
  equivalentAge: Nullable(Type.Number({ description: 'equivalent age at the reference temperature, h' })),
  msjAverageTemperature: Nullable(Type.Number({ description: '°C' })),
  timestamp: Nullable(Type.Integer({ description: 'latest reading counted' })),
});
export type MaturityStrengthJobData = Type.Static<typeof MaturityStrengthJobData>;

export const MaturityStrengthMeasurementJobData = Type.Object({
  sensorType: Type.String(),
  aggregateType: AggregateType,
  msjAverageMeasurementData: NullNum,
  timestamp: NullTs,
});
export type MaturityStrengthMeasurementJobData = Type.Static<typeof MaturityStrengthMeasurementJobData>;

/**
 * A maturity/strength or humidity job with its current data. The job's strength (msjAverageStrength,
 * latestStrength, latestJobStrength) is the average (AVG) of its counted sensors' strengths; the
 * progress bar measures it against targetStrength (the singular target, else the highest target set).
 */
export const MaturityJob = Type.Object({
  ...ChannelJob.properties,
  nodeType: Type.String(),
  channelGroupName: Nullable(Type.String()),
  cableName: Type.Optional(
    Nullable(Type.String({ description: "the job's cable, by its name (cable jobs, section 3)" })),
  ),
  nodeName: Type.Optional(Nullable(Type.String({ description: "the job's node, by its name" }))),
  concreteProfileName: Nullable(Type.String()),
  maturityFunction: Nullable(Type.String()),
  alarmData: JobAlarmData,
  jobAlarmTriggered: Type.Integer({
    description:
      'bit flags; bit 0 (MATURED) once the job strength reached its target, bit 1 (SENSOR_THRESHOLD) while a latest reading is outside the threshold',
  }),
  msjAverageStrength: NullNum,
  msjAverageTemperature: NullNum,
  msjAverageMeasurementData: Nullable(
    Type.Number({
      description: 'humidity jobs: average humidity (%); maturity jobs: average temperature (°C)',
    }),
  ),
  latestMaturityIndex: Nullable(Type.Number({ description: 'average Nurse-Saul maturity, °C·h' })),
  latestEquivalentAge: Nullable(Type.Number({ description: 'average equivalent age, h' })),
  latestStrength: NullNum,
  latestJobStrength: NullNum,
  latestAverageTemperature: NullNum,
  latestAverageHumidity: NullNum,
  latestTimestamp: NullTs,
  targetStrength: NullNum,
  progressBarValue: Type.Integer({
    description: 'percent (domain progressPercent of the job strength and target)',
  }),
  outsideCalibration: Type.Boolean({
    description:
      "the job's latest maturity index lies outside its profile's calibrated range (strength extrapolated)",
  }),
  sensorCount: Type.Integer({ description: 'sensors counted in the aggregates' }),
  maturityStrengthJobData: Type.Array(MaturityStrengthJobData),
  maturityStrengthMeasurementJobData: Type.Array(MaturityStrengthMeasurementJobData),
  channelJobAttributesData: Type.Object({
    jobAttributes: Type.String({ description: 'JSON text' }),
    nodeOptions: Type.Object({ batteryLevelType: Type.Integer() }),
  }),
  latestNodeBattery: NodeBatteryValue,
  latestNodeSignal: NodeSignalValue,
});
export type MaturityJob = Type.Static<typeof MaturityJob>;
export const MaturityJobList = Type.Array(MaturityJob);

/** One sensor of a job with its own data (job details). */
export const MsjSensorData = Type.Object({
  ...ChannelSensor.properties,
  counted: Type.Boolean({
    description: 'counted in the job aggregates (not blacklisted, not decommissioned)',
  }),
  maturity: Nullable(Type.Number({ description: '°C·h' })),
  equivalentAge: Nullable(Type.Number({ description: 'h' })),
  strength: Nullable(Type.Number({ description: 'MPa' })),
  value: Nullable(Type.Number({ description: "the sensor's latest reading within the job's dates" })),
  timestamp: NullTs,
  outsideCalibration: Type.Boolean(),
});
export type MsjSensorData = Type.Static<typeof MsjSensorData>;

export const MaturityJobDetail = Type.Object({
  ...MaturityJob.properties,
  concreteProfile: Nullable(ConcreteProfile),
  sensors: Type.Array(MsjSensorData),
});
export type MaturityJobDetail = Type.Static<typeof MaturityJobDetail>;

export const MaturityJobWithRawData = Type.Object({
  ...MaturityJob.properties,
  sensors: Type.Array(ChannelSensor),
});
export type MaturityJobWithRawData = Type.Static<typeof MaturityJobWithRawData>;
export const MaturityJobWithRawDataList = Type.Array(MaturityJobWithRawData);

export const ServerJobStatusName = Type.Enum(SERVER_JOB_STATUSES);

/** Filters of the maturity job lists: a project (tenant), a job site, a status. */
export const MaturityJobListQuery = Type.Object({
  tenant: Type.Optional(ProjectId),
  tenantGroupId: Type.Optional(Id),
  status: Type.Optional(ServerJobStatusName),
});
export type MaturityJobListQuery = Type.Static<typeof MaturityJobListQuery>;

/** POST /api/analytics/concrete/maturity/jobs/paged. Pages count from 0. */
export const MaturityJobPagedBody = Type.Object({
  page: page(),
  rpp: Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'rows per page' }),
  sortdir: Type.Optional(SortDir),
  tenant: Type.Optional(ProjectId),
  tenantGroupId: Type.Optional(Id),
  status: Type.Optional(ServerJobStatusName),
});
export type MaturityJobPagedBody = Type.Static<typeof MaturityJobPagedBody>;

export const MaturityJobPage = Type.Object({
  page: Type.Integer(),
  rpp: Type.Integer(),
  total: Type.Integer(),
  content: MaturityJobList,
});

/** A job group with its jobs (by_group/with_data). Jobs without a group come last, under id null. */
export const MaturityJobGroup = Type.Object({
  id: Nullable(Id),
  name: Type.String(),
  status: Type.String({ description: 'NEW, RUNNING, TERMINATED, MAINTENANCE or ERROR' }),
  tenant: Type.Integer(),
  tenantGroupId: Id,
  creationDate: NullTs,
  jobs: MaturityJobList,
});
export type MaturityJobGroup = Type.Static<typeof MaturityJobGroup>;
export const MaturityJobGroupList = Type.Array(MaturityJobGroup);

const JgCount = Type.Object({ count: Type.Integer() });
/** Job group counts per status of one project (section 3 "Job group counts"). */
export const JobGroupCounts = Type.Object({
  tenant: Type.Integer(),
  terminatedJg: JgCount,
  errorJg: JgCount,
  newJg: JgCount,
  runningJg: JgCount,
  maintenanceJg: JgCount,
});
export type JobGroupCounts = Type.Static<typeof JobGroupCounts>;

export const InfoByTenantQuery = Type.Object({ tenant: ProjectId });

export const CountResult = Type.Object({ count: Type.Integer() });

export const MaturityJobSensorsBody = Type.Object({
  ids: Type.Array(PosId, { minItems: 1, maxItems: 500, description: 'maturity job ids' }),
});

export const BlacklistSensorsBody = Type.Object({
  id: id({ description: 'maturity job id' }),
  sensorIds: Type.Array(PosId, { minItems: 1, maxItems: 500 }),
  blacklisted: Type.Boolean({ default: true, description: 'false takes the sensors off the blacklist' }),
});
export type BlacklistSensorsBody = Type.Static<typeof BlacklistSensorsBody>;

export const MaturityFunctionType = Type.Object({
  name: MaturityFunctionName,
  label: Type.String(),
  unit: Type.String({ description: 'unit of the maturity index' }),
});
export const MaturityFunctionTypeList = Type.Array(MaturityFunctionType);

// ---------------------------------------------------------------- maturity data calls

export const MsjQuery = Type.Object({
  msjId: id({ description: 'maturity job id' }),
  tenant: Type.Optional(Type.String()),
});

export const MsjRangeQuery = Type.Object({
  msjId: id({ description: 'maturity job id' }),
  from: Type.Optional(epochMs({ description: "UTC epoch ms, default the job's start" })),
  to: Type.Optional(epochMs({ description: "UTC epoch ms, default the job's end (or now)" })),
  tenant: Type.Optional(Type.String()),
});

/** The job's current AVG, MIN and MAX across its counted sensors. */
export const MaturityAverage = Type.Object({
  msjId: Id,
  timestamp: NullTs,
  maturityStrengthJobData: Type.Array(MaturityStrengthJobData),
});

/** The lowest or highest temperature reading of the job (within the range), and where and when. */
export const MsjExtremity = Type.Object({
  aggregateType: Type.Union([Type.Literal('MIN'), Type.Literal('MAX')]),
  extremity: Type.Number({ description: '°C' }),
  timestamp: EpochMs,
  sensorId: Id,
  sensorAlias: Nullable(Type.String()),
});
export type MsjExtremity = Type.Static<typeof MsjExtremity>;
export const MsjExtremityList = Type.Array(MsjExtremity);

export const MsjTimestamp = Type.Object({ msjId: Id, timestamp: NullTs });

export const MsjDataPagedQuery = Type.Object({
  msjId: Id,
  page: page(),
  rpp: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  sortdir: Type.Optional(SortDir),
  sensorId: Type.Optional(Id),
  tenant: Type.Optional(Type.String()),
});
export type MsjDataPagedQuery = Type.Static<typeof MsjDataPagedQuery>;

export const MsjDataLenQuery = Type.Object({
  msjId: Id,
  sensorId: Type.Optional(Id),
  tenant: Type.Optional(Type.String()),
});

/** One sensor's maturity at the last reading of one UTC hour. */
export const MsjDataRow = Type.Object({
  sensorId: Id,
  sensorAlias: Nullable(Type.String()),
  hour: EpochMs,
  timestamp: Type.Integer({ description: 'time of the reading the state is at' }),
  temperature: Type.Number(),
  maturity: Type.Number(),
  equivalentAge: Type.Number(),
  strength: NullNum,
  outsideCalibration: Type.Boolean(),
});
export const MsjDataPage = Type.Object({
  page: Type.Integer(),
  rpp: Type.Integer(),
  total: Type.Integer(),
  content: Type.Array(MsjDataRow),
});
export const MsjDataLen = Type.Object({ len: Type.Integer() });

const rangeBodyFields = {
  from: Type.Optional(epochMs({ description: "UTC epoch ms, default the job's start" })),
  to: Type.Optional(epochMs({ description: "UTC epoch ms, default the job's end (or now)" })),
  exact: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'false (default): values rounded for charts (maturity 0.1 °C·h; strength 0.01 MPa; equivalent age 0.01 h; ' +
        'temperature and humidity 0.01); true: full precision',
    }),
  ),
};

export const MaturitySeriesField = Type.Union([
  Type.Literal('maturity'),
  Type.Literal('strength'),
  Type.Literal('equivalentAge'),
  Type.Literal('temperature'),
]);
const fieldsField = Type.Optional(
  Type.Array(MaturitySeriesField, {
    maxItems: 4,
    description:
      "series to answer besides maturity; default strength, plus equivalentAge when the job's profile uses EQUIVALENT_AGE " +
      '(temperature: the hourly state temperature; the readings themselves are POST /api/data/measurement/time)',
  }),
);

/** POST /api/data/analytics/concrete/maturity/time */
export const MaturityTimeBody = Type.Object({
  msjId: Id,
  ...rangeBodyFields,
  fields: fieldsField,
});
export type MaturityTimeBody = Type.Static<typeof MaturityTimeBody>;
/** POST /api/data/analytics/concrete/maturity/time/by_sids */
export const MaturityTimeBySidsBody = Type.Object({
  msjId: Id,
  sensorIds: Type.Array(PosId, { minItems: 1, maxItems: 200 }),
  ...rangeBodyFields,
  fields: fieldsField,
});
export type MaturityTimeBySidsBody = Type.Static<typeof MaturityTimeBySidsBody>;

const Values = Type.Array(NullNum);
/**
 * Bucketed values aligned on the answer's time grid (index i is the bucket starting at start + i·bucketMs;
 * null where there is no data). min and max are left out where every bucket holds a single value.
 */
export const SeriesBand = Type.Object({
  avg: Values,
  min: Type.Optional(Values),
  max: Type.Optional(Values),
});
export type SeriesBand = Type.Static<typeof SeriesBand>;

const seriesBands = {
  maturity: SeriesBand,
  strength: Type.Optional(Nullable(SeriesBand)),
  equivalentAge: Type.Optional(SeriesBand),
  temperature: Type.Optional(SeriesBand),
};

export const MaturitySeries = Type.Object({
  sensorId: Id,
  sensorAlias: Nullable(Type.String()),
  ...seriesBands,
});

const gridFields = {
  bucket: Type.String({
    description: "'1h', '6h' or '1d' (maturity is kept per hour, so never finer than 1h)",
  }),
  bucketMs: Type.Integer(),
  from: EpochMs,
  to: EpochMs,
  start: Type.Integer({ description: 'start of the first bucket (UTC, aligned to the bucket)' }),
  points: Type.Integer({ description: 'buckets on the grid (length of every values array)' }),
};

export const MaturityTimeSeries = Type.Object({
  msjId: Id,
  ...gridFields,
  maturityFunction: Nullable(Type.String()),
  series: Type.Array(MaturitySeries),
  average: Type.Object(seriesBands, {
    description:
      'the job: avg is the mean across sensors of each bucket, min and max the lowest and highest sensor. ' +
      'strength is null without a concrete profile; fields not asked for are left out.',
  }),
});
export type MaturityTimeSeries = Type.Static<typeof MaturityTimeSeries>;

/** POST /api/data/measurement/time: the readings of a job's sensors of one type. */
export const MeasurementTimeBody = Type.Object({
  msjId: Id,
  sensorType: Type.Optional(
    Type.String({ description: 'Temperature (maturity jobs default) or Humidity (humidity jobs default)' }),
  ),
  ...rangeBodyFields,
});
export type MeasurementTimeBody = Type.Static<typeof MeasurementTimeBody>;
/** POST /api/data/measurement/time/by_sids: the readings of given sensors. */
export const MeasurementTimeBySidsBody = Type.Object({
  sensorIds: Type.Array(PosId, { minItems: 1, maxItems: 200 }),
  msjId: Type.Optional(id({ description: "limits the sensors to the job's and the range to its dates" })),
  from: Type.Optional(epochMs({ description: 'UTC epoch ms, default: 7 days before `to`' })),
  to: Type.Optional(epochMs({ description: 'UTC epoch ms, default now' })),
  exact: rangeBodyFields.exact,
});
export type MeasurementTimeBySidsBody = Type.Static<typeof MeasurementTimeBySidsBody>;

export const MsjMeasurementSeries = Type.Object({
  sensorId: Id,
  sensorAlias: Nullable(Type.String()),
  sensorType: Type.String(),
  avg: Values,
  min: Values,
  max: Values,
});
export const MsjMeasurementTimeSeries = Type.Object({
  ...gridFields,
  bucket: Type.String({ description: "'5min', '1h', '6h' or '1d' (domain chartBucketFor of the range)" }),
  series: Type.Array(MsjMeasurementSeries),
});
export type MsjMeasurementTimeSeries = Type.Static<typeof MsjMeasurementTimeSeries>;

/** Measurement data of one sensor of a job (section 3 "Measurement data"). */
export const MsjMeasurementData = Type.Object({
  channelJobId: Id,
  sensorId: Id,
  sensorAlias: Nullable(Type.String()),
  sensorType: Type.String(),
  averageMeasurementData: Nullable(
    Type.Number({ description: "average of the sensor's readings within the job's dates" }),
  ),
  timestamp: Nullable(Type.Integer({ description: 'latest reading within the job dates' })),
  latestValue: Nullable(Type.Number({ description: 'that latest reading' })),
  latestValueTimestamp: NullTs,
});
export const MsjMeasurementDataList = Type.Array(MsjMeasurementData);

export const MdmByCjgQuery = Type.Object({
  tenant: Type.Optional(Type.String()),
  sensorType: Type.String({ default: 'Temperature' }),
});

export const CjgIdParams = Type.Object({ cjgId: Id });

export const SiteSensorsQuery = Type.Object({
  tenantGroupId: Id,
  sensorType: Type.Optional(Type.String()),
  tenant: Type.Optional(Type.String()),
});
