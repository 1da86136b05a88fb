import { describe, expect, it } from 'vitest';
import { smoothingKeepMask, smoothingTolerance } from './smoothing.ts';

// [days, humidity/temperature, maturity/strength]: every band edge and the day after it.
const rows: [number, number, number][] = [
  [0, 0.05, 0.01],
  [7, 0.05, 0.01],
  [7.01, 0.1, 0.05],
  [8, 0.1, 0.05],
  [14, 0.1, 0.05],
  [14.5, 0.3, 0.1],
  [15, 0.3, 0.1],
  [21, 0.3, 0.1],
  [22, 0.5, 0.2],
  [31, 0.5, 0.2],
  [32, 1, 0.3],
  [60, 1, 0.3],
  [60.001, 1.5, 0.7],
  [61, 1.5, 0.7],
  [365, 1.5, 0.7],
];

describe('smoothingTolerance (section 9)', () => {
  it.each(rows)('day %d: humidity %d, maturity %d', (days, humid, maturity) => {
    expect(smoothingTolerance('Humidity', days)).toBe(humid);
    expect(smoothingTolerance('Temperature', days)).toBe(humid);
    expect(smoothingTolerance('Maturity', days)).toBe(maturity);
    expect(smoothingTolerance('Strength', days)).toBe(maturity);
    expect(smoothingTolerance('Microweather', days)).toBe(0);
  });

  it.each([
    ['Humidity', undefined, 0.05],
    ['Maturity', null, 0.01],
    ['Maturity', -3, 0.01],
    ['Humidity', Number.NaN, 0.05],
    ['Humidity', Number.POSITIVE_INFINITY, 1.5],
    ['Other', 10, 0],
    ['toString', 10, 0],
  ])('%s with %j days → %d', (kind, days, tol) => {
    expect(smoothingTolerance(kind, days)).toBe(tol);
  });
});

describe('smoothingKeepMask', () => {
  it('keeps every present point at tolerance 0 (microweather) and never keeps a gap', () => {
    expect(smoothingKeepMask([1, 2, null, 4, undefined], 0)).toEqual([true, true, false, true, false]);
  });

  it('drops points on a straight line and keeps the ends', () => {
    expect(smoothingKeepMask([0, 1, 2, 3, 4, 5], 0.01)).toEqual([true, false, false, false, false, true]);
  });

  it('keeps a bump larger than the tolerance (percent of the range) and drops noise smaller than it', () => {
    // Range 0..100; tolerance 1.5 % → 1.5 units. The 0.5 wiggle goes, the peak of 100 stays.
    const values = [0, 0.5, 0, 100, 0, 0];
    expect(smoothingKeepMask(values, 1.5)).toEqual([true, false, true, true, true, true]);
    expect(smoothingKeepMask(values, 0.1)).toEqual([true, true, true, true, true, true]);
  });

  it('smooths each run between gaps on its own, so the gap survives', () => {
    const mask = smoothingKeepMask([0, 1, 2, null, 10, 11, 12], 1);
    expect(mask).toEqual([true, false, true, false, true, false, true]);
  });

  it('handles a hundred thousand points', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => Math.sin(i / 1000) * 10 + (i % 7) * 0.001);
    const mask = smoothingKeepMask(values, 0.7);
    const kept = mask.filter(Boolean).length;
    expect(kept).toBeGreaterThan(10);
    expect(kept).toBeLessThan(values.length / 10);
    expect(mask[0] && mask[values.length - 1]).toBe(true);
  });
});
