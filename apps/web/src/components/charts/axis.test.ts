import { describe, expect, it } from 'vitest';
import { AXIS_TICK_ROOM, axisWidth, formatTicks, tickDecimals } from './axis.ts';

describe('tickDecimals', () => {
  it.each([
    [20, 1, 0],
    [10000, 1, 0],
    [2.5, 1, 1],
    [0.25, 2, 2],
    [0.25, 1, 1],
    [0.1, 2, 1],
    [0.30000000000000004, 2, 1],
    [null, 1, 1],
    [0, 2, 2],
  ])('step %j, at most %d → %d', (step, max, want) => {
    expect(tickDecimals(step, max)).toBe(want);
  });
});

describe('formatTicks', () => {
  it("writes ticks with the decimals their step needs: '40', not '40000.0'", () => {
    expect(formatTicks([0, 20, 40, 60], 20, 1)).toEqual(['0', '20', '40', '60']);
    expect(formatTicks([595, 597.5, 600], 2.5, 1)).toEqual(['595.0', '597.5', '600.0']);
    expect(formatTicks([-0.04, 0.5], 0.5, 1)).toEqual(['0.0', '0.5']);
  });
});

describe('axisWidth', () => {
  const measure = (text: string) => text.length * 7;
  it('makes room for the longest tick beside the tick marks, so it never runs into the axis title', () => {
    expect(axisWidth(['0', '20000', '40000'], measure)).toBe(5 * 7 + AXIS_TICK_ROOM);
    expect(axisWidth(['0', '20000.0', '40000.0'], measure)).toBeGreaterThan(
      axisWidth(['0', '20', '40'], measure),
    );
  });
  it('keeps a minimum width for short ticks and no ticks', () => {
    expect(axisWidth(['1'], measure)).toBe(40);
    expect(axisWidth(null, measure, 30)).toBe(30);
  });
});
