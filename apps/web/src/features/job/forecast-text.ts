/**
 * The words of a maturity job's forecast (issue 13, docs/decisions/web-job-forecast.md): each target's
 * strength in the unit it was entered, and when it was reached or is expected, in the display time zone.
 * Pure: the translation function and the display preferences come in as arguments.
 */
import type { JobForecast, TargetForecast } from '@sitepulse/contracts';
import { calendarDay, type ForecastState, forecastMoment, HOUR_MS, unitLabel } from '@sitepulse/domain';
import type { DisplayPreferences } from '../../app/preferences.ts';

type T = (key: string, options?: Record<string, unknown>) => string;
type Prefs = Pick<
  DisplayPreferences,
  'system' | 'timeZone' | 'language' | 'withUnit' | 'date' | 'clock' | 'zoneLabel'
>;

/** A figure as it was typed: up to two decimals, none when whole ("25", "3000", "27.5"). */
export function enteredFigure(value: number): string {
  return String(Number(value.toFixed(2)));
}

/**
 * A target's strength in the unit it was entered ("3000 psi"), and the user's figure when the user reads
 * another unit ("3000 psi (20.7 MPa)").
 */
export function targetStrengthText(
  target: Pick<TargetForecast, 'enteredValue' | 'enteredUnit' | 'strengthMpa'>,
  prefs: Pick<Prefs, 'system' | 'withUnit'>,
): string {
  const entered = `${enteredFigure(target.enteredValue)} ${target.enteredUnit}`;
  if (target.enteredUnit === unitLabel('Strength', prefs.system)) return entered;
  return `${entered} (${prefs.withUnit('Strength', target.strengthMpa)})`;
}

/**
 * A moment of a forecast, its day named from now in the display time zone (domain forecastMoment, as the
 * dashboards' lists name it): "today 02:00 PM EST", "tomorrow …", "Thu 02:00 PM EST" within a week, else
 * its date. The time comes from the display preferences (the reader's clock and the zone's short name);
 * `zone` false leaves the zone out (the ends of a range, after the time that carries it).
 */
export function forecastTime(ms: number, t: T, prefs: Prefs, now: number, zone = true): string {
  const m = forecastMoment(ms, now, prefs.timeZone);
  const weekday =
    m.day === 'WEEKDAY'
      ? new Intl.DateTimeFormat(prefs.language, { timeZone: prefs.timeZone, weekday: 'short' }).format(ms)
      : '';
  const date = m.day === 'DATE' ? prefs.date(ms) : '';
  const time = zone ? prefs.clock(ms) : clockWithoutZone(ms, prefs);
  return t(`forecast.day.${m.day}`, { time, weekday, date });
}

/**
 * The ends of a range: their times alone when both fall on the expected time's day ("between 11:00 AM and
 * 06:00 PM"), else each with its day ("between today 09:07 PM and tomorrow 12:48 PM").
 */
function rangeEnds(
  target: { expectedAt: number; earliestAt: number; latestAt: number },
  t: T,
  prefs: Prefs,
  now: number,
): { earliest: string; latest: string } {
  const day = (ms: number) => calendarDay(ms, prefs.timeZone).dayNumber;
  const sameDay =
    day(target.earliestAt) === day(target.expectedAt) && day(target.latestAt) === day(target.expectedAt);
  const end = (ms: number) =>
    sameDay ? clockWithoutZone(ms, prefs) : forecastTime(ms, t, prefs, now, false);
  return { earliest: end(target.earliestAt), latest: end(target.latestAt) };
}

/** The reader's time of day without the zone's name (said once, after the expected time). */
function clockWithoutZone(ms: number, prefs: Prefs): string {
  const text = prefs.clock(ms);
  const zone = ` ${prefs.zoneLabel(ms)}`;
  return text.endsWith(zone) ? text.slice(0, -zone.length) : text;
}

/** States that say why there is no forecast. */
export const NO_FORECAST_STATES: readonly ForecastState[] = [
  'NO_PROFILE',
  'NOT_STARTED',
  'NO_DATA',
  'BELOW_DATUM',
  'FALLING_TEMPERATURE',
  'STOPPED',
];
export const isNoForecast = (state: ForecastState) => NO_FORECAST_STATES.includes(state);

/** Why a job (or a sensor) has no forecast, in a sentence; the datum (°C) when the profile has one. */
export function reasonText(state: ForecastState, t: T, prefs: Prefs, datumC: number | null): string {
  if (state === 'BELOW_DATUM' && datumC !== null)
    return t('forecast.reason.BELOW_DATUM', { datum: prefs.withUnit('Temperature', datumC) });
  if (state === 'BELOW_DATUM') return t('forecast.reason.BELOW_DATUM_COLD');
  return t(`forecast.reason.${state}`);
}

/**
 * One target's line: "25 MPa reached Tue 09:40", "25 MPa expected Thu 14:00, between 11:00 and 18:00",
 * or "25 MPa not reached yet" (with a short reason when it differs from the job's).
 */
export function targetLine(
  target: TargetForecast,
  t: T,
  prefs: Prefs,
  now: number,
  jobState: ForecastState,
): string {
  const strength = targetStrengthText(target, prefs);
  if (target.state === 'REACHED')
    return target.reachedAt === null
      ? t('forecast.reachedNoTime', { strength })
      : t('forecast.reached', { strength, time: forecastTime(target.reachedAt, t, prefs, now) });
  if (target.state === 'FORECAST' && target.expectedAt !== null) {
    const expected = target.expectedAt;
    const time = forecastTime(expected, t, prefs, now);
    if (target.earliestAt === null || target.latestAt === null || target.earliestAt === target.latestAt)
      return t('forecast.expectedNoRange', { strength, time });
    return t('forecast.expected', {
      strength,
      time,
      ...rangeEnds(
        { expectedAt: expected, earliestAt: target.earliestAt, latestAt: target.latestAt },
        t,
        prefs,
        now,
      ),
    });
  }
  if (isNoForecast(target.state) && target.state !== jobState)
    return t('forecast.notYetBecause', { strength, reason: t(`forecast.short.${target.state}`) });
  return t('forecast.notYet', { strength });
}

/** The primary target, else the first: the one the "Can the forms come off?" answer is about. */
export function primaryTarget(forecast: Pick<JobForecast, 'targets'>): TargetForecast | null {
  return forecast.targets.find((x) => x.primary) ?? forecast.targets[0] ?? null;
}

/**
 * The line the answer adds about time: when the job's target is expected ("Expected to reach 25 MPa Thu
 * 14:00, between 11:00 and 18:00."), or why there is no forecast. Null when it is reached (the answer
 * says so) or there is nothing to say.
 */
export function answerLine(forecast: JobForecast, t: T, prefs: Prefs, now: number, datumC: number | null) {
  const target = primaryTarget(forecast);
  if (!target || target.state === 'REACHED') return null;
  if (target.state === 'FORECAST' && target.expectedAt !== null) {
    const strength = targetStrengthText(target, prefs);
    const time = forecastTime(target.expectedAt, t, prefs, now);
    if (target.earliestAt === null || target.latestAt === null || target.earliestAt === target.latestAt)
      return t('forecast.answer.expectedNoRange', { strength, time });
    return t('forecast.answer.expected', {
      strength,
      time,
      ...rangeEnds(
        { expectedAt: target.expectedAt, earliestAt: target.earliestAt, latestAt: target.latestAt },
        t,
        prefs,
        now,
      ),
    });
  }
  const state = isNoForecast(target.state) ? target.state : forecast.state;
  return isNoForecast(state) ? reasonText(state, t, prefs, datumC) : null;
}

/** A sensor's next target in words: its kind and when (or why not), and both as one line. */
export interface SensorNext {
  /** "Stripping", "All targets reached" */
  label: string;
  /** "tomorrow 02:00 PM UTC", "temperature falling", or nothing */
  detail: string | null;
  /** "Stripping · tomorrow 02:00 PM UTC", "Stripping: temperature falling", "All targets reached" */
  text: string;
}

/** A sensor's next target, for the sensor table: when it is expected, that all are reached, or why not. */
export function sensorNext(
  sensor: JobForecast['sensors'][number],
  t: T,
  prefs: Prefs,
  now: number,
): SensorNext {
  const none = { label: t('forecast.sensors.none'), detail: null, text: t('forecast.sensors.none') };
  const next = sensor.targets.find((x) => x.state !== 'REACHED');
  if (sensor.targets.length > 0 && !next) {
    const all = t('forecast.sensors.allReached');
    return { label: all, detail: null, text: all };
  }
  if (!next) return none;
  const kind = t(`forecast.kind.${next.kind}`);
  if (next.state === 'FORECAST' && next.expectedAt !== null) {
    const time = forecastTime(next.expectedAt, t, prefs, now);
    return { label: kind, detail: time, text: t('forecast.sensors.expected', { kind, time }) };
  }
  const state = isNoForecast(next.state) ? next.state : sensor.state;
  if (!isNoForecast(state)) return none;
  const reason = t(`forecast.short.${state}`);
  return { label: kind, detail: reason, text: t('forecast.sensors.noForecast', { kind, reason }) };
}

/** sensorNext as one line: "Stripping · Thu 02:00 PM UTC". */
export function sensorNextText(
  sensor: JobForecast['sensors'][number],
  t: T,
  prefs: Prefs,
  now: number,
): string {
  return sensorNext(sensor, t, prefs, now).text;
}

/** The recent temperature the forecast rests on: "Last 6 h: 14.2 °C on average (11.0 °C to 16.5 °C)". */
export function recentText(recent: NonNullable<JobForecast['recent']>, t: T, prefs: Prefs): string {
  return t('forecast.recent', {
    hours: Math.max(1, Math.round((recent.toTs - recent.fromTs) / HOUR_MS)),
    mean: prefs.withUnit('Temperature', recent.meanC),
    low: prefs.withUnit('Temperature', recent.lowC),
    high: prefs.withUnit('Temperature', recent.highC),
  });
}
