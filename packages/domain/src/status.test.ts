import { describe, expect, it } from 'vitest';
import {
  compareProjectsNewestFirst,
  dateDerivedStatus,
  eventTypeBitIndex,
  isAlarmBitSet,
  isArchived,
  isEndedJob,
  JOB_GROUP_FILTERS,
  JOB_GROUP_STATUSES,
  JOB_STATUS_LABELS,
  JOB_STATUSES,
  jobAlarmStatus,
  jobStatusLabel,
  LIST_STATUS_ORDER,
  SERVER_JOB_STATUSES,
  sortProjectsNewestFirst,
  sortStatusThenNewest,
  statusStyle,
} from './status.ts';

describe('jobStatusLabel (section 4)', () => {
  it.each([
    ['NONE', 'NEW'],
    ['NEW', 'PENDING START'],
    ['RUNNING', 'STARTED'],
    ['TERMINATED', 'STOPPED'],
    ['ERROR', 'ERROR'],
    ['MAINTENANCE', 'MAINTENANCE'],
    ['SOMETHING_ELSE', 'STARTED'],
    ['running', 'STARTED'],
    ['', 'STARTED'],
    ['toString', 'STARTED'],
    [undefined, 'STARTED'],
    [null, 'STARTED'],
  ])('%j shows %j', (server, label) => {
    expect(jobStatusLabel(server)).toBe(label);
  });

  it('covers every server status', () => {
    expect(SERVER_JOB_STATUSES).toEqual(['NONE', 'NEW', 'RUNNING', 'TERMINATED', 'ERROR', 'MAINTENANCE']);
    expect(JOB_STATUSES).toBe(SERVER_JOB_STATUSES);
    expect(Object.keys(JOB_STATUS_LABELS)).toEqual([...SERVER_JOB_STATUSES]);
  });
});

describe('dateDerivedStatus (section 4)', () => {
  it.each([
    [{ startDate: 1, terminationDate: 2 }, 'STOPPED'],
    [{ terminationDate: '2024-01-02T00:00:00Z' }, 'STOPPED'],
    [{ startDate: '2024-01-01T00:00:00Z', terminationDate: null }, 'STARTED'],
    [{ startDate: 1_700_000_000_000 }, 'STARTED'],
    [{ startDate: 0 }, 'STARTED'],
    [{ startDate: null, terminationDate: null }, 'NEW'],
    [{ startDate: '', terminationDate: '' }, 'NEW'],
    [{}, 'NEW'],
  ])('%j is %s', (job, expected) => {
    expect(dateDerivedStatus(job)).toBe(expected);
  });
});

describe('statusStyle (section 4 colour table)', () => {
  it.each([
    ['ERROR', 'red', 'Error'],
    ['STARTED', 'green', 'Started'],
    ['MAINTENANCE', 'blue', 'Updating'],
    ['NEW', 'black', 'New'],
    ['STOPPED', 'gray', 'Stopped'],
    ['PENDING START', 'yellow', 'Pending Start'],
    ['RUNNING', 'white', 'Unknown'],
    ['started', 'white', 'Unknown'],
    ['constructor', 'white', 'Unknown'],
    [undefined, 'white', 'Unknown'],
    [null, 'white', 'Unknown'],
  ])('%j is %s with tooltip %s', (label, colour, tooltip) => {
    expect(statusStyle(label)).toEqual({ colour, tooltip });
  });

  it('returns a fresh object each time', () => {
    const a = statusStyle('ERROR');
    a.colour = 'white';
    expect(statusStyle('ERROR').colour).toBe('red');
  });
});

describe('isEndedJob (section 4)', () => {
  it.each([
    ['ERROR', true],
    ['TERMINATED', true],
    ['NONE', false],
    ['NEW', false],
    ['RUNNING', false],
    ['MAINTENANCE', false],
    ['STOPPED', false],
    [undefined, false],
    [null, false],
  ])('%j → %s', (status, ended) => {
    expect(isEndedJob(status)).toBe(ended);
  });
});

describe('isArchived (section 3, 4)', () => {
  it.each([
    [{ state: 'TERMINATED' }, true],
    [{ state: 'RUNNING' }, false],
    [{ state: 'terminated' }, false],
    [{ state: null }, false],
    [{}, false],
    [null, false],
  ])('%j → %s', (item, archived) => {
    expect(isArchived(item)).toBe(archived);
  });
});

describe('STARTED/STOPPED/ERROR list order (section 4)', () => {
  it('puts STARTED, then STOPPED, then ERROR, newest first in each, unknown last', () => {
    const items = [
      { id: 'e-old', status: 'ERROR', creationDate: 1 },
      { id: 's-old', status: 'STOPPED', creationDate: 10 },
      { id: 'x', status: 'WEIRD', creationDate: 999 },
      { id: 'st-old', status: 'STARTED', creationDate: '1970-01-01T00:00:00.005Z' },
      { id: 'st-new', status: 'STARTED', creationDate: 50 },
      { id: 's-new', status: 'STOPPED', creationDate: 20 },
      { id: 'e-new', status: 'ERROR', creationDate: 2 },
      { id: 'st-undated', status: 'STARTED' },
    ];
    expect(sortStatusThenNewest(items).map((i) => i.id)).toEqual([
      'st-new',
      'st-old',
      'st-undated',
      's-new',
      's-old',
      'e-new',
      'e-old',
      'x',
    ]);
    expect(items[0].id).toBe('e-old');
    expect(LIST_STATUS_ORDER).toEqual(['STARTED', 'STOPPED', 'ERROR']);
  });
});

describe('project sort newest first (section 3)', () => {
  it('orders by creationDate descending, accepting epoch ms and ISO, undated last', () => {
    const projects = [
      { name: 'a', creationDate: '2023-01-01T00:00:00Z' },
      { name: 'b' },
      { name: 'c', creationDate: Date.UTC(2024, 0, 1) },
      { name: 'd', creationDate: '2023-06-01T00:00:00Z' },
    ];
    expect(sortProjectsNewestFirst(projects).map((p) => p.name)).toEqual(['c', 'd', 'a', 'b']);
  });

  it.each([
    [{ creationDate: 2 }, { creationDate: 1 }, -1],
    [{ creationDate: 1 }, { creationDate: 2 }, 1],
    [{ creationDate: 1 }, { creationDate: 1 }, 0],
    [{}, {}, 0],
  ])('compare(%j, %j) has sign %d', (a, b, sign) => {
    expect(Math.sign(compareProjectsNewestFirst(a, b))).toBe(sign);
  });
});

describe('job-group statuses and filters (section 4)', () => {
  it('lists them', () => {
    expect(JOB_GROUP_STATUSES).toEqual(['NEW', 'RUNNING', 'TERMINATED', 'MAINTENANCE', 'ERROR']);
    expect(JOB_GROUP_FILTERS).toEqual(['ALL', 'None', 'Terminated', 'New', 'Running', 'Error']);
  });
});

describe('eventTypeBitIndex (section 3)', () => {
  const types = [
    { name: 'MATURED', bitIndex: 3 },
    { name: 'LOW_TEMP', bitIndex: 0 },
  ];
  it.each([
    [types, 'MATURED', 3],
    [types, 'LOW_TEMP', 0],
    [types, 'matured', -1],
    [types, 'UNKNOWN', -1],
    [[], 'MATURED', -1],
    [null, 'MATURED', -1],
    [undefined, 'MATURED', -1],
  ])('%j / %s → %d', (list, name, index) => {
    expect(eventTypeBitIndex(list, name)).toBe(index);
  });
});

describe('isAlarmBitSet', () => {
  it.each([
    [0b1000, 3, true],
    [0b0111, 3, false],
    [1, 0, true],
    [2, 0, false],
    [2 ** 40, 40, true],
    [2 ** 40, 39, false],
    [0b1000, -1, false],
    [null, 0, false],
    [undefined, 0, false],
    [Number.NaN, 0, false],
    [-1, 0, false],
  ])('flags %s bit %d → %s', (flags, bit, set) => {
    expect(isAlarmBitSet(flags, bit)).toBe(set);
  });
});

describe('jobAlarmStatus (section 4)', () => {
  it.each([
    [{ status: 'ERROR', jobAlarmTriggered: 0b1000 }, 3, 'ERROR'],
    [{ status: 'ERROR' }, 3, 'ERROR'],
    [{ status: 'RUNNING', jobAlarmTriggered: 0b1000 }, 3, 'MATURED'],
    [{ status: 'TERMINATED', jobAlarmTriggered: 0b1010 }, 1, 'MATURED'],
    [{ status: 'RUNNING', jobAlarmTriggered: 0b0100 }, 3, 'NONE'],
    [{ status: 'RUNNING', jobAlarmTriggered: 0b1000 }, -1, 'NONE'],
    [{ status: 'RUNNING', jobAlarmTriggered: null }, 0, 'NONE'],
    [{}, 0, 'NONE'],
  ])('%j with bit %d → %s', (job, bit, expected) => {
    expect(jobAlarmStatus(job, bit)).toBe(expected);
  });
});
