import { describe, expect, it } from 'vitest';
import {
  hasActiveSchedule,
  listPollInterval,
  pollWhileInFlight,
  REPORT_POLL_MS,
  SCHEDULE_POLL_MS,
} from './reports.ts';

describe('report list polling', () => {
  it('polls every 3 s while a request is queued or being made, and not otherwise', () => {
    expect(pollWhileInFlight([{ status: 'DONE' }, { status: 'NEW' }])).toBe(REPORT_POLL_MS);
    expect(pollWhileInFlight([{ status: 'RUNNING' }])).toBe(3000);
    expect(pollWhileInFlight([{ status: 'DONE' }, { status: 'ERROR' }])).toBe(false);
    expect(pollWhileInFlight([])).toBe(false);
    expect(pollWhileInFlight(undefined)).toBe(false);
  });

  it('polls every 60 s while a schedule is active, faster while a report is being made', () => {
    expect(SCHEDULE_POLL_MS).toBe(60_000);
    expect(listPollInterval([{ status: 'DONE' }], true)).toBe(60_000);
    expect(listPollInterval([{ status: 'RUNNING' }], true)).toBe(3000);
    expect(listPollInterval([{ status: 'DONE' }], false)).toBe(false);
    expect(listPollInterval(undefined, true)).toBe(60_000);
    expect(hasActiveSchedule([{ isActive: false }, { isActive: true }])).toBe(true);
    expect(hasActiveSchedule([{ isActive: false }])).toBe(false);
    expect(hasActiveSchedule(undefined)).toBe(false);
  });
});
