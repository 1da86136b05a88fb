import type { JobForecastSummary } from '@sitepulse/contracts';
import { describe, expect, it } from 'vitest';
import { humidityJob, maturityJob } from '../../test/job-answers.ts';
import { readJobSort, searchJobs, sortJobs } from './job-order.ts';

const H = 3_600_000;
const now = Date.now();
const jobs = [
  maturityJob(1, 'Level 10 Slab', { startDate: now - 2 * H, progressBarValue: 20, cableName: 'CBL-20001' }),
  maturityJob(2, 'Level 2 Slab', { startDate: now - 30 * H, progressBarValue: 90, nodeName: 'MAT-10002' }),
  humidityJob(3, 'Losa Nivel 3 Humedad', { startDate: now - 5 * H }),
  maturityJob(4, 'Core Wall', { startDate: null, status: 'NONE', progressBarValue: 0 }),
  maturityJob(5, 'Column C', { startDate: now - 50 * H, progressBarValue: 112 }),
];
const names = (list: { channelJobName: string }[]) => list.map((j) => j.channelJobName);

describe('searchJobs', () => {
  it.each([
    ['slab', ['Level 10 Slab', 'Level 2 Slab']],
    ['  COLUMN   c ', ['Column C']],
    ['losa', ['Losa Nivel 3 Humedad']],
    ['humedád', ['Losa Nivel 3 Humedad']],
    ['cbl-20001', ['Level 10 Slab']],
    ['MAT-10002', ['Level 2 Slab']],
    ['10005', ['Column C']],
    ['20004', ['Core Wall']],
    ['nothing here', []],
    ['', ['Level 10 Slab', 'Level 2 Slab', 'Losa Nivel 3 Humedad', 'Core Wall', 'Column C']],
  ])('"%s" finds %j', (query, found) => {
    expect(names(searchJobs(jobs, query))).toEqual(found);
  });
});

describe('sortJobs', () => {
  it('sorts by start date, latest first, jobs not started first', () => {
    expect(names(sortJobs(jobs, 'start'))).toEqual([
      'Core Wall',
      'Level 10 Slab',
      'Losa Nivel 3 Humedad',
      'Level 2 Slab',
      'Column C',
    ]);
  });

  it('sorts by name with numbers in number order', () => {
    expect(names(sortJobs(jobs, 'name'))).toEqual([
      'Column C',
      'Core Wall',
      'Level 2 Slab',
      'Level 10 Slab',
      'Losa Nivel 3 Humedad',
    ]);
  });

  it('sorts by strength %, highest first, jobs without a strength last', () => {
    expect(names(sortJobs(jobs, 'strength'))).toEqual([
      'Column C',
      'Level 2 Slab',
      'Level 10 Slab',
      'Core Wall',
      'Losa Nivel 3 Humedad',
    ]);
  });

  it('sorts by expected time: reached, soonest expected, no forecast, then jobs without one', () => {
    const f = (jobId: number, over: Partial<JobForecastSummary>): JobForecastSummary => ({
      jobId,
      state: 'FORECAST',
      strengthMpa: 10,
      next: null,
      reachedCount: 0,
      targetCount: 1,
      ...over,
    });
    const target = {
      kind: 'STRIPPING' as const,
      primary: true,
      strengthMpa: 25,
      enteredValue: 25,
      enteredUnit: 'MPa' as const,
      reachedAt: null,
      earliestAt: null,
      latestAt: null,
    };
    const forecasts = new Map([
      [1, f(1, { next: { ...target, state: 'FORECAST', expectedAt: now + 9 * H } })],
      [2, f(2, { next: { ...target, state: 'FORECAST', expectedAt: now + 2 * H } })],
      [4, f(4, { state: 'NOT_STARTED', next: { ...target, state: 'NOT_STARTED', expectedAt: null } })],
      [
        5,
        f(5, {
          state: 'REACHED',
          next: { ...target, state: 'REACHED', reachedAt: now - H, expectedAt: null },
        }),
      ],
    ]);
    expect(names(sortJobs(jobs, 'expected', { forecasts }))).toEqual([
      'Column C',
      'Level 2 Slab',
      'Level 10 Slab',
      'Core Wall',
      'Losa Nivel 3 Humedad',
    ]);
  });

  it('reads an unknown sort as start date', () => {
    expect(readJobSort('expected')).toBe('expected');
    expect(readJobSort('toString')).toBe('start');
    expect(readJobSort(null)).toBe('start');
  });
});
