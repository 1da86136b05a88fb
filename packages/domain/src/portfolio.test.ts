import { describe, expect, it } from 'vitest';
import {
  batteryAttention,
  compareAttention,
  emptyStateCounts,
  isLiveJob,
  jobPortfolioState,
  nodeSilentAfterMs,
  nodeSilentSince,
  type PortfolioJob,
  SITE_STATES,
  siteStateRank,
  worstSiteState,
} from './portfolio.ts';
import { HOUR_MS } from './time.ts';

const NOW = Date.UTC(2026, 10, 20, 12);
const job = (over: Partial<PortfolioJob> = {}): PortfolioJob => ({
  kind: 'MATURITY',
  status: 'RUNNING',
  startDate: NOW - 5 * HOUR_MS,
  terminationDate: null,
  jobAlarmTriggered: 0,
  ...over,
});

describe('isLiveJob', () => {
  it('counts started and erroring jobs, not new, future, stopped or terminated ones', () => {
    expect(isLiveJob(job(), NOW)).toBe(true);
    expect(isLiveJob(job({ status: 'MAINTENANCE' }), NOW)).toBe(true);
    expect(isLiveJob(job({ status: 'ERROR', startDate: null }), NOW)).toBe(true);
    expect(isLiveJob(job({ status: 'NEW', startDate: null }), NOW)).toBe(false);
    expect(isLiveJob(job({ status: 'NONE' }), NOW)).toBe(false);
    expect(isLiveJob(job({ startDate: NOW + 1 }), NOW)).toBe(false);
    expect(isLiveJob(job({ startDate: null }), NOW)).toBe(false);
    expect(isLiveJob(job({ status: 'TERMINATED' }), NOW)).toBe(false);
    expect(isLiveJob(job({ status: 'ERROR', terminationDate: NOW - 1 }), NOW)).toBe(false);
  });
});

describe('jobPortfolioState', () => {
  it('puts a crossed sensor threshold before an error, an error before a pour', () => {
    expect(jobPortfolioState(job({ status: 'ERROR', jobAlarmTriggered: 2 }), NOW)).toBe('ALARM');
    expect(jobPortfolioState(job({ kind: 'DATA', jobAlarmTriggered: 2 }), NOW)).toBe('ALARM');
    expect(jobPortfolioState(job({ status: 'ERROR' }), NOW, 'REACHED')).toBe('ERROR');
  });

  it('reads a pour from its readiness, or without one from the MATURED bit', () => {
    expect(jobPortfolioState(job(), NOW, 'REACHED')).toBe('AT_TARGET');
    expect(jobPortfolioState(job(), NOW, 'CURING')).toBe('CURING');
    expect(jobPortfolioState(job(), NOW, 'NO_TARGET')).toBe('CURING');
    expect(jobPortfolioState(job(), NOW, 'NO_DATA')).toBe('CURING');
    expect(jobPortfolioState(job({ jobAlarmTriggered: 1 }), NOW)).toBe('AT_TARGET');
    expect(jobPortfolioState(job({ jobAlarmTriggered: 0 }), NOW)).toBe('CURING');
  });

  it('calls other running jobs MONITORING, and jobs that do not count null', () => {
    for (const kind of ['HUMIDITY', 'MICROWEATHER', 'DATA', 'GPS', 'POWER']) {
      expect(jobPortfolioState(job({ kind }), NOW)).toBe('MONITORING');
    }
    expect(jobPortfolioState(job({ status: 'TERMINATED', jobAlarmTriggered: 2 }), NOW)).toBeNull();
  });
});

describe('worstSiteState', () => {
  it('answers the worst state with its count, IDLE when nothing runs', () => {
    expect(worstSiteState(emptyStateCounts())).toEqual({ state: 'IDLE', count: 0 });
    expect(worstSiteState({ ...emptyStateCounts(), CURING: 3, AT_TARGET: 2 })).toEqual({
      state: 'CURING',
      count: 3,
    });
    expect(worstSiteState({ ...emptyStateCounts(), ERROR: 1, ALARM: 2, CURING: 4 })).toEqual({
      state: 'ALARM',
      count: 2,
    });
    expect(worstSiteState({ ...emptyStateCounts(), MONITORING: 5 })).toEqual({
      state: 'MONITORING',
      count: 5,
    });
  });

  it('ranks the states worst first', () => {
    expect([...SITE_STATES].sort((a, b) => siteStateRank(a) - siteStateRank(b))).toEqual([
      'ALARM',
      'ERROR',
      'CURING',
      'AT_TARGET',
      'MONITORING',
      'IDLE',
    ]);
  });
});

describe('silent nodes', () => {
  it('gives each node type its interval: 2 h for streaming nodes, longer for trackers and event sensors', () => {
    expect(nodeSilentAfterMs('Maturity')).toBe(2 * HOUR_MS);
    expect(nodeSilentAfterMs('Gas')).toBe(2 * HOUR_MS);
    expect(nodeSilentAfterMs(null)).toBe(2 * HOUR_MS);
    expect(nodeSilentAfterMs('GPS')).toBe(12 * HOUR_MS);
    expect(nodeSilentAfterMs('Door Sensor')).toBe(26 * HOUR_MS);
  });

  it('is silent since its last message once that is older than the interval (exactly the interval is not)', () => {
    const at = (
      lastSeen: number | null,
      nodeType = 'Maturity',
      jobStart: number | null = NOW - 48 * HOUR_MS,
    ) => nodeSilentSince({ nodeType, lastSeen, jobStart }, NOW);
    expect(at(NOW - 2 * HOUR_MS)).toBeNull();
    expect(at(NOW - 2 * HOUR_MS - 1)).toBe(NOW - 2 * HOUR_MS - 1);
    expect(at(NOW - 3 * HOUR_MS, 'GPS')).toBeNull();
    expect(at(NOW + HOUR_MS)).toBeNull();
    // Never heard from: silent from the job's start once the interval passed.
    expect(at(null)).toBe(NOW - 48 * HOUR_MS);
    expect(at(null, 'Maturity', NOW - HOUR_MS)).toBeNull();
    expect(at(null, 'Maturity', null)).toBeNull();
  });
});

describe('batteryAttention', () => {
  it('flags LOW and EMPTY batteries (section 4 edges, level type 2 included)', () => {
    expect(batteryAttention(95)).toBeNull();
    expect(batteryAttention(50)).toBeNull();
    expect(batteryAttention(49)).toBe('LOW');
    expect(batteryAttention(10)).toBe('LOW');
    expect(batteryAttention(9.9)).toBe('EMPTY');
    expect(batteryAttention(40, 2)).toBeNull();
    expect(batteryAttention(32, '2')).toBe('LOW');
    expect(batteryAttention(null)).toBeNull();
  });
});

describe('compareAttention', () => {
  it('orders alarms, errors, silent nodes, then batteries (empty first), then by site and name', () => {
    const items = [
      { kind: 'BATTERY' as const, siteName: 'A', what: 'n1', battery: 'LOW' },
      { kind: 'SILENT' as const, siteName: 'B', what: 'n2' },
      { kind: 'BATTERY' as const, siteName: 'B', what: 'n3', battery: 'EMPTY' },
      { kind: 'ALARM' as const, siteName: 'B', what: 'z' },
      { kind: 'ALARM' as const, siteName: 'A', what: 'y' },
      { kind: 'ERROR' as const, siteName: 'A', what: 'x' },
    ];
    expect([...items].sort(compareAttention).map((i) => `${i.kind}:${i.siteName}:${i.what}`)).toEqual([
      'ALARM:A:y',
      'ALARM:B:z',
      'ERROR:A:x',
      'SILENT:B:n2',
      'BATTERY:B:n3',
      'BATTERY:A:n1',
    ]);
  });
});
