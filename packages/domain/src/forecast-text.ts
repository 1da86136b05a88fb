/**
 * The words of a strength forecast in the lists (issue 13): pour cards of the dashboards, the precast
 * dashboard's elements and the project job list. One rule for all of them: what a job's next target
 * forecast says ("expected Thu 14:00 (11:00–18:00)", "reached …", or why there is none), which calendar
 * day each time falls on in the display time zone, and the "ready next" order. The screens translate the
 * result and format its times with the user's time formatter. Choices: docs/decisions/web-forecast-lists.md.
 */
import type { ForecastState } from './forecast.ts';
import type { JobTargetKind, TargetUnit } from './targets.ts';
import { DAY_MS } from './time.ts';

/** The parts of one target's forecast the lists read (contracts TargetForecast). */
export interface ListedTargetForecast {
  kind: JobTargetKind;
  enteredValue: number;
  enteredUnit: TargetUnit;
  state: ForecastState;
  reachedAt: number | null;
  expectedAt: number | null;
  earliestAt: number | null;
  latestAt: number | null;
}

/** The parts of a job's forecast summary the lists read (contracts JobForecastSummary). */
export interface ListedForecast {
  state: ForecastState;
  next: ListedTargetForecast | null;
  reachedCount: number;
  targetCount: number;
}

/** Which calendar day a moment falls on, seen from now in the display time zone. */
export type ForecastDay = 'TODAY' | 'TOMORROW' | 'YESTERDAY' | 'WEEKDAY' | 'DATE';

/** A moment of a forecast: its time, how to name its day, and its weekday (0 = Sunday) in the zone. */
export interface ForecastMoment {
  at: number;
  day: ForecastDay;
  weekday: number;
}

/** Why a job shows no forecast, in the short words of the lists. */
export const NO_FORECAST_REASONS = [
  'NO_PROFILE',
  'NOT_STARTED',
  'NO_DATA',
  'BELOW_DATUM',
  'FALLING_TEMPERATURE',
  'STOPPED',
  'NO_TARGET',
] as const;
export type NoForecastReason = (typeof NO_FORECAST_REASONS)[number];

/** A target as entered: its kind and its figure in the unit the engineer used. */
export interface ForecastTargetLabel {
  kind: JobTargetKind;
  value: number;
  unit: TargetUnit;
}

interface LineCounts {
  /** Targets of the job reached so far, and how many it has. */
  reachedCount: number;
  targetCount: number;
}

/** What one list line says about a job's next target. */
export type ForecastLine =
  | (LineCounts & {
      kind: 'EXPECTED';
      target: ForecastTargetLabel;
      expected: ForecastMoment;
      /** The range from the recent low and high temperatures, when the forecast has one. */
      range: {
        earliest: ForecastMoment;
        latest: ForecastMoment;
        /** An end falls on another day than the expected time: name the day of both ends. */
        withDay: boolean;
      } | null;
    })
  | (LineCounts & { kind: 'REACHED'; target: ForecastTargetLabel; reached: ForecastMoment | null })
  | (LineCounts & { kind: 'NONE'; reason: NoForecastReason; target: ForecastTargetLabel | null });

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        weekday: 'short',
      });
    } catch {
      f = dayFormat('UTC');
    }
    dayFormats.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The calendar day of a moment in a time zone, as a day number (days since 1970-01-01 of that local
 * date) and its weekday (0 = Sunday). An unknown zone reads as UTC.
 */
export function calendarDay(ms: number, timeZone: string): { dayNumber: number; weekday: number } {
  const parts = dayFormat(timeZone).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const dayNumber = Math.floor(
    Date.UTC(Number(get('year')), Number(get('month')) - 1, Number(get('day'))) / DAY_MS,
  );
  return { dayNumber, weekday: Math.max(0, WEEKDAYS.indexOf(get('weekday'))) };
}

/** How a moment's day is named from `now`: today, tomorrow, yesterday, a weekday within 6 days, else a date. */
export function forecastMoment(at: number, now: number, timeZone: string): ForecastMoment {
  const { dayNumber, weekday } = calendarDay(at, timeZone);
  const diff = dayNumber - calendarDay(now, timeZone).dayNumber;
  const day: ForecastDay =
    diff === 0
      ? 'TODAY'
      : diff === 1
        ? 'TOMORROW'
        : diff === -1
          ? 'YESTERDAY'
          : Math.abs(diff) <= 6
            ? 'WEEKDAY'
            : 'DATE';
  return { at, day, weekday };
}

/**
 * A target's figure as entered: up to two decimals, no trailing zeros, e.g. '25 MPa', '3000 psi', with a
 * no-break space so the number never wraps apart from its unit.
 */
export function targetFigure(target: Pick<ForecastTargetLabel, 'value' | 'unit'>): string {
  const rounded = Math.round(target.value * 100) / 100;
  return `${rounded}\u00a0${target.unit}`;
}

function isReason(state: ForecastState): state is Exclude<ForecastState, 'FORECAST' | 'REACHED'> {
  return state !== 'FORECAST' && state !== 'REACHED';
}

function time(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * The line of a job's forecast summary: EXPECTED when its next target has an expected time (with the
 * range when both ends are known and hold it), REACHED when the next target is reached (every target
 * is), otherwise NONE with the reason: the target's own state, else the job's, else NO_DATA for a
 * forecast without a time; NO_TARGET for a job without targets.
 */
export function forecastLine(
  summary: ListedForecast,
  { now, timeZone }: { now: number; timeZone: string },
): ForecastLine {
  const counts: LineCounts = { reachedCount: summary.reachedCount, targetCount: summary.targetCount };
  const next = summary.next;
  if (!next) {
    const reason: NoForecastReason = isReason(summary.state) ? summary.state : 'NO_TARGET';
    return { ...counts, kind: 'NONE', reason, target: null };
  }
  const target: ForecastTargetLabel = { kind: next.kind, value: next.enteredValue, unit: next.enteredUnit };
  if (next.state === 'REACHED') {
    return {
      ...counts,
      kind: 'REACHED',
      target,
      reached: time(next.reachedAt) ? forecastMoment(next.reachedAt, now, timeZone) : null,
    };
  }
  if (next.state === 'FORECAST' && time(next.expectedAt)) {
    const expected = forecastMoment(next.expectedAt, now, timeZone);
    const { earliestAt, latestAt } = next;
    let range: Extract<ForecastLine, { kind: 'EXPECTED' }>['range'] = null;
    if (time(earliestAt) && time(latestAt) && earliestAt <= next.expectedAt && next.expectedAt <= latestAt) {
      const earliest = forecastMoment(earliestAt, now, timeZone);
      const latest = forecastMoment(latestAt, now, timeZone);
      const day = calendarDay(next.expectedAt, timeZone).dayNumber;
      const withDay =
        calendarDay(earliestAt, timeZone).dayNumber !== day ||
        calendarDay(latestAt, timeZone).dayNumber !== day;
      range = { earliest, latest, withDay };
    }
    return { ...counts, kind: 'EXPECTED', target, expected, range };
  }
  const reason: NoForecastReason = isReason(next.state)
    ? next.state
    : isReason(summary.state)
      ? summary.state
      : 'NO_DATA';
  return { ...counts, kind: 'NONE', reason, target };
}

/**
 * The "ready next" rank of a job: 0 its next target is reached (ready now), 1 it has an expected time,
 * 2 no forecast, 3 no summary at all (not a running maturity job); with the time that orders it within.
 */
export function readyNextKey(summary: ListedForecast | null | undefined): [rank: number, at: number] {
  if (!summary) return [3, 0];
  const next = summary.next;
  if (next?.state === 'REACHED') return [0, time(next.reachedAt) ? next.reachedAt : 0];
  if (next?.state === 'FORECAST' && time(next.expectedAt)) return [1, next.expectedAt];
  return [2, 0];
}

/**
 * "Ready next" order: jobs whose next target is reached first (earliest reached first), then by
 * expected time (soonest first), then jobs without a forecast, then jobs without a summary. Ties: 0.
 */
export function compareReadyNext(
  a: ListedForecast | null | undefined,
  b: ListedForecast | null | undefined,
): number {
  const [ra, ta] = readyNextKey(a);
  const [rb, tb] = readyNextKey(b);
  return ra - rb || ta - tb;
}

/** What a list shows of a forecast line, as text. */
export interface ForecastWords {
  /** The next target as entered, e.g. 'Stripping 25 MPa' (null when the job has none). */
  target: string | null;
  /** 'expected tomorrow 2:00 PM', 'reached yesterday 9:12 AM', or the short reason, e.g. 'No profile'. */
  status: string;
  /** The range, e.g. '(11:00 AM–6:00 PM)', when the forecast has one. */
  range: string | null;
  /** The longer reason there is no forecast, for a tooltip (null with a forecast). */
  why: string | null;
  /** '1 of 3 targets reached' when the job has several targets. */
  progress: string | null;
}

/** The translations and time formatters forecastWords needs (the screen's i18next `t` and time formatter). */
export interface ForecastWordTools {
  /** Translates a key under `forecastLists.` with its values. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** The time of day of the line's moment, with its zone: e.g. '02:00 PM EST', '14:00 GMT-5'. */
  clock: (at: number) => string;
  /** The time of day of a range end, without the zone the line already names: '11:00 AM'. */
  rangeClock: (at: number) => string;
  /** A moment's date, for moments a week or more away, e.g. '2026-01-28'. */
  date: (at: number) => string;
}

/** A moment as its day and time: 'today 2:00 PM', 'Thu 2:00 PM', '2026-01-28 2:00 PM'. */
export function momentWords(
  m: ForecastMoment,
  { t, date }: Pick<ForecastWordTools, 't' | 'date'>,
  clock: (at: number) => string,
): string {
  return t(`forecastLists.day.${m.day}`, {
    time: clock(m.at),
    weekday: t(`forecastLists.weekday.${m.weekday}`),
    date: m.day === 'DATE' ? date(m.at) : '',
  });
}

/**
 * The words of a forecast line (keys under `forecastLists.` in the web app's i18n files): the target,
 * what it says now, the range (the ends' days named only when one falls on another day), the reason
 * there is no forecast, and how many targets are reached when there are several.
 */
export function forecastWords(line: ForecastLine, tools: ForecastWordTools): ForecastWords {
  const { t, clock, rangeClock } = tools;
  const target = line.target
    ? t('forecastLists.target', {
        kind: t(`forecastLists.kind.${line.target.kind}`),
        figure: targetFigure(line.target),
      })
    : null;
  const progress =
    line.targetCount > 1
      ? t('forecastLists.targetsReached', { reached: line.reachedCount, total: line.targetCount })
      : null;
  if (line.kind === 'EXPECTED') {
    const r = line.range;
    const end = (m: ForecastMoment) => (r?.withDay ? momentWords(m, tools, rangeClock) : rangeClock(m.at));
    return {
      target,
      status: t('forecastLists.expected', { time: momentWords(line.expected, tools, clock) }),
      range: r ? t('forecastLists.range', { from: end(r.earliest), to: end(r.latest) }) : null,
      why: null,
      progress,
    };
  }
  if (line.kind === 'REACHED') {
    return {
      target,
      status: line.reached
        ? t('forecastLists.reached', { time: momentWords(line.reached, tools, clock) })
        : t('forecastLists.reachedNoTime'),
      range: null,
      why: null,
      progress,
    };
  }
  return {
    target,
    status: t(`forecastLists.reason.${line.reason}`),
    range: null,
    why: t(`forecastLists.why.${line.reason}`),
    progress,
  };
}
