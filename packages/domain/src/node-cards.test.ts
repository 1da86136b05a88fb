import { describe, expect, it } from 'vitest';
import {
  compareNodeCards,
  isEndedLabel,
  isSensorAlarm,
  latestTime,
  lumimonGroupOf,
  lumimonStatusLabel,
  nodeCardKind,
  nodeCardReadings,
  nodeIdShown,
  SENSOR_THRESHOLD_EVENT_BIT,
  sortNodeCards,
} from './node-cards.ts';

const r = (sensorType: string) => ({ sensorType });

describe('overview groups', () => {
  it('puts microweather and data jobs under jobs, current transformers under power, GPS under GPS', () => {
    expect(lumimonGroupOf('MICROWEATHER')).toBe('jobs');
    expect(lumimonGroupOf('DATA')).toBe('jobs');
    expect(lumimonGroupOf('POWER')).toBe('power');
    expect(lumimonGroupOf('GPS')).toBe('gps');
    expect(lumimonGroupOf('MATURITY')).toBeNull();
    expect(lumimonGroupOf(undefined)).toBeNull();
  });
});

describe('node card readings (section 2)', () => {
  it('shows 1 reading for gas nodes, the Gas reading first', () => {
    expect(nodeCardKind('Gas')).toBe('gas');
    expect(nodeCardReadings('Gas', [r('Temperature'), r('Gas'), r('Humidity')])).toEqual([r('Gas')]);
    expect(nodeCardReadings('Gas', [r('Gas')])).toEqual([r('Gas')]);
    expect(nodeCardReadings('Gas', [])).toEqual([]);
  });

  it('shows 3 readings for weather nodes: temperature, humidity, wind speed', () => {
    expect(nodeCardKind('Microweather Node')).toBe('weather');
    const got = nodeCardReadings('Microweather Node', [
      r('Pressure'),
      r('Wind Speed'),
      r('Humidity'),
      r('Temperature'),
    ]);
    expect(got.map((x) => x.sensorType)).toEqual(['Temperature', 'Humidity', 'Wind Speed']);
  });

  it('shows every reading of other nodes, in a stable order', () => {
    expect(nodeCardKind('Current Transformer')).toBeNull();
    const got = nodeCardReadings('Current Transformer', [r('Voltage'), r('Power'), r('Current')]);
    expect(got.map((x) => x.sensorType)).toEqual(['Current', 'Power', 'Voltage']);
    expect(nodeCardReadings('Liquid Level', [r('Liquid Level')])).toEqual([r('Liquid Level')]);
  });

  it('keeps the extra fields of each reading and does not change its input', () => {
    const input = [
      { sensorType: 'Humidity', value: 40 },
      { sensorType: 'Temperature', value: 21 },
    ];
    const got = nodeCardReadings('Microweather Node', input);
    expect(got[0]).toBe(input[1]);
    expect(input[0].sensorType).toBe('Humidity');
  });
});

describe('node ids', () => {
  it('shows a Lumitrack node with its first 8 characters, other nodes whole', () => {
    expect(nodeIdShown('AB12CD34EF56', 'Lumitrack')).toBe('AB12CD34');
    expect(nodeIdShown(1234567890, 'Lumitrack')).toBe('12345678');
    expect(nodeIdShown(1234567890, 'Lumimon')).toBe('1234567890');
    expect(nodeIdShown(10008)).toBe('10008');
    expect(nodeIdShown(null)).toBe('');
  });
});

describe('status and alarms', () => {
  it('derives a microweather status from dates, others from the server status', () => {
    expect(lumimonStatusLabel({ kind: 'MICROWEATHER', status: 'RUNNING', startDate: 1 })).toBe('STARTED');
    expect(lumimonStatusLabel({ kind: 'MICROWEATHER', startDate: 1, terminationDate: 2 })).toBe('STOPPED');
    expect(lumimonStatusLabel({ kind: 'MICROWEATHER' })).toBe('NEW');
    expect(lumimonStatusLabel({ kind: 'DATA', status: 'RUNNING' })).toBe('STARTED');
    expect(lumimonStatusLabel({ kind: 'GPS', status: 'TERMINATED', terminationDate: null })).toBe('STOPPED');
    expect(lumimonStatusLabel({ kind: 'POWER', status: 'ERROR' })).toBe('ERROR');
    expect(isEndedLabel('STOPPED')).toBe(true);
    expect(isEndedLabel('ERROR')).toBe(true);
    expect(isEndedLabel('STARTED')).toBe(false);
    expect(isEndedLabel('PENDING START')).toBe(false);
  });

  it('reads the SENSOR_THRESHOLD bit (bit 1) of jobAlarmTriggered', () => {
    expect(SENSOR_THRESHOLD_EVENT_BIT).toBe(1);
    expect(isSensorAlarm(2)).toBe(true);
    expect(isSensorAlarm(3)).toBe(true);
    expect(isSensorAlarm(1)).toBe(false);
    expect(isSensorAlarm(4)).toBe(false);
    expect(isSensorAlarm(0)).toBe(false);
    expect(isSensorAlarm(null)).toBe(false);
  });
});

describe('card order', () => {
  const card = (channelJobName: string, channelJobTypeName: string, alarming = false, ended = false) => ({
    channelJobName,
    channelJobTypeName,
    alarming,
    ended,
  });

  it('puts alarming nodes first, then the job type order of section 2, running before ended, then by name', () => {
    const sorted = sortNodeCards([
      card('Telehandler', 'GPS'),
      card('Tank', 'Liquid Level'),
      card('Old CO', 'Gas', false, true),
      card('Ramp CO', 'Gas'),
      card('Crane', 'Microweather Node'),
      card('Tank B', 'Liquid Level', true),
      card('Alpha CO', 'Gas'),
    ]);
    expect(sorted.map((c) => c.channelJobName)).toEqual([
      'Tank B',
      'Crane',
      'Alpha CO',
      'Ramp CO',
      'Old CO',
      'Tank',
      'Telehandler',
    ]);
    expect(compareNodeCards(card('a', 'Gas'), card('a', 'Gas'))).toBe(0);
  });
});

describe('latestTime', () => {
  it('is the latest known time, or null', () => {
    expect(latestTime(3, null, 7, undefined, 5)).toBe(7);
    expect(latestTime(null, undefined)).toBeNull();
    expect(latestTime(Number.NaN)).toBeNull();
  });
});
