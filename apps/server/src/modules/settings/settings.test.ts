import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/test-app.ts';

describe('user settings', () => {
  const ctx = useTestApp();
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ headers } = await signIn(ctx, 'editor'));
  });
  const getSetting = (type: string, username = 'editor') =>
    ctx.app.inject({
      url: `/api/settings/user?username=${encodeURIComponent(username)}&companyId=${ctx.companyId}&userSettingType=${type}`,
      headers,
    });
  const put = (userSettingType: string, val: string, username = 'editor') =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/user',
      headers,
      payload: { username, companyId: ctx.companyId, userSettingType, val },
    });

  it('reads the seeded defaults', async () => {
    expect((await getSetting('SystemOfMeasurement')).json()).toEqual({
      type: 'SystemOfMeasurement',
      val: 'Metric',
    });
    // The demo superintendent reads each job site's time (docs/decisions/site-time.md); the others UTC.
    expect((await getSetting('DisplayTimeZone')).json()).toEqual({ type: 'DisplayTimeZone', val: 'SITE' });
    expect((await getSetting('DefaultNotificationDelivery')).json().val).toBe('EMAIL');
  });

  it('puts and gets a setting', async () => {
    const res = await put('SystemOfMeasurement', 'Imperial');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'SystemOfMeasurement', val: 'Imperial' });
    expect((await getSetting('SystemOfMeasurement')).json().val).toBe('Imperial');
    expect((await put('DisplayTimeZone', 'America/Toronto')).statusCode).toBe(200);
    expect((await getSetting('DisplayTimeZone')).json().val).toBe('America/Toronto');
  });

  it('an invalid value answers 400 and changes nothing', async () => {
    await put('Language', 'es');
    for (const [type, val] of [
      ['Language', 'fr'],
      ['DisplayTimeZone', 'Mars/Olympus'],
      ['SystemOfMeasurement', 'Cubits'],
      ['DefaultNotificationDelivery', 'PIGEON'],
    ]) {
      const res = await put(type, val);
      expect(res.statusCode, `${type}=${val}`).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    const badType = await put('Colour', 'red');
    expect(badType.statusCode).toBe(400);
    expect((await getSetting('Language')).json().val).toBe('es');
  });

  it("a user cannot change another user's settings", async () => {
    const res = await put('Language', 'en', 'viewer');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('lists the possible values', async () => {
    const res = await ctx.app.inject({ url: '/api/v2/users/settings/values', headers });
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v.Language).toEqual(['en', 'es']);
    expect(v.SystemOfMeasurement).toEqual(['Metric', 'Imperial']);
    expect(v.DefaultNotificationDelivery).toEqual(['SMS', 'PUSH', 'EMAIL']);
    expect(v.DisplayTimeZone).toContain('UTC');
    expect(v.DisplayTimeZone).toContain('America/Toronto');
  });
});
