import { describe, expect, it } from 'vitest';
import { SIGNAL_UNKNOWN, signalBars, signalValue } from './signal.ts';

const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);
const H = 3_600_000;

describe('signalValue (section 4)', () => {
  it.each([
    ['fresh', { timestamp: NOW - 60_000, signal: 3 }, 3],
    ['exactly 2 h old is still fresh', { timestamp: NOW - 2 * H, signal: 4 }, 4],
    ['2 h + 1 ms is stale', { timestamp: NOW - 2 * H - 1, signal: 4 }, -2],
    ['a day old', { timestamp: NOW - 24 * H, signal: 4 }, -2],
    ['ISO timestamp, fresh', { timestamp: new Date(NOW - H).toISOString(), signal: 2 }, 2],
    ['ISO timestamp, stale', { timestamp: new Date(NOW - 3 * H).toISOString(), signal: 2 }, -2],
    ['signal 0 is a value', { timestamp: NOW, signal: 0 }, 0],
    ['future timestamp', { timestamp: NOW + H, signal: 1 }, 1],
    ['no signal field', { timestamp: NOW }, -2],
    ['null signal', { timestamp: NOW, signal: null }, -2],
    ['NaN signal', { timestamp: NOW, signal: Number.NaN }, -2],
    ['no timestamp', { signal: 3 }, -2],
    ['unreadable timestamp', { timestamp: 'yesterday', signal: 3 }, -2],
    ['null latest signal', null, -2],
    ['undefined latest signal', undefined, -2],
  ])('%s', (_name, latest, expected) => {
    expect(signalValue(latest, { terminated: false, now: NOW })).toBe(expected);
  });

  it('accepts now as a Date', () => {
    expect(signalValue({ timestamp: NOW - 2 * H, signal: 5 }, { now: new Date(NOW) })).toBe(5);
    expect(signalValue({ timestamp: NOW - 2 * H - 1, signal: 5 }, { now: new Date(NOW) })).toBe(-2);
  });

  it.each([[{ timestamp: NOW, signal: 3 }], [{ timestamp: NOW - 5 * H, signal: 3 }], [null]])(
    'is null for terminated jobs (%j)',
    (latest) => {
      expect(signalValue(latest, { terminated: true, now: NOW })).toBeNull();
    },
  );

  it('uses the current time when now is not given', () => {
    expect(signalValue({ timestamp: Date.now(), signal: 7 })).toBe(7);
    expect(SIGNAL_UNKNOWN).toBe(-2);
  });
});

describe('signalBars', () => {
  it.each([
    [-60, 4],
    [-70, 4],
    [-71, 3],
    [-85, 3],
    [-92, 2],
    [-100, 2],
    [-101, 1],
    [SIGNAL_UNKNOWN, 0],
    [null, 0],
  ])('%s dBm shows %s bars', (signal, bars) => {
    expect(signalBars(signal)).toBe(bars);
  });
});
