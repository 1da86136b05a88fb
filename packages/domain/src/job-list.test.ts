import { describe, expect, it } from 'vitest';
import {
  countByLabel,
  fetchMoreSize,
  hasMoreJobs,
  JOB_LIST_FILTER_STATUS,
  jobAlarmBadges,
  jobDetailHref,
  jobListFilterStatus,
  listedJobStatusLabel,
  pourReadiness,
  pourUrgencyRank,
  precastTenantId,
  sortPoursByUrgency,
} from './job-list.ts';
import { JOB_GROUP_FILTERS } from './status.ts';

describe('job list filters (section 4)', () => {
  it('maps every filter value to a server status, ALL to none', () => {
    expect(Object.keys(JOB_LIST_FILTER_STATUS)).toEqual([...JOB_GROUP_FILTERS]);
    expect(JOB_GROUP_FILTERS.map(jobListFilterStatus)).toEqual([
      undefined,
      'NONE',
      'TERMINATED',
      'NEW',
      'RUNNING',
      'ERROR',
    ]);
  });

  it.each([['all'], ['RUNNING'], [''], [null], [undefined], ['toString']])('reads %j as ALL', (value) => {
    expect(jobListFilterStatus(value)).toBeUndefined();
  });
});

describe('fetch more (section 9: multiplicand 5)', () => {
  it.each([
    [0, 5],
    [1, 10],
    [2, 15],
    [7, 40],
    [-3, 5],
    [1.9, 10],
    [Number.NaN, 5],
  ])('after %d presses asks for %d jobs', (clicks, size) => {
    expect(fetchMoreSize(clicks)).toBe(size);
  });

  it('offers more only while fewer are shown than the total', () => {
    expect(hasMoreJobs(5, 6)).toBe(true);
    expect(hasMoreJobs(6, 6)).toBe(false);
    expect(hasMoreJobs(5, 5)).toBe(false);
    expect(hasMoreJobs(0, undefined)).toBe(false);
  });
});

describe('jobDetailHref', () => {
  it('sends maturity, humidity and microweather jobs to the job page by their type name', () => {
    expect(jobDetailHref({ id: 3, kind: 'MATURITY', channelJobTypeName: 'Maturity', tenantId: 7 }, 1)).toBe(
      '/job/Maturity/1/7/3/',
    );
    expect(jobDetailHref({ id: 6, kind: 'HUMIDITY', channelJobTypeName: 'Humidity', tenantId: 7 }, 1)).toBe(
      '/job/Humidity/1/7/6/',
    );
    expect(
      jobDetailHref({ id: 9, kind: 'MICROWEATHER', channelJobTypeName: 'Microweather Node', tenantId: 2 }, 1),
    ).toBe('/job/Microweather%20Node/1/2/9/');
    expect(jobDetailHref({ id: 4, kind: 'HUMIDITY', tenantId: 7 }, 1)).toBe('/job/Humidity/1/7/4/');
  });

  it('sends GPS and current transformer jobs to their detail screens, other data jobs to sensor details', () => {
    expect(jobDetailHref({ id: 9, kind: 'GPS', channelJobTypeName: 'GPS', tenantId: 2 }, 1)).toBe(
      '/job-site-gps-job-details/1/2/9',
    );
    expect(
      jobDetailHref({ id: 12, kind: 'POWER', channelJobTypeName: 'Current Transformer', tenantId: 8 }, 3),
    ).toBe('/job-site-ct-job-details/3/8/12');
    expect(jobDetailHref({ id: 8, kind: 'DATA', channelJobTypeName: 'Gas', tenantId: 2 }, 1)).toBe(
      '/job-site-details/1/2/8',
    );
  });
});

describe('listedJobStatusLabel', () => {
  it('maps a maturity job’s server status (section 4 table)', () => {
    expect(listedJobStatusLabel({ status: 'TERMINATED', sensorFlags: 1 })).toBe('STOPPED');
    expect(listedJobStatusLabel({ status: 'NONE', sensorFlags: 1 })).toBe('NEW');
    expect(listedJobStatusLabel({ status: 'NEW' })).toBe('PENDING START');
    expect(listedJobStatusLabel({ status: 'ERROR' })).toBe('ERROR');
  });

  it('derives a humidity job’s label from its dates, whatever the server status', () => {
    expect(listedJobStatusLabel({ status: 'RUNNING', sensorFlags: 5, startDate: 1 })).toBe('STARTED');
    expect(listedJobStatusLabel({ status: 'ERROR', sensorFlags: 5, startDate: 1, terminationDate: 2 })).toBe(
      'STOPPED',
    );
    expect(listedJobStatusLabel({ status: 'RUNNING', sensorFlags: 5 })).toBe('NEW');
  });
});

describe('jobAlarmBadges', () => {
  it('shows error, threshold and matured, in that order', () => {
    expect(jobAlarmBadges({ status: 'RUNNING', jobAlarmTriggered: 0 })).toEqual([]);
    expect(jobAlarmBadges({ status: 'RUNNING', jobAlarmTriggered: 1 })).toEqual(['MATURED']);
    expect(jobAlarmBadges({ status: 'RUNNING', jobAlarmTriggered: 2 })).toEqual(['THRESHOLD']);
    expect(jobAlarmBadges({ status: 'ERROR', jobAlarmTriggered: 3 })).toEqual([
      'ERROR',
      'THRESHOLD',
      'MATURED',
    ]);
    expect(jobAlarmBadges({ status: 'ERROR' })).toEqual(['ERROR']);
  });
});

describe('pourReadiness', () => {
  it.each([
    ['strength above target', { latestJobStrength: 36.9, targetStrength: 25 }, 'REACHED'],
    ['strength at target', { latestJobStrength: 25, targetStrength: 25 }, 'REACHED'],
    [
      'strength below target',
      { latestJobStrength: 17.6, targetStrength: 25, jobAlarmTriggered: 1 },
      'CURING',
    ],
    ['no target', { latestJobStrength: 10, targetStrength: null }, 'NO_TARGET'],
    ['target 0', { latestJobStrength: 10, targetStrength: 0 }, 'NO_TARGET'],
    ['no strength yet', { latestJobStrength: null, targetStrength: 25 }, 'NO_DATA'],
    [
      'no strength, matured bit',
      { latestJobStrength: null, targetStrength: 25, jobAlarmTriggered: 1 },
      'REACHED',
    ],
  ] as const)('%s → %s', (_name, job, expected) => {
    expect(pourReadiness(job)).toBe(expected);
  });
});

describe('pour urgency', () => {
  const pour = (name: string, over: Record<string, unknown>) => ({
    name,
    status: 'RUNNING',
    jobAlarmTriggered: 0,
    targetStrength: 25,
    latestJobStrength: 10,
    progressBarValue: 40,
    creationDate: 1000,
    ...over,
  });

  it('ranks error, threshold, reached, curing, without data, stopped', () => {
    expect(pourUrgencyRank(pour('e', { status: 'ERROR' }))).toBe(0);
    expect(pourUrgencyRank(pour('t', { jobAlarmTriggered: 2 }))).toBe(1);
    expect(pourUrgencyRank(pour('r', { latestJobStrength: 30 }))).toBe(2);
    expect(pourUrgencyRank(pour('c', {}))).toBe(3);
    expect(pourUrgencyRank(pour('n', { targetStrength: null }))).toBe(4);
    expect(pourUrgencyRank(pour('s', { status: 'TERMINATED', latestJobStrength: 40 }))).toBe(5);
  });

  it('puts curing pours closest to target first, the rest newest first', () => {
    const sorted = sortPoursByUrgency([
      pour('stopped', { status: 'TERMINATED' }),
      pour('curing 13%', { progressBarValue: 13, creationDate: 5000 }),
      pour('reached old', { latestJobStrength: 30, creationDate: 100 }),
      pour('curing 70%', { progressBarValue: 70, creationDate: 10 }),
      pour('error', { status: 'ERROR', latestJobStrength: 28, jobAlarmTriggered: 1 }),
      pour('reached new', { latestJobStrength: 30, creationDate: 900 }),
    ]);
    expect(sorted.map((p) => p.name)).toEqual([
      'error',
      'reached new',
      'reached old',
      'curing 70%',
      'curing 13%',
      'stopped',
    ]);
  });
});

describe('countByLabel', () => {
  it('counts jobs per label', () => {
    expect(countByLabel(['a', 'b', 'a'], (x) => x.toUpperCase())).toEqual({ A: 2, B: 1 });
    expect(countByLabel([], String)).toEqual({});
  });
});

describe('precastTenantId', () => {
  it.each([
    ['7', 7],
    ['undefined', null],
    ['', null],
    [undefined, null],
    ['abc', null],
    ['0', null],
    ['-2', null],
    ['1.5', null],
  ])('%j → %j', (segment, expected) => {
    expect(precastTenantId(segment)).toBe(expected);
  });
});
