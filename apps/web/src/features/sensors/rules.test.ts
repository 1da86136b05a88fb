import { DAY_MS, HOUR_MS, MINUTE_MS } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import { lineTolerance, matchesFilter, rangeFrom, screenOfKind, sensorTypesOfVariant } from './rules.ts';

describe('overview filter', () => {
  const card = (statusLabel: string, alarming = false) => ({
    statusLabel,
    alarming,
    ended: statusLabel === 'STOPPED' || statusLabel === 'ERROR',
  });
  it('keeps every card, the alarming ones, the started ones, or the ended ones', () => {
    expect(matchesFilter(card('STOPPED'), 'ALL')).toBe(true);
    expect(matchesFilter(card('STARTED', true), 'ALARMING')).toBe(true);
    expect(matchesFilter(card('STARTED'), 'ALARMING')).toBe(false);
    expect(matchesFilter(card('STARTED'), 'STARTED')).toBe(true);
    expect(matchesFilter(card('PENDING START'), 'STARTED')).toBe(false);
    expect(matchesFilter(card('ERROR'), 'ENDED')).toBe(true);
    expect(matchesFilter(card('STOPPED'), 'ENDED')).toBe(true);
    expect(matchesFilter(card('STARTED'), 'ENDED')).toBe(false);
  });
});

describe('time ranges', () => {
  const now = Date.UTC(2025, 5, 10, 12, 30, 42, 500);
  it('count back from now, to the minute, and leave the whole job to the server', () => {
    expect(rangeFrom('24h', { now })).toBe(Date.UTC(2025, 5, 9, 12, 30));
    expect(rangeFrom('6h', { now })).toBe(Date.UTC(2025, 5, 10, 6, 30));
    expect(rangeFrom('7d', { now })).toBe(Math.floor((now - 7 * DAY_MS) / MINUTE_MS) * MINUTE_MS);
    expect(rangeFrom('job', { now })).toBeUndefined();
  });
  it('count back from the end of a job that has ended', () => {
    const end = now - 3 * DAY_MS;
    expect(rangeFrom('6h', { now, terminationDate: end })).toBe(
      Math.floor((end - 6 * HOUR_MS) / MINUTE_MS) * MINUTE_MS,
    );
    expect(rangeFrom('24h', { now, terminationDate: null })).toBe(Date.UTC(2025, 5, 9, 12, 30));
  });
});

describe('detail screens', () => {
  it('put GPS jobs on the map, power jobs on the current transformer screen, others on sensor details (hrefs: domain sensorDetailsHref)', () => {
    expect(screenOfKind('GPS')).toBe('gps');
    expect(screenOfKind('POWER')).toBe('ct');
    expect(screenOfKind('DATA')).toBe('sensor');
  });
});

describe('GR variants', () => {
  const weather = ['Wind Speed', 'Humidity', 'Temperature'];
  it('show every sensor type on the details screen', () => {
    expect(sensorTypesOfVariant('Microweather Node', weather, 'details')).toEqual(weather);
  });
  it('show the primary measurement in group one and the others in group two', () => {
    expect(sensorTypesOfVariant('Microweather Node', weather, 'grOne')).toEqual(['Temperature']);
    expect(sensorTypesOfVariant('Microweather Node', weather, 'grTwo')).toEqual(['Wind Speed', 'Humidity']);
    expect(sensorTypesOfVariant('Gas', ['Temperature', 'Gas'], 'grOne')).toEqual(['Gas']);
    expect(sensorTypesOfVariant('Gas', ['Temperature', 'Gas'], 'grTwo')).toEqual(['Temperature']);
    expect(sensorTypesOfVariant('Current Transformer', ['Voltage', 'Current', 'Power'], 'grOne')).toEqual([
      'Current',
    ]);
  });
  it('leave group two empty for a node with one measurement', () => {
    expect(sensorTypesOfVariant('Gas', ['Gas'], 'grTwo')).toEqual([]);
    expect(sensorTypesOfVariant('Gas', [], 'grOne')).toEqual([]);
  });
});

describe('line smoothing', () => {
  it('draws microweather and other quantities unsmoothed, temperature and humidity with their tolerances', () => {
    expect(lineTolerance('MICROWEATHER', 'Temperature', 30)).toBe(0);
    expect(lineTolerance('DATA', 'Gas', 30)).toBe(0);
    expect(lineTolerance('DATA', 'Temperature', 3)).toBe(0.05);
    expect(lineTolerance('DATA', 'Humidity', 20)).toBe(0.3);
  });
});
