import { ALARM_TYPES, EVENT_CATEGORIES, HYSTERESIS_MAX, MIN_DURATION_MAX_MS } from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, finite, Id } from './common.ts';

/**
 * Alarms and event types (spec section 3 "Event type", "Alarm", the job's alarmData and
 * jobAlarmTriggered; section 7 "Alarms and notifications"). Choices the spec leaves open:
 * docs/decisions/alarms-and-live-updates.md.
 */

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const NullNum = Nullable(Type.Number());
const JobId = Id;

export const AlarmTypeName = Type.Enum(ALARM_TYPES, {
  description:
    'SENSOR_THRESHOLD: bounds on the latest reading of the job sensors of one type (sets bit 1, SENSOR_THRESHOLD); ' +
    'MATURITY_STRENGTH_THRESHOLD: the strength target of a maturity job, MPa (sets bit 0, MATURED)',
});

export const EventCategory = Type.Enum(EVENT_CATEGORIES);

/** GET /api/eventtypes/by_category */
export const EventTypesQuery = Type.Object({
  category: Type.Optional(EventCategory),
  tenant: Type.Optional(Type.String()),
});

/** An event type: its name and its bit in a job's jobAlarmTriggered flags (spec section 3). */
export const EventTypeInfo = Type.Object({
  name: Type.String(),
  bitIndex: Type.Integer(),
  category: Type.String(),
});
export type EventTypeInfo = Type.Static<typeof EventTypeInfo>;
export const EventTypeList = Type.Array(EventTypeInfo);

/**
 * A number or null in a request body. `nullable` (not a union) so the server's type coercion
 * leaves null as null instead of turning it into 0.
 */
const bound = (description: string) =>
  Type.Optional(
    Type.Unsafe<number | null>(finite({ nullable: true, description: `${description}; null clears it` })),
  );

/** What POST /alarms sets on one job. The job is named by msjId (a maturity or humidity job) or cjId (any job). */
export const AlarmDataInput = Type.Object({
  alarmType: AlarmTypeName,
  msjId: Type.Optional(JobId),
  cjId: Type.Optional(JobId),
  sensorType: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 40,
      description:
        "SENSOR_THRESHOLD: which of the job's sensor types the bounds apply to; default its first (maturity: Temperature, humidity: Humidity, a gas job: Gas)",
    }),
  ),
  mediumThresholdHBound: bound(
    'SENSOR_THRESHOLD: upper bound, in metric units of the sensor type (°C, %, ppm, m, ...); a reading above it raises the alarm',
  ),
  mediumThresholdLBound: bound(
    'SENSOR_THRESHOLD: lower bound (optional); a reading below it raises the alarm',
  ),
  singularThreshold: bound(
    "MATURITY_STRENGTH_THRESHOLD: strength target, MPa (the job's singular targeted strength)",
  ),
  hysteresis: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: HYSTERESIS_MAX,
      description:
        'SENSOR_THRESHOLD: how far back inside a bound the value must come before its alarm clears (unit of the sensor type); default DEFAULT_HYSTERESIS (0.5)',
    }),
  ),
  minDurationMs: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MIN_DURATION_MAX_MS,
      description:
        'SENSOR_THRESHOLD: how long (by reading times, ms) the value must stay beyond a bound before the alarm is raised; default DEFAULT_MIN_DURATION_MS (10 minutes)',
    }),
  ),
});
export type AlarmDataInput = Type.Static<typeof AlarmDataInput>;

/** POST /api/alarms: create or replace a threshold of one job. */
export const CreateAlarmBody = Type.Object({ alarmData: AlarmDataInput });
export type CreateAlarmBody = Type.Static<typeof CreateAlarmBody>;

/**
 * The thresholds a job carries, as every job answer shows them (`alarmData`). singularThreshold is
 * the strength target (MPa) of a maturity job; the bounds are its SENSOR_THRESHOLD on sensorType.
 * The server always sends all four (null when unset); the last three are typed optional only so
 * that job objects written before they existed still type-check.
 */
export const JobAlarmData = Type.Object({
  singularThreshold: NullNum,
  sensorType: Type.Optional(Nullable(Type.String({ description: 'the sensor type the bounds apply to' }))),
  mediumThresholdHBound: Type.Optional(NullNum),
  mediumThresholdLBound: Type.Optional(NullNum),
});
export type JobAlarmData = Type.Static<typeof JobAlarmData>;

/** One alarm (threshold) of one job, with whether its bit is set now. */
export const Alarm = Type.Object({
  alarmData: Type.Object({
    alarmType: AlarmTypeName,
    msjId: Nullable(Type.Integer({ description: 'the job, when it is a maturity or humidity job' })),
    cjId: Type.Integer({ description: 'the job (channel job id)' }),
    cjgId: Nullable(Type.Integer({ description: 'its job group' })),
    sensorType: Nullable(Type.String()),
    mediumThresholdHBound: NullNum,
    mediumThresholdLBound: NullNum,
    singularThreshold: NullNum,
    /** SENSOR_THRESHOLD: the hysteresis and minimum duration in force (null for other types) */
    hysteresis: Type.Optional(NullNum),
    minDurationMs: Type.Optional(NullNum),
  }),
  jobId: Id,
  channelJobName: Type.String(),
  channelJobTypeName: Type.String(),
  kind: Type.String(),
  tenantId: Id,
  tenantGroupId: Id,
  active: Type.Boolean({ description: 'a threshold is set (false after a POST that cleared it)' }),
  eventType: Type.String({ description: 'the event type whose bit this alarm sets' }),
  bitIndex: Type.Integer(),
  triggered: Type.Boolean({ description: "the alarm's bit is set in jobAlarmTriggered" }),
  jobAlarmTriggered: Type.Integer(),
  lastModified: Nullable(EpochMs),
});
export type Alarm = Type.Static<typeof Alarm>;
export const AlarmList = Type.Array(Alarm);

/** GET /api/alarms/{sensor_threshold|maturity_strength_threshold}/by_cjg */
export const AlarmsByCjgQuery = Type.Object({
  cjgId: JobId,
  tenant: Type.Optional(Type.String()),
});

/** One maturity job of a job group against its strength threshold. */
export const AverageStrengthAlarm = Type.Object({
  msjId: Id,
  channelJobName: Type.String(),
  status: Type.String(),
  averageStrength: Nullable(
    Type.Number({ description: "the job's strength: average of its counted sensors' strengths, MPa" }),
  ),
  strengthThreshold: Nullable(
    Type.Number({ description: 'the singular target, else the highest target set, MPa' }),
  ),
  reached: Type.Boolean({ description: 'averageStrength ≥ strengthThreshold' }),
  progressBarValue: Type.Integer(),
  jobAlarmTriggered: Type.Integer(),
  timestamp: Nullable(EpochMs),
});
export type AverageStrengthAlarm = Type.Static<typeof AverageStrengthAlarm>;
export const AverageStrengthAlarmList = Type.Array(AverageStrengthAlarm);
