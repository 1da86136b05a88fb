import { Invitation } from '@sitepulse/contracts';
import {
  AUTH_CODE_LENGTH,
  ID_FILE_COMPANY_NAME_MAX,
  INVITATION_LINK_TTL_MS,
  INVITATION_STATUS,
  isEmail,
  isTimeZone,
  JOBSITE_TYPES,
  LUMITRACK_TIER_ANNUAL_LIMITS,
  MEMBER_ROLES,
  MODULE_TYPES,
  PRODUCT_NAME,
  paths,
} from '@sitepulse/domain';
import { type Kysely, sql } from 'kysely';
import { Compile } from 'typebox/compile';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { createCompaniesRepo } from '../companies/repo.ts';
import { siteTimeZone } from '../jobsites/site-zone.ts';
import type { MailService, QueuedMail } from '../mail/service.ts';
import { invitationMail, type MailLanguage, type MailSite, mailLanguage } from '../mail/templates.ts';
import { RAW_RETENTION_MAX_DAYS, RAW_RETENTION_MIN_DAYS } from '../retention/policy.ts';
import { settingValues } from '../settings/service.ts';
import { baseUsername } from '../users/invitations.ts';
import { createUsersRepo, type UsersQueries } from '../users/repo.ts';
import { OpsError } from './backup.ts';
import { createCompanyOpsRepo } from './company-repo.ts';

/**
 * A company made by the operator (docs/decisions/operator-company.md, docs/deploy.md "First company"): the
 * company and its auth code, its modules with their tier, a first job site with a project per module, and a
 * first company admin invited as the users module invites (an INVITE create-password link, stored hashed,
 * e-mailed through the outbox), all in one transaction. Every argument is checked before anything is
 * written; a refusal is an OpsError (exit 1) and changes nothing.
 */

export type ModuleType = (typeof MODULE_TYPES)[number];
export type SiteType = (typeof JOBSITE_TYPES)[number];

/** The tiers the command offers (those the product knows: their Lumitrack ID limits, domain). */
export const COMPANY_TIERS = Object.keys(LUMITRACK_TIER_ANNUAL_LIMITS);
export const DEFAULT_TIER = 'STANDARD';
/** The storage (storage_limit_in_mb) a tier gets unless --storage-mb says otherwise: ours. */
export const TIER_STORAGE_MB: Readonly<Record<string, number>> = {
  BASIC: 2_048,
  STANDARD: 10_240,
  ENTERPRISE: 102_400,
};
export const STORAGE_MB_MAX = 10_485_760; // 10 TiB
export const LUMITRACK_IDS_MAX = 10_000_000;
/** The project each module gets on the first job site: 'Default' shows as 'Concrete Sensors' / 'Job Site Sensors'. */
export const MODULE_PROJECT: Readonly<Record<ModuleType, string>> = {
  Concrete: 'Default',
  Lumimon: 'Default',
  // 'Default' would show as 'Concrete Sensors' (spec section 2): named after what section 1 calls the area.
  Lumitrack: 'Asset Tracking',
};
/** Longest job-site name and address (ours; the app has no job-site form to say otherwise). */
export const SITE_NAME_MAX = 100;
export const ADDRESS_MAX = 200;
/** Who the invitation says invited the first admin: nobody of the company exists yet. */
export const OPERATOR_NAME = 'Sitepulse';
/** 'SP' + 3, 1: held while a company is made on PostgreSQL, so two commands cannot take one code. */
export const COMPANY_LOCK = [0x5350_0003, 1] as const;
const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${AUTH_CODE_LENGTH}}$`);
const LINK_VALID_DAYS = Math.round(INVITATION_LINK_TTL_MS / (24 * 3600 * 1000));

/** The arguments of `create` as typed; undefined when not given. */
export interface CompanyArgs {
  name: string;
  code: string;
  adminEmail: string;
  adminUsername?: string;
  adminFirstName?: string;
  adminLastName?: string;
  language?: string;
  units?: string;
  tier?: string;
  modules?: string;
  storageMb?: string;
  lumitrackIds?: string;
  retentionDays?: string;
  disableStrength?: boolean;
  site?: string;
  siteType?: string;
  address?: string;
  latitude?: string;
  longitude?: string;
  timeZone?: string;
}

/** A company to make, every value checked. */
export interface NewCompany {
  name: string;
  code: string;
  tier: string;
  modules: ModuleType[];
  tierSpec: { storage_limit_in_mb: number; lumitrack_id_annual_limit: number; raw_retention_days?: number };
  disableStrength: boolean;
  site: {
    name: string;
    type: SiteType;
    address: string;
    latitude: number | null;
    longitude: number | null;
    timeZone: string | null;
  };
  admin: {
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    language: MailLanguage;
    units: string;
  };
}

/** What became of the invitation e-mail once the command had tried to deliver it. */
export type Delivery = { state: 'sent' } | { state: 'outbox' } | { state: 'failed'; error: string };

export interface Invited {
  userId: number;
  username: string;
  email: string;
  /** the create-password link: in this answer, in the e-mail, and stored only as its hash */
  link: string;
  validDays: number;
  delivery: Delivery;
}

export interface CreatedCompany {
  companyId: number;
  name: string;
  code: string;
  tier: string;
  modules: ModuleType[];
  site: { id: number; name: string; type: SiteType; timeZone: string; projects: string[] };
  admin: Invited;
}

const refuse = (message: string) => new OpsError(message, 1);
const oneLine = (s: string) => s.replace(/\s+/g, ' ');
// Control characters (C0, DEL, C1): a name is one line of printable text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A one-line text of 1 (or `min`) to `max` characters, trimmed. */
function text(value: string | undefined, option: string, max: number, min = 1): string {
  const v = (value ?? '').trim();
  if (v.length < min || v.length > max || CONTROL.test(v)) {
    throw refuse(`${option} must be ${min === 0 ? 'at most' : `1 to`} ${max} characters on one line`);
  }
  return v;
}

function wholeNumber(value: string, option: string, min: number, max: number): number {
  const n = /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= min && n <= max)) {
    throw refuse(`${option} must be a whole number from ${min} to ${max}, got '${oneLine(value)}'`);
  }
  return n;
}

function degrees(value: string, option: string, limit: number): number {
  const n = /^-?\d{1,3}(\.\d{1,12})?$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= -limit && n <= limit)) {
    throw refuse(`${option} must be a number of degrees from -${limit} to ${limit}, got '${oneLine(value)}'`);
  }
  return n;
}

/** One of `allowed`, named case ignored; answers the allowed spelling. */
function oneOf<T extends string>(value: string, option: string, allowed: readonly T[], aliases = {}): T {
  const key = value.trim().toLowerCase();
  const found =
    allowed.find((a) => a.toLowerCase() === key) ?? (aliases as Record<string, T | undefined>)[key];
  if (!found) throw refuse(`${option} must be one of ${allowed.join(', ')}, got '${oneLine(value)}'`);
  return found;
}

const invitation = Compile(Invitation);

/**
 * The first admin's username, e-mail and names, checked by the users module's own contract (what POST
 * /v2/users/invite accepts) and, for the e-mail, by the spec's "looks like an e-mail" (section 5).
 */
function checkAdmin(
  a: CompanyArgs,
): Pick<NewCompany['admin'], 'username' | 'email' | 'firstName' | 'lastName'> {
  const email = a.adminEmail.trim();
  const username = a.adminUsername ?? baseUsername(email, undefined);
  const firstName = (a.adminFirstName ?? '').trim();
  const lastName = (a.adminLastName ?? '').trim();
  const body = { username, email, firstName, lastName, accountType: 'ADMIN', tenantGroupData: [] };
  const wrong = new Set([...invitation.Errors(body)].map((e) => e.instancePath));
  if (wrong.has('/email') || !isEmail(email)) {
    throw refuse(`--admin-email '${oneLine(email)}' is not an e-mail address`);
  }
  if (wrong.has('/username')) {
    throw refuse(
      `--admin-username '${oneLine(username)}' is not a username: 1 to 45 characters, a letter or digit first, ` +
        'then letters, digits and . _ @ -',
    );
  }
  if (wrong.has('/firstName') || CONTROL.test(firstName)) {
    throw refuse('--admin-first-name must be at most 60 characters on one line');
  }
  if (wrong.has('/lastName') || CONTROL.test(lastName)) {
    throw refuse('--admin-last-name must be at most 60 characters on one line');
  }
  return { username, email, firstName, lastName };
}

/** Checks every argument of `create`; the first wrong one is refused (exit 1) with a line saying why. */
export function checkCompany(a: CompanyArgs): NewCompany {
  const name = text(a.name, '--name', ID_FILE_COMPANY_NAME_MAX);
  if (!CODE_PATTERN.test(a.code)) {
    throw refuse(
      `--code must be exactly ${AUTH_CODE_LENGTH} letters or digits (case-sensitive), got '${oneLine(a.code)}'`,
    );
  }
  const admin = checkAdmin(a);
  const settings = settingValues();
  const language = oneOf(a.language ?? 'en', '--language', settings.Language);
  const units = oneOf(a.units ?? 'Metric', '--units', settings.SystemOfMeasurement);

  const tier = oneOf(a.tier ?? DEFAULT_TIER, '--tier', COMPANY_TIERS);
  const modules = [
    ...new Set(
      (a.modules ?? MODULE_TYPES.join(','))
        .split(',')
        .map((m) => m.trim())
        .filter((m) => m !== '')
        .map((m) => oneOf(m, '--modules', MODULE_TYPES, { '{product}': PRODUCT_NAME })),
    ),
  ];
  if (modules.length === 0) throw refuse(`--modules must name at least one of ${MODULE_TYPES.join(', ')}`);
  const tierSpec: NewCompany['tierSpec'] = {
    storage_limit_in_mb:
      a.storageMb === undefined
        ? TIER_STORAGE_MB[tier]
        : wholeNumber(a.storageMb, '--storage-mb', 1, STORAGE_MB_MAX),
    lumitrack_id_annual_limit:
      a.lumitrackIds === undefined
        ? LUMITRACK_TIER_ANNUAL_LIMITS[tier]
        : wholeNumber(a.lumitrackIds, '--lumitrack-ids', 0, LUMITRACK_IDS_MAX),
  };
  if (a.retentionDays !== undefined) {
    tierSpec.raw_retention_days = wholeNumber(
      a.retentionDays,
      '--retention-days',
      RAW_RETENTION_MIN_DAYS,
      RAW_RETENTION_MAX_DAYS,
    );
  }

  return {
    name,
    code: a.code,
    tier,
    modules,
    tierSpec,
    disableStrength: a.disableStrength === true,
    site: checkSite(a, name),
    admin: { ...admin, language: mailLanguage(language), units },
  };
}

/** The job-site options of `create` and `add-site`. */
export type SiteArgs = Pick<
  CompanyArgs,
  'site' | 'siteType' | 'address' | 'latitude' | 'longitude' | 'timeZone'
>;

/** Checks a job site's options; `defaultName` stands in for a missing --site. */
export function checkSite(a: SiteArgs, defaultName?: string): NewCompany['site'] {
  const type = oneOf(a.siteType ?? 'Construction Site', '--site-type', JOBSITE_TYPES, {
    construction: 'Construction Site',
    precast: 'Precast Plant',
  });
  if ((a.latitude === undefined) !== (a.longitude === undefined)) {
    throw refuse('--latitude and --longitude go together: give both or neither');
  }
  const latitude = a.latitude === undefined ? null : degrees(a.latitude, '--latitude', 90);
  const longitude = a.longitude === undefined ? null : degrees(a.longitude, '--longitude', 180);
  const timeZone = a.timeZone === undefined ? null : a.timeZone.trim();
  if (timeZone !== null && !isTimeZone(timeZone)) {
    throw refuse(
      `--time-zone '${oneLine(timeZone)}' is not a known time zone (an IANA name such as America/Toronto)`,
    );
  }
  return {
    name: text(a.site ?? defaultName, '--site', SITE_NAME_MAX),
    type,
    address: text(a.address, '--address', ADDRESS_MAX, 0),
    latitude,
    longitude,
    timeZone,
  };
}

/**
 * Runs `fn` in one transaction that no other company creation runs beside: on PostgreSQL under the advisory
 * lock COMPANY_LOCK, on SQLite as a write transaction from its first statement (BEGIN IMMEDIATE). So the code
 * checks inside see every company made before, and two commands given one code cannot both pass them.
 */
async function exclusively<T>(store: Db, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    return store.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${COMPANY_LOCK[0]}, ${COMPANY_LOCK[1]})`.execute(trx);
      return fn(trx);
    });
  }
  return store.db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (e) {
      await sql`ROLLBACK`.execute(conn);
      throw e;
    }
  });
}

/** The /create_pwd link of an invitation token (the web route of the domain, under PUBLIC_URL). */
export const createPasswordLink = (publicUrl: string, token: string) =>
  `${publicUrl}${paths.createPassword.href()}?token=${encodeURIComponent(token)}`;

/**
 * A new INVITE link for a user and its e-mail, written through `tx` (the caller's transaction), as the users
 * module's invitations are: the token stored as its SHA-256, valid INVITATION_LINK_TTL_MS, the message in the
 * outbox carrying it as its secret (dropped from the stored copy once SMTP has it).
 */
async function inviteLink(
  tx: Kysely<Database>,
  people: UsersQueries,
  mail: MailService,
  v: {
    user: { id: number; email: string; name: string; lang: MailLanguage };
    companyId: number;
    companyName: string;
    sites: MailSite[];
    publicUrl: string;
    now: number;
  },
): Promise<{ link: string; queued: QueuedMail }> {
  const token = randomToken();
  await people.insertToken(v.user.id, 'INVITE', sha256(token), v.now + INVITATION_LINK_TTL_MS, v.now);
  const link = createPasswordLink(v.publicUrl, token);
  const message = invitationMail({
    lang: v.user.lang,
    name: v.user.name,
    inviterName: OPERATOR_NAME,
    companyName: v.companyName,
    sites: v.sites,
    link,
    validDays: LINK_VALID_DAYS,
  });
  const queued = await mail.enqueue(tx, {
    to: v.user.email,
    ...message,
    companyId: v.companyId,
    secret: token,
  });
  return { link, queued };
}

/** Hands the message to the mail service after its transaction committed, and says what became of it. */
async function deliver(db: Kysely<Database>, mail: MailService, queued: QueuedMail): Promise<Delivery> {
  mail.deliver([queued]);
  await mail.idle();
  const row = await createCompanyOpsRepo(db).outboxState(queued.id);
  if (row?.sent_at != null) return { state: 'sent' };
  if (row?.error) return { state: 'failed', error: oneLine(row.error) };
  return { state: 'outbox' };
}

/** The refusal of a code another company has, exactly or but for case. */
function refuseTakenCode(code: string, others: { id: number; name: string; auth_code: string }[]): void {
  const same = others.find((c) => c.auth_code === code);
  if (same) throw refuse(`the code ${code} is taken by company ${same.id} (${oneLine(same.name)})`);
  const like = others[0];
  if (like) {
    throw refuse(
      `the code ${code} differs from the code ${like.auth_code} of company ${like.id} (${oneLine(like.name)}) ` +
        'only in case: someone typing it in capitals would reach the other company',
    );
  }
}

/**
 * A job site of a company with a project per module (`MODULE_PROJECT`), written through `tx`: the first one
 * of `create` and each one of `add-site`. Answers the site as the command prints it.
 */
async function insertSiteWithProjects(
  tx: Kysely<Database>,
  companyId: number,
  site: NewCompany['site'],
  modules: readonly ModuleType[],
  now: number,
): Promise<CreatedCompany['site']> {
  const ops = createCompanyOpsRepo(tx);
  const row = {
    company_id: companyId,
    name: site.name,
    type: site.type,
    state: 'ACTIVE' as const,
    address: site.address,
    latitude: site.latitude,
    longitude: site.longitude,
    time_zone: site.timeZone,
    created_at: now,
  };
  const id = await ops.insertSite(row);
  await ops.insertProjects(
    modules.map((m) => ({
      tenant_group_id: id,
      company_id: companyId,
      name: MODULE_PROJECT[m],
      type: m,
      state: 'ACTIVE' as const,
      created_at: now,
    })),
  );
  return {
    id,
    name: site.name,
    type: site.type,
    timeZone: siteTimeZone(row).timeZone,
    projects: modules.map((m) => `${MODULE_PROJECT[m]} (${m})`),
  };
}

/**
 * Makes the company of `c` and invites its first admin, in one transaction; then delivers the invitation.
 * Refused (OpsError, nothing written) when another company has the code, or one differing only in case.
 */
export async function createCompany(
  store: Db,
  mail: MailService,
  c: NewCompany,
  publicUrl: string,
): Promise<CreatedCompany> {
  let made: Omit<CreatedCompany, 'admin'> & { admin: Omit<Invited, 'delivery'>; queued: QueuedMail };
  try {
    made = await exclusively(store, async (tx) => {
      const now = Date.now();
      const ops = createCompanyOpsRepo(tx);
      refuseTakenCode(c.code, await ops.codesLike(c.code));
      const companyId = await ops.insertCompany({ name: c.name, auth_code: c.code, created_at: now });
      await ops.insertModules(
        c.modules.map((m) => ({
          company_id: companyId,
          module_type: m,
          is_active: 1,
          company_tier: c.tier,
          spec: m === PRODUCT_NAME ? JSON.stringify({ disable_maturity_strength: c.disableStrength }) : '{}',
          tier_spec: JSON.stringify(c.tierSpec),
          created_at: now,
        })),
      );
      const site = await insertSiteWithProjects(tx, companyId, c.site, c.modules, now);

      const people = createUsersRepo(tx);
      const a = c.admin;
      const { id: userId } = await people.insertUser({
        company_id: companyId,
        username: a.username,
        email: a.email,
        phone: null,
        first_name: a.firstName,
        last_name: a.lastName,
        account_type: 'ADMIN',
        roles: '[]',
        password_hash: null,
        is_active: 1,
        invitation_status: INVITATION_STATUS.welcomeSent,
        created_at: now,
        invited_at: now,
        invited_by: null,
      });
      await people.upsertSetting(userId, 'Language', a.language);
      await people.upsertSetting(userId, 'SystemOfMeasurement', a.units);
      await people.insertGrant(userId, site.id, MEMBER_ROLES.ADMIN);
      await people.audit(
        [
          { operation: 'INVITE' as const, detail: `ADMIN, by e-mail ${a.email} (operator command)` },
          { operation: 'GRANT' as const, tenantGroupId: site.id, detail: `access ${MEMBER_ROLES.ADMIN}` },
        ].map((row) => ({ companyId, actorUserId: null, targetUserId: userId, ...row })),
        now,
      );
      const { link, queued } = await inviteLink(tx, people, mail, {
        user: { id: userId, email: a.email, name: a.firstName || a.username, lang: a.language },
        companyId,
        companyName: c.name,
        sites: [{ name: c.site.name, access: MEMBER_ROLES.ADMIN }],
        publicUrl,
        now,
      });
      return {
        companyId,
        name: c.name,
        code: c.code,
        tier: c.tier,
        modules: c.modules,
        site,
        admin: { userId, username: a.username, email: a.email, link, validDays: LINK_VALID_DAYS },
        queued,
      };
    });
  } catch (e) {
    // Made by a command that did not take the lock (an older version): the database's unique code decides.
    if (isUniqueViolation(e)) throw refuse(`the code ${c.code} is taken`);
    throw e;
  }
  const { queued, ...company } = made;
  return { ...company, admin: { ...company.admin, delivery: await deliver(store.db, mail, queued) } };
}

/**
 * A new create-password link for a user of a company who has not set up their account (the earlier links
 * stop working), e-mailed and answered: for a first admin whose link expired or was lost. As POST
 * /v2/users/reinvite, without a signed-in caller.
 */
export async function reinviteUser(
  db: Kysely<Database>,
  mail: MailService,
  v: { code: string; username: string },
  publicUrl: string,
): Promise<Invited & { companyName: string }> {
  const company = await createCompaniesRepo(db).findByAuthCode(v.code);
  if (!company) throw refuse(`no company has the code ${oneLine(v.code)} (codes are case-sensitive)`);
  const repo = createUsersRepo(db);
  const user = await repo.findByUsername(company.id, v.username);
  if (!user)
    throw refuse(`company ${company.id} (${oneLine(company.name)}) has no user ${oneLine(v.username)}`);
  if (user.invitation_status === INVITATION_STATUS.accepted) {
    throw refuse(
      `${user.username} has set up the account already: they use 'Forgot password' on the sign-in page`,
    );
  }
  if (!user.is_active) throw refuse(`${user.username} is deactivated`);
  if (!user.email) throw refuse(`${user.username} has no e-mail address`);
  const grants = await repo.listGrants(user.id);
  const names = new Map(
    (
      await repo.sitesOf(
        company.id,
        grants.map((g) => g.tenant_group_id),
      )
    ).map((s) => [s.id, s.name]),
  );
  const [language] = await repo.languagesOf([user.id]);
  const { link, queued } = await repo.transaction(async (people, tx) => {
    const now = Date.now();
    await people.voidTokens(user.id, now, 'INVITE');
    await people.updateUser(user.id, { invited_at: now, invited_by: null });
    await people.audit(
      [
        {
          companyId: company.id,
          actorUserId: null,
          targetUserId: user.id,
          operation: 'REINVITE',
          detail: `by e-mail ${user.email} (operator command)`,
        },
      ],
      now,
    );
    return inviteLink(tx, people, mail, {
      user: {
        id: user.id,
        email: user.email,
        name: user.first_name || user.username,
        lang: mailLanguage(language?.val),
      },
      companyId: company.id,
      companyName: company.name,
      sites: grants.map((g) => ({ name: names.get(g.tenant_group_id) ?? '', access: g.access })),
      publicUrl,
      now,
    });
  });
  return {
    companyName: company.name,
    userId: user.id,
    username: user.username,
    email: user.email,
    link,
    validDays: LINK_VALID_DAYS,
    delivery: await deliver(db, mail, queued),
  };
}

export interface AddedSite {
  companyId: number;
  companyName: string;
  site: CreatedCompany['site'];
  /** the company admins who were made admins of the new site */
  admins: string[];
}

/**
 * `add-site`: another job site of a company, with a project per active module (as the first one), whose
 * company admins (account type ADMIN, active) become its admins so someone can see it and grant it: users see
 * only the job sites granted to them. In one transaction, beside company creation (the same lock); refused,
 * changing nothing, when no company has the code or the company has a site of that name (case ignored).
 */
export async function addSite(store: Db, v: { code: string; site: NewCompany['site'] }): Promise<AddedSite> {
  return exclusively(store, async (tx) => {
    const now = Date.now();
    const company = await createCompaniesRepo(tx).findByAuthCode(v.code);
    if (!company) throw refuse(`no company has the code ${oneLine(v.code)} (codes are case-sensitive)`);
    const ops = createCompanyOpsRepo(tx);
    const same = await ops.siteNamed(company.id, v.site.name);
    if (same) {
      throw refuse(
        `company ${company.id} (${oneLine(company.name)}) has a job site named '${oneLine(same.name)}' already (id ${same.id})`,
      );
    }
    const modules = (await createCompaniesRepo(tx).listModules(company.id, true)).map(
      (m) => m.module_type as ModuleType,
    );
    if (modules.length === 0) throw refuse(`company ${company.id} has no active module to make a project of`);
    const site = await insertSiteWithProjects(tx, company.id, v.site, modules, now);
    const people = createUsersRepo(tx);
    const admins = (await people.listLive(company.id)).filter(
      (u) => u.account_type === 'ADMIN' && u.is_active === 1,
    );
    for (const admin of admins) await people.insertGrant(admin.id, site.id, MEMBER_ROLES.ADMIN);
    await people.audit(
      admins.map((admin) => ({
        companyId: company.id,
        actorUserId: null,
        targetUserId: admin.id,
        operation: 'GRANT' as const,
        tenantGroupId: site.id,
        detail: `access ${MEMBER_ROLES.ADMIN} (operator command)`,
      })),
      now,
    );
    return { companyId: company.id, companyName: company.name, site, admins: admins.map((a) => a.username) };
  });
}

/** Every company with its number of users (deleted ones left out), oldest first. */
export async function listCompanies(db: Kysely<Database>) {
  const rows = await createCompanyOpsRepo(db).listWithUsers();
  return rows.map((r) => ({ id: r.id, name: r.name, code: r.auth_code, users: Number(r.users) }));
}
