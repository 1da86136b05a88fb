import { spawn } from 'node:child_process';
import type { LoginTokens } from '@sitepulse/contracts';
import { INVITATION_LINK_TTL_MS } from '@sitepulse/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { DEMO } from '../../demo/seed.ts';
import { sha256 } from '../../lib/crypto.ts';
import { useSmtpServer } from '../../test/smtp.ts';
import { basic, freshIp, signIn, useTestApp } from '../../test/test-app.ts';
import { tokenOf } from '../users/people-fixtures.ts';
import { COMPANY_LOCK } from './company.ts';
import { runCommand } from './company-cli.ts';

/**
 * The operator's company command (docs/deploy.md "First company", docs/decisions/operator-company.md): a
 * company made by it is usable through the real app (the first admin creates a password with the e-mailed,
 * printed link and signs in with the company code); every refusal changes nothing; two commands racing for
 * one code make one company. On SQLite and PostgreSQL (TEST_DB), beside the demo company.
 */

const postgres = process.env.TEST_DB === 'postgres';
const PUBLIC_URL = 'https://sitepulse.example';
const PASSWORD = 'Gravel-Hoist-Formwork-77';
const TABLES = [
  'company',
  'company_module',
  'company_asset',
  'tenant_group',
  'tenant',
  'app_user',
  'user_setting',
  'user_tenant_group',
  'password_reset',
  'mail_outbox',
  'user_audit',
] as const;

describe('npm run company', () => {
  const smtp = useSmtpServer({ PUBLIC_URL });
  const ctx = useTestApp(smtp.env);

  /** The command's environment: the server's database, links and mail server. */
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: ctx.db.url,
    PUBLIC_URL,
    SMTP_URL: smtp.env.SMTP_URL,
    ...extra,
  });

  /** Runs the command's function in this process; answers its exit code and lines. */
  async function run(args: string[], extraEnv?: Record<string, string>) {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runCommand(args, extraEnv ? { ...env(), ...extraEnv } : env(), {
      log: (l) => stdout.push(l),
      error: (l) => stderr.push(l),
    });
    return { code, stdout, stderr };
  }

  /** The real `npm run company -- <args>` in a child process. */
  function npm(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn('npm', ['run', '--silent', 'company', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env(), LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const t of TABLES) {
      const r = await ctx.db.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      out[t] = Number(r.n);
    }
    return out;
  }

  const companyCode = (authCode: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/company_code',
      payload: { authCode },
      remoteAddress: freshIp(),
    });
  const login = (companyId: number, user: string, password: string) =>
    ctx.app.inject({
      url: '/api/login',
      headers: { authorization: basic(user, password), companyid: String(companyId) },
      remoteAddress: freshIp(),
    });
  const createPassword = (token: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/users/cmd/change_temp_pwd',
      payload: { token, password },
    });
  /** The printed link's token. */
  const printedToken = (lines: string) => tokenOf(lines, 'create_pwd');

  /**
   * The whole way in, as the web app goes: the company code, then the password from the link, then sign-in.
   * Answers the signed-in caller.
   */
  async function signInWithLink(code: string, username: string, token: string) {
    const step1 = await companyCode(code);
    expect(step1.statusCode, step1.body).toBe(200);
    const { companyId } = step1.json() as { companyId: number };
    expect((await login(companyId, username, PASSWORD)).statusCode).toBe(401);
    const created = await createPassword(token, PASSWORD);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ companyId, username });
    const res = await login(companyId, username, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const headers = {
      authorization: `Bearer ${(res.json() as LoginTokens).accessToken}`,
      companyid: String(companyId),
      username,
    };
    const get = (url: string) => ctx.app.inject({ url: `/api${url}`, headers });
    return { companyId, headers, get };
  }

  const ACME = [
    'create',
    '--name',
    'Acme Concrete',
    '--code',
    'ACME1',
    '--admin-username',
    'jane',
    '--admin-email',
    'jane@acme.example',
    '--admin-first-name',
    'Jane',
    '--tier',
    'enterprise',
    '--modules',
    'Concrete,Lumitrack',
    '--storage-mb=5000',
    '--site',
    'Lakeshore Plant',
    '--site-type',
    'precast',
    '--latitude',
    '43.6',
    '--longitude',
    '-79.5',
  ];

  it('create: the first admin gets the link by e-mail (and printed), sets a password through the API and signs in with the company code', async () => {
    const before = await counts();
    const r = await run(ACME);
    expect(r.stderr).toEqual([]);
    expect(r.code).toBe(0);
    const printed = r.stdout.join('\n');
    expect(r.stdout[0]).toMatch(
      /^company: created Acme Concrete \(id \d+, code ACME1, tier ENTERPRISE, modules Concrete, Lumitrack\)$/,
    );
    expect(printed).toContain('job site: Lakeshore Plant (id ');
    expect(printed).toContain(
      'Precast Plant, time zone America/Toronto) with the projects Default (Concrete), Asset Tracking (Lumitrack)',
    );
    expect(printed).toContain('the invitation was handed to the mail server for jane@acme.example');
    const token = printedToken(printed);
    expect(printed).toContain(`${PUBLIC_URL}/create_pwd?token=`);

    // The e-mail carries the same link; the database keeps only its hash, and the delivered copy drops it.
    const [mail] = smtp.to('jane@acme.example');
    expect(mail.subject).toBe('Sitepulse invited you to Acme Concrete on Sitepulse');
    expect(mail.text).toContain('Hello Jane,');
    expect(mail.text).toContain('Lakeshore Plant (admin)');
    expect(tokenOf(mail.text, 'create_pwd')).toBe(token);
    const link = await ctx.db.db
      .selectFrom('password_reset')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ purpose: 'INVITE', used_at: null });
    expect(link.expires_at - Date.now()).toBeGreaterThan(INVITATION_LINK_TTL_MS - 60_000);
    for (const table of TABLES) {
      const rows = await ctx.db.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(token);
    }
    // One company, two modules, one site, two projects, one user with two settings and one grant, one link,
    // one message, two audit entries.
    expect(await counts()).toEqual({
      ...before,
      company: before.company + 1,
      company_module: before.company_module + 2,
      tenant_group: before.tenant_group + 1,
      tenant: before.tenant + 2,
      app_user: before.app_user + 1,
      user_setting: before.user_setting + 2,
      user_tenant_group: before.user_tenant_group + 1,
      password_reset: before.password_reset + 1,
      mail_outbox: before.mail_outbox + 1,
      user_audit: before.user_audit + 2,
    });

    // The code is case-sensitive; the demo's users are not this company's.
    expect((await companyCode('acme1')).statusCode).toBe(401);
    const { companyId, get } = await signInWithLink('ACME1', 'jane', token);
    expect((await login(companyId, DEMO.users.admin, DEMO.password)).statusCode).toBe(401);
    // The link worked once.
    expect((await createPassword(token, `${PASSWORD}-again`)).statusCode).toBe(400);

    const details = await get(`/v2/users/details?companyId=${companyId}&username=jane`);
    expect(details.statusCode, details.body).toBe(200);
    const sites = await get(`/tenants/groups/by_companyId/list?companyId=${companyId}`);
    expect(sites.statusCode, sites.body).toBe(200);
    const [site] = sites.json();
    expect(sites.json()).toHaveLength(1);
    expect(site).toMatchObject({
      name: 'Lakeshore Plant',
      type: 'Precast Plant',
      state: 'ACTIVE',
      latitude: 43.6,
      longitude: -79.5,
      timeZone: 'America/Toronto',
    });
    expect(
      site.tenantMessages.map((t: { name: string; type: string }) => `${t.name}/${t.type}`).sort(),
    ).toEqual(['Asset Tracking/Lumitrack', 'Default/Concrete']);
    expect(details.json()).toMatchObject({
      username: 'jane',
      email: 'jane@acme.example',
      firstName: 'Jane',
      accountType: 'ADMIN',
      isActive: true,
      userTenantGroupData: [{ tenantGroupId: site.id, access: 1 }],
      userInvitationData: { status: 'INVITATION_WELCOME_EMAIL_SENT' },
    });
    expect(details.json().userSettingData).toEqual(
      expect.arrayContaining([
        { type: 'Language', val: 'en' },
        { type: 'SystemOfMeasurement', val: 'Metric' },
      ]),
    );

    const modules = await get(`/companies/modules/by_companyId?companyId=${companyId}`);
    expect(modules.statusCode, modules.body).toBe(200);
    expect(modules.json().map((m: { moduleType: string }) => m.moduleType)).toEqual([
      'Concrete',
      'Lumitrack',
    ]);
    for (const m of modules.json()) {
      expect(m).toMatchObject({ isActive: true, companyTier: 'ENTERPRISE' });
      expect(JSON.parse(m.tierSpec)).toEqual({
        storage_limit_in_mb: 5000,
        lumitrack_id_annual_limit: 50_000,
      });
    }
    expect(JSON.parse(modules.json()[0].spec)).toEqual({ disable_maturity_strength: false });

    // A company admin: the company's users and audit are theirs to read; the operator made the invitation.
    const users = await get(`/v2/users/list?companyId=${companyId}`);
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().map((u: { username: string }) => u.username)).toEqual(['jane']);
    const audits = await get(`/v2/users/audits?companyId=${companyId}&username=jane`);
    expect(audits.statusCode, audits.body).toBe(200);
    expect(
      audits
        .json()
        .map((a: { operation: string }) => a.operation)
        .sort(),
    ).toEqual(['GRANT', 'INVITE', 'PASSWORD_CHANGE']);
  });

  it('refusals and usage errors say why in one line and change nothing', async () => {
    await ctx.app.services.mail.idle();
    const before = await counts();
    const base = ['--name', 'Beta Builders', '--code', 'BETA1', '--admin-email', 'bo@beta.example'];
    const refused: [string[], number, RegExp][] = [
      // the code: taken (also by the demo), the same but for case, not 5 letters or digits
      [
        ['create', ...base.slice(0, 3), 'ACME1', ...base.slice(4)],
        1,
        /the code ACME1 is taken by company \d+ \(Acme Concrete\)/,
      ],
      [
        ['create', ...base.slice(0, 3), DEMO.authCode, ...base.slice(4)],
        1,
        /is taken by company \d+ \(Demo Construction\)/,
      ],
      [
        ['create', ...base.slice(0, 3), 'acme1', ...base.slice(4)],
        1,
        /differs from the code ACME1 .* only in case/,
      ],
      [
        ['create', ...base.slice(0, 3), 'BETA', ...base.slice(4)],
        1,
        /--code must be exactly 5 letters or digits/,
      ],
      [['create', ...base.slice(0, 3), 'BETA12', ...base.slice(4)], 1, /--code must be exactly 5/],
      [['create', ...base.slice(0, 3), 'BE A1', ...base.slice(4)], 1, /--code must be exactly 5/],
      [['create', ...base.slice(0, 3), 'BÉTA1', ...base.slice(4)], 1, /--code must be exactly 5/],
      // the admin's e-mail and username
      [['create', ...base.slice(0, 5), 'bo@beta'], 1, /--admin-email 'bo@beta' is not an e-mail address/],
      [['create', ...base.slice(0, 5), 'bo'], 1, /is not an e-mail address/],
      [['create', ...base.slice(0, 5), 'bo @beta.example'], 1, /is not an e-mail address/],
      [['create', ...base, '--admin-username', '-bo'], 1, /--admin-username '-bo' is not a username/],
      [['create', ...base, '--admin-username', 'b'.repeat(46)], 1, /is not a username/],
      [['create', ...base, '--admin-username', 'bo beta'], 1, /is not a username/],
      [['create', ...base, '--admin-username', '+14165550100'], 1, /is not a username/],
      [['create', ...base, '--admin-first-name', 'B'.repeat(61)], 1, /--admin-first-name must be at most 60/],
      [['create', ...base, '--language', 'fr'], 1, /--language must be one of en, es, got 'fr'/],
      [['create', ...base, '--units', 'Furlongs'], 1, /--units must be one of Metric, Imperial/],
      // the company and its tier
      [['create', '--name', ' ', ...base.slice(2)], 1, /--name must be 1 to 80 characters/],
      [['create', '--name', 'N'.repeat(81), ...base.slice(2)], 1, /--name must be 1 to 80 characters/],
      [
        ['create', '--name', 'Line\nbreak', ...base.slice(2)],
        1,
        /--name must be 1 to 80 characters on one line/,
      ],
      [
        ['create', ...base, '--tier', 'GOLD'],
        1,
        /--tier must be one of BASIC, STANDARD, ENTERPRISE, got 'GOLD'/,
      ],
      [
        ['create', ...base, '--modules', 'Concrete,Radar'],
        1,
        /--modules must be one of Concrete, Lumimon, Lumitrack/,
      ],
      [['create', ...base, '--modules', ','], 1, /--modules must name at least one/],
      [
        ['create', ...base, '--storage-mb', '0'],
        1,
        /--storage-mb must be a whole number from 1 to 10485760, got '0'/,
      ],
      [['create', ...base, '--storage-mb', '1e3'], 1, /--storage-mb must be a whole number/],
      [['create', ...base, '--storage-mb', '99999999999'], 1, /--storage-mb must be a whole number/],
      [['create', ...base, '--lumitrack-ids', '-1'], 1, /--lumitrack-ids must be a whole number from 0/],
      [
        ['create', ...base, '--retention-days', '7'],
        1,
        /--retention-days must be a whole number from 30 to 36500/,
      ],
      // the job site
      [
        ['create', ...base, '--site-type', 'quarry'],
        1,
        /--site-type must be one of Construction Site, Precast Plant/,
      ],
      [['create', ...base, '--latitude', '43.6'], 1, /--latitude and --longitude go together/],
      [
        ['create', ...base, '--latitude', '91', '--longitude', '0'],
        1,
        /--latitude must be a number of degrees from -90 to 90/,
      ],
      [
        ['create', ...base, '--latitude', '4', '--longitude', 'east'],
        1,
        /--longitude must be a number of degrees/,
      ],
      [
        ['create', ...base, '--time-zone', 'Mars/Olympus'],
        1,
        /--time-zone 'Mars\/Olympus' is not a known time zone/,
      ],
      [['create', ...base, '--address', 'a'.repeat(201)], 1, /--address must be at most 200 characters/],
      [['create', ...base, '--site', 'x'.repeat(2000)], 1, /--site is longer than 800 characters/],
      // usage: exit 2
      [[], 2, /^company: no command \(npm run company -- help shows the options\)$/],
      [['frobnicate'], 2, /unknown command 'frobnicate'/],
      [['create', ...base.slice(0, 4)], 2, /missing --admin-email/],
      [['create'], 2, /missing --name, --code, --admin-email/],
      [['create', ...base, '--colour', 'red'], 2, /unknown argument '--colour'/],
      [['create', ...base, 'extra'], 2, /unknown argument 'extra'/],
      [['create', ...base, '--name', 'Again'], 2, /--name is given twice/],
      [['create', ...base, '--tier'], 2, /--tier needs a value/],
      [
        ['create', '--name', '--code', 'BETA1', '--admin-email', 'bo@beta.example'],
        2,
        /--name needs a value/,
      ],
      [['create', ...base, '--disable-strength=yes'], 2, /--disable-strength takes no value/],
      [['list', 'all'], 2, /list takes no arguments/],
      [['reinvite', '--code', 'ACME1'], 2, /missing --username/],
    ];
    for (const [args, code, message] of refused) {
      const r = await run(args);
      const what = JSON.stringify(args);
      expect(r.code, what).toBe(code);
      expect(r.stdout, what).toEqual([]);
      expect(r.stderr, what).toHaveLength(1);
      expect(r.stderr[0], what).toMatch(/^company: /);
      expect(r.stderr[0], what).toMatch(message);
    }
    // A refusal inside the transaction (the code check) leaves the database as it was: so do all the others.
    await ctx.app.services.mail.idle();
    expect(await counts()).toEqual(before);
    expect(smtp.to('bo@beta.example')).toEqual([]);
    expect((await run(['help'])).stdout[0]).toMatch(/^usage: npm run company -- create --name/);
  });

  it('a failure half-way through the transaction leaves nothing made', async () => {
    // The database itself refuses the admin's row, after the company, its modules, site and projects went in.
    if (postgres) {
      await sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'no boom here'; END $$`.execute(ctx.db.db);
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON app_user FOR EACH ROW
        WHEN (NEW.username = 'boom') EXECUTE FUNCTION refuse_boom()`.execute(ctx.db.db);
    } else {
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON app_user WHEN NEW.username = 'boom'
        BEGIN SELECT RAISE(ABORT, 'no boom here'); END`.execute(ctx.db.db);
    }
    try {
      await ctx.app.services.mail.idle();
      const before = await counts();
      const r = await run([
        'create',
        '--name',
        'Boom Co',
        '--code',
        'BOOM1',
        '--admin-email',
        'boom@boom.example',
      ]);
      expect(r.code).toBe(1);
      expect(r.stdout).toEqual([]);
      expect(r.stderr).toHaveLength(1);
      expect(r.stderr[0]).toMatch(/^company create failed: .*no boom here/);
      expect(await counts()).toEqual(before);
      expect((await companyCode('BOOM1')).statusCode).toBe(401);
    } finally {
      await sql`DROP TRIGGER refuse_boom${postgres ? sql` ON app_user` : sql``}`.execute(ctx.db.db);
      if (postgres) await sql`DROP FUNCTION refuse_boom()`.execute(ctx.db.db);
    }
  });

  it('two real `npm run company` at once for one code (on PostgreSQL held at the lock together): one company, the other refused', async () => {
    const before = await counts();
    // On PostgreSQL the test holds the command's lock until both commands wait for it, then lets them go
    // together: each checks the code only once it holds the lock, so the second sees the first's company.
    const holder = postgres ? new pg.Client({ connectionString: ctx.db.url }) : undefined;
    if (holder) {
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1, $2)', [...COMPANY_LOCK]);
    }
    let exited = 0;
    const race = (email: string) =>
      npm([
        'create',
        '--name',
        'Race Paving',
        '--code',
        'RACE1',
        '--admin-email',
        email,
        '--modules',
        'Concrete',
      ]).finally(() => exited++);
    const running = Promise.all([race('first@race.example'), race('second@race.example')]);
    if (holder) {
      const waiting = async () => {
        const r = await holder.query(
          `SELECT count(*) AS n FROM pg_locks
           WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND NOT granted`,
          [...COMPANY_LOCK],
        );
        return Number(r.rows[0].n);
      };
      // A command that does not wait for the lock ends first: then the test fails below instead of waiting on.
      while (exited === 0 && (await waiting()) < 2) await new Promise((r) => setTimeout(r, 100));
      expect(exited, 'both commands waited for the lock').toBe(0);
      await holder.query('COMMIT');
      await holder.end();
    }
    const results = await running;
    const won = results.filter((r) => r.code === 0);
    const lost = results.filter((r) => r.code !== 0);
    expect(won, JSON.stringify(results)).toHaveLength(1);
    expect(lost, JSON.stringify(results)).toHaveLength(1);
    expect(lost[0].code).toBe(1);
    expect(lost[0].stdout).toBe('');
    expect(lost[0].stderr.trim()).toMatch(
      /^company: the code RACE1 is taken by company \d+ \(Race Paving\)$/,
    );
    expect(await counts()).toMatchObject({
      company: before.company + 1,
      company_module: before.company_module + 1,
      tenant_group: before.tenant_group + 1,
      tenant: before.tenant + 1,
      app_user: before.app_user + 1,
      password_reset: before.password_reset + 1,
    });

    // The winner's admin (username from the e-mail) gets in with the link the child printed.
    const username = won[0].stdout.match(/^admin: (\S+) </m)?.[1] as string;
    expect(['first', 'second']).toContain(username);
    const { get, companyId } = await signInWithLink('RACE1', username, printedToken(won[0].stdout));
    const sites = await get(`/tenants/groups/by_companyId/list?companyId=${companyId}`);
    expect(sites.json()).toMatchObject([
      {
        name: 'Race Paving',
        type: 'Construction Site',
        timeZone: 'UTC',
        tenantMessages: [{ name: 'Default', type: 'Concrete' }],
      },
    ]);
  });

  it('without SMTP the invitation waits in the outbox; reinvite makes a new link (the old one stops working) until the account is set up', async () => {
    const r = await run(
      [
        'create',
        '--name',
        'Quiet Co',
        '--code',
        'QUIET',
        '--admin-email',
        'q.admin@quiet.example',
        '--units',
        'Imperial',
        '--language',
        'es',
      ],
      { SMTP_URL: '' },
    );
    expect(r.stderr).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout.join('\n')).toContain('SMTP_URL is not set, so the invitation waits in the outbox');
    const first = printedToken(r.stdout.join('\n'));
    const queued = await ctx.db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'q.admin@quiet.example')
      .execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ sent_at: null, error: null });
    expect(queued[0].subject).toBe('Sitepulse le invitó a Quiet Co en Sitepulse');

    const again = await run(['reinvite', '--code', 'QUIET', '--username', 'q.admin']);
    expect(again.stderr).toEqual([]);
    expect(again.code).toBe(0);
    const second = printedToken(again.stdout.join('\n'));
    expect(second).not.toBe(first);
    expect(smtp.to('q.admin@quiet.example')).toHaveLength(1);
    expect((await createPassword(first, PASSWORD)).statusCode).toBe(400);
    const { companyId, headers, get } = await signInWithLink('QUIET', 'q.admin', second);
    const details = await get(`/v2/users/details?companyId=${companyId}&username=q.admin`);
    expect(details.json().userSettingData).toEqual(
      expect.arrayContaining([
        { type: 'Language', val: 'es' },
        { type: 'SystemOfMeasurement', val: 'Imperial' },
      ]),
    );

    // Refused: an unknown code (case counts) or user, and a user whose account is set up.
    await ctx.app.services.mail.idle();
    const setup = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/users/details',
      headers,
      payload: { companyId, username: 'q.admin', completeSetup: true },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const refusals: [string[], RegExp][] = [
      [
        ['--code', 'quiet', '--username', 'q.admin'],
        /no company has the code quiet \(codes are case-sensitive\)/,
      ],
      [['--code', 'QUIET', '--username', 'nobody'], /has no user nobody/],
      [['--code', 'QUIET', '--username', 'q.admin'], /q.admin has set up the account already/],
    ];
    const afterSetup = await counts();
    for (const [args, message] of refusals) {
      const res = await run(['reinvite', ...args]);
      expect(res.code).toBe(1);
      expect(res.stderr).toHaveLength(1);
      expect(res.stderr[0]).toMatch(message);
    }
    expect(await counts()).toEqual(afterSetup);
  });

  it('add-site: a job site with a project per active module, whose admins are the company admins; refusals change nothing', async () => {
    await ctx.app.services.mail.idle();
    const companyAdmins = await ctx.db.db
      .selectFrom('app_user')
      .select('username')
      .where('company_id', '=', ctx.companyId)
      .where('account_type', '=', 'ADMIN')
      .where('is_active', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('username')
      .execute();
    expect(companyAdmins.map((u) => u.username)).toContain(DEMO.users.admin);
    const modules = await ctx.db.db
      .selectFrom('company_module')
      .select('module_type')
      .where('company_id', '=', ctx.companyId)
      .where('is_active', '=', 1)
      .execute();
    const before = await counts();
    const r = await run([
      'add-site',
      '--code',
      DEMO.authCode,
      '--site',
      'South Yard',
      '--site-type',
      'precast',
      '--address',
      '1 Yard Road',
      '--latitude=53.5',
      '--longitude=-113.5',
      '--time-zone',
      'America/Edmonton',
    ]);
    expect(r.stderr).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout[0]).toMatch(
      /^job site: South Yard \(id \d+, Precast Plant, time zone America\/Edmonton\) added to Demo Construction \(id \d+\) with the projects? /,
    );
    expect(r.stdout[1]).toBe(
      `admins of the job site: ${companyAdmins.map((u) => u.username).join(', ')} (the company admins); they grant it to others in User Management`,
    );
    expect(await counts()).toEqual({
      ...before,
      tenant_group: before.tenant_group + 1,
      tenant: before.tenant + modules.length,
      user_tenant_group: before.user_tenant_group + companyAdmins.length,
      user_audit: before.user_audit + companyAdmins.length,
    });

    // The company admin sees it in the app, as its admin, with its projects.
    const admin = await signIn(ctx);
    const mine = await ctx.app.inject({
      url: `/api/tenants/groups/list/by_user?companyId=${ctx.companyId}&username=${DEMO.users.admin}`,
      headers: admin.headers,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const site = (mine.json() as { name: string }[]).find((g) => g.name === 'South Yard');
    expect(site).toMatchObject({
      name: 'South Yard',
      type: 'Precast Plant',
      address: '1 Yard Road',
      latitude: 53.5,
      longitude: -113.5,
      timeZone: 'America/Edmonton',
    });
    const details = await ctx.app.inject({
      url: `/api/v2/users/details?companyId=${ctx.companyId}&username=${DEMO.users.admin}`,
      headers: admin.headers,
    });
    expect(details.json().userTenantGroupData).toContainEqual({
      tenantGroupId: (site as unknown as { id: number }).id,
      access: 1,
    });

    // Refused, each in one line, nothing changed: a name the company has (case and spaces ignored), no such
    // code, a wrong value; usage errors for a missing site or code and for an option of create only.
    const after = await counts();
    const refused: [string[], number, RegExp][] = [
      [
        ['add-site', '--code', DEMO.authCode, '--site', '  south yard '],
        1,
        /has a job site named 'South Yard' already \(id \d+\)/,
      ],
      [['add-site', '--code', 'NOPE1', '--site', 'North Yard'], 1, /no company has the code NOPE1/],
      [
        ['add-site', '--code', DEMO.authCode.toLowerCase(), '--site', 'North Yard'],
        1,
        /no company has the code/,
      ],
      [
        ['add-site', '--code', DEMO.authCode, '--site', 'North Yard', '--latitude', '91', '--longitude', '0'],
        1,
        /--latitude must be a number of degrees from -90 to 90/,
      ],
      [
        ['add-site', '--code', DEMO.authCode, '--site', 'North Yard', '--time-zone', 'Mars/Olympus'],
        1,
        /is not a known time zone/,
      ],
      [
        ['add-site', '--code', DEMO.authCode, '--site', 'S'.repeat(101)],
        1,
        /--site must be 1 to 100 characters/,
      ],
      [['add-site', '--code', DEMO.authCode], 2, /missing --site/],
      [['add-site', '--site', 'North Yard'], 2, /missing --code/],
      [
        ['add-site', '--code', DEMO.authCode, '--site', 'North Yard', '--tier', 'BASIC'],
        2,
        /unknown argument '--tier'/,
      ],
    ];
    for (const [args, code, message] of refused) {
      const res = await run(args);
      expect(res.code, args.join(' ')).toBe(code);
      expect(res.stderr, args.join(' ')).toHaveLength(1);
      expect(res.stderr[0], args.join(' ')).toMatch(message);
      expect(res.stdout, args.join(' ')).toEqual([]);
    }
    expect(await counts()).toEqual(after);
  });

  it('list: every company with its code and number of users', async () => {
    const r = await run(['list']);
    expect(r.code).toBe(0);
    expect(r.stdout[0]).toMatch(/^id\s+name\s+code\s+users$/);
    const rows = r.stdout.slice(1).map((l) => l.split(/\s{2,}/));
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['Demo Construction', 'DEMO1', '4'],
      ['Acme Concrete', 'ACME1', '1'],
      ['Race Paving', 'RACE1', '1'],
      ['Quiet Co', 'QUIET', '1'],
    ]);
  });
});
