import {
  FORECAST_STATES,
  JOB_TARGET_KINDS,
  SIGNOFF_DECISIONS,
  SIGNOFF_NOTE_MAX,
  TARGET_ENTERED_MAX,
  TARGET_UNITS,
} from '@sitepulse/domain';
import Type from 'typebox';
import { EpochMs, finite, id } from './common.ts';

/**
 * Issue 13: strength targets, forecasts and sign-offs of maturity jobs. These calls are ours (the spec
 * names none); paths under /analytics/concrete/maturity/jobs/..., documented in the OpenAPI description.
 * Strengths on the wire are MPa, maturities °C·h (or hours of equivalent age), times epoch ms.
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const JobTargetKind = Type.Enum(JOB_TARGET_KINDS);
export const TargetUnit = Type.Enum(TARGET_UNITS);
export const ForecastState = Type.Enum(FORECAST_STATES);
export const SignoffDecision = Type.Enum(SIGNOFF_DECISIONS);

/** A strength target of a job: the spec's target is `primary` (first); the others are ours. */
export const JobTarget = Type.Object({
  kind: JobTargetKind,
  primary: Type.Boolean({ description: "true for the spec's target (singular/high/medium/low)" }),
  strengthMpa: Type.Number(),
  enteredValue: Type.Number({ description: 'the figure as entered, in enteredUnit' }),
  enteredUnit: TargetUnit,
});
export type JobTarget = Type.Static<typeof JobTarget>;
/** The targets of a job: the primary (the spec's) first when the job has one, then the further ones in JOB_TARGET_KINDS order. */
export const JobTargetList = Type.Array(JobTarget);
export type JobTargetList = Type.Static<typeof JobTargetList>;

/** PUT .../maturity/jobs/targets/{id}: the job's further targets, all at once (the primary is the spec's). */
export const JobTargetsBody = Type.Object({
  targets: Type.Array(
    Type.Object({
      kind: JobTargetKind,
      enteredValue: finite({
        exclusiveMinimum: 0,
        maximum: TARGET_ENTERED_MAX,
        description: 'in enteredUnit: at most 1000 MPa (145038 psi)',
      }),
      enteredUnit: TargetUnit,
    }),
    { maxItems: JOB_TARGET_KINDS.length },
  ),
  /** The unit and kind of the spec's target, when the writer says them. */
  primaryUnit: Type.Optional(TargetUnit),
  primaryKind: Type.Optional(JobTargetKind),
  /**
   * The spec's target as the writer entered it, in primaryUnit (else the unit it was entered in
   * before, else MPa): sets the job's singular target (MPa), kept so it reads back as entered.
   */
  primaryValue: Type.Optional(
    finite({
      exclusiveMinimum: 0,
      maximum: TARGET_ENTERED_MAX,
      description: 'at most 1000 MPa (145038 psi)',
    }),
  ),
});
export type JobTargetsBody = Type.Static<typeof JobTargetsBody>;

/** When one target will be (or was) reached. */
export const TargetForecast = Type.Object({
  ...JobTarget.properties,
  state: ForecastState,
  /** when the strength reached it (state REACHED) */
  reachedAt: Nullable(EpochMs),
  /** expected time at the recent temperature, and the range from the recent low and high */
  expectedAt: Nullable(EpochMs),
  earliestAt: Nullable(EpochMs),
  latestAt: Nullable(EpochMs),
});
export type TargetForecast = Type.Static<typeof TargetForecast>;

/** One point of the projected strength band (MPa) the strength chart draws dashed. */
export const ProjectionPoint = Type.Object({
  t: EpochMs,
  low: Type.Number(),
  mid: Type.Number(),
  high: Type.Number(),
});

/** GET .../maturity/jobs/forecast/{id}: the job's targets and when each is reached, for the job and per sensor. */
export const JobForecast = Type.Object({
  jobId: id(),
  /** the job's state: FORECAST when some target is ahead and forecast, else why there is none */
  state: ForecastState,
  computedAt: EpochMs,
  strengthMpa: Nullable(Type.Number()),
  maturity: Nullable(Type.Number()),
  /** recent temperature (°C): mean, low and high over the window used, and its trend in °C per hour */
  recent: Nullable(
    Type.Object({
      meanC: Type.Number(),
      lowC: Type.Number(),
      highC: Type.Number(),
      trendCPerHour: Type.Number(),
      fromTs: EpochMs,
      toTs: EpochMs,
    }),
  ),
  targets: Type.Array(TargetForecast),
  projection: Type.Array(ProjectionPoint),
  sensors: Type.Array(
    Type.Object({
      sensorId: id(),
      state: ForecastState,
      strengthMpa: Nullable(Type.Number()),
      targets: Type.Array(TargetForecast),
    }),
  ),
});
export type JobForecast = Type.Static<typeof JobForecast>;

/** A job's next target and its forecast, for lists (pour cards, precast dashboard, job list). */
export const JobForecastSummary = Type.Object({
  jobId: id(),
  state: ForecastState,
  strengthMpa: Nullable(Type.Number()),
  /** the first target not yet reached (or the last, when all are reached) */
  next: Nullable(TargetForecast),
  reachedCount: Type.Integer({ minimum: 0, maximum: 100 }),
  targetCount: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type JobForecastSummary = Type.Static<typeof JobForecastSummary>;
export const JobForecastSummaryList = Type.Array(JobForecastSummary);

/** GET .../maturity/jobs/forecast (query): the summaries of the running maturity jobs of a project or a site. */
export const JobForecastListQuery = Type.Object({
  tenant: Type.Optional(id({ description: 'project (tenant) id' })),
  tenantGroupId: Type.Optional(id()),
});
export type JobForecastListQuery = Type.Static<typeof JobForecastListQuery>;

/** A decision recorded on a maturity job. */
export const JobSignoff = Type.Object({
  id: id(),
  jobId: id(),
  decision: SignoffDecision,
  strengthMpa: Nullable(Type.Number()),
  maturity: Nullable(Type.Number()),
  note: Type.String(),
  userId: id(),
  userName: Type.String(),
  createdAt: EpochMs,
  supersedesId: Nullable(id()),
  /** id of the later sign-off that replaced this one, when one did */
  supersededById: Nullable(id()),
});
export type JobSignoff = Type.Static<typeof JobSignoff>;
export const JobSignoffList = Type.Array(JobSignoff);

/** POST .../maturity/jobs/signoffs/{id}: record a decision; the server reads the strength shown now. */
export const JobSignoffBody = Type.Object({
  decision: SignoffDecision,
  note: Type.String({ maxLength: SIGNOFF_NOTE_MAX }),
  /** the sign-off this one replaces (same job); the old one stays, marked superseded */
  supersedesId: Type.Optional(id()),
});
export type JobSignoffBody = Type.Static<typeof JobSignoffBody>;
