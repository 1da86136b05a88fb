import { describe, expect, it } from 'vitest';
import { smoothingTolerance } from './smoothing.ts';

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
