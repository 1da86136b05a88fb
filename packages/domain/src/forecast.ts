import {
  DEFAULT_ACTIVATION_ENERGY,
  DEFAULT_DATUM_C,
  DEFAULT_REFERENCE_C,
  equivalentAgeIncrement,
  nurseSaulIncrement,
  type StrengthProfile,
  strengthFromMaturity,
  type TemperatureReading,
} from './maturity.ts';
import { DAY_MS, HOUR_MS, toEpochMs } from './time.ts';

/**
 * When will a pour reach its strength? (issue 13; docs/decisions/strength-forecast.md)
 *
 * The rule, for one sensor: invert the profile's curve S = a + b·log10(M) to the maturity M* the
 * target needs; the maturity rate at a temperature is what one hour adds (Nurse-Saul: T − datum °C·h
 * per hour; equivalent age: the Arrhenius factor, hours per hour); the target is expected at
 * (M* − M now) / rate(recent mean temperature) after the sensor's last reading. The range: the
 * earliest from the recent high (following a rising trend for TREND_FOLLOW_MS), the latest from the
 * recent low (following a falling one). "Recent" is the last FORECAST_WINDOW_MS of readings. A job's
 * strength is the average of its sensors' strengths, so a job reaches a target when the average of
 * its sensors' projected strengths does.
 */

/** Why a target has (or has no) forecast. */
export const FORECAST_STATES = [
  'FORECAST',
  'REACHED',
  'NO_PROFILE',
  'NOT_STARTED',
  'NO_DATA',
  'BELOW_DATUM',
  'FALLING_TEMPERATURE',
  'STOPPED',
] as const;
export type ForecastState = (typeof FORECAST_STATES)[number];

/**
 * The recent window: the readings of the last 12 hours. Long enough that one noisy reading or a
 * passing cloud does not move the forecast, short enough to follow the heat of hydration; the
 * forecast of a demo pour made at half its target lands within its range of the real time with it
 * (apps/server/src/modules/forecast/demo-pour.test.ts).
 */
export const FORECAST_WINDOW_MS = 12 * HOUR_MS;
/**
 * The range follows the recent trend this far ahead: the earliest time a rising one (the heat of
 * hydration may still be climbing past the recent high), the latest time a falling one. Half the
 * window: a trend is not followed further than half as long as it was seen.
 */
export const TREND_FOLLOW_MS = 6 * HOUR_MS;
/**
 * To call a falling temperature FALLING_TEMPERATURE, its trend is followed this far ahead at most: a
 * trend of the last 12 hours says little about the day after tomorrow, and an ordinary cool-down after
 * the peak slows as it nears the air temperature, so it is not followed down to the datum.
 */
export const FALLING_HORIZON_MS = 24 * HOUR_MS;
/** Most points of the projection band. */
export const PROJECTION_MAX_POINTS = 48;
/** The projection band reaches at most this far ahead of the last reading. */
export const PROJECTION_MAX_AHEAD_MS = 60 * DAY_MS;
/** The band shown when a job has no target to reach: one day ahead. */
export const PROJECTION_DEFAULT_AHEAD_MS = DAY_MS;
/** A target further ahead than this at the recent rate has no time (it is not "forecast" in any useful sense). */
export const FORECAST_MAX_AHEAD_MS = 100 * 365 * DAY_MS;

/** What the forecast needs of a concrete profile: its curve, its maturity function and their constants. */
export interface ForecastProfile extends StrengthProfile {
  maturityFunction?: string | null;
  datumC?: number | null;
  activationEnergy?: number | null;
  referenceC?: number | null;
}

/** Whether a profile's curve can be inverted (b > 0: strength grows with maturity). */
export function isForecastable(profile: ForecastProfile | null | undefined): profile is ForecastProfile {
  return !!profile && Number.isFinite(profile.a) && Number.isFinite(profile.b) && profile.b > 0;
}

const datumOf = (p: ForecastProfile) => p.datumC ?? DEFAULT_DATUM_C;

/**
 * The maturity index a strength needs by the profile's curve: M* = 10^((S − a) / b). Null when the
 * curve cannot be inverted (b ≤ 0) or the number is not finite.
 */
export function maturityForStrength(strengthMpa: number, curve: StrengthProfile): number | null {
  if (!Number.isFinite(strengthMpa) || !Number.isFinite(curve.a) || !(curve.b > 0)) return null;
  const m = 10 ** ((strengthMpa - curve.a) / curve.b);
  return Number.isFinite(m) ? m : null;
}

/**
 * The maturity index one hour at this temperature adds, by the profile's function (the engine's own
 * interval steps over one hour): Nurse-Saul T − datum °C·h, equivalent age the Arrhenius factor in
 * hours. Nothing at or below the datum, for both functions: the forecast assumes no strength gain
 * there (ASTM C1074 datum; freezing concrete does not gain strength).
 */
export function maturityRate(tempC: number, profile: ForecastProfile): number {
  const datum = datumOf(profile);
  if (!Number.isFinite(tempC) || tempC <= datum) return 0;
  if (profile.maturityFunction === 'EQUIVALENT_AGE') {
    return equivalentAgeIncrement(tempC, 1, {
      activationEnergy: profile.activationEnergy ?? DEFAULT_ACTIVATION_ENERGY,
      referenceC: profile.referenceC ?? DEFAULT_REFERENCE_C,
    });
  }
  return nurseSaulIncrement(tempC, 1, datum);
}

/** The recent temperatures of a sensor (or a job): mean, low, high, trend, and the trend's value at the end. */
export interface RecentTemperature {
  /** time-weighted mean over the window, °C */
  meanC: number;
  lowC: number;
  highC: number;
  /** least-squares slope of the readings, °C per hour (0 with fewer than two) */
  trendCPerHour: number;
  /** the trend line's value at the last reading (the last reading, with one) */
  endC: number;
  fromTs: number;
  toTs: number;
}

/**
 * The readings of the window (now − windowMs, now], summarised. Unreadable readings are dropped;
 * null when none is left.
 */
export function recentTemperature(
  readings: readonly TemperatureReading[] | null | undefined,
  now: number,
  windowMs: number = FORECAST_WINDOW_MS,
): RecentTemperature | null {
  const pts = (readings ?? [])
    .map((r) => ({ t: toEpochMs(r.ts), c: r.tempC }))
    .filter(
      (r): r is { t: number; c: number } =>
        r.t !== null && r.t > now - windowMs && r.t <= now && typeof r.c === 'number' && Number.isFinite(r.c),
    )
    .sort((a, b) => a.t - b.t);
  if (pts.length === 0) return null;
  let low = pts[0].c;
  let high = pts[0].c;
  for (const p of pts) {
    if (p.c < low) low = p.c;
    if (p.c > high) high = p.c;
  }
  // Time-weighted mean: each interval counts its mean temperature for its length (as maturity does).
  let weighted = 0;
  let hours = 0;
  for (let i = 1; i < pts.length; i++) {
    const h = (pts[i].t - pts[i - 1].t) / HOUR_MS;
    weighted += ((pts[i].c + pts[i - 1].c) / 2) * h;
    hours += h;
  }
  const meanC = hours > 0 ? weighted / hours : pts.reduce((s, p) => s + p.c, 0) / pts.length;
  // Least-squares line through (hours since the first reading, °C).
  const n = pts.length;
  const xs = pts.map((p) => (p.t - pts[0].t) / HOUR_MS);
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = pts.reduce((s, p) => s + p.c, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxy += (xs[i] - mx) * (pts[i].c - my);
  }
  const trend = sxx > 0 ? sxy / sxx : 0;
  const endC = sxx > 0 ? my + trend * (xs[n - 1] - mx) : pts[n - 1].c;
  return {
    meanC,
    lowC: low,
    highC: high,
    trendCPerHour: trend,
    endC,
    fromTs: pts[0].t,
    toTs: pts[n - 1].t,
  };
}

/** A sensor as the forecast sees it: its maturity index now, when that was, and its recent temperatures. */
export interface ForecastSensor {
  /** maturity index of the profile's function: °C·h (Nurse-Saul) or hours (equivalent age) */
  index: number;
  /** time of the reading the index is at */
  lastTs: number;
  /** recent temperatures; null when the sensor has no reading in the window */
  recent: RecentTemperature | null;
}

/**
 * A temperature path ahead of a sensor: `startC` now, changing by `slopeCPerHour` for `forHours`, then
 * level. The expected time holds the recent mean level; the range follows the recent trend for a while.
 */
export interface TemperaturePath {
  startC: number;
  slopeCPerHour: number;
  forHours: number;
}

/** How a sensor's maturity will grow: temperature paths of the bands, and the most it can still gain. */
export interface SensorOutlook {
  index: number;
  lastTs: number;
  low: TemperaturePath;
  mid: TemperaturePath;
  high: TemperaturePath;
  /**
   * The most maturity it gains before a falling trend takes it to the datum (within
   * FALLING_HORIZON_MS); Infinity when the trend does not.
   */
  cap: number;
  /** why it gains nothing (NO_DATA, BELOW_DATUM), or FALLING_TEMPERATURE when a trend caps it; else FORECAST */
  condition: 'FORECAST' | 'NO_DATA' | 'BELOW_DATUM' | 'FALLING_TEMPERATURE';
}

/** Steps of the numeric integrals of the rate along a changing temperature (exact for Nurse-Saul above the datum). */
const PATH_STEPS = 32;

/** Maturity gained along a path over `hours`. */
export function gainedAlong(path: TemperaturePath, hours: number, profile: ForecastProfile): number {
  if (!(hours > 0)) return 0;
  const sloped = Math.min(hours, path.forHours);
  let sum = 0;
  if (path.slopeCPerHour === 0 || sloped <= 0) {
    return maturityRate(path.startC, profile) * hours;
  }
  const dt = sloped / PATH_STEPS;
  for (let i = 0; i < PATH_STEPS; i++) {
    sum += maturityRate(path.startC + path.slopeCPerHour * (i + 0.5) * dt, profile) * dt;
  }
  if (hours > sloped) {
    sum += maturityRate(path.startC + path.slopeCPerHour * sloped, profile) * (hours - sloped);
  }
  return sum;
}

const level = (c: number): TemperaturePath => ({ startC: c, slopeCPerHour: 0, forHours: 0 });

/**
 * A sensor's outlook: no recent reading, NO_DATA; the recent mean or the trend's end at or below the
 * datum, BELOW_DATUM (no gain, no forecast). Otherwise the expected path holds the recent mean; the
 * earliest starts at the recent high and follows a rising trend for TREND_FOLLOW_MS, the latest
 * starts at the recent low and follows a falling one. A falling trend that reaches the datum within
 * FALLING_HORIZON_MS caps what it can still gain at the maturity gained along the trend down to the
 * datum (condition FALLING_TEMPERATURE).
 */
export function sensorOutlook(sensor: ForecastSensor, profile: ForecastProfile): SensorOutlook {
  const base = { index: sensor.index, lastTs: sensor.lastTs };
  const r = sensor.recent;
  const flat = level(Number.NaN);
  if (!r) return { ...base, low: flat, mid: flat, high: flat, cap: 0, condition: 'NO_DATA' };
  const datum = datumOf(profile);
  if (r.meanC <= datum || r.endC <= datum) {
    return { ...base, low: flat, mid: flat, high: flat, cap: 0, condition: 'BELOW_DATUM' };
  }
  const follow = TREND_FOLLOW_MS / HOUR_MS;
  const trend = r.trendCPerHour;
  const paths = {
    mid: level(r.meanC),
    high: trend > 0 ? { startC: r.highC, slopeCPerHour: trend, forHours: follow } : level(r.highC),
    low: trend < 0 ? { startC: r.lowC, slopeCPerHour: trend, forHours: follow } : level(r.lowC),
  };
  if (trend < 0) {
    const hoursToDatum = (r.endC - datum) / -trend;
    if (hoursToDatum * HOUR_MS <= FALLING_HORIZON_MS) {
      const cap = gainedAlong(
        { startC: r.endC, slopeCPerHour: trend, forHours: hoursToDatum },
        hoursToDatum,
        profile,
      );
      return { ...base, ...paths, cap, condition: 'FALLING_TEMPERATURE' };
    }
  }
  return { ...base, ...paths, cap: Number.POSITIVE_INFINITY, condition: 'FORECAST' };
}

export type Band = 'low' | 'mid' | 'high';

/** Whether a band's path keeps gaining for ever (its level after the trend is above the datum). */
function gainsForever(o: SensorOutlook, band: Band, profile: ForecastProfile): boolean {
  const p = o[band];
  return maturityRate(p.startC + p.slopeCPerHour * p.forHours, profile) > 0;
}

/** A sensor's projected maturity index at time t along a band's path, capped by a falling trend. */
export function projectedIndex(o: SensorOutlook, t: number, band: Band, profile: ForecastProfile): number {
  if (o.condition === 'NO_DATA' || o.condition === 'BELOW_DATUM') return o.index;
  const hours = Math.max(0, t - o.lastTs) / HOUR_MS;
  return o.index + Math.min(gainedAlong(o[band], hours, profile), o.cap);
}

/** The job's projected strength at t: the average of its sensors' projected strengths (as jobStrength). */
export function projectedStrength(
  outlooks: readonly SensorOutlook[],
  curve: ForecastProfile,
  t: number,
  band: Band,
): number | null {
  if (outlooks.length === 0) return null;
  let sum = 0;
  for (const o of outlooks) sum += strengthFromMaturity(projectedIndex(o, t, band, curve), curve);
  return sum / outlooks.length;
}

/**
 * When the average projected strength first reaches the target, at the rates of a band: no earlier
 * than `from`; null when it never does (every sensor gains nothing, or is capped short of it) or not
 * within FORECAST_MAX_AHEAD_MS. To the millisecond (bisection; the average is non-decreasing in time).
 */
export function crossingTime(
  outlooks: readonly SensorOutlook[],
  curve: ForecastProfile,
  targetMpa: number,
  from: number,
  band: Band,
): number | null {
  if (outlooks.length === 0 || !(curve.b > 0)) return null;
  const f = (t: number) => projectedStrength(outlooks, curve, t, band) as number;
  if (f(from) >= targetMpa) return from;
  // Can it get there at all? A sensor that gains without a cap grows without bound (b > 0).
  const live = outlooks.filter((o) => o.condition === 'FORECAST' || o.condition === 'FALLING_TEMPERATURE');
  const unbounded = live.some((o) => o.cap === Number.POSITIVE_INFINITY && gainsForever(o, band, curve));
  if (!unbounded) {
    // Every sensor levels off: where it levels (its cap, or what its path gains before going flat at the datum).
    let sum = 0;
    for (const o of outlooks) {
      let gain = 0;
      if (live.includes(o)) {
        const p = o[band];
        const within = gainedAlong(p, p.forHours, curve);
        gain = Math.min(o.cap, gainsForever(o, band, curve) ? Number.POSITIVE_INFINITY : within);
      }
      sum += strengthFromMaturity(o.index + gain, curve);
    }
    if (sum / outlooks.length < targetMpa) return null;
  }
  let lo = from;
  let step = HOUR_MS;
  let hi = from + step;
  while (f(hi) < targetMpa) {
    lo = hi;
    step *= 2;
    hi = from + step;
    if (step > FORECAST_MAX_AHEAD_MS) return null;
  }
  while (hi - lo > 1) {
    const m = Math.floor((lo + hi) / 2);
    if (f(m) >= targetMpa) hi = m;
    else lo = m;
  }
  return hi;
}

/** One sensor's hourly history: its maturity index at a time (maturity_hour rows). */
export interface IndexPoint {
  ts: number;
  index: number;
}

/**
 * When the job's strength (the average of its sensors' strengths, each sensor counted from its first
 * point) first reached the target, from the sensors' histories; null when it did not in them.
 */
export function reachedTime(
  histories: readonly (readonly IndexPoint[])[],
  curve: StrengthProfile,
  targetMpa: number,
): number | null {
  const events = histories
    .flatMap((h, sensor) => h.map((p) => ({ sensor, ts: p.ts, index: p.index })))
    .filter((e) => Number.isFinite(e.ts) && Number.isFinite(e.index))
    .sort((a, b) => a.ts - b.ts || a.sensor - b.sensor);
  const strength = new Map<number, number>();
  let sum = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const s = strengthFromMaturity(e.index, curve);
    sum += s - (strength.get(e.sensor) ?? 0);
    strength.set(e.sensor, s);
    // Points at the same time are taken together.
    if (i + 1 < events.length && events[i + 1].ts === e.ts) continue;
    if (sum / strength.size >= targetMpa) return e.ts;
  }
  return null;
}

/** A target's outcome: reached (when), forecast (expected, earliest, latest), or why there is no forecast. */
export interface TargetOutlook {
  state: ForecastState;
  reachedAt: number | null;
  expectedAt: number | null;
  earliestAt: number | null;
  latestAt: number | null;
}

/** What the forecast of a job (or of one sensor: a job of one) is made from. */
export interface ForecastInput {
  now: number;
  /** the job's concrete profile; null when it has none */
  profile: ForecastProfile | null;
  /** null: the job has not started */
  startDate: number | null;
  /** the job has been stopped (terminated) */
  stopped: boolean;
  /** target strengths, MPa, in the job's order */
  targets: readonly number[];
  /** the counted sensors that have a maturity state */
  sensors: readonly ForecastSensor[];
  /** each sensor's history (same order as sensors), for the time a reached target was reached */
  histories?: readonly (readonly IndexPoint[])[];
}

export interface ProjectionPoint {
  t: number;
  low: number;
  mid: number;
  high: number;
}

export interface ForecastResult {
  /** FORECAST when a target ahead is forecast, REACHED when all are reached, else why there is none */
  state: ForecastState;
  strengthMpa: number | null;
  targets: TargetOutlook[];
  projection: ProjectionPoint[];
}

const none = (state: ForecastState, reachedAt: number | null = null): TargetOutlook => ({
  state,
  reachedAt,
  expectedAt: null,
  earliestAt: null,
  latestAt: null,
});

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The forecast of a job (or of one sensor, given alone): each target's state and times, the job's
 * state, and the projected strength band up to the latest target time (at most PROJECTION_MAX_POINTS
 * points, evenly spaced from the last reading).
 *
 * Per target, in order: NO_PROFILE (no usable curve: no strength to speak of), NOT_STARTED, REACHED
 * (the strength is at or above it, with the time from the histories when they show it), STOPPED,
 * NO_DATA (no counted sensor read in the window), then the rates decide: FORECAST when the average
 * reaches it; otherwise FALLING_TEMPERATURE when a falling trend caps a sensor, else BELOW_DATUM.
 */
export function forecastJob(input: ForecastInput): ForecastResult {
  const { profile, sensors } = input;
  const usable = isForecastable(profile) ? profile : null;
  const strengthMpa =
    usable && sensors.length > 0
      ? sensors.reduce((s, x) => s + strengthFromMaturity(x.index, usable), 0) / sensors.length
      : null;
  const outlooks = usable ? sensors.map((s) => sensorOutlook(s, usable)) : [];
  const from = sensors.length > 0 ? Math.max(...sensors.map((s) => s.lastTs)) : input.now;
  const condition: ForecastState | null = !usable
    ? 'NO_PROFILE'
    : input.startDate === null
      ? 'NOT_STARTED'
      : input.stopped
        ? 'STOPPED'
        : outlooks.length === 0 || outlooks.every((o) => o.condition === 'NO_DATA')
          ? 'NO_DATA'
          : null;

  const targets = input.targets.map((target): TargetOutlook => {
    if (!usable) return none('NO_PROFILE');
    if (input.startDate === null) return none('NOT_STARTED');
    if (strengthMpa !== null && strengthMpa >= target) {
      return none('REACHED', input.histories ? reachedTime(input.histories, usable, target) : null);
    }
    if (condition !== null) return none(condition);
    const expectedAt = crossingTime(outlooks, usable, target, from, 'mid');
    if (expectedAt === null) {
      const falling = outlooks.some((o) => o.condition === 'FALLING_TEMPERATURE');
      return none(falling ? 'FALLING_TEMPERATURE' : 'BELOW_DATUM');
    }
    return {
      state: 'FORECAST',
      reachedAt: null,
      expectedAt,
      earliestAt: crossingTime(outlooks, usable, target, from, 'high'),
      latestAt: crossingTime(outlooks, usable, target, from, 'low'),
    };
  });

  let state: ForecastState;
  if (targets.some((t) => t.state === 'FORECAST')) state = 'FORECAST';
  else if (targets.length > 0 && targets.every((t) => t.state === 'REACHED')) state = 'REACHED';
  else if (targets.length > 0) state = targets[nextTargetIndex(input.targets, targets)].state;
  else if (condition !== null) state = condition;
  else if (outlooks.every((o) => o.condition === 'BELOW_DATUM' || o.condition === 'NO_DATA'))
    state = 'BELOW_DATUM';
  else state = 'FORECAST';

  let projection: ProjectionPoint[] = [];
  if (state === 'FORECAST' && usable) {
    const ends = targets
      .filter((t) => t.state === 'FORECAST')
      .map((t) => (t.latestAt ?? t.expectedAt) as number);
    const end = Math.min(
      ends.length > 0 ? Math.max(...ends) : from + PROJECTION_DEFAULT_AHEAD_MS,
      from + PROJECTION_MAX_AHEAD_MS,
    );
    projection = projectionBand(outlooks, usable, from, Math.max(end, from + HOUR_MS));
  }
  return { state, strengthMpa, targets, projection };
}

/** The projected strength band from `from` to `to`, at most PROJECTION_MAX_POINTS points evenly spaced. */
export function projectionBand(
  outlooks: readonly SensorOutlook[],
  curve: ForecastProfile,
  from: number,
  to: number,
): ProjectionPoint[] {
  if (outlooks.length === 0 || !(to > from)) return [];
  const n = PROJECTION_MAX_POINTS;
  const out: ProjectionPoint[] = [];
  for (let i = 0; i < n; i++) {
    const t = Math.round(from + ((to - from) * i) / (n - 1));
    const at = (band: Band) => round3(projectedStrength(outlooks, curve, t, band) as number);
    out.push({ t, low: at('low'), mid: at('mid'), high: at('high') });
  }
  return out;
}

/**
 * Which target comes next: the lowest strength not yet reached (the first such in the job's order on
 * a tie); the last target when every one is reached; -1 with no targets.
 */
export function nextTargetIndex(
  strengths: readonly number[],
  outcomes: readonly { state: ForecastState }[],
): number {
  let best = -1;
  for (let i = 0; i < strengths.length; i++) {
    if (outcomes[i]?.state === 'REACHED') continue;
    if (best === -1 || strengths[i] < strengths[best]) best = i;
  }
  if (best !== -1) return best;
  if (strengths.length === 0) return -1;
  // All reached: the highest (the one reached last).
  let last = 0;
  for (let i = 1; i < strengths.length; i++) if (strengths[i] >= strengths[last]) last = i;
  return last;
}

/** A job's recent temperatures from its sensors': mean of their means and trends, lowest low, highest high, widest span. */
export function combineRecent(recents: readonly (RecentTemperature | null)[]): RecentTemperature | null {
  const rs = recents.filter((r): r is RecentTemperature => r !== null);
  if (rs.length === 0) return null;
  const avg = (f: (r: RecentTemperature) => number) => rs.reduce((s, r) => s + f(r), 0) / rs.length;
  return {
    meanC: avg((r) => r.meanC),
    lowC: Math.min(...rs.map((r) => r.lowC)),
    highC: Math.max(...rs.map((r) => r.highC)),
    trendCPerHour: avg((r) => r.trendCPerHour),
    endC: avg((r) => r.endC),
    fromTs: Math.min(...rs.map((r) => r.fromTs)),
    toTs: Math.max(...rs.map((r) => r.toTs)),
  };
}
