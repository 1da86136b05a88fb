import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { basic, freshIp, signIn, useTestApp } from '../../test/test-app.ts';
import { isStrongPassword } from './password-rule.ts';
import { addPerson, caller, expectUnchanged, sitesByName, tokenOf } from './people-fixtures.ts';

const alice = {
  username: 'alice.w',
  email: 'alice.walker@builders.example',
  firstName: 'Alice',
  lastName: 'Walker',
};

describe('isStrongPassword', () => {
  it.each([
    'password',
    '12345678',
    'password1',
    'Password123',
    'qwertyuiop',
    'iloveyou',
    'aaaaaaaa',
    'abcdefgh',
    '87654321',
    'abcabcabcabc',
    'alice.w',
    'ALICE.W1',
    'alice.walker@builders.example',
    'alice.walker',
    'alicewalker',
    'short1!',
  ])('refuses %s', (password) => {
    expect(isStrongPassword(password, alice)).toBe(false);
  });

  it.each([
    'quay-side-2027',
    'tower-crane-88',
    'harbour-lights-42',
    'correct horse battery',
    'Tr4ck-Pour-91',
    `${'x9!kq'.repeat(40)}`,
  ])('accepts %s', (password) => {
    expect(isStrongPassword(password, alice)).toBe(true);
  });
});

describe('every call that sets a password refuses a weak one: 400 WEAK_PASSWORD, nothing changes', () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://sitepulse.example' });
  beforeAll(async () => {
    await addPerson(ctx.db.db, { companyId: ctx.companyId, username: 'weakling' });
  });
  const outboxText = async () => {
    await ctx.app.services.mail.idle();
    const last = await ctx.db.db
      .selectFrom('mail_outbox')
      .select('text')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return last?.text ?? '';
  };
  const post = (url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: freshIp() });
  const login = (user: string, password: string) =>
    ctx.app.inject({
      url: '/api/login',
      headers: { authorization: basic(user, password), companyid: String(ctx.companyId) },
      remoteAddress: freshIp(),
    });
  const expectWeak = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'WEAK_PASSWORD', message: expect.stringMatching(/too easy/) },
    });
  };

  it('reset_pwd_confirm: refused, and the link still works with a strong one', async () => {
    expect(
      (await post('/v2/users/cmd/init_reset_pwd', { companyId: ctx.companyId, username: 'viewer' }))
        .statusCode,
    ).toBe(200);
    const token = tokenOf(await outboxText(), 'reset_pwd');
    await expectUnchanged(ctx, async () => {
      for (const weak of ['password', '12345678', 'viewer12', 'viewer@demo-construction.example']) {
        expectWeak(await post('/v2/users/cmd/reset_pwd_confirm', { token, password: weak }));
      }
    });
    expect(
      (await post('/v2/users/cmd/reset_pwd_confirm', { token, password: 'quay-side-2027' })).statusCode,
    ).toBe(200);
    expect((await login('viewer', 'quay-side-2027')).statusCode).toBe(200);
  });

  it('change_temp_pwd (invitation): refused, and the link still works with a strong one', async () => {
    const admin = caller(ctx, (await signIn(ctx, 'admin')).headers);
    const sites = await sitesByName(ctx.db.db, ctx.companyId);
    const invited = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      email: 'new.hire@builders.example',
      firstName: 'New',
      lastName: 'Hire',
      tenantGroupData: [{ tenantGroupId: Object.values(sites)[0], access: 4 }],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = tokenOf(await outboxText(), 'create_pwd');
    await expectUnchanged(ctx, async () => {
      for (const weak of ['iloveyou', 'aaaaaaaa', 'new.hire', 'new.hire@builders.example']) {
        expectWeak(await post('/v2/users/cmd/change_temp_pwd', { token, password: weak }));
      }
    });
    const created = await post('/v2/users/cmd/change_temp_pwd', { token, password: 'tower-crane-88' });
    expect(created.statusCode, created.body).toBe(200);
    expect((await login('new.hire', 'tower-crane-88')).statusCode).toBe(200);
  });

  it('init_change_pwd (my profile): refused, the password stays', async () => {
    const me = caller(ctx, (await signIn(ctx, 'weakling')).headers);
    await expectUnchanged(ctx, async () => {
      for (const weak of ['password1', 'qwertyuiop', 'weakling', 'weakling@people.example']) {
        expectWeak(
          await me('POST', '/v2/users/cmd/init_change_pwd', {
            currentPassword: DEMO.password,
            newPassword: weak,
          }),
        );
      }
    });
    expect((await login('weakling', DEMO.password)).statusCode).toBe(200);
    const strong = await me('POST', '/v2/users/cmd/init_change_pwd', {
      currentPassword: DEMO.password,
      newPassword: 'harbour-lights-42',
    });
    expect(strong.statusCode, strong.body).toBe(200);
  });
});
