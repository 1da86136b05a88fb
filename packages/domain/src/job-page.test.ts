import { describe, expect, it } from 'vitest';
import {
  combineBands,
  jobDownloadFiles,
  jobElapsedDays,
  jobScreenKind,
  reachedBy,
  strengthTargets,
  strengthVerdict,
} from './job-page.ts';
import { DAY_MS, HOUR_MS } from './time.ts';

describe('jobScreenKind', () => {
  it('opens the maturity view for maturity and humidity jobs', () => {
    expect(jobScreenKind('Maturity')).toBe('maturity');
    expect(jobScreenKind('Humidity')).toBe('maturity');
    expect(jobScreenKind('maturity')).toBe('maturity');
    expect(jobScreenKind('')).toBe('maturity');
    expect(jobScreenKind(undefined)).toBe('maturity');
  });
  it('opens the microweather view for microweather jobs, however spelled', () => {
    expect(jobScreenKind('Microweather Node')).toBe('microweather');
    expect(jobScreenKind('MICROWEATHER')).toBe('microweather');
    expect(jobScreenKind('microweather_node')).toBe('microweather');
  });
  it('sends GPS, current-transformer and other data jobs to their own screens', () => {
    expect(jobScreenKind('GPS')).toBe('gps');
    expect(jobScreenKind('Current Transformer')).toBe('power');
    expect(jobScreenKind('Gas')).toBe('data');
    expect(jobScreenKind('Liquid Level')).toBe('data');
  });
});

describe('strengthTargets', () => {
  it('uses the singular target alone when it is set', () => {
    expect(
      strengthTargets({ singularTargetedStrength: 25, lowTargetedStrength: 10, highTargetedStrength: 30 }),
    ).toEqual([{ level: 'singular', value: 25 }]);
  });
  it('otherwise lists low, medium and high that are set, lowest first', () => {
    expect(
      strengthTargets({
        singularTargetedStrength: null,
        lowTargetedStrength: 10,
        mediumTargetedStrength: 20,
        highTargetedStrength: 32,
      }),
    ).toEqual([
      { level: 'low', value: 10 },
      { level: 'medium', value: 20 },
      { level: 'high', value: 32 },
    ]);
    expect(strengthTargets({ mediumTargetedStrength: 20 })).toEqual([{ level: 'medium', value: 20 }]);
    expect(strengthTargets({})).toEqual([]);
  });
});

describe('reachedBy', () => {
  const grid = { start: 1_000 * HOUR_MS, bucketMs: HOUR_MS, points: 5 };
  it('is the end of the first bucket at or above the threshold', () => {
    expect(reachedBy(grid, [5, 12, 19, 25, 30], 20)).toBe(grid.start + 4 * HOUR_MS);
    expect(reachedBy(grid, [5, 12, 20, 25, 30], 20)).toBe(grid.start + 3 * HOUR_MS);
  });
  it('skips gaps and answers null when never reached or without a threshold', () => {
    expect(reachedBy(grid, [null, null, 21, null, null], 20)).toBe(grid.start + 3 * HOUR_MS);
    expect(reachedBy(grid, [5, 12, 19, 19.9, null], 20)).toBeNull();
    expect(reachedBy(grid, [5, 12, 19, 25, 30], null)).toBeNull();
    expect(reachedBy(grid, [], 20)).toBeNull();
  });
  it('is no later than the end of the range (a job stopped within its last bucket)', () => {
    const stopped = { ...grid, to: grid.start + 4 * HOUR_MS - 10 * 60_000 };
    expect(reachedBy(stopped, [5, 12, 19, 19, 32], 30)).toBe(stopped.to);
    expect(reachedBy(stopped, [5, 32, 19, 19, 32], 30)).toBe(grid.start + 2 * HOUR_MS);
  });
  it('reads no further than the grid', () => {
    expect(reachedBy({ ...grid, points: 2 }, [5, 12, 25], 20)).toBeNull();
  });
});

describe('strengthVerdict', () => {
  const base = {
    startDate: 1_000,
    hasProfile: true,
    strength: 17.6,
    target: 25,
    percent: 70,
    matured: false,
  };
  it('says not reached with the strength, target and percent', () => {
    expect(strengthVerdict(base)).toEqual({ kind: 'NOT_REACHED', strength: 17.6, target: 25, percent: 70 });
  });
  it('says reached when the strength is at or above the target, with when', () => {
    expect(strengthVerdict({ ...base, strength: 36.9, percent: 148, reachedBy: 5_000 })).toEqual({
      kind: 'REACHED',
      strength: 36.9,
      target: 25,
      percent: 148,
      reachedBy: 5_000,
    });
    expect(strengthVerdict({ ...base, strength: 25, percent: 100 }).kind).toBe('REACHED');
  });
  it('trusts the MATURED bit even when the strength now reads lower', () => {
    const v = strengthVerdict({ ...base, strength: 24.2, matured: true, percent: 97 });
    expect(v).toMatchObject({ kind: 'REACHED', reachedBy: null });
  });
  it('says not started, no profile, no data and no target in that order', () => {
    expect(strengthVerdict({ ...base, startDate: null }).kind).toBe('NOT_STARTED');
    expect(strengthVerdict({ ...base, hasProfile: false }).kind).toBe('NO_PROFILE');
    expect(strengthVerdict({ ...base, strength: null }).kind).toBe('NO_DATA');
    expect(strengthVerdict({ ...base, target: null })).toEqual({ kind: 'NO_TARGET', strength: 17.6 });
    expect(strengthVerdict({ ...base, target: 0 }).kind).toBe('NO_TARGET');
  });
});

describe('jobElapsedDays', () => {
  it('counts from the start to the end, or to now while running', () => {
    expect(jobElapsedDays(0, 12 * DAY_MS)).toBe(12);
    expect(jobElapsedDays(0, null, 26 * HOUR_MS)).toBeCloseTo(26 / 24);
  });
  it('is 0 before the start or without one', () => {
    expect(jobElapsedDays(null, null, 5 * DAY_MS)).toBe(0);
    expect(jobElapsedDays(10 * DAY_MS, null, 5 * DAY_MS)).toBe(0);
  });
});

describe('combineBands', () => {
  it('averages the sensors and takes the lowest minimum and highest maximum per bucket', () => {
    const out = combineBands(
      [
        { avg: [10, 20, null], min: [9, 18, null], max: [11, 22, null] },
        { avg: [14, null, 30], min: [13, null, 29], max: [15, null, 31] },
      ],
      3,
    );
    expect(out.avg).toEqual([12, 20, 30]);
    expect(out.min).toEqual([9, 18, 29]);
    expect(out.max).toEqual([15, 22, 31]);
  });
  it('uses a sensor average where it has no min or max, and null where no sensor has a value', () => {
    const out = combineBands([{ avg: [1, null] }, { avg: [3, null], min: null, max: null }], 2);
    expect(out).toEqual({ avg: [2, null], min: [1, null], max: [3, null] });
    expect(combineBands([], 2)).toEqual({ avg: [null, null], min: [null, null], max: [null, null] });
  });
});

describe('jobDownloadFiles', () => {
  it('offers the files of each kind of job', () => {
    expect(jobDownloadFiles('maturity')).toEqual(['maturity', 'temperature']);
    expect(jobDownloadFiles('humidity')).toEqual(['humidity', 'temperature']);
    expect(jobDownloadFiles('microweather')).toEqual(['temperature', 'humidity', 'windSpeed']);
  });
});
