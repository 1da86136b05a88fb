import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { type Db, openDb } from '../../db/index.ts';
import { DEMO } from '../../demo/seed.ts';
import { basic, freshIp, signIn, testConfig, useTestApp } from '../../test/test-app.ts';
import { RESET_MAILS_PER_ACCOUNT } from './passwords.ts';
import { addPerson, expectUnchanged, tokenOf } from './people-fixtures.ts';

/** Rate limits of the password calls: reset requests, and wrong current passwords on a change. */
describe('password calls are rate-limited', () => {
  const ctx = useTestApp({ AUTH_RATE_LIMIT_MAX: '4', AUTH_RATE_LIMIT_WINDOW_S: '300' });
  beforeAll(async () => {
    for (const username of ['changer', 'pw-a', 'pw-b', 'pw-c']) {
      await addPerson(ctx.db.db, { companyId: ctx.companyId, username });
    }
  });

  const outbox = async () => {
    await ctx.app.services.mail.idle();
    return ctx.db.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  };
  const initReset = (username: string, ip = freshIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd',
      payload: { companyId: ctx.companyId, username },
      remoteAddress: ip,
    });
  const initResetByEmail = (email: string, ip = freshIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd/by_email',
      payload: { companyId: ctx.companyId, email },
      remoteAddress: ip,
    });
  const confirmReset = (token: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/reset_pwd_confirm',
      payload: { token, password },
    });
  const login = (user: string, password: string) =>
    ctx.app.inject({
      url: '/api/login',
      headers: { authorization: basic(user, password), companyid: String(ctx.companyId) },
      remoteAddress: freshIp(),
    });
  const changePassword = (headers: Record<string, string>, currentPassword: string, ip = freshIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_change_pwd',
      headers,
      payload: { currentPassword, newPassword: 'gravel-barge-731' },
      remoteAddress: ip,
    });
  const expectTooMany = (res: { statusCode: number; json: () => { error: { code: string } } }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: expect.any(String) } });
  };

  it(`reset: ${RESET_MAILS_PER_ACCOUNT} per username, then 429 that sends nothing and voids nothing`, async () => {
    const before = (await outbox()).length;
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT; i++)
      expect((await initReset('viewer')).statusCode).toBe(200);
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(RESET_MAILS_PER_ACCOUNT);
    await expectUnchanged(ctx, async () => expectTooMany(await initReset('viewer')));
    // An unknown username answers exactly the same, so the 429 does not tell whether an account exists.
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT; i++)
      expect((await initReset('nobody-here')).statusCode).toBe(200);
    expectTooMany(await initReset('nobody-here'));
    // The last link mailed still works.
    const last = tokenOf(mails[mails.length - 1].text, 'reset_pwd');
    expect((await confirmReset(last, 'gravel-barge-731')).statusCode).toBe(200);
    expect((await login('viewer', 'gravel-barge-731')).statusCode).toBe(200);
  });

  it('reset: an account gets no more messages by another of its names (200, nothing sent or voided)', async () => {
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT; i++)
      expect((await initReset('inspector')).statusCode).toBe(200);
    await expectUnchanged(ctx, async () => {
      const byEmail = await initResetByEmail('inspector@demo-construction.example');
      expect(byEmail.statusCode).toBe(200);
      expect(byEmail.json()).toEqual({ ok: true });
    });
  });

  it('reset: per client address, AUTH_RATE_LIMIT_MAX requests (both calls), then 429', async () => {
    const ip = freshIp();
    expect((await initReset('unknown-1', ip)).statusCode).toBe(200);
    expect((await initResetByEmail('unknown-2@nowhere.example', ip)).statusCode).toBe(200);
    expect((await initReset('unknown-3', ip)).statusCode).toBe(200);
    expect((await initReset('unknown-4', ip)).statusCode).toBe(200);
    await expectUnchanged(ctx, async () => {
      expectTooMany(await initReset('editor', ip));
      expectTooMany(await initResetByEmail('editor@demo-construction.example', ip));
    });
    const before = (await outbox()).length;
    expect((await initReset('editor', freshIp())).statusCode).toBe(200);
    expect(await outbox()).toHaveLength(before + 1);
  });

  it('change password: wrong current passwords count per user, past the limit 429 even with the right one', async () => {
    const { headers } = await signIn(ctx, 'changer');
    for (let i = 0; i < 4; i++)
      expect((await changePassword(headers, 'not-my-password')).statusCode).toBe(400);
    await expectUnchanged(ctx, async () => expectTooMany(await changePassword(headers, DEMO.password)));
    expect((await login('changer', DEMO.password)).statusCode).toBe(200);
    expect((await login('changer', 'gravel-barge-731')).statusCode).toBe(401);
  });

  it('change password: wrong current passwords count per client address, across users', async () => {
    const ip = freshIp();
    const a = (await signIn(ctx, 'pw-a')).headers;
    const b = (await signIn(ctx, 'pw-b')).headers;
    const c = (await signIn(ctx, 'pw-c')).headers;
    for (const headers of [a, b, a, b]) {
      expect((await changePassword(headers, 'not-my-password', ip)).statusCode).toBe(400);
    }
    await expectUnchanged(ctx, async () => expectTooMany(await changePassword(c, DEMO.password, ip)));
    expect((await changePassword(c, DEMO.password, freshIp())).statusCode).toBe(200);
    expect((await login('pw-c', 'gravel-barge-731')).statusCode).toBe(200);
  });
});

/**
 * Two server instances on one database (issue 17): on PostgreSQL the password calls' counts are kept in
 * the database, so a limit reached through one process holds on every other; on SQLite (one process per
 * database by design) each instance counts its own.
 */
describe('password limits with two server instances on one database', () => {
  const env = { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_S: '300' };
  const ctx = useTestApp(env);
  const shared = process.env.TEST_DB === 'postgres';
  let second: { app: App; db: Db };
  beforeAll(async () => {
    await addPerson(ctx.db.db, { companyId: ctx.companyId, username: 'two-servers' });
    const db = openDb(ctx.db.url);
    second = { db, app: await buildApp({ config: testConfig(env), db, logger: false }) };
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.close();
  });

  const changePassword = (app: App, headers: Record<string, string>, currentPassword: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_change_pwd',
      headers,
      payload: { currentPassword, newPassword: 'gravel-barge-731' },
      remoteAddress: freshIp(),
    });
  const initReset = (app: App, username: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd',
      payload: { companyId: ctx.companyId, username },
      remoteAddress: ip,
    });

  it(`wrong current passwords on one instance ${shared ? 'block' : 'do not block'} the user on the other`, async () => {
    const { headers } = await signIn(ctx, 'two-servers');
    for (let i = 0; i < 3; i++) {
      expect((await changePassword(ctx.app, headers, 'not-my-password')).statusCode).toBe(400);
    }
    const onSecond = await changePassword(second.app, headers, 'still-not-my-password');
    expect(onSecond.statusCode).toBe(shared ? 429 : 400);
  });

  it(`reset requests from one address on one instance ${shared ? 'count' : 'do not count'} on the other`, async () => {
    const ip = freshIp();
    for (const name of ['nobody-1', 'nobody-2', 'nobody-3']) {
      expect((await initReset(ctx.app, name, ip)).statusCode).toBe(200);
    }
    expect((await initReset(second.app, 'nobody-4', ip)).statusCode).toBe(shared ? 429 : 200);
  });
});
