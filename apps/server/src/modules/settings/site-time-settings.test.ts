import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/test-app.ts';

/** The display time zone's 'SITE' value and the once-only time zone offer (docs/decisions/site-time.md). */
describe('site time settings', () => {
  const ctx = useTestApp();
  let admin: Record<string, string>;
  beforeAll(async () => {
    ({ headers: admin } = await signIn(ctx, 'admin'));
  });
  const get = (type: string, headers = admin, username = 'admin') =>
    ctx.app.inject({
      url: `/api/settings/user?username=${username}&companyId=${ctx.companyId}&userSettingType=${type}`,
      headers,
    });
  const put = (userSettingType: string, val: string, headers = admin, username = 'admin') =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/user',
      headers,
      payload: { username, companyId: ctx.companyId, userSettingType, val },
    });

  it("offers the job site's time first among the display time zones, then UTC", async () => {
    const v = (await ctx.app.inject({ url: '/api/v2/users/settings/values', headers: admin })).json();
    expect(v.DisplayTimeZone.slice(0, 2)).toEqual(['SITE', 'UTC']);
    expect(v.DisplayTimeZone).toContain('America/Toronto');
  });

  it("the demo admin keeps the spec's UTC default; the superintendent reads each site's time", async () => {
    expect((await get('DisplayTimeZone')).json().val).toBe('UTC');
    const { headers } = await signIn(ctx, 'editor');
    expect((await get('DisplayTimeZone', headers, 'editor')).json().val).toBe('SITE');
  });

  it('SITE is saved like any zone and read back', async () => {
    expect((await put('DisplayTimeZone', 'SITE')).statusCode).toBe(200);
    expect((await get('DisplayTimeZone')).json()).toEqual({ type: 'DisplayTimeZone', val: 'SITE' });
    expect((await put('DisplayTimeZone', 'UTC')).statusCode).toBe(200);
  });

  it('TimeZoneOffered reads PENDING until answered, takes only the answers, and keeps what was said', async () => {
    expect((await get('TimeZoneOffered')).json()).toEqual({ type: 'TimeZoneOffered', val: 'PENDING' });
    for (const bad of ['PENDING', 'yes', 'America/Toronto']) {
      const res = await put('TimeZoneOffered', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await get('TimeZoneOffered')).json().val).toBe('PENDING');
    for (const answer of ['BROWSER', 'SITE', 'DISMISSED']) {
      expect((await put('TimeZoneOffered', answer)).statusCode).toBe(200);
      expect((await get('TimeZoneOffered')).json().val).toBe(answer);
    }
    // It is the user's own: another user's answer is not theirs to give.
    const { headers } = await signIn(ctx, 'editor');
    expect((await put('TimeZoneOffered', 'DISMISSED', headers, 'viewer')).statusCode).toBe(403);
  });

  it('the answer and the zone are saved together in one call (PUT /v2/users/settings)', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/users/settings',
      headers: admin,
      payload: {
        companyId: ctx.companyId,
        username: 'admin',
        settings: [
          { type: 'DisplayTimeZone', val: 'America/Toronto' },
          { type: 'TimeZoneOffered', val: 'BROWSER' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('DisplayTimeZone')).json().val).toBe('America/Toronto');
    expect((await get('TimeZoneOffered')).json().val).toBe('BROWSER');
  });
});
