import { describe, expect, it } from 'vitest';
import { isJobGroupStatus, JOB_GROUP_COUNT_KEYS, jobGroupStatus } from './job-groups.ts';

describe('jobGroupStatus', () => {
  it.each([
    ['no jobs', [], 'NEW'],
    ['only new', ['NEW', 'NONE'], 'NEW'],
    ['new and stopped', ['NEW', 'TERMINATED'], 'NEW'],
    ['one running', ['NEW', 'RUNNING', 'TERMINATED'], 'RUNNING'],
    ['all stopped', ['TERMINATED', 'TERMINATED'], 'TERMINATED'],
    ['maintenance wins over running', ['RUNNING', 'MAINTENANCE'], 'MAINTENANCE'],
    ['error wins over everything', ['RUNNING', 'MAINTENANCE', 'ERROR', 'TERMINATED'], 'ERROR'],
    ['unknown counts as running', ['SOMETHING', 'TERMINATED'], 'RUNNING'],
    ['missing counts as running', [null, 'NEW'], 'RUNNING'],
  ] as const)('%s → %s', (_name, statuses, expected) => {
    expect(jobGroupStatus(statuses)).toBe(expected);
  });

  it('names a count key for every status', () => {
    expect(JOB_GROUP_COUNT_KEYS).toEqual({
      NEW: 'newJg',
      RUNNING: 'runningJg',
      TERMINATED: 'terminatedJg',
      MAINTENANCE: 'maintenanceJg',
      ERROR: 'errorJg',
    });
    expect(isJobGroupStatus('RUNNING')).toBe(true);
    expect(isJobGroupStatus('NONE')).toBe(false);
    expect(isJobGroupStatus(3)).toBe(false);
  });
});
