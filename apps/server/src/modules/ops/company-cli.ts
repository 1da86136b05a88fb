/**
 * The operator's company command (docs/deploy.md, "First company"; docs/decisions/operator-company.md):
 *
 *   npm run company -- create --name <name> --code <5 letters or digits> --admin-email <e-mail> [options]
 *   npm run company -- add-site --code <code> --site <name> [job-site options]
 *   npm run company -- reinvite --code <code> --username <username>
 *   npm run company -- list
 *   npm run company -- help
 *
 * The database is the server's (DATABASE_URL as config.ts reads it), and e-mailed links start with its
 * PUBLIC_URL and go out through its SMTP_URL: run it with the service's settings. `create` first brings the
 * database to this version, as the server does on start, so it also works before the first start.
 * Exit codes: 0 done, 1 refused or failed (one line on stderr saying why), 2 usage.
 */
import { pathToFileURL } from 'node:url';
import { type Config, loadConfig } from '../../config.ts';
import { type Db, openDb } from '../../db/index.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { createMailService } from '../mail/service.ts';
import { OpsError } from './backup.ts';
import type { Output } from './backup-cli.ts';
import {
  ADDRESS_MAX,
  addSite,
  COMPANY_TIERS,
  type CompanyArgs,
  checkCompany,
  checkSite,
  createCompany,
  type Delivery,
  type Invited,
  listCompanies,
  reinviteUser,
  SITE_NAME_MAX,
  type SiteArgs,
} from './company.ts';

export const USAGE =
  'usage: npm run company -- create --name <name> --code <code> --admin-email <e-mail> [--admin-username <u>] ' +
  '[--admin-first-name <n>] [--admin-last-name <n>] [--language en|es] [--units Metric|Imperial] ' +
  `[--tier ${COMPANY_TIERS.join('|')}] [--modules Concrete,Lumimon,Lumitrack] [--storage-mb <n>] ` +
  '[--lumitrack-ids <n>] [--retention-days <n>] [--disable-strength] [--site <name>] ' +
  '[--site-type construction|precast] [--address <text>] [--latitude <deg> --longitude <deg>] ' +
  '[--time-zone <IANA zone>]  |  npm run company -- add-site --code <code> --site <name> ' +
  '[--site-type construction|precast] [--address <text>] [--latitude <deg> --longitude <deg>] ' +
  '[--time-zone <IANA zone>]  |  npm run company -- reinvite --code <code> --username <username>  |  ' +
  'npm run company -- list';

/** The options of `create`: each names its field of CompanyArgs; flags take no value. */
const CREATE_OPTIONS: Record<string, keyof CompanyArgs> = {
  '--name': 'name',
  '--code': 'code',
  '--admin-email': 'adminEmail',
  '--admin-username': 'adminUsername',
  '--admin-first-name': 'adminFirstName',
  '--admin-last-name': 'adminLastName',
  '--language': 'language',
  '--units': 'units',
  '--tier': 'tier',
  '--modules': 'modules',
  '--storage-mb': 'storageMb',
  '--lumitrack-ids': 'lumitrackIds',
  '--retention-days': 'retentionDays',
  '--site': 'site',
  '--site-type': 'siteType',
  '--address': 'address',
  '--latitude': 'latitude',
  '--longitude': 'longitude',
  '--time-zone': 'timeZone',
};
const CREATE_FLAGS: Record<string, keyof CompanyArgs> = { '--disable-strength': 'disableStrength' };
const REINVITE_OPTIONS = { '--code': 'code', '--username': 'username' } as const;
/** The options of `add-site`: the company's code and the job-site options of `create`. */
const ADD_SITE_OPTIONS: Record<string, string> = {
  '--code': 'code',
  '--site': 'site',
  '--site-type': 'siteType',
  '--address': 'address',
  '--latitude': 'latitude',
  '--longitude': 'longitude',
  '--time-zone': 'timeZone',
};
/** The longest value an option takes (the longest text any of them keeps, with room to be refused clearly). */
const VALUE_MAX = Math.max(SITE_NAME_MAX, ADDRESS_MAX) * 4;

/** A usage error: one line, exit 2. */
const usage = (message: string) => new OpsError(`${message} (npm run company -- help shows the options)`, 2);

/**
 * `--option value` or `--option=value` pairs, each option at most once, and flags; anything else is a usage
 * error. Answers the values by field name.
 */
export function parseOptions(
  args: string[],
  options: Record<string, string>,
  flags: Record<string, string> = {},
): Record<string, string | true> {
  const known = (name: string) => Object.hasOwn(options, name) || Object.hasOwn(flags, name);
  const out: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (!known(name)) throw usage(`unknown argument '${arg.slice(0, 60).replace(/\s+/g, ' ')}'`);
    const field = options[name] ?? flags[name];
    if (Object.hasOwn(out, field)) throw usage(`${name} is given twice`);
    if (Object.hasOwn(flags, name)) {
      if (name !== arg) throw usage(`${name} takes no value`);
      out[field] = true;
      continue;
    }
    const value = name !== arg ? arg.slice(eq + 1) : args[++i];
    if (value === undefined || (name === arg && known(value))) throw usage(`${name} needs a value`);
    if (value.length > VALUE_MAX) throw new OpsError(`${name} is longer than ${VALUE_MAX} characters`, 1);
    out[field] = value;
  }
  return out;
}

function required(values: Record<string, string | true>, fields: Record<string, string>): void {
  const missing = Object.entries(fields)
    .filter(([, field]) => values[field] === undefined)
    .map(([option]) => option);
  if (missing.length > 0) throw usage(`missing ${missing.join(', ')}`);
}

const deliveryLine = (email: string, d: Delivery) =>
  d.state === 'sent'
    ? `e-mail: the invitation was handed to the mail server for ${email}`
    : d.state === 'outbox'
      ? `e-mail: SMTP_URL is not set, so the invitation waits in the outbox: give ${email} the link below yourself`
      : `e-mail: the invitation to ${email} was NOT delivered (${d.error}): give them the link below yourself`;

const linkLine = (i: Invited) =>
  `create-password link for ${i.username} (works once, within ${i.validDays} days; shown only now): ${i.link}`;

/** Opens the server's database (its config), runs `fn`, closes it. */
async function withDatabase<T>(env: NodeJS.ProcessEnv, fn: (store: Db, config: Config) => Promise<T>) {
  const config = loadConfig(env);
  const store = openDb(config.databaseUrl);
  try {
    return await fn(store, config);
  } finally {
    await store.close();
  }
}

const mailOf = (store: Db, config: Config) =>
  createMailService({ db: store.db, smtpUrl: config.smtpUrl, from: config.mailFrom });

/** `list`: a table of every company (id, name, code, users). */
async function list(store: Db, out: Output): Promise<void> {
  const tables = await store.db.introspection.getTables();
  const rows = tables.some((t) => t.name === 'company') ? await listCompanies(store.db) : [];
  if (rows.length === 0) {
    out.log('no companies yet: make one with npm run company -- create');
    return;
  }
  const table = [
    ['id', 'name', 'code', 'users'],
    ...rows.map((r) => [String(r.id), r.name.replace(/\s+/g, ' '), r.code, String(r.users)]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) {
    out.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
  }
}

/** Runs one command (`create`, `add-site`, `reinvite`, `list` or `help` with its options); answers the exit code. */
export async function runCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: Output = console,
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'help' || command === '--help') {
      out.log(USAGE);
      return 0;
    }
    if (command === 'list') {
      if (rest.length > 0) throw usage('list takes no arguments');
      await withDatabase(env, (store) => list(store, out));
      return 0;
    }
    if (command === 'create') {
      const values = parseOptions(rest, CREATE_OPTIONS, CREATE_FLAGS);
      required(values, { '--name': 'name', '--code': 'code', '--admin-email': 'adminEmail' });
      const company = checkCompany(values as unknown as CompanyArgs);
      const r = await withDatabase(env, async (store, config) => {
        await migrateToLatest(store.db, store.dialect);
        return createCompany(store, mailOf(store, config), company, config.publicUrl);
      });
      out.log(
        `company: created ${r.name} (id ${r.companyId}, code ${r.code}, tier ${r.tier}, ` +
          `modules ${r.modules.join(', ')})`,
      );
      out.log(
        `job site: ${r.site.name} (id ${r.site.id}, ${r.site.type}, time zone ${r.site.timeZone}) with the ` +
          `project${r.site.projects.length > 1 ? 's' : ''} ${r.site.projects.join(', ')}`,
      );
      out.log(
        `admin: ${r.admin.username} <${r.admin.email}> invited as company admin and admin of the job site`,
      );
      out.log(deliveryLine(r.admin.email, r.admin.delivery));
      out.log(linkLine(r.admin));
      return 0;
    }
    if (command === 'add-site') {
      const values = parseOptions(rest, ADD_SITE_OPTIONS);
      required(values, { '--code': 'code', '--site': 'site' });
      const site = checkSite(values as SiteArgs);
      const r = await withDatabase(env, async (store) => {
        await migrateToLatest(store.db, store.dialect);
        return addSite(store, { code: String(values.code), site });
      });
      out.log(
        `job site: ${r.site.name} (id ${r.site.id}, ${r.site.type}, time zone ${r.site.timeZone}) added to ` +
          `${r.companyName} (id ${r.companyId}) with the project${r.site.projects.length > 1 ? 's' : ''} ` +
          r.site.projects.join(', '),
      );
      out.log(
        r.admins.length > 0
          ? `admins of the job site: ${r.admins.join(', ')} (the company admins); they grant it to others in User Management`
          : 'admins of the job site: none: the company has no active company admin, so nobody sees it yet',
      );
      return 0;
    }
    if (command === 'reinvite') {
      const values = parseOptions(rest, REINVITE_OPTIONS);
      required(values, REINVITE_OPTIONS);
      const who = { code: String(values.code), username: String(values.username) };
      const r = await withDatabase(env, (store, config) =>
        reinviteUser(store.db, mailOf(store, config), who, config.publicUrl),
      );
      out.log(
        `reinvite: a new create-password link for ${r.username} of ${r.companyName}; earlier ones no longer work`,
      );
      out.log(deliveryLine(r.email, r.delivery));
      out.log(linkLine(r));
      return 0;
    }
    throw usage(command === undefined ? 'no command' : `unknown command '${command.slice(0, 60)}'`);
  } catch (e) {
    if (e instanceof OpsError) {
      out.error(`company: ${e.message}`);
      return e.exitCode;
    }
    out.error(`company ${command ?? ''} failed: ${(e as Error).message}`.replace(/\s*\n\s*/g, ' '));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCommand(process.argv.slice(2));
}
