import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  defaultUsageRange,
  isUsageEvent,
  parseUtcDay,
  USAGE_OTHER_PATH,
  USAGE_RANGE_MAX_DAYS,
  usageRangeProblem,
  usageRouteKey,
  usageRoutePattern,
  utcDay,
} from './usage.ts';

describe('usageRoutePattern: pages counted by route, never by their ids', () => {
  it.each([
    ['/', '/'],
    ['/job/Maturity/3/32/6', '/job/:type/:jobsiteId/:tenantId/:id'],
    ['/job/Maturity/3/32/6/', '/job/:type/:jobsiteId/:tenantId/:id'],
    ['/construction_dashboard/1?tab=2#top', '/construction_dashboard/:jobsiteId'],
    ['/edit-user/42', '/edit-user/:userId'],
    ['/account-setup/1/jane/jane%40example.com', '/account-setup/:companyId/:username/:email'],
    ['/usage', '/usage'],
    ['/job/:type/:jobsiteId/:tenantId/:id', '/job/:type/:jobsiteId/:tenantId/:id'],
  ])('%s → %s', (path, pattern) => {
    expect(usageRoutePattern(path)).toBe(pattern);
  });

  it('keeps no text of a path that is no route', () => {
    expect(usageRoutePattern('/secret/jane@example.com')).toBe(USAGE_OTHER_PATH);
    expect(usageRoutePattern('no-slash')).toBe(USAGE_OTHER_PATH);
    expect(usageRoutePattern('')).toBe(USAGE_OTHER_PATH);
  });

  it('names the route of a pattern, for its title', () => {
    expect(usageRouteKey('/job/:type/:jobsiteId/:tenantId/:id')).toBe('job');
    expect(usageRouteKey('/')).toBe('home');
    expect(usageRouteKey(USAGE_OTHER_PATH)).toBeNull();
  });
});

describe('events', () => {
  it('takes only the fixed names', () => {
    expect(isUsageEvent('help_opened')).toBe(true);
    expect(isUsageEvent('HELP_OPENED')).toBe(false);
    expect(isUsageEvent('user:jane@example.com')).toBe(false);
    expect(isUsageEvent(3)).toBe(false);
  });
});

describe('days and ranges (UTC)', () => {
  it('reads and writes days', () => {
    expect(utcDay(Date.UTC(2025, 1, 28, 23, 59))).toBe('2025-02-28');
    expect(parseUtcDay('2025-02-28')).toBe(Date.UTC(2025, 1, 28));
    expect(parseUtcDay('2025-02-30')).toBeNull();
    expect(parseUtcDay('2025-2-3')).toBeNull();
    expect(parseUtcDay('yesterday')).toBeNull();
  });

  it('lists every day of a range, both ends included', () => {
    expect(daysBetween('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysBetween('2024-03-02', '2024-03-01')).toEqual([]);
  });

  it(`refuses a range ending first, a day that is not one, or one longer than ${USAGE_RANGE_MAX_DAYS} days`, () => {
    expect(usageRangeProblem('2025-01-01', '2025-12-31')).toBeNull();
    expect(usageRangeProblem('2024-01-01', '2024-12-31')).toBeNull(); // 366 days, a leap year
    expect(usageRangeProblem('2024-01-01', '2025-01-01')).toMatch(/longer than 366/);
    expect(usageRangeProblem('2025-01-02', '2025-01-01')).toMatch(/ends before/);
    expect(usageRangeProblem('2025-13-01', '2025-01-01')).toMatch(/not a day/);
  });

  it('opens on the last 30 days', () => {
    expect(defaultUsageRange(Date.UTC(2025, 2, 30, 12))).toEqual({ from: '2025-03-01', to: '2025-03-30' });
  });
});
