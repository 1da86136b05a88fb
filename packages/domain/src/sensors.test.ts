import { describe, expect, it } from 'vitest';
import { CHART_BUCKETS, chartBucketFor, INGEST_MAX_ITEMS } from './sensors.ts';
import { DAY_MS, HOUR_MS } from './time.ts';

describe('chartBucketFor', () => {
  it('uses 5-minute buckets for short ranges (section 9), up to 7 days', () => {
    expect(chartBucketFor(HOUR_MS).name).toBe('5min');
    expect(chartBucketFor(7 * DAY_MS).name).toBe('5min');
  });
  it('coarsens with the range so a series stays at about two thousand points or fewer', () => {
    expect(chartBucketFor(7 * DAY_MS + 1).name).toBe('1h');
    expect(chartBucketFor(60 * DAY_MS).name).toBe('1h');
    expect(chartBucketFor(120 * DAY_MS).name).toBe('6h');
    expect(chartBucketFor(3 * 365 * DAY_MS).name).toBe('1d');
    for (const range of [DAY_MS, 7 * DAY_MS, 60 * DAY_MS, 90 * DAY_MS, 540 * DAY_MS]) {
      expect(range / chartBucketFor(range).ms).toBeLessThanOrEqual(2200);
    }
  });
  it('treats an empty, negative or unreadable range as short', () => {
    expect(chartBucketFor(0).name).toBe('5min');
    expect(chartBucketFor(-5).name).toBe('5min');
    expect(chartBucketFor(Number.NaN).name).toBe('5min');
  });
  it('lists buckets from finest to coarsest', () => {
    const ms = CHART_BUCKETS.map((b) => b.ms);
    expect(ms).toEqual([...ms].sort((a, b) => a - b));
    expect(INGEST_MAX_ITEMS).toBe(10_000);
  });
});
