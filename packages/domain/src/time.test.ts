import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, toEpochMs } from './time.ts';

describe('toEpochMs', () => {
  it.each([
    [0, 0],
    [1_700_000_000_000, 1_700_000_000_000],
    ['1700000000000', 1_700_000_000_000],
    ['2024-01-01T00:00:00Z', Date.UTC(2024, 0, 1)],
    ['2024-01-01T02:30:00.000+02:00', Date.UTC(2024, 0, 1, 0, 30)],
    [new Date(Date.UTC(2023, 5, 1)), Date.UTC(2023, 5, 1)],
  ])('reads %j as %d', (input, expected) => {
    expect(toEpochMs(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['not a date'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [new Date('x')],
  ])('returns null for %j', (input) => {
    expect(toEpochMs(input)).toBeNull();
  });

  it('has the unit constants', () => {
    expect([MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([60_000, 3_600_000, 86_400_000]);
  });
});
