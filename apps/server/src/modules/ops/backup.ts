import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sqlitePath } from '../../config.ts';
import { dialectOf } from '../../db/index.ts';

/**
 * Backups and restores of the server's database (issue 17, docs/decisions/backups.md, docs/deploy.md).
 *
 * - SQLite: SQLite's online backup API (better-sqlite3 `backup()`), copying every page in one step, so the
 *   copy is one read transaction's snapshot; under WAL the server keeps writing meanwhile. The file is a
 *   plain SQLite database (journal mode DELETE), checked with `PRAGMA quick_check` before it is kept.
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot), restored by `pg_restore` in one transaction.
 *
 * A restore goes into an empty database only, unless `force` (then everything in it is replaced). A backup
 * never overwrites a file unless `force`. Files are written beside the target as `<file>.partial-<pid>`,
 * readable by their owner only (a backup holds password hashes and the server's signing secret), and
 * renamed into place once complete: a failed backup leaves no file that looks like one.
 */

/** A refusal or failure said in one line (the CLI prints the message and exits with `exitCode`). */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

export interface OpsResult {
  dialect: 'sqlite' | 'postgres';
  /** the database, without its password */
  database: string;
  file: string;
  bytes: number;
  ms: number;
}

export interface OpsOptions {
  /** backup: overwrite an existing file; restore: replace everything in a database that is not empty */
  force?: boolean;
}

/** A URL or path with its password left out, for messages. */
export function safeDatabaseName(databaseUrl: string): string {
  if (dialectOf(databaseUrl) !== 'postgres') return databaseUrl;
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

const SQLITE_MAGIC = 'SQLite format 3\u0000';
const PGDUMP_MAGIC = 'PGDMP';

/** What kind of backup a file is, from its first bytes. */
function kindOf(file: string): 'sqlite' | 'postgres' | undefined {
  const buf = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buf, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  const head = buf.toString('latin1');
  if (head === SQLITE_MAGIC) return 'sqlite';
  if (head.startsWith(PGDUMP_MAGIC)) return 'postgres';
  return undefined;
}

/** A new, empty file readable by its owner only, where the backup is written before it is renamed. */
function partialFile(file: string): string {
  const partial = `${file}.partial-${process.pid}`;
  closeSync(openSync(partial, 'wx', 0o600));
  return partial;
}

/** Backs up the database of `databaseUrl` into `file` (see the module comment). */
export async function backupDatabase(
  databaseUrl: string,
  file: string,
  opts: OpsOptions = {},
): Promise<OpsResult> {
  const started = Date.now();
  const dialect = dialectOf(databaseUrl);
  if (existsSync(file) && !opts.force) {
    throw new OpsError(`backup: ${file} already exists; choose another file, or add --force to overwrite it`);
  }
  const partial = partialFile(file);
  try {
    if (dialect === 'sqlite') await backupSqlite(databaseUrl, partial);
    else await runPgTool('pg_dump', databaseUrl, ['--format=custom', `--file=${partial}`]);
    renameSync(partial, file);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  return {
    dialect,
    database: safeDatabaseName(databaseUrl),
    file,
    bytes: statSync(file).size,
    ms: Date.now() - started,
  };
}

/** Restores `file` (a backup of the same dialect) into the database of `databaseUrl`. */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  opts: OpsOptions = {},
): Promise<OpsResult> {
  const started = Date.now();
  const dialect = dialectOf(databaseUrl);
  if (!existsSync(file) || !statSync(file).isFile()) throw new OpsError(`restore: no file at ${file}`);
  const kind = kindOf(file);
  if (kind === undefined) {
    throw new OpsError(
      `restore: ${file} is not a Sitepulse backup (neither a SQLite database nor a pg_dump file)`,
    );
  }
  if (kind !== dialect) {
    throw new OpsError(
      `restore: ${file} is a ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup but DATABASE_URL names a ${
        dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'
      } database; restore it into one of its own kind`,
    );
  }
  if (dialect === 'sqlite') await restoreSqlite(databaseUrl, file, opts);
  else await restorePostgres(databaseUrl, file, opts);
  return {
    dialect,
    database: safeDatabaseName(databaseUrl),
    file,
    bytes: statSync(file).size,
    ms: Date.now() - started,
  };
}

// --------------------------------------------------------------------------------------------- SQLite

function sqliteFile(databaseUrl: string): string {
  const path = sqlitePath(databaseUrl);
  if (path === ':memory:')
    throw new OpsError('DATABASE_URL names an in-memory database: there is nothing to back up');
  return path;
}

/** The tables of a SQLite database (its own `sqlite_%` tables left out). */
const sqliteTableCount = (db: SQLite.Database) =>
  Number(
    (
      db
        .prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .get() as {
        n: number;
      }
    ).n,
  );

function quickCheck(db: SQLite.Database, what: string) {
  const rows = db.pragma('quick_check') as { quick_check: string }[];
  if (rows.length !== 1 || rows[0].quick_check !== 'ok') {
    throw new OpsError(`${what} fails SQLite's quick_check: ${rows[0]?.quick_check ?? 'no answer'}`);
  }
}

async function backupSqlite(databaseUrl: string, partial: string): Promise<void> {
  const path = sqliteFile(databaseUrl);
  if (!existsSync(path)) throw new OpsError(`backup: no SQLite database at ${path}`);
  const source = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in one step: one read transaction, so one consistent snapshot however busy the writer.
    await source.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    // One self-contained file (a WAL-mode copy would need its -wal and -shm files beside it).
    copy.pragma('journal_mode = DELETE');
    quickCheck(copy, 'backup: the copy');
  } finally {
    copy.close();
  }
}

async function restoreSqlite(databaseUrl: string, file: string, opts: OpsOptions): Promise<void> {
  const path = sqliteFile(databaseUrl);
  const backup = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    quickCheck(backup, `restore: ${file}`);
    if (existsSync(path)) {
      const target = new SQLite(path, { fileMustExist: true });
      try {
        const n = sqliteTableCount(target);
        if (n > 0 && !opts.force) {
          throw new OpsError(
            `restore: the database at ${path} is not empty (${n} table${n === 1 ? '' : 's'}); restore into an empty database, or add --force to replace everything in it`,
          );
        }
      } finally {
        target.close();
      }
    }
    // SQLite's backup API into the target: written through SQLite, so its journal stays right.
    await backup.backup(path, { progress: () => 0x7fffffff });
  } finally {
    backup.close();
  }
  const restored = new SQLite(path, { fileMustExist: true });
  try {
    quickCheck(restored, 'restore: the restored database');
  } finally {
    restored.close();
  }
}

// ----------------------------------------------------------------------------------------- PostgreSQL

/**
 * The connection of a pg tool: the URL without its password on the command line (any user of the machine
 * may read a command line), the password in PGPASSWORD.
 */
function pgToolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

/** Runs pg_dump or pg_restore; a failure becomes one line: the tool's last line of error output. */
function runPgTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  const { dbname, env } = pgToolConnection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, '--no-password', `--dbname=${dbname}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // The last few kB are enough to say what went wrong.
      stderr = (stderr + chunk).slice(-8192);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        new OpsError(
          err.code === 'ENOENT'
            ? `${tool} is not installed (install the PostgreSQL client of the server's major version or newer)`
            : `${tool} could not start: ${err.message}`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const last =
        stderr
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .at(-1) ?? `exited with ${signal ?? code}`;
      reject(new OpsError(`${tool} failed: ${last}`));
    });
  });
}

/** Relations (tables, views, sequences...) outside PostgreSQL's own schemas. */
const USER_RELATIONS = `SELECT COUNT(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
  WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_%'
    AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`;
/** Schemas outside PostgreSQL's own. */
const USER_SCHEMAS = `SELECT nspname AS name FROM pg_namespace
  WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'`;

async function restorePostgres(databaseUrl: string, file: string, opts: OpsOptions): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (e) {
    throw new OpsError(
      `restore: cannot connect to ${safeDatabaseName(databaseUrl)}: ${(e as Error).message}`,
    );
  }
  try {
    const n = (await client.query<{ n: number }>(USER_RELATIONS)).rows[0].n;
    if (n > 0 && !opts.force) {
      throw new OpsError(
        `restore: the database ${safeDatabaseName(databaseUrl)} is not empty (${n} relation${n === 1 ? '' : 's'}); restore into an empty database (createdb), or add --force to replace everything in it`,
      );
    }
    if (n > 0) {
      // --force: everything of ours goes, in one transaction, then the dump comes back in another.
      const schemas = (await client.query<{ name: string }>(USER_SCHEMAS)).rows.map((r) => r.name);
      await client.query('BEGIN');
      for (const s of schemas) await client.query(`DROP SCHEMA ${pg.escapeIdentifier(s)} CASCADE`);
      await client.query('CREATE SCHEMA public');
      await client.query('COMMIT');
    }
    // Objects belong to the user of DATABASE_URL (--no-owner, --no-privileges): the dump may come from a
    // server whose roles differ. One transaction: a failed restore leaves nothing half restored.
    await runPgTool('pg_restore', databaseUrl, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      file,
    ]).catch((e: Error) => {
      throw n > 0 ? new OpsError(`${e.message} (--force had emptied the database: it is empty now)`) : e;
    });
    // A restored database has no planner statistics until autovacuum gets to it.
    await client.query('ANALYZE');
  } finally {
    await client.end().catch(() => undefined);
  }
}
