import { describe, expect, it } from 'vitest';
import {
  ALARM_TYPES,
  eventTypesByCategory,
  hasBounds,
  isOutsideBounds,
  MATURED_BIT,
  SENSOR_THRESHOLD_BIT,
  sensorThresholdTriggered,
  thresholdBoundsError,
  thresholdSensorType,
  withAlarmBit,
} from './alarms.ts';
import { isAlarmBitSet, jobAlarmStatus } from './status.ts';

describe('event types (section 3)', () => {
  it('lists every event type by bit, or those of one category', () => {
    expect(eventTypesByCategory()).toEqual([
      { name: 'MATURED', bitIndex: 0, category: 'JOB' },
      { name: 'SENSOR_THRESHOLD', bitIndex: 1, category: 'SENSOR' },
      { name: 'LOW_BATTERY', bitIndex: 2, category: 'NODE' },
      { name: 'NO_SIGNAL', bitIndex: 3, category: 'NODE' },
    ]);
    expect(eventTypesByCategory('NODE').map((e) => e.name)).toEqual(['LOW_BATTERY', 'NO_SIGNAL']);
    expect(eventTypesByCategory('SENSOR').map((e) => e.bitIndex)).toEqual([1]);
    expect(eventTypesByCategory('NOPE')).toEqual([]);
  });

  it('names the bits alarms use', () => {
    expect(MATURED_BIT).toBe(0);
    expect(SENSOR_THRESHOLD_BIT).toBe(1);
    expect(ALARM_TYPES).toEqual(['SENSOR_THRESHOLD', 'MATURITY_STRENGTH_THRESHOLD']);
  });
});

describe('threshold bounds', () => {
  it('accepts finite bounds with low below high, either alone, or none', () => {
    expect(thresholdBoundsError({ high: 35, low: 5 })).toBeNull();
    expect(thresholdBoundsError({ high: 35, low: null })).toBeNull();
    expect(thresholdBoundsError({ high: null, low: -2.5 })).toBeNull();
    expect(thresholdBoundsError({ high: null, low: null })).toBeNull();
    expect(thresholdBoundsError({})).toBeNull();
  });

  it('refuses a low bound at or above the high one, and numbers that are not finite', () => {
    expect(thresholdBoundsError({ high: 10, low: 10 })).toMatch(/below/);
    expect(thresholdBoundsError({ high: 10, low: 11 })).toMatch(/below/);
    expect(thresholdBoundsError({ high: Number.POSITIVE_INFINITY, low: null })).toMatch(
      /mediumThresholdHBound must be a finite number/,
    );
    expect(thresholdBoundsError({ high: 1, low: Number.NaN })).toMatch(/mediumThresholdLBound/);
  });

  it('says whether bounds hold any limit', () => {
    expect(hasBounds({ high: null, low: null })).toBe(false);
    expect(hasBounds({ high: 0, low: null })).toBe(true);
    expect(hasBounds({ high: null, low: 0 })).toBe(true);
  });
});

describe('sensor threshold evaluation', () => {
  const b = { high: 35, low: 10 };
  it('is outside strictly above the high bound or strictly below the low one', () => {
    expect(isOutsideBounds(35.01, b)).toBe(true);
    expect(isOutsideBounds(35, b)).toBe(false);
    expect(isOutsideBounds(10, b)).toBe(false);
    expect(isOutsideBounds(9.99, b)).toBe(true);
    expect(isOutsideBounds(1000, { high: null, low: 10 })).toBe(false);
    expect(isOutsideBounds(-1000, { high: 35, low: null })).toBe(false);
    expect(isOutsideBounds(null, b)).toBe(false);
    expect(isOutsideBounds(Number.NaN, b)).toBe(false);
  });

  it('triggers when any latest reading is outside, and not without readings', () => {
    expect(sensorThresholdTriggered([20, 36], b)).toBe(true);
    expect(sensorThresholdTriggered([20, 5], b)).toBe(true);
    expect(sensorThresholdTriggered([20, 30], b)).toBe(false);
    expect(sensorThresholdTriggered([], b)).toBe(false);
    expect(sensorThresholdTriggered([null, undefined], b)).toBe(false);
    expect(sensorThresholdTriggered([100], { high: null, low: null })).toBe(false);
  });

  it("applies to the asked sensor type, else the job's first", () => {
    expect(thresholdSensorType(['Humidity', 'Temperature'])).toBe('Humidity');
    expect(thresholdSensorType(['Humidity', 'Temperature'], 'Temperature')).toBe('Temperature');
    expect(thresholdSensorType([])).toBeNull();
  });
});

describe('withAlarmBit', () => {
  it('sets and clears one bit, leaving the others, as isAlarmBitSet reads them', () => {
    expect(withAlarmBit(0, SENSOR_THRESHOLD_BIT, true)).toBe(2);
    expect(withAlarmBit(1, SENSOR_THRESHOLD_BIT, true)).toBe(3);
    expect(withAlarmBit(3, SENSOR_THRESHOLD_BIT, true)).toBe(3);
    expect(withAlarmBit(3, SENSOR_THRESHOLD_BIT, false)).toBe(1);
    expect(withAlarmBit(1, SENSOR_THRESHOLD_BIT, false)).toBe(1);
    expect(withAlarmBit(2 ** 40 + 2, 40, false)).toBe(2);
    expect(isAlarmBitSet(withAlarmBit(0, 40, true), 40)).toBe(true);
    expect(withAlarmBit(5, -1, true)).toBe(5);
    expect(withAlarmBit(Number.NaN, 0, true)).toBe(1);
  });

  it('keeps the alarm status of section 4 on the MATURED bit', () => {
    const flags = withAlarmBit(withAlarmBit(0, SENSOR_THRESHOLD_BIT, true), MATURED_BIT, true);
    expect(jobAlarmStatus({ status: 'RUNNING', jobAlarmTriggered: flags }, MATURED_BIT)).toBe('MATURED');
    expect(jobAlarmStatus({ status: 'RUNNING', jobAlarmTriggered: 2 }, MATURED_BIT)).toBe('NONE');
  });
});
