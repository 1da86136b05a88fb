/**
 * Reports (spec sections 3 and 7, issue 14): the ten types, their statuses, what each needs, and when a
 * schedule fires next. Pure rules: the server's reports module and the web app's report screens read
 * them from here.
 */

export const REPORT_TYPES = [
  'CS_JOB_REPORT',
  'MATURITY_STRENGTH_JOB_DIFFERENTIAL',
  'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL',
  'CS_POUR_REPORT',
  'T_POUR_REPORT',
  'RAW_DATA_EXCEL_DW',
  'RAW_DATA_CSV_DW',
  'RAW_DATA_EXCEL',
  'RAW_DATA_CSV',
  'T_DIFF_PAIR_GROUP_REPORT',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** A request is stored NEW, made by a worker (RUNNING), then DONE with its file or ERROR with a reason. */
export const REPORT_STATUSES = ['NEW', 'RUNNING', 'DONE', 'ERROR'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What a type reports on: one maturity job, a job group, chosen sensors of the site, or chosen nodes. */
export const REPORT_SUBJECTS = ['JOB', 'JOB_GROUP', 'SENSORS', 'NODES'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

export interface ReportTypeRule {
  format: ReportFormat;
  subject: ReportSubject;
  /** a differential type: pairs of sensors (sid1/sid2) or nodes (nid1/nid2) against a limit */
  differential: boolean;
  /** the `_DW` variants: hourly down-sampled rows (docs/decisions/reports.md) */
  downsampled: boolean;
}

export const REPORT_TYPE_RULES: Record<ReportType, ReportTypeRule> = {
  CS_JOB_REPORT: { format: 'pdf', subject: 'JOB', differential: false, downsampled: false },
  CS_POUR_REPORT: { format: 'pdf', subject: 'JOB', differential: false, downsampled: false },
  T_POUR_REPORT: { format: 'pdf', subject: 'JOB', differential: false, downsampled: false },
  MATURITY_STRENGTH_JOB_DIFFERENTIAL: {
    format: 'pdf',
    subject: 'JOB',
    differential: true,
    downsampled: false,
  },
  MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL: {
    format: 'pdf',
    subject: 'JOB_GROUP',
    differential: true,
    downsampled: false,
  },
  T_DIFF_PAIR_GROUP_REPORT: { format: 'pdf', subject: 'SENSORS', differential: true, downsampled: false },
  RAW_DATA_EXCEL: { format: 'xlsx', subject: 'SENSORS', differential: false, downsampled: false },
  RAW_DATA_EXCEL_DW: { format: 'xlsx', subject: 'SENSORS', differential: false, downsampled: true },
  RAW_DATA_CSV: { format: 'csv', subject: 'SENSORS', differential: false, downsampled: false },
  RAW_DATA_CSV_DW: { format: 'csv', subject: 'SENSORS', differential: false, downsampled: true },
};

/** The bucket of the `_DW` (down-sampled) types: one row per sensor per hour (average, min, max). */
export const REPORT_DOWNSAMPLE_MS = 3_600_000;

/** ACI 301 practice: the largest temperature difference between paired sensors, 19.4 °C (35 °F). */
export const DIFFERENTIAL_LIMIT_C = 19.4;

/** The longest range one report covers (a schedule's range is its period). */
export const REPORT_RANGE_MAX_MS = 366 * 86_400_000;
/** The most sensors, nodes or pairs one request names. */
export const REPORT_ITEMS_MAX = 500;
/** The most people a report is e-mailed to. */
export const REPORT_RECIPIENTS_MAX = 50;
/** Longest report name. */
export const REPORT_NAME_MAX = 120;
/** A report's file is attached to its e-mail up to this size; above it the e-mail carries a link. */
export const REPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The time a worker has to make one report before it is given up (ERROR, reason "took too long"). */
export const REPORT_GENERATION_LIMIT_MS = 10 * 60_000;
/** How long a worker's claim on a request lasts before another worker may take it over (a crash). */
export const REPORT_LEASE_MS = 2 * 60_000;
/** Attempts before a request that keeps crashing its worker is set ERROR. */
export const REPORT_ATTEMPTS_MAX = 3;

export const SCHEDULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
/** Days of the week as 0 (Sunday) to 6 (Saturday), as Date.getDay and cron count them. */
export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The period a scheduled report covers: the day, week or month before it fires. */
export const SCHEDULE_PERIOD_MS: Record<ScheduleFrequency, number> = {
  DAILY: 86_400_000,
  WEEKLY: 7 * 86_400_000,
  MONTHLY: 31 * 86_400_000,
};

/** `HH:mm`, 00:00 to 23:59. */
export const TIME_OF_DAY_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/**
 * The cron pattern of a schedule (minute hour day-of-month month day-of-week), read by croner in the
 * schedule's time zone: daily at the time, weekly on the chosen days, monthly on a day (1..28, so every
 * month has it).
 */
export function scheduleCron(s: {
  frequency: ScheduleFrequency;
  timeOfDay: string;
  weekDays?: readonly number[] | null;
  monthDay?: number | null;
}): string {
  const [h, m] = s.timeOfDay.split(':').map(Number);
  if (s.frequency === 'WEEKLY') {
    const days = [...new Set(s.weekDays ?? [])].sort((a, b) => a - b);
    return `${m} ${h} * * ${days.length ? days.join(',') : '1'}`;
  }
  if (s.frequency === 'MONTHLY') return `${m} ${h} ${s.monthDay ?? 1} * *`;
  return `${m} ${h} * * *`;
}

/** The file name a report is stored and downloaded under: its id, type and date, safe in any file system. */
export function reportFileName(id: number, type: ReportType, createdAt: number): string {
  const day = new Date(createdAt).toISOString().slice(0, 10);
  return `report-${id}-${type.toLowerCase().replace(/_/g, '-')}-${day}.${REPORT_TYPE_RULES[type].format}`;
}

/**
 * A report type in words, for the name the server gives a request left unnamed (and the e-mail that
 * carries it), in the requester's language. The web app's own labels are in its i18n files.
 */
export const REPORT_TYPE_NAMES: Record<'en' | 'es', Record<ReportType, string>> = {
  en: {
    CS_JOB_REPORT: 'Job report',
    CS_POUR_REPORT: 'Pour report',
    T_POUR_REPORT: 'Temperature pour report',
    MATURITY_STRENGTH_JOB_DIFFERENTIAL: 'Job temperature differential',
    MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL: 'Job group temperature differential',
    T_DIFF_PAIR_GROUP_REPORT: 'Sensor pair temperature differential',
    RAW_DATA_EXCEL: 'Raw data (Excel)',
    RAW_DATA_EXCEL_DW: 'Hourly data (Excel)',
    RAW_DATA_CSV: 'Raw data (CSV)',
    RAW_DATA_CSV_DW: 'Hourly data (CSV)',
  },
  es: {
    CS_JOB_REPORT: 'Informe del trabajo',
    CS_POUR_REPORT: 'Informe de colada',
    T_POUR_REPORT: 'Informe de temperaturas de colada',
    MATURITY_STRENGTH_JOB_DIFFERENTIAL: 'Diferencial de temperatura del trabajo',
    MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL: 'Diferencial de temperatura del grupo de trabajos',
    T_DIFF_PAIR_GROUP_REPORT: 'Diferencial de temperatura por pares de sensores',
    RAW_DATA_EXCEL: 'Datos completos (Excel)',
    RAW_DATA_EXCEL_DW: 'Datos por hora (Excel)',
    RAW_DATA_CSV: 'Datos completos (CSV)',
    RAW_DATA_CSV_DW: 'Datos por hora (CSV)',
  },
};

/** The name of a request its owner left unnamed: the type in words, then the job's name when it has one. */
export function defaultReportName(type: ReportType, language: 'en' | 'es', jobName?: string | null): string {
  const words = REPORT_TYPE_NAMES[language]?.[type] ?? REPORT_TYPE_NAMES.en[type];
  return jobName ? `${words} · ${jobName}` : words;
}
