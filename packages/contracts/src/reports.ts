import {
  LANGUAGES,
  REPORT_FORMATS,
  REPORT_ITEMS_MAX,
  REPORT_NAME_MAX,
  REPORT_RECIPIENTS_MAX,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  REPORT_TYPES,
  SCHEDULE_FREQUENCIES,
  SYSTEMS,
  TIME_OF_DAY_PATTERN,
} from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, finite, id } from './common.ts';

/**
 * Reports (spec sections 3 and 7, issue 14): report requests, their schedules, and the lists the report
 * generation screen chooses from. Paths under /analytics/report/...; times epoch ms; temperatures °C.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ReportType = Type.Enum(REPORT_TYPES);
export const ReportStatus = Type.Enum(REPORT_STATUSES);
export const ReportFormat = Type.Enum(REPORT_FORMATS);
export const ReportSubject = Type.Enum(REPORT_SUBJECTS);
export const ScheduleFrequency = Type.Enum(SCHEDULE_FREQUENCIES);
export const DeliveryMethod = Type.Enum(['email'] as const);

const Ids = (description: string) =>
  Type.Array(id(), { maxItems: REPORT_ITEMS_MAX, uniqueItems: true, description });

/** A pair of sensors (sid1/sid2) or nodes (nid1/nid2) whose temperature difference a differential report shows. */
export const ReportPair = Type.Object({
  sid1: Type.Optional(id()),
  sid2: Type.Optional(id()),
  nid1: Type.Optional(id()),
  nid2: Type.Optional(id()),
});
export type ReportPair = Type.Static<typeof ReportPair>;

/**
 * What a report covers and how it reads (the spec's `attributes`): the range, the sensors, nodes, job
 * group or pairs, and the requester's units, language and time zone (filled in from their settings when
 * left out).
 */
export const ReportAttributes = Type.Object({
  from: Type.Optional(EpochMs),
  to: Type.Optional(EpochMs),
  cjgId: Type.Optional(id({ description: 'the job group of a group report' })),
  sensorIds: Type.Optional(Ids('sensors of the job site (raw data and differential types)')),
  nodeIds: Type.Optional(Ids('nodes of the job site (raw data of whole nodes)')),
  pairs: Type.Optional(Type.Array(ReportPair, { maxItems: REPORT_ITEMS_MAX })),
  limitC: Type.Optional(
    finite({ exclusiveMinimum: 0, maximum: 200, description: 'differential limit in °C (default 19.4)' }),
  ),
  units: Type.Optional(Type.Enum(SYSTEMS)),
  language: Type.Optional(Type.Enum(LANGUAGES)),
  timeZone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone, e.g. America/Toronto' }),
  ),
});
export type ReportAttributes = Type.Static<typeof ReportAttributes>;

/** The body of POST /analytics/report/requests/msj/by_job (query tenant): a new request, stored NEW. */
export const ReportRequestBody = Type.Object({
  type: ReportType,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: REPORT_NAME_MAX })),
  msjId: Type.Optional(id({ description: 'the maturity job of a job or pour report' })),
  cjId: Type.Optional(id({ description: 'the channel job, when the report is of one' })),
  deliveryMethods: Type.Optional(Type.Array(DeliveryMethod, { maxItems: 1, uniqueItems: true })),
  /** the people (user ids of the company, members of the site) the report is e-mailed to */
  recipientIds: Type.Optional(Type.Array(id(), { maxItems: REPORT_RECIPIENTS_MAX, uniqueItems: true })),
  attributes: Type.Optional(ReportAttributes),
});
export type ReportRequestBody = Type.Static<typeof ReportRequestBody>;

/** A report request as the lists show it. */
export const ReportRequest = Type.Object({
  id: id(),
  name: Type.String(),
  tenant: Type.String({ description: 'the job site (tenant group) id, as a string' }),
  tenantGroupId: id(),
  companyId: id(),
  ownerCompanyId: id(),
  ownerUsername: Type.String(),
  type: ReportType,
  format: ReportFormat,
  status: ReportStatus,
  creationDate: EpochMs,
  startedAt: Nullable(EpochMs),
  finishedAt: Nullable(EpochMs),
  /** why the report could not be made (status ERROR), in plain words */
  error: Nullable(Type.String()),
  cjId: Nullable(id()),
  channelJobName: Nullable(Type.String()),
  channelJobType: Nullable(Type.String()),
  msjId: Nullable(id()),
  mddId: Nullable(id()),
  deliveryMethods: Type.Array(DeliveryMethod),
  recipientIds: Type.Array(id()),
  /** true for a report a schedule made */
  auto: Type.Boolean(),
  scheduleId: Nullable(id()),
  attributes: ReportAttributes,
  /** the stored file (status DONE): its name for GET /analytics/report/s3/file/{name}, and its size */
  fileName: Nullable(Type.String()),
  fileSize: Nullable(Type.Integer({ minimum: 0 })),
});
export type ReportRequest = Type.Static<typeof ReportRequest>;
export const ReportRequestList = Type.Array(ReportRequest);

/** POST /analytics/report/requests/list/by_user: the caller's requests, newest first, optionally of one site. */
export const ReportListByUserBody = Type.Object({
  tenantGroupId: Type.Optional(id()),
  status: Type.Optional(ReportStatus),
});
export type ReportListByUserBody = Type.Static<typeof ReportListByUserBody>;

/** POST /analytics/report/requests/cmd/associate_with_mdd */
export const AssociateWithMddBody = Type.Object({ mddId: id(), rrId: id() });
export type AssociateWithMddBody = Type.Static<typeof AssociateWithMddBody>;

/** GET /analytics/report/requests/types/by_company_id: the types the company may use. */
export const ReportTypeInfo = Type.Object({
  type: ReportType,
  format: ReportFormat,
  subject: ReportSubject,
  differential: Type.Boolean(),
  downsampled: Type.Boolean(),
});
export type ReportTypeInfo = Type.Static<typeof ReportTypeInfo>;
export const ReportTypeList = Type.Array(ReportTypeInfo);

/** A sensor the report screen offers (by job group or by job site). */
export const ReportSensor = Type.Object({
  sensorId: id(),
  sensorAlias: Nullable(Type.String()),
  sensorType: Type.String(),
  nodeId: id(),
  msjId: Nullable(id()),
  jobName: Nullable(Type.String()),
  blacklisted: Type.Boolean(),
});
export type ReportSensor = Type.Static<typeof ReportSensor>;
export const ReportSensorList = Type.Array(ReportSensor);

/** A node the report screen offers. */
export const ReportNode = Type.Object({
  nodeId: id(),
  nodeName: Nullable(Type.String()),
  nodeType: Type.String(),
  sensorCount: Type.Integer({ minimum: 0 }),
});
export type ReportNode = Type.Static<typeof ReportNode>;
export const ReportNodeList = Type.Array(ReportNode);

/** POST /analytics/report/requests/schedules: a request to make again daily, weekly or monthly. */
export const ReportScheduleBody = Type.Object({
  tenantGroupId: id(),
  request: ReportRequestBody,
  frequency: ScheduleFrequency,
  /** 0 Sunday .. 6 Saturday (WEEKLY) */
  weekDays: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
  ),
  /** 1..28 (MONTHLY) */
  monthDay: Type.Optional(Type.Integer({ minimum: 1, maximum: 28 })),
  /** HH:mm in timeZone */
  timeOfDay: Type.String({ pattern: TIME_OF_DAY_PATTERN }),
  timeZone: Type.String({ minLength: 1, maxLength: 64 }),
});
export type ReportScheduleBody = Type.Static<typeof ReportScheduleBody>;

/** A schedule as the lists show it (with its latest report when asked for). */
export const ReportSchedule = Type.Object({
  id: id(),
  isActive: Type.Boolean(),
  tenantGroupId: id(),
  tenant: Type.String(),
  companyId: id(),
  ownerUsername: Type.String(),
  name: Type.String(),
  type: ReportType,
  frequency: ScheduleFrequency,
  weekDays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 })),
  monthDay: Nullable(Type.Integer({ minimum: 1, maximum: 28 })),
  timeOfDay: Type.String(),
  timeZone: Type.String(),
  creationDate: EpochMs,
  nextRunAt: Nullable(EpochMs),
  lastRunAt: Nullable(EpochMs),
  request: ReportRequestBody,
  latestReport: Nullable(ReportRequest),
});
export type ReportSchedule = Type.Static<typeof ReportSchedule>;
export const ReportScheduleList = Type.Array(ReportSchedule);

/** PUT /analytics/report/requests/schedules/cmd/toggle/by_id */
export const ScheduleToggleBody = Type.Object({ id: id(), isActive: Type.Boolean() });
export type ScheduleToggleBody = Type.Static<typeof ScheduleToggleBody>;

/** GET .../schedules/tenants/with_active_rrs: the job sites with active schedules, and how many. */
export const TenantWithActiveSchedules = Type.Object({
  tenantGroupId: id(),
  tenant: Type.String(),
  name: Type.String(),
  activeSchedules: Type.Integer({ minimum: 0 }),
});
export const TenantWithActiveSchedulesList = Type.Array(TenantWithActiveSchedules);

export const TenantGroupQuery = Type.Object({ tenantGroupId: id(), tenant: Type.Optional(Type.String()) });
export const SensorsByCjgQuery = Type.Object({
  tenant: Type.Optional(Type.String()),
  cjgId: id(),
  blacklistSensorsOnly: Type.Optional(Type.Boolean()),
});
export const SensorsByTenantGroupQuery = Type.Object({
  tenantGroupId: id(),
  tenant: Type.Optional(Type.String()),
  blacklistSensorsOnly: Type.Optional(Type.Boolean()),
});
export const TypesByCompanyQuery = Type.Object({ companyId: id(), tenant: Type.Optional(Type.String()) });
export const ActiveSchedulesQuery = Type.Object({
  tenantGroupId: Type.Optional(id()),
  tenantType: Type.Optional(Type.String({ maxLength: 64 })),
});
export const ReportFileParams = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9][a-z0-9._-]*$' }),
});
export const ReportFileQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 4096 })) });
export const ReportCreateQuery = Type.Object({ tenant: Type.String({ minLength: 1, maxLength: 20 }) });
