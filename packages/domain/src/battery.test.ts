import { describe, expect, it } from 'vitest';
import { batteryState } from './battery.ts';

describe('batteryState, default thresholds 90/50/10 (section 4)', () => {
  it.each([
    [100, 'GOOD'],
    [90, 'GOOD'],
    [89.99, 'MODERATE'],
    [50, 'MODERATE'],
    [49.9, 'LOW'],
    [10, 'LOW'],
    [9.99, 'EMPTY'],
    [0, 'EMPTY'],
    [-5, 'EMPTY'],
    ['90', 'GOOD'],
    ['49', 'LOW'],
  ])('%j %% is %s', (percent, state) => {
    expect(batteryState(percent, { terminated: false })).toBe(state);
    expect(batteryState(percent, { terminated: false, levelType: 1 })).toBe(state);
  });
});

describe('batteryState, level type 2 thresholds 66/33/10 (section 4)', () => {
  it.each([
    [100, 'GOOD'],
    [66, 'GOOD'],
    [65.9, 'MODERATE'],
    [33, 'MODERATE'],
    [32.9, 'LOW'],
    [10, 'LOW'],
    [9.9, 'EMPTY'],
    [0, 'EMPTY'],
  ])('%j %% is %s', (percent, state) => {
    expect(batteryState(percent, { terminated: false, levelType: 2 })).toBe(state);
    expect(batteryState(percent, { terminated: false, levelType: '2' })).toBe(state);
  });
});

describe('batteryState HIDE (section 4)', () => {
  it.each([
    [95, { terminated: true }],
    [95, { terminated: true, levelType: 2 }],
    [null, { terminated: false }],
    [undefined, { terminated: false }],
    [Number.NaN, { terminated: false }],
    ['', { terminated: false }],
    ['abc', { terminated: false }],
    [undefined, {}],
  ])('%j with %j is HIDE', (percent, opts) => {
    expect(batteryState(percent, opts)).toBe('HIDE');
  });

  it('works without options', () => {
    expect(batteryState(55)).toBe('MODERATE');
  });
});
