import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import { panWindow, presetWindow, rangeFrom } from './time-range.ts';

const now = Date.UTC(2025, 5, 10, 12, 30, 17);

describe('rangeFrom (the sensor screens read a range from the server)', () => {
  it('counts back from now, to the minute; undefined for the whole job', () => {
    expect(rangeFrom('24h', { now })).toBe(Math.floor((now - DAY_MS) / MINUTE_MS) * MINUTE_MS);
    expect(rangeFrom('job', { now })).toBeUndefined();
  });
});

describe('presetWindow (the job screen narrows charts that hold the whole job)', () => {
  it('shows the last hours or days up to the end, and everything for the whole job', () => {
    expect(presetWindow('6h', now)).toEqual({ min: now - 6 * HOUR_MS, max: now });
    expect(presetWindow('7d', now)).toEqual({ min: now - 7 * DAY_MS, max: now });
    expect(presetWindow('job', now)).toBeNull();
  });
});

describe('panWindow', () => {
  const bounds = { first: now - 3 * DAY_MS, last: now };
  it('moves the window by half its width, earlier or later', () => {
    const day = { min: now - 2 * DAY_MS, max: now - DAY_MS };
    expect(panWindow(day, -1, bounds)).toEqual({ min: now - 2.5 * DAY_MS, max: now - 1.5 * DAY_MS });
    expect(panWindow(day, 1, bounds)).toEqual({ min: now - 1.5 * DAY_MS, max: now - 0.5 * DAY_MS });
  });

  it('stops at the edges, and has nothing to move when everything is shown or the edge is reached', () => {
    expect(panWindow({ min: now - 3.2 * DAY_MS + 1, max: now - 2.2 * DAY_MS }, -1, bounds)).toBeNull();
    expect(panWindow({ min: now - 2.8 * DAY_MS, max: now - 1.8 * DAY_MS }, -1, bounds)).toEqual({
      min: bounds.first,
      max: bounds.first + DAY_MS,
    });
    expect(panWindow({ min: now - DAY_MS, max: now }, 1, bounds)).toBeNull();
    expect(panWindow(null, -1, bounds)).toBeNull();
  });
});
