import { describe, expect, it } from 'vitest';
import {
  combineRecent,
  crossingTime,
  FORECAST_STATES,
  FORECAST_WINDOW_MS,
  type ForecastInput,
  type ForecastProfile,
  type ForecastSensor,
  forecastJob,
  maturityForStrength,
  maturityRate,
  nextTargetIndex,
  PROJECTION_MAX_POINTS,
  projectedStrength,
  reachedTime,
  recentTemperature,
  sensorOutlook,
} from './forecast.ts';
import { strengthFromMaturity } from './maturity.ts';

const H = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 12, 0);
const at = (h: number) => NOW + h * H;
/** Hand-friendly curve: S = −20 + 15·log10(M); 10 MPa at 100 °C·h, 25 MPa at 1000 °C·h. */
const NS: ForecastProfile = { a: -20, b: 15, maturityFunction: 'NURSE_SAUL', datumC: -10 };
const EA: ForecastProfile = {
  a: -20,
  b: 15,
  maturityFunction: 'EQUIVALENT_AGE',
  datumC: -10,
  activationEnergy: 40_000,
  referenceC: 20,
};

/** Readings one hour apart ending now: values[i] at now − (n − 1 − i) h. */
const hourly = (values: number[]) => values.map((tempC, i) => ({ ts: at(i - (values.length - 1)), tempC }));
const sensor = (index: number, values: number[]): ForecastSensor => ({
  index,
  lastTs: NOW,
  recent: recentTemperature(hourly(values), NOW),
});
const job = (over: Partial<ForecastInput>): ForecastInput => ({
  now: NOW,
  profile: NS,
  startDate: at(-30),
  stopped: false,
  targets: [25],
  sensors: [],
  ...over,
});
/** Hours from now, to the nearest second. */
const hoursAfter = (t: number | null) => (t === null ? null : Math.round(((t - NOW) / H) * 3600) / 3600);

describe('maturityForStrength: the curve inverted', () => {
  it('M* = 10^((S − a) / b)', () => {
    // 25 MPa: (25 + 20) / 15 = 3 → 10³ = 1000 °C·h; 10 MPa: 30 / 15 = 2 → 100 °C·h.
    expect(maturityForStrength(25, NS)).toBeCloseTo(1000, 9);
    expect(maturityForStrength(10, NS)).toBeCloseTo(100, 9);
    // and back through the curve
    expect(strengthFromMaturity(maturityForStrength(17.3, NS), NS)).toBeCloseTo(17.3, 9);
  });
  it('has no answer for a curve that does not rise (b ≤ 0) or a number that is not finite', () => {
    expect(maturityForStrength(25, { a: 10, b: 0 })).toBeNull();
    expect(maturityForStrength(25, { a: 60, b: -5 })).toBeNull();
    expect(maturityForStrength(Number.NaN, NS)).toBeNull();
    // 10^((5000 + 20) / 15) overflows
    expect(maturityForStrength(5000, NS)).toBeNull();
  });
});

describe('maturityRate: what one hour adds', () => {
  it('Nurse-Saul: T − datum °C·h per hour, nothing at or below the datum', () => {
    expect(maturityRate(20, NS)).toBe(30);
    expect(maturityRate(-9, NS)).toBe(1);
    expect(maturityRate(-10, NS)).toBe(0);
    expect(maturityRate(-25, NS)).toBe(0);
    // a datum of 0 °C
    expect(maturityRate(20, { ...NS, datumC: 0 })).toBe(20);
  });
  it('equivalent age: the Arrhenius factor, 1 h per hour at the reference temperature', () => {
    expect(maturityRate(20, EA)).toBeCloseTo(1, 12);
    // 30 °C: exp(−40000/8.314 × (1/303.15 − 1/293.15)) = exp(4811.16 × 0.00011253) = exp(0.54138) ≈ 1.7183
    expect(maturityRate(30, EA)).toBeCloseTo(1.7183, 3);
    // 10 °C: exp(−4811.16 × (1/283.15 − 1/293.15)) = exp(−0.57963) ≈ 0.5601
    expect(maturityRate(10, EA)).toBeCloseTo(0.5601, 3);
    // below the datum the forecast counts no gain, for both functions
    expect(maturityRate(-11, EA)).toBe(0);
  });
});

describe('recentTemperature: the last 12 hours', () => {
  it('time-weighted mean, low, high and the least-squares trend', () => {
    // 10, 20, 30 one hour apart: intervals of mean 15 and 25 for an hour each → mean 20; slope 10 °C/h.
    const r = recentTemperature(hourly([10, 20, 30]), NOW);
    expect(r).toEqual({
      meanC: 20,
      lowC: 10,
      highC: 30,
      trendCPerHour: 10,
      endC: 30,
      fromTs: at(-2),
      toTs: NOW,
    });
  });
  it('weights by time: 10 °C for 3 h then 40 °C for 1 h (uneven readings)', () => {
    // intervals: 0→3 h mean 10 for 3 h, 3→4 h mean 25 for 1 h → (30 + 25) / 4 = 13.75
    const r = recentTemperature(
      [
        { ts: at(-4), tempC: 10 },
        { ts: at(-1), tempC: 10 },
        { ts: at(0), tempC: 40 },
      ],
      NOW,
    );
    expect(r?.meanC).toBe(13.75);
  });
  it('leaves out readings before the window, after now and unreadable ones; null when none is left', () => {
    const r = recentTemperature(
      [
        { ts: NOW - FORECAST_WINDOW_MS, tempC: -40 }, // exactly 12 h old: out
        { ts: at(-1), tempC: 18 },
        { ts: at(1), tempC: 90 }, // after now: out
        { ts: at(-0.5), tempC: Number.NaN },
        { ts: 'not a time', tempC: 5 },
        { ts: at(0), tempC: 22 },
      ],
      NOW,
    );
    expect(r).toMatchObject({ meanC: 20, lowC: 18, highC: 22, trendCPerHour: 4, endC: 22 });
    expect(recentTemperature([{ ts: at(-13), tempC: 20 }], NOW)).toBeNull();
    expect(recentTemperature(null, NOW)).toBeNull();
  });
  it('one reading: that value, no trend', () => {
    expect(recentTemperature([{ ts: at(-3), tempC: 12 }], NOW)).toMatchObject({
      meanC: 12,
      lowC: 12,
      highC: 12,
      trendCPerHour: 0,
      endC: 12,
    });
  });
});

describe('forecastJob: one sensor, hand-worked', () => {
  // Every example needs 25 MPa = 1000 °C·h from 400 °C·h: 600 °C·h to go.

  it('steady 20 °C: 600 / 30 = 20 h, the range closed', () => {
    const f = forecastJob(job({ sensors: [sensor(400, Array(13).fill(20))] }));
    expect(f.state).toBe('FORECAST');
    const t = f.targets[0];
    expect(t.state).toBe('FORECAST');
    expect(hoursAfter(t.expectedAt)).toBe(20);
    expect(hoursAfter(t.earliestAt)).toBe(20);
    expect(hoursAfter(t.latestAt)).toBe(20);
    // strength now: −20 + 15·log10(400) = 19.03 MPa
    expect(f.strengthMpa).toBeCloseTo(19.0309, 4);
  });

  it('swinging 15..30 °C with no trend: expected at the mean, the range at the low and high', () => {
    // 15, 25, 30, 25, 15: intervals 20, 27.5, 27.5, 20 → mean 23.75 °C, rate 33.75 → 600 / 33.75 = 17.778 h;
    // high 30 °C: rate 40 → 15 h; low 15 °C: rate 25 → 24 h. The slope is 0 (symmetric).
    const f = forecastJob(job({ sensors: [sensor(400, [15, 25, 30, 25, 15])] }));
    const t = f.targets[0];
    expect(hoursAfter(t.expectedAt)).toBeCloseTo(600 / 33.75, 3);
    expect(hoursAfter(t.earliestAt)).toBe(15);
    expect(hoursAfter(t.latestAt)).toBe(24);
  });

  it('warming 16 → 20 °C: the earliest follows the rise for 6 hours', () => {
    // mean 18 °C → rate 28 → 600 / 28 = 21.429 h; low 16 °C (no fall to follow) → rate 26 → 23.077 h.
    // Earliest: from the high, 20 °C, rising 2 °C/h for 6 h: ∫₀⁶ (30 + 2τ) dτ = 180 + 36 = 216 °C·h;
    // the 384 left at 32 °C (rate 42) take 9.1429 h → 15.143 h.
    const f = forecastJob(job({ sensors: [sensor(400, [16, 18, 20])] }));
    const t = f.targets[0];
    expect(hoursAfter(t.expectedAt)).toBeCloseTo(600 / 28, 3);
    expect(hoursAfter(t.latestAt)).toBeCloseTo(600 / 26, 3);
    expect(hoursAfter(t.earliestAt)).toBeCloseTo(6 + 384 / 42, 3);
  });

  it('an ordinary cool-down after the peak, 40 → 38 °C, still forecasts', () => {
    // Trend −1 °C/h from 38 °C reaches the −10 °C datum in 48 h: beyond the 24 h it is followed, no cap.
    // mean 39 °C → rate 49 → 600 / 49 = 12.245 h; high 40 °C → rate 50 → 12 h.
    // Latest: from the low, 38 °C, falling 1 °C/h for 6 h: ∫₀⁶ (48 − τ) dτ = 288 − 18 = 270 °C·h;
    // the 330 left at 32 °C (rate 42) take 7.857 h → 13.857 h.
    const f = forecastJob(job({ sensors: [sensor(400, [40, 39, 38])] }));
    const t = f.targets[0];
    expect(t.state).toBe('FORECAST');
    expect(hoursAfter(t.expectedAt)).toBeCloseTo(600 / 49, 3);
    expect(hoursAfter(t.earliestAt)).toBe(12);
    expect(hoursAfter(t.latestAt)).toBeCloseTo(6 + 330 / 42, 3);
  });

  it('cooling toward freezing, 2 → −2 °C: FALLING_TEMPERATURE, no time', () => {
    // Trend −2 °C/h from −2 °C reaches the datum in 8 / 2 = 4 h, gaining ∫₀⁴ (8 − 2τ) dτ = 32 − 16 = 16 °C·h:
    // far short of the 600 needed.
    const s = sensor(400, [2, 0, -2]);
    const o = sensorOutlook(s, NS);
    expect(o.condition).toBe('FALLING_TEMPERATURE');
    expect(o.cap).toBeCloseTo(16, 9);
    const f = forecastJob(job({ sensors: [s] }));
    expect(f.state).toBe('FALLING_TEMPERATURE');
    expect(f.targets[0]).toEqual({
      state: 'FALLING_TEMPERATURE',
      reachedAt: null,
      expectedAt: null,
      earliestAt: null,
      latestAt: null,
    });
    expect(f.projection).toEqual([]);
    // The same fall with only 10 °C·h to go reaches it first: at the mean, 0 °C (rate 10), in 1 h.
    const near = forecastJob(job({ sensors: [{ ...s, index: 990 }] }));
    expect(near.targets[0].state).toBe('FORECAST');
    expect(hoursAfter(near.targets[0].expectedAt)).toBe(1);
  });

  it('at or below the datum: BELOW_DATUM', () => {
    const f = forecastJob(job({ sensors: [sensor(400, [-12, -12, -12])] }));
    expect(f.state).toBe('BELOW_DATUM');
    expect(f.targets[0].state).toBe('BELOW_DATUM');
    // a mean above the datum but the last readings below it
    expect(forecastJob(job({ sensors: [sensor(400, [-8, -11, -14])] })).state).toBe('BELOW_DATUM');
  });

  it('equivalent age: 10 MPa needs 100 h at 20 °C; from 40 h at the reference temperature, 60 h', () => {
    const f = forecastJob(job({ profile: EA, targets: [10], sensors: [sensor(40, Array(13).fill(20))] }));
    expect(hoursAfter(f.targets[0].expectedAt)).toBeCloseTo(60, 6);
  });

  it('projects from the sensor’s last reading, not from now', () => {
    const s = { ...sensor(400, Array(13).fill(20)), lastTs: at(-2) };
    expect(hoursAfter(forecastJob(job({ sensors: [s] })).targets[0].expectedAt)).toBe(18);
  });
});

describe('forecastJob: why there is no forecast', () => {
  const warm = sensor(400, Array(13).fill(20));
  it('NO_PROFILE without a profile or with a curve that cannot be inverted', () => {
    for (const profile of [null, { ...NS, b: 0 }, { ...NS, b: -3 }]) {
      const f = forecastJob(job({ profile, sensors: [warm] }));
      expect(f.state).toBe('NO_PROFILE');
      expect(f.strengthMpa).toBeNull();
      expect(f.targets.map((t) => t.state)).toEqual(['NO_PROFILE']);
    }
  });
  it('NOT_STARTED before a start date', () => {
    expect(forecastJob(job({ startDate: null, sensors: [] })).targets[0].state).toBe('NOT_STARTED');
  });
  it('NO_DATA without a sensor state, or without a reading in the window', () => {
    expect(forecastJob(job({ sensors: [] })).state).toBe('NO_DATA');
    const silent = { index: 400, lastTs: at(-30), recent: null };
    expect(forecastJob(job({ sensors: [silent] })).targets[0].state).toBe('NO_DATA');
  });
  it('STOPPED for a target a stopped job did not reach; REACHED for one it did', () => {
    const f = forecastJob(job({ stopped: true, targets: [10, 25], sensors: [warm] }));
    expect(f.targets.map((t) => t.state)).toEqual(['REACHED', 'STOPPED']);
    expect(f.state).toBe('STOPPED');
  });
  it('REACHED with the time from the history; without one, the time is not known', () => {
    // Sensor A: 100, 500, 1000 °C·h at 0, 1, 2 h → 10, 20.485, 25 MPa; B: 100, 800, 1200 → 10, 23.546, 26.188.
    // Average at 1 h: (20.485 + 23.546) / 2 = 22.015 ≥ 22; 23 is reached at 2 h: (25 + 26.188) / 2 = 25.59.
    const histories = [
      [
        { ts: at(-2), index: 100 },
        { ts: at(-1), index: 500 },
        { ts: at(0), index: 1000 },
      ],
      [
        { ts: at(-2), index: 100 },
        { ts: at(-1), index: 800 },
        { ts: at(0), index: 1200 },
      ],
    ];
    const sensors = [sensor(1000, Array(3).fill(20)), sensor(1200, Array(3).fill(20))];
    const f = forecastJob(job({ targets: [22, 23, 40], sensors, histories }));
    expect(f.targets.map((t) => [t.state, hoursAfter(t.reachedAt)])).toEqual([
      ['REACHED', -1],
      ['REACHED', 0],
      ['FORECAST', null],
    ]);
    expect(forecastJob(job({ targets: [22], sensors })).targets[0]).toMatchObject({
      state: 'REACHED',
      reachedAt: null,
    });
    expect(forecastJob(job({ targets: [22], sensors, histories })).state).toBe('REACHED');
    expect(reachedTime(histories, NS, 30)).toBeNull();
  });
  it('every state is one of FORECAST_STATES', () => {
    expect(FORECAST_STATES).toHaveLength(8);
  });
});

describe('forecastJob: a job of several sensors', () => {
  it('a job reaches a target when the average of its sensors’ strengths does', () => {
    // A is at 25 MPa already, B at 10 MPa; both at 20 °C. The job (17.5 MPa) reaches 25 MPa when the
    // average does: before B alone would (600 / 30 = 20 h for B to reach 1000) and after now.
    const a = sensor(1000, Array(13).fill(20));
    const b = sensor(100, Array(13).fill(20));
    const f = forecastJob(job({ targets: [25], sensors: [a, b] }));
    expect(f.strengthMpa).toBeCloseTo(17.5, 9);
    const t = f.targets[0].expectedAt as number;
    expect(t).toBeGreaterThan(NOW);
    expect(t).toBeLessThan(at(900 / 30));
    const outlooks = [a, b].map((s) => sensorOutlook(s, NS));
    expect(projectedStrength(outlooks, NS, t, 'mid')).toBeCloseTo(25, 6);
    expect(projectedStrength(outlooks, NS, t - 1000, 'mid')).toBeLessThan(25);
  });
  it('one sensor below the datum, one warm: the warm one carries the average', () => {
    const f = forecastJob(
      job({ targets: [25], sensors: [sensor(400, Array(13).fill(20)), sensor(400, Array(13).fill(-15))] }),
    );
    expect(f.targets[0].state).toBe('FORECAST');
  });
  it('every sensor below the datum: BELOW_DATUM', () => {
    const cold = sensor(400, Array(13).fill(-15));
    expect(forecastJob(job({ sensors: [cold, cold] })).state).toBe('BELOW_DATUM');
  });
  it('crossingTime answers null when nothing can get there', () => {
    const cold = sensorOutlook(sensor(400, Array(13).fill(-15)), NS);
    expect(crossingTime([cold], NS, 25, NOW, 'mid')).toBeNull();
    expect(crossingTime([], NS, 25, NOW, 'mid')).toBeNull();
  });
});

describe('the projection band and the job state', () => {
  it('from the last reading to the latest target time, at most 48 points, low ≤ mid ≤ high', () => {
    const s = sensor(400, [15, 25, 30, 25, 15]);
    const f = forecastJob(job({ targets: [10, 25], sensors: [s] }));
    expect(f.targets[0].state).toBe('REACHED');
    expect(f.state).toBe('FORECAST');
    const p = f.projection;
    expect(p).toHaveLength(PROJECTION_MAX_POINTS);
    expect(p[0].t).toBe(NOW);
    expect(p[p.length - 1].t).toBe(f.targets[1].latestAt);
    for (const pt of p) {
      expect(pt.low).toBeLessThanOrEqual(pt.mid);
      expect(pt.mid).toBeLessThanOrEqual(pt.high);
    }
    // the band starts at the strength now and the low line ends at the target (the latest time)
    expect(p[0].mid).toBeCloseTo(f.strengthMpa as number, 3);
    expect(p[p.length - 1].low).toBeCloseTo(25, 2);
  });
  it('no targets: one day of band', () => {
    const f = forecastJob(job({ targets: [], sensors: [sensor(400, Array(13).fill(20))] }));
    expect(f.state).toBe('FORECAST');
    expect(f.projection[f.projection.length - 1].t - NOW).toBe(24 * H);
  });
  it('nextTargetIndex: the lowest not reached; with all reached, the highest', () => {
    const st = (s: string) => ({ state: s as 'FORECAST' });
    expect(nextTargetIndex([25, 10, 30], [st('FORECAST'), st('REACHED'), st('FORECAST')])).toBe(0);
    expect(nextTargetIndex([25, 10, 30], [st('REACHED'), st('REACHED'), st('REACHED')])).toBe(2);
    expect(nextTargetIndex([25, 10], [st('NO_DATA'), st('NO_DATA')])).toBe(1);
    expect(nextTargetIndex([], [])).toBe(-1);
  });
  it('combineRecent: the job’s recent temperatures from its sensors’', () => {
    const a = recentTemperature(hourly([10, 20, 30]), NOW);
    const b = recentTemperature(hourly([20, 20]), NOW);
    expect(combineRecent([a, b, null])).toEqual({
      meanC: 20,
      lowC: 10,
      highC: 30,
      trendCPerHour: 5,
      endC: 25,
      fromTs: at(-2),
      toTs: NOW,
    });
    expect(combineRecent([null])).toBeNull();
  });
});
