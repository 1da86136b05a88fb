import { describe, expect, it } from 'vitest';
import { clampLatitude, compareJobType, isHumidityJob, JOB_TYPE_ORDER, sortByJobType } from './jobs.ts';

describe('JOB_TYPE_ORDER (section 2)', () => {
  it('lists the twelve types in order', () => {
    expect(JOB_TYPE_ORDER).toEqual([
      'Microweather Node',
      'Gas',
      'Lightning Detection',
      'Current Transformer',
      'Cameras',
      'Liquid Level',
      'Oil Debris',
      'Leak Detection',
      'Door Sensor',
      'Fire Extinguisher',
      'GPS',
      'Vibration',
    ]);
  });

  it('sorts a reversed list back into the spec order, unknown types last alphabetically', () => {
    const shuffled = ['Zeta', ...[...JOB_TYPE_ORDER].reverse(), 'Alpha'];
    expect(sortByJobType(shuffled, (t) => t)).toEqual([...JOB_TYPE_ORDER, 'Alpha', 'Zeta']);
  });

  it.each([
    ['Microweather Node', 'Gas', -1],
    ['Vibration', 'GPS', 1],
    ['GPS', 'GPS', 0],
    ['Unknown', 'Vibration', 1],
    [null, 'Gas', 1],
  ])('compare(%j, %j) has sign %d', (a, b, sign) => {
    expect(Math.sign(compareJobType(a, b))).toBe(sign);
  });

  it('sorts objects through a selector', () => {
    const jobs = [{ t: 'GPS' }, { t: 'Gas' }];
    expect(sortByJobType(jobs, (j) => j.t).map((j) => j.t)).toEqual(['Gas', 'GPS']);
  });
});

describe('isHumidityJob (section 3)', () => {
  it.each([
    [{ sensorFlags: 5 }, true],
    [{ sensorFlags: '5' }, true],
    [{ sensorFlags: 1 }, false],
    [{ sensorFlags: null }, false],
    [{ sensorFlags: undefined }, false],
    [{}, false],
    [{ sensorFlags: '' }, false],
    [{ sensorFlags: 0 }, false],
    [{ sensorFlags: 3 }, false],
    [null, false],
  ])('%j → %s', (job, humid) => {
    expect(isHumidityJob(job)).toBe(humid);
  });
});

describe('clampLatitude (section 3, 9)', () => {
  it.each([
    [0, 0],
    [45.5, 45.5],
    [85, 85],
    [85.0001, 85],
    [90, 85],
    [-85, -85],
    [-85.0001, -85],
    [-90, -85],
    [-12.3, -12.3],
  ])('%d → %d', (lat, clamped) => {
    expect(clampLatitude(lat)).toBe(clamped);
  });
});
