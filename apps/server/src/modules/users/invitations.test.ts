import { INVITATION_LINK_TTL_MS } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { sha256 } from '../../lib/crypto.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { basic, freshIp, signIn, useTestApp } from '../../test/test-app.ts';
import { addPerson, caller, expectUnchanged, sitesByName, tokenOf } from './people-fixtures.ts';

const HARBOUR = 'Harbourfront Tower';
const RIVERSIDE = 'Riverside Medical Centre Expansion';
const PLANT = 'North Yard Precast Plant';

describe('invitations: invite, create the password, set up the account', () => {
  const smtp = useSmtpServer({ PUBLIC_URL: 'https://sitepulse.example' });
  const ctx = useTestApp(smtp.env);
  let sites: Record<string, number>;
  let admin: ReturnType<typeof caller>;
  let other: { companyId: number; siteId: number };
  beforeAll(async () => {
    // smtp.env is filled by now (its beforeAll ran first); the app was built with it.
    expect(ctx.config.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    sites = await sitesByName(ctx.db.db, ctx.companyId);
    admin = caller(ctx, (await signIn(ctx, 'admin')).headers);
    other = await seedOtherCompany(ctx.db.db);
  });

  const delivered = () => ctx.app.services.mail.idle();
  const login = (user: string, password: string) =>
    ctx.app.inject({
      url: '/api/login',
      headers: { authorization: basic(user, password), companyid: String(ctx.companyId) },
      remoteAddress: freshIp(),
    });
  const createPassword = (token: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/change_temp_pwd',
      payload: { token, password },
    });

  it('an admin invites by e-mail in Spanish: the mail arrives, the link token is stored only hashed', async () => {
    const res = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      email: 'lucia.fernandez@builders.example',
      firstName: 'Lucía',
      lastName: 'Fernández',
      language: 'es',
      tenantGroupData: [
        { tenantGroupId: sites[HARBOUR], access: 2 },
        { tenantGroupId: sites[RIVERSIDE], access: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { user, existing } = res.json();
    expect(existing).toBe(false);
    expect(user).toMatchObject({
      username: 'lucia.fernandez',
      email: 'lucia.fernandez@builders.example',
      accountType: 'USER',
      isActive: true,
      invitationStatus: 'INVITATION_WELCOME_EMAIL_SENT',
      language: 'es',
      firstName: 'Lucía',
    });
    expect(user.invitedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(user.tenantGroupAccess).toEqual(
      expect.arrayContaining([
        { tenantGroupId: sites[HARBOUR], access: 2 },
        { tenantGroupId: sites[RIVERSIDE], access: 4 },
      ]),
    );

    await delivered();
    const [mail] = smtp.to('lucia.fernandez@builders.example');
    expect(mail.subject).toBe('Dana Whitfield le invitó a Demo Construction en Sitepulse');
    expect(mail.text).toContain('Hola Lucía:');
    expect(mail.text).toContain(`${HARBOUR} (editor)`);
    expect(mail.text).toContain(`${RIVERSIDE} (lector)`);
    expect(mail.text).toContain('durante 7 días');
    expect(mail.html).toContain('Crear mi contraseña');
    const token = tokenOf(mail.text, 'create_pwd');
    expect(mail.text).toContain(`https://sitepulse.example/create_pwd?token=${token}`);

    const links = await ctx.db.db
      .selectFrom('password_reset')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ purpose: 'INVITE', token_hash: sha256(token), used_at: null });
    expect(links[0].expires_at - Date.now()).toBeGreaterThan(INVITATION_LINK_TTL_MS - 60_000);
    // Delivered: the outbox copy no longer holds the link's token, and nothing else in the database does.
    const outbox = await ctx.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'lucia.fernandez@builders.example')
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ company_id: ctx.companyId, channel: 'email', error: null });
    expect(outbox.sent_at).not.toBeNull();
    for (const table of [
      'password_reset',
      'mail_outbox',
      'app_user',
      'user_audit',
      'user_setting',
    ] as const) {
      const rows = await ctx.db.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(token);
    }

    const audits = await admin('GET', '/v2/users/audits', {
      companyId: ctx.companyId,
      username: user.username,
    });
    expect(
      audits
        .json()
        .map((a: { operation: string }) => a.operation)
        .sort(),
    ).toEqual(['GRANT', 'GRANT', 'INVITE']);
    expect(audits.json()[0]).toMatchObject({ actorUsername: 'admin', targetUsername: 'lucia.fernandez' });
  });

  it('the invited user cannot sign in before creating a password; the link works once; then only their sites', async () => {
    const [mail] = smtp.to('lucia.fernandez@builders.example');
    const token = tokenOf(mail.text, 'create_pwd');
    expect((await login('lucia.fernandez', DEMO.password)).statusCode).toBe(401);
    expect((await login('lucia.fernandez', '')).statusCode).toBe(401);

    // An invitation link is not a reset link.
    const asReset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/reset_pwd_confirm',
      payload: { token, password: 'lucia-pass-1' },
    });
    expect(asReset.statusCode).toBe(400);

    const created = await createPassword(token, 'lucia-pass-1');
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      companyId: ctx.companyId,
      username: 'lucia.fernandez',
      email: 'lucia.fernandez@builders.example',
    });
    expect(created.json().companyToken).toBeTypeOf('string');
    const again = await createPassword(token, 'lucia-pass-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/invalid, was already used or has expired/);

    const lucia = await signIn(ctx, 'lucia.fernandez', 'lucia-pass-1');
    const groups = await ctx.app.inject({
      url: `/api/tenants/groups/list/by_user?companyId=${ctx.companyId}&username=lucia.fernandez`,
      headers: lucia.headers,
    });
    expect(groups.statusCode).toBe(200);
    expect(
      groups
        .json()
        .map((g: { id: number }) => g.id)
        .sort(),
    ).toEqual([sites[HARBOUR], sites[RIVERSIDE]].sort());

    const me = caller(ctx, lucia.headers);
    const details = await me('GET', '/v2/users/details', { companyId: ctx.companyId });
    expect(details.json().userInvitationData.status).toBe('INVITATION_WELCOME_EMAIL_SENT');
    expect(details.json().userSettingData).toContainEqual({ type: 'Language', val: 'es' });

    // Someone else cannot complete her setup.
    const byAdmin = await admin('PUT', '/v2/users/details', {
      companyId: ctx.companyId,
      username: 'lucia.fernandez',
      completeSetup: true,
    });
    expect(byAdmin.statusCode).toBe(403);

    const setup = await me('PUT', '/v2/users/details', {
      companyId: ctx.companyId,
      username: 'lucia.fernandez',
      firstName: 'Lucia',
      completeSetup: true,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json()).toMatchObject({ invitationStatus: 'ACCEPTED', firstName: 'Lucia' });
    const twice = await me('PUT', '/v2/users/details', {
      companyId: ctx.companyId,
      username: 'lucia.fernandez',
      completeSetup: true,
    });
    expect(twice.statusCode).toBe(409);

    const audits = await admin('GET', '/v2/users/audits', {
      companyId: ctx.companyId,
      username: 'lucia.fernandez',
    });
    const ops = audits
      .json()
      .map((a: { operation: string; actorUsername: string | null }) => [a.operation, a.actorUsername]);
    expect(ops).toEqual(
      expect.arrayContaining([
        ['ACCOUNT_SETUP', 'lucia.fernandez'],
        ['UPDATE_DETAILS', 'lucia.fernandez'],
        ['PASSWORD_CHANGE', null],
      ]),
    );
  });

  it('an expired link and a reset link do not create a password', async () => {
    const res = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      email: 'late@builders.example',
      tenantGroupData: [{ tenantGroupId: sites[PLANT], access: 4 }],
    });
    expect(res.statusCode).toBe(200);
    await delivered();
    const token = tokenOf(smtp.to('late@builders.example')[0].text, 'create_pwd');
    await ctx.db.db
      .updateTable('password_reset')
      .set({ expires_at: Date.now() - 1000 })
      .where('token_hash', '=', sha256(token))
      .execute();
    await expectUnchanged(ctx, async () => {
      expect((await createPassword(token, 'late-pass-1')).statusCode).toBe(400);
    });

    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/init_reset_pwd',
      payload: { companyId: ctx.companyId, username: 'editor' },
    });
    await delivered();
    const resetToken = tokenOf(smtp.to('editor@demo-construction.example').at(-1)?.text ?? '', 'reset_pwd');
    expect((await createPassword(resetToken, 'editor-pass-1')).statusCode).toBe(400);
    expect((await login('editor', DEMO.password)).statusCode).toBe(200);
  });

  it('a re-invitation voids the earlier link; an accepted user is not re-invited', async () => {
    const res = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      email: 'twice@builders.example',
      username: 'twice',
      tenantGroupData: [{ tenantGroupId: sites[HARBOUR], access: 4 }],
    });
    expect(res.json().user.username).toBe('twice');
    await delivered();
    const first = tokenOf(smtp.to('twice@builders.example')[0].text, 'create_pwd');

    const again = await admin('POST', '/v2/users/reinvite', { companyId: ctx.companyId, username: 'twice' });
    expect(again.statusCode, again.body).toBe(200);
    await delivered();
    const mails = smtp.to('twice@builders.example');
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('Dana Whitfield invited you to Demo Construction on Sitepulse');
    expect(mails[1].text).toContain(`${HARBOUR} (viewer)`);
    const second = tokenOf(mails[1].text, 'create_pwd');
    expect(second).not.toBe(first);

    expect((await createPassword(first, 'twice-pass-1')).statusCode).toBe(400);
    expect((await createPassword(second, 'twice-pass-1')).statusCode).toBe(200);
    expect((await login('twice', 'twice-pass-1')).statusCode).toBe(200);

    await expectUnchanged(ctx, async () => {
      const accepted = await admin('POST', '/v2/users/reinvite', {
        companyId: ctx.companyId,
        username: 'editor',
      });
      expect(accepted.statusCode).toBe(409);
      const unknown = await admin('POST', '/v2/users/reinvite', {
        companyId: ctx.companyId,
        username: 'nobody',
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  it('an invitation by phone is a text message kept unsent in the outbox', async () => {
    const sent = smtp.messages.length;
    const res = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      phone: '+14165550123',
      tenantGroupData: [{ tenantGroupId: sites[HARBOUR], access: 8 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'user0123', email: '', phone: '+14165550123' });
    await delivered();
    expect(smtp.messages).toHaveLength(sent);
    const outbox = await admin('GET', '/mail/outbox', { companyId: ctx.companyId });
    const sms = outbox.json().find((m: { to: string }) => m.to === '+14165550123');
    expect(sms).toMatchObject({ channel: 'sms', sentAt: null, error: null, subject: 'Sitepulse invitation' });
    // The admin passes it on; the link in it creates the password.
    const token = tokenOf(sms.text, 'create_pwd');
    expect((await createPassword(token, 'phone-pass-1')).statusCode).toBe(200);
    expect((await login('+14165550123', 'phone-pass-1')).statusCode).toBe(200);

    const invalid = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      phone: '+10000000000',
      tenantGroupData: [],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Invalid phone number');
    const neither = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      tenantGroupData: [],
    });
    expect(neither.statusCode).toBe(400);
  });

  it("an existing user's e-mail gives them the role instead of a second account, and tells them", async () => {
    const before = await ctx.db.db.selectFrom('app_user').select('id').execute();
    const res = await admin('POST', '/v2/users/invite', {
      companyId: ctx.companyId,
      email: 'EDITOR@demo-construction.example',
      tenantGroupData: [{ tenantGroupId: sites[PLANT], access: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().existing).toBe(true);
    expect(res.json().user.username).toBe('editor');
    expect(res.json().user.tenantGroupAccess).toContainEqual({ tenantGroupId: sites[PLANT], access: 2 });
    expect(await ctx.db.db.selectFrom('app_user').select('id').execute()).toHaveLength(before.length);
    await delivered();
    const notice = smtp.to('editor@demo-construction.example').at(-1);
    expect(notice?.subject).toBe('New job-site access at Demo Construction');
    expect(notice?.text).toContain(`${PLANT} (editor)`);
  });

  it('invite/list makes all or none', async () => {
    const good = (n: number) => ({
      email: `crew${n}@builders.example`,
      tenantGroupData: [{ tenantGroupId: sites[RIVERSIDE], access: 2 }],
    });
    const refusals = [
      {
        invitations: [
          good(1),
          good(2),
          { ...good(3), tenantGroupData: [{ tenantGroupId: other.siteId, access: 2 }] },
        ],
        status: 404,
      },
      { invitations: [good(1), { ...good(2), username: 'admin' }], status: 409 },
      { invitations: [good(1), { ...good(2), phone: '+10000000000' }], status: 400 },
      { invitations: [good(1), good(1)], status: 400 },
    ];
    const sent = smtp.messages.length;
    await expectUnchanged(ctx, async () => {
      for (const r of refusals) {
        const res = await admin('POST', '/v2/users/invite/list', {
          companyId: ctx.companyId,
          invitations: r.invitations,
        });
        expect(res.statusCode, res.body).toBe(r.status);
        expect(res.json().error.message).toMatch(/^Invitation \d: /);
      }
    });
    await delivered();
    expect(smtp.messages).toHaveLength(sent);

    const ok = await admin('POST', '/v2/users/invite/list', {
      companyId: ctx.companyId,
      invitations: [good(1), { ...good(2), username: 'crew.two', accountType: 'READONLY_MEMBER' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok
        .json()
        .map((r: { user: { username: string; accountType: string } }) => [
          r.user.username,
          r.user.accountType,
        ]),
    ).toEqual([
      ['crew1', 'USER'],
      ['crew.two', 'READONLY_MEMBER'],
    ]);
    await delivered();
    expect(smtp.to('crew1@builders.example')).toHaveLength(1);
    expect(smtp.to('crew2@builders.example')).toHaveLength(1);
  });

  it('verify_username answers TAKEN, INVALID or available', async () => {
    const one = await admin('POST', '/v2/users/invite/cmd/verify_username', {
      companyId: ctx.companyId,
      username: 'Admin',
    });
    expect(one.json()).toEqual({ username: 'Admin', available: false, reason: 'TAKEN' });
    const list = await admin('POST', '/v2/users/invite/cmd/verify_username/list', {
      companyId: ctx.companyId,
      usernames: ['fresh.name', 'editor', '+14165550123', '.dot', 'lucia.fernandez'],
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { username: 'fresh.name', available: true },
      { username: 'editor', available: false, reason: 'TAKEN' },
      { username: '+14165550123', available: false, reason: 'INVALID' },
      { username: '.dot', available: false, reason: 'INVALID' },
      { username: 'lucia.fernandez', available: false, reason: 'TAKEN' },
    ]);
    const editor = caller(ctx, (await signIn(ctx, 'editor')).headers);
    const refused = await editor('POST', '/v2/users/invite/cmd/verify_username', {
      companyId: ctx.companyId,
      username: 'x',
    });
    expect(refused.statusCode).toBe(403);
    const cross = await admin('POST', '/v2/users/invite/cmd/verify_username', {
      companyId: other.companyId,
      username: 'x',
    });
    expect(cross.statusCode).toBe(403);
  });

  it('a job-site admin invites to their own site only, and only as USER', async () => {
    await addPerson(ctx.db.db, {
      companyId: ctx.companyId,
      username: 'foreman',
      grants: [
        { tenantGroupId: sites[PLANT], access: 1 },
        { tenantGroupId: sites[RIVERSIDE], access: 2 },
      ],
    });
    const foreman = caller(ctx, (await signIn(ctx, 'foreman')).headers);
    const invite = (body: Record<string, unknown>) =>
      foreman('POST', '/v2/users/invite', {
        companyId: ctx.companyId,
        email: 'helper@builders.example',
        ...body,
      });

    await expectUnchanged(ctx, async () => {
      const asAdmin = await invite({
        accountType: 'ADMIN',
        tenantGroupData: [{ tenantGroupId: sites[PLANT], access: 2 }],
      });
      expect(asAdmin.statusCode).toBe(403);
      const editorSite = await invite({ tenantGroupData: [{ tenantGroupId: sites[RIVERSIDE], access: 4 }] });
      expect(editorSite.statusCode).toBe(403);
      const notTheirs = await invite({ tenantGroupData: [{ tenantGroupId: sites[HARBOUR], access: 4 }] });
      expect(notTheirs.statusCode).toBe(404);
      const otherCompanys = await invite({ tenantGroupData: [{ tenantGroupId: other.siteId, access: 4 }] });
      expect(otherCompanys.statusCode).toBe(404);
      const noSite = await invite({ tenantGroupData: [] });
      expect(noSite.statusCode).toBe(403);
      const list = await foreman('POST', '/v2/users/invite/list', {
        companyId: ctx.companyId,
        invitations: [
          { email: 'x@builders.example', tenantGroupData: [{ tenantGroupId: sites[PLANT], access: 4 }] },
        ],
      });
      expect(list.statusCode).toBe(403);
      const cross = await foreman('POST', '/v2/users/invite', {
        companyId: other.companyId,
        email: 'y@builders.example',
        tenantGroupData: [],
      });
      expect(cross.statusCode).toBe(403);
    });

    const ok = await invite({ tenantGroupData: [{ tenantGroupId: sites[PLANT], access: 8 }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({
      accountType: 'USER',
      tenantGroupAccess: [{ tenantGroupId: sites[PLANT], access: 8 }],
    });
    await delivered();
    expect(smtp.to('helper@builders.example')[0].text).toContain(
      'foreman Person invited you to join Demo Construction',
    );
    const reinvite = await foreman('POST', '/v2/users/reinvite', {
      companyId: ctx.companyId,
      username: 'helper',
    });
    expect(reinvite.statusCode).toBe(200);
    // crew.two is a member of Riverside only, where the foreman is an editor: not theirs to re-invite.
    await expectUnchanged(ctx, async () => {
      const notMember = await foreman('POST', '/v2/users/reinvite', {
        companyId: ctx.companyId,
        username: 'crew.two',
      });
      expect(notMember.statusCode).toBe(403);
    });
  });

  it("another company's admin does not see or reach these invitations", async () => {
    const otherAdmin = caller(
      ctx,
      (await signIn(ctx, OTHER.username, OTHER.password, other.companyId)).headers,
    );
    await expectUnchanged(ctx, async () => {
      const reinvite = await otherAdmin('POST', '/v2/users/reinvite', {
        companyId: other.companyId,
        username: 'crew1',
      });
      expect(reinvite.statusCode).toBe(404);
      const cross = await otherAdmin('POST', '/v2/users/reinvite', {
        companyId: ctx.companyId,
        username: 'crew1',
      });
      expect(cross.statusCode).toBe(403);
      const site = await otherAdmin('POST', '/v2/users/invite', {
        companyId: other.companyId,
        email: 'z@builders.example',
        tenantGroupData: [{ tenantGroupId: sites[HARBOUR], access: 2 }],
      });
      expect(site.statusCode).toBe(404);
    });
    const outbox = await otherAdmin('GET', '/mail/outbox', { companyId: other.companyId });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json()).toEqual([]);
  });
});
