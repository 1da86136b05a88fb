import { describe, expect, it } from 'vitest';
import { differenceToMetric, differenceToUser } from './difference.ts';

describe('differences between the systems (no offset)', () => {
  it('scales a temperature difference by 9/5 without the 32 °F offset', () => {
    expect(differenceToUser('Temperature', 0.5, 'Imperial')).toBeCloseTo(0.9, 12);
    expect(differenceToUser('Temperature', 19.4, 'Imperial')).toBeCloseTo(34.92, 12);
    expect(differenceToMetric('Temperature', 35, 'Imperial')).toBeCloseTo(35 * (5 / 9), 12);
    expect(differenceToMetric('Temperature', 0, 'Imperial')).toBe(0);
  });

  it('leaves Metric and quantities without an offset as their values convert', () => {
    expect(differenceToUser('Temperature', 0.5, 'Metric')).toBe(0.5);
    expect(differenceToMetric('Humidity', 2, 'Imperial')).toBe(2);
    expect(differenceToUser('Speed', 10, 'Imperial')).toBeCloseTo(6.21371, 9);
    expect(differenceToMetric('Speed', 6.21371, 'Imperial')).toBeCloseTo(10, 9);
  });
});
