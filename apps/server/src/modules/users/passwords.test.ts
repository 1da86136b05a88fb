import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { sha256 } from '../../lib/crypto.ts';
import { basic, freshIp, signIn, useTestApp } from '../../test/test-app.ts';
import { addPerson, caller, expectUnchanged, tokenOf } from './people-fixtures.ts';

describe('passwords: change from my profile, reset by username or phone', () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://sitepulse.example' });
  beforeAll(async () => {
    await addPerson(ctx.db.db, { companyId: ctx.companyId, username: 'changer', phone: '+14165550111' });
    await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'phoneonly',
      phone: '+14165550112',
      email: '',
    });
  });
  const login = (user: string, password: string) =>
    ctx.app.inject({
      url: '/api/login',
      headers: { authorization: basic(user, password), companyid: String(ctx.companyId) },
      remoteAddress: freshIp(),
    });
  const outbox = () => ctx.db.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  const initReset = (username: string, companyId = ctx.companyId) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd',
      payload: { companyId, username },
    });
  const confirmReset = (token: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/reset_pwd_confirm',
      payload: { token, password },
    });

  it('init_change_pwd: a wrong current password is 400 and changes nothing', async () => {
    const me = caller(ctx, (await signIn(ctx, 'changer')).headers);
    await expectUnchanged(ctx, async () => {
      const res = await me('POST', '/v2/users/cmd/init_change_pwd', {
        currentPassword: 'not-my-password',
        newPassword: 'brand-new-pass',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('The current password is not correct');
      const short = await me('POST', '/v2/users/cmd/init_change_pwd', {
        currentPassword: DEMO.password,
        newPassword: 'short',
      });
      expect(short.statusCode).toBe(400);
    });
    expect((await login('changer', DEMO.password)).statusCode).toBe(200);
  });

  it('init_change_pwd: the right one changes it, signs out the other sessions, keeps this one', async () => {
    const here = await signIn(ctx, 'changer');
    const elsewhere = await signIn(ctx, 'changer');
    const me = caller(ctx, here.headers);
    const them = caller(ctx, elsewhere.headers);
    expect((await them('GET', '/v2/users/details', { companyId: ctx.companyId })).statusCode).toBe(200);

    const res = await me('POST', '/v2/users/cmd/init_change_pwd', {
      currentPassword: DEMO.password,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await me('GET', '/v2/users/details', { companyId: ctx.companyId })).statusCode).toBe(200);
    const revoked = await them('GET', '/v2/users/details', { companyId: ctx.companyId });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('SESSION_REVOKED');
    const refresh = (refreshToken: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/refresh_token', payload: { refreshToken } });
    expect((await refresh(elsewhere.tokens.refreshToken)).statusCode).toBe(401);
    expect((await refresh(here.tokens.refreshToken)).statusCode).toBe(200);
    expect((await login('changer', DEMO.password)).statusCode).toBe(401);
    expect((await login('changer', 'brand-new-pass')).statusCode).toBe(200);

    await ctx.app.services.mail.idle();
    const notice = (await outbox()).at(-1);
    expect(notice).toMatchObject({
      to_address: 'changer@people.example',
      subject: 'Your Sitepulse password was changed',
      company_id: ctx.companyId,
    });
    const admin = caller(ctx, (await signIn(ctx, 'admin')).headers);
    const audits = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'changer' });
    expect(audits.json()[0]).toMatchObject({ operation: 'PASSWORD_CHANGE', actorUsername: 'changer' });
  });

  it('init_reset_pwd by username and by phone: one answer for all; a newer link voids the older', async () => {
    const before = (await outbox()).length;
    for (const unknown of ['nobody', '+14165550000']) {
      const res = await initReset(unknown);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect((await initReset('viewer', 987_654)).json()).toEqual({ ok: true });
    expect(await outbox()).toHaveLength(before);

    expect((await initReset('viewer')).json()).toEqual({ ok: true });
    expect((await initReset('+14162345680')).json()).toEqual({ ok: true });
    const [byName, byPhone] = (await outbox()).slice(before);
    for (const m of [byName, byPhone]) {
      expect(m).toMatchObject({
        to_address: 'viewer@demo-construction.example',
        subject: 'Reset your Sitepulse password',
        channel: 'email',
        company_id: ctx.companyId,
      });
    }
    const first = tokenOf(byName.text, 'reset_pwd');
    const second = tokenOf(byPhone.text, 'reset_pwd');
    expect(byPhone.text).toContain(`https://sitepulse.example/reset_pwd?token=${second}`);
    const links = await ctx.db.db
      .selectFrom('password_reset')
      .selectAll()
      .where('token_hash', 'in', [sha256(first), sha256(second)])
      .execute();
    expect(links.map((l) => l.purpose)).toEqual(['RESET', 'RESET']);
    expect(links.map((l) => l.expires_at - l.created_at)).toEqual([3_600_000, 3_600_000]);

    expect((await confirmReset(first, 'viewer-new-1')).statusCode).toBe(400);
    // A reset link is not an invitation link.
    const asInvite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/change_temp_pwd',
      payload: { token: second, password: 'viewer-new-1' },
    });
    expect(asInvite.statusCode).toBe(400);
    expect((await confirmReset(second, 'viewer-new-1')).statusCode).toBe(200);
    expect((await confirmReset(second, 'viewer-new-2')).statusCode).toBe(400);
    expect((await login('viewer', 'viewer-new-1')).statusCode).toBe(200);

    const admin = caller(ctx, (await signIn(ctx, 'admin')).headers);
    const audits = await admin('GET', '/v2/users/audits', { companyId: ctx.companyId, username: 'viewer' });
    expect(audits.json()[0]).toMatchObject({ operation: 'PASSWORD_RESET', actorUsername: null });
  });

  it('a user with a phone and no e-mail gets the reset link as a text message in the outbox', async () => {
    const before = (await outbox()).length;
    expect((await initReset('phoneonly')).statusCode).toBe(200);
    const [sms] = (await outbox()).slice(before);
    expect(sms).toMatchObject({ to_address: '+14165550112', channel: 'sms', sent_at: null });
    expect((await confirmReset(tokenOf(sms.text, 'reset_pwd'), 'phone-new-1')).statusCode).toBe(200);
    expect((await login('+14165550112', 'phone-new-1')).statusCode).toBe(200);
  });

  it('reset by e-mail is in the Language of the user', async () => {
    const es = caller(ctx, (await signIn(ctx, 'inspector')).headers);
    await es('PUT', '/v2/users/settings', {
      companyId: ctx.companyId,
      username: 'inspector',
      settings: [{ type: 'Language', val: 'es' }],
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd/by_email',
      payload: { companyId: ctx.companyId, email: 'inspector@demo-construction.example' },
    });
    expect(res.statusCode).toBe(200);
    const mail = (await outbox()).at(-1);
    expect(mail?.subject).toBe('Restablezca su contraseña de Sitepulse');
    expect(mail?.text).toContain('Hola Sam:');
    expect(mail?.html).toContain('Elegir una contraseña nueva');
  });
});
