import { describe, expect, it } from 'vitest';
import {
  API_CACHE_PREFIX,
  apiCacheName,
  isKeepable,
  isUnreachable,
  notificationOf,
  PUBLIC_API_CACHE,
  type RequestFacts,
  strategyOf,
} from './rules.ts';

const origin = 'https://pulse.example.com';
const get = (path: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  url: `${origin}${path}`,
  method: 'GET',
  mode: 'cors',
  accept: 'application/json',
  ...more,
});

describe('which requests the service worker answers, and how', () => {
  it('answers the reads of the dashboard, the job page and the sensor details network first', () => {
    for (const path of [
      '/api/analytics/concrete/maturity/jobs/details/12',
      '/api/data/warehouse/measurement/average/by_job?jobId=4',
      '/api/analytics/microweather/node/jobs/details/3',
      '/api/location/gps/jobs/details/9?from=1700000000000',
      '/api/analytics/lumimon/jobs/overview/by_tenant_group/2',
      '/api/alarms/by_msj/12',
      '/api/v2/users/details?username=admin&companyId=1',
      '/api/config',
    ]) {
      expect(strategyOf(get(path), origin), path).toBe('api');
    }
  });

  it('never keeps writes, other origins, credentials in the query, sign-in calls or live streams', () => {
    const never: [string, RequestFacts][] = [
      ['POST', get('/api/data/measurement/time', { method: 'POST' })],
      ['PUT', get('/api/settings/user', { method: 'PUT' })],
      ['DELETE', get('/api/push/subscriptions', { method: 'DELETE' })],
      ['another origin', { ...get('/api/config'), url: 'https://evil.example.net/api/config' }],
      ['a download token', get('/api/analytics/report/s3/file/r1.pdf?token=eyJhbGciOi')],
      ['an export token', get('/api/data/export/by_job?jobId=3&format=csv&Token=abc')],
      ['an access_token', get('/api/x?access_token=abc')],
      ['user info in the URL', { ...get('/api/config'), url: 'https://u:p@pulse.example.com/api/config' }],
      ['sign-in', get('/api/login')],
      ['token refresh', get('/api/auth/refresh_token')],
      ['server info', get('/api/servers/alfred?companyId=1')],
      ['documentation', get('/api/docs/json')],
      ['metrics', get('/api/metrics')],
      ['live events', get('/api/events/alarms?tenantGroupId=1', { accept: 'text/event-stream' })],
      ['the bare /api', get('/api')],
      ['an unknown file', get('/robots.txt')],
    ];
    for (const [what, req] of never) expect(strategyOf(req, origin), what).toBe('pass');
  });

  it('takes the app files from the cache, page loads network first, and sees the logout call', () => {
    expect(strategyOf(get('/assets/index-DN9D5ySd.js', { mode: 'cors' }), origin)).toBe('asset');
    expect(strategyOf(get('/icons/icon-192.png', { mode: 'no-cors' }), origin)).toBe('asset');
    expect(strategyOf(get('/manifest.webmanifest'), origin)).toBe('asset');
    expect(strategyOf(get('/job/Maturity/1/2/3/', { mode: 'navigate', accept: 'text/html' }), origin)).toBe(
      'navigation',
    );
    // A reset link carries its token: the browser loads it itself.
    expect(strategyOf(get('/reset_pwd?token=abc', { mode: 'navigate' }), origin)).toBe('pass');
    expect(strategyOf(get('/api/logout'), origin)).toBe('logout');
  });
});

describe('one cache per signed-in user', () => {
  const headers = (h: Record<string, string>) => new Headers(h);

  it('names the cache after the company and the user of the call', () => {
    const admin = apiCacheName(headers({ Authorization: 'Bearer a', CompanyId: '1', Username: 'admin' }));
    const viewer = apiCacheName(headers({ Authorization: 'Bearer b', CompanyId: '1', Username: 'viewer' }));
    const otherCompany = apiCacheName(
      headers({ Authorization: 'Bearer c', CompanyId: '2', Username: 'admin' }),
    );
    expect(admin).toBe(`${API_CACHE_PREFIX}user-1/admin`);
    expect(new Set([admin, viewer, otherCompany]).size).toBe(3);
    // The token is not part of the name: a refreshed token reads the same saved answers.
    expect(apiCacheName(headers({ Authorization: 'Bearer z', CompanyId: '1', Username: 'admin' }))).toBe(
      admin,
    );
    // Names that could pass for another's are encoded.
    expect(apiCacheName(headers({ Authorization: 'B', CompanyId: '1', Username: 'a/1' }))).not.toBe(
      apiCacheName(headers({ Authorization: 'B', CompanyId: '1/a', Username: '1' })),
    );
  });

  it('keeps calls without a user in the public cache, and a token without a user nowhere', () => {
    expect(apiCacheName(headers({}))).toBe(PUBLIC_API_CACHE);
    expect(apiCacheName(headers({ Authorization: 'Bearer company-token', CompanyId: '1' }))).toBeNull();
    expect(apiCacheName(headers({ CompanyId: '1', Username: 'admin' }))).toBeNull();
  });

  it('keeps only whole JSON answers the server allows to be stored', () => {
    const res = (status: number, h: Record<string, string>) => ({ status, headers: new Headers(h) });
    expect(isKeepable(res(200, { 'content-type': 'application/json; charset=utf-8' }))).toBe(true);
    expect(isKeepable(res(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }))).toBe(
      false,
    );
    expect(isKeepable(res(200, { 'content-type': 'application/pdf' }))).toBe(false);
    expect(isKeepable(res(206, { 'content-type': 'application/json' }))).toBe(false);
    expect(isKeepable(res(404, { 'content-type': 'application/json' }))).toBe(false);
    expect([502, 503, 504].every(isUnreachable)).toBe(true);
    expect([200, 401, 404, 500].some(isUnreachable)).toBe(false);
  });
});

describe('the notification of a push message', () => {
  it('shows the title and body the server sent and opens its page on this origin', () => {
    const data = JSON.stringify({
      title: 'Alarm: Temperature high at Harbourfront Tower',
      body: '31.2 °C (limit 30 °C) at 2026-01-15 10:42 AM EST',
      url: 'https://pulse.example.com/job/Maturity/1/2/3/',
    });
    expect(notificationOf(data, origin)).toEqual({
      title: 'Alarm: Temperature high at Harbourfront Tower',
      body: '31.2 °C (limit 30 °C) at 2026-01-15 10:42 AM EST',
      url: `${origin}/job/Maturity/1/2/3/`,
    });
  });

  it('never sends the reader to another site, and shows something for an unreadable message', () => {
    expect(
      notificationOf(JSON.stringify({ title: 'x', url: 'https://evil.example.net/a?b=1#c' }), origin).url,
    ).toBe(`${origin}/a?b=1#c`);
    expect(notificationOf(JSON.stringify({ title: 'x', url: 'javascript:alert(1)' }), origin).url).toBe(
      `${origin}/`,
    );
    expect(notificationOf('not json', origin)).toEqual({
      title: 'Sitepulse',
      body: 'not json',
      url: `${origin}/`,
    });
    expect(notificationOf(null, origin)).toEqual({ title: 'Sitepulse', body: '', url: `${origin}/` });
    expect(notificationOf(JSON.stringify({ title: 7, body: 'x'.repeat(5000) }), origin).body).toHaveLength(
      1000,
    );
  });
});
