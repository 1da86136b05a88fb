import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import { chartPlan } from './chart-plan.ts';

const T = Date.UTC(2026, 9, 1, 0, 0, 0);

describe('chartPlan: the bucket of a chart read and the rows it comes from', () => {
  it('chooses the bucket and the source at each boundary of the range', () => {
    const at = (span: number) => {
      const p = chartPlan(T, T + span);
      return [p.bucket, p.bucketMs, p.source];
    };
    expect(at(0)).toEqual(['5min', 5 * MINUTE_MS, 'reading']);
    expect(at(7 * DAY_MS)).toEqual(['5min', 5 * MINUTE_MS, 'reading']);
    expect(at(7 * DAY_MS + 1)).toEqual(['1h', HOUR_MS, 'hour']);
    expect(at(90 * DAY_MS)).toEqual(['1h', HOUR_MS, 'hour']);
    expect(at(90 * DAY_MS + 1)).toEqual(['6h', 6 * HOUR_MS, 'hours']);
    expect(at(540 * DAY_MS)).toEqual(['6h', 6 * HOUR_MS, 'hours']);
    expect(at(540 * DAY_MS + 1)).toEqual(['1d', DAY_MS, 'hours']);
    expect(at(3660 * DAY_MS)).toEqual(['1d', DAY_MS, 'hours']);
  });

  it('never goes finer than 1 h for maturity (kept per hour), answered as 1h', () => {
    const p = chartPlan(T, T + 7 * DAY_MS, HOUR_MS);
    expect([p.bucket, p.bucketMs, p.source]).toEqual(['1h', HOUR_MS, 'hour']);
    const wide = chartPlan(T, T + 91 * DAY_MS, HOUR_MS);
    expect([wide.bucket, wide.source]).toEqual(['6h', 'hours']);
  });

  it('aligns the grid to the bucket and counts the buckets holding both ends', () => {
    // 10:07 to 10:07 + 7 days: 5-minute buckets from 10:05; the last holds 10:07 seven days later.
    const from = T + 10 * HOUR_MS + 7 * MINUTE_MS;
    const p = chartPlan(from, from + 7 * DAY_MS);
    expect(p.start).toBe(T + 10 * HOUR_MS + 5 * MINUTE_MS);
    expect(p.points).toBe((7 * DAY_MS) / (5 * MINUTE_MS) + 1);
    // One hour past: hourly buckets from 10:00, the last holding the end.
    const h = chartPlan(from, from + 7 * DAY_MS + HOUR_MS);
    expect(h.start).toBe(T + 10 * HOUR_MS);
    expect(h.points).toBe(7 * 24 + 2);
    // A range ending exactly on a bucket start holds that bucket.
    const exact = chartPlan(T, T + 8 * DAY_MS);
    expect(exact.points).toBe(8 * 24 + 1);
    // A one-point range.
    expect(chartPlan(from, from)).toMatchObject({ points: 1, start: T + 10 * HOUR_MS + 5 * MINUTE_MS });
    // 6 h and 1 day buckets start on UTC multiples of their length.
    expect(chartPlan(from, from + 100 * DAY_MS).start).toBe(T + 6 * HOUR_MS);
    expect(chartPlan(from, from + 600 * DAY_MS).start).toBe(T);
  });

  it('keeps one grid while a running job\'s "now" stays in the same bucket (what a kept answer may serve)', () => {
    const from = T + 3 * MINUTE_MS;
    const a = chartPlan(from, T + 30 * DAY_MS + 10 * MINUTE_MS);
    expect(chartPlan(from, T + 30 * DAY_MS + 59 * MINUTE_MS)).toEqual(a);
    expect(chartPlan(from, T + 30 * DAY_MS + HOUR_MS).points).toBe(a.points + 1);
  });
});
