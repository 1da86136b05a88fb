import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { REPO_ROOT } from '../../config.ts';
import { type Db, openDb } from '../../db/index.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { DEMO } from '../../demo/seed.ts';
import { addSiteData, OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { addGateway, addNode, projectOf } from '../../test/sensor-fixtures.ts';
import { signIn, testConfig, useTestApp } from '../../test/test-app.ts';
import { PG_ADMIN_URL } from '../../test/test-db.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { runCommand } from './backup-cli.ts';

/**
 * Backups (issue 17, "Data that grows for years"): a database made through the app, backed up while the
 * app is open, restored into a fresh database, compared table by table and row by row; a backup taken by
 * the operator's command while ingest writes restores to a consistent database; restores refuse a
 * database that is not empty unless --force. Runs on SQLite and on PostgreSQL (TEST_DB).
 */

const postgres = process.env.TEST_DB === 'postgres';
const HOUR = 3_600_000;
const T0 = Math.floor((Date.now() - 10 * 24 * HOUR) / HOUR) * HOUR;
const dir = mkdtempSync(join(tmpdir(), 'sitepulse-backup-'));

/** A fresh, empty database of the dialect under test (nothing migrated into it). */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgres) {
    const path = join(dir, `restored-${randomBytes(4).toString('hex')}.db`);
    return { url: `sqlite:${path}`, drop: async () => rmSync(path, { force: true }) };
  }
  const name = `sitepulse_restore_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The tables of a database, from its catalog. */
async function tablesOf(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(db.db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db.db);
  return rows.rows.map((r) => r.name).sort();
}

interface Snapshot {
  /** tables, columns, indexes, constraints, triggers as the catalog describes them */
  schema: string[];
  /** every row of every table, each as JSON, sorted */
  rows: Record<string, string[]>;
  /** PostgreSQL sequences (SQLite keeps them in the sqlite_sequence table, compared with the rows) */
  sequences: Record<string, number | null>;
}

async function snapshot(db: Db): Promise<Snapshot> {
  let schema: string[];
  const sequences: Record<string, number | null> = {};
  if (db.dialect === 'postgres') {
    const columns = await sql<Record<string, unknown>>`SELECT table_name, column_name, data_type, is_nullable,
        column_default, ordinal_position FROM information_schema.columns WHERE table_schema = 'public'`.execute(
      db.db,
    );
    const indexes = await sql<Record<string, unknown>>`SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public'`.execute(db.db);
    const constraints = await sql<Record<string, unknown>>`SELECT conrelid::regclass::text AS tbl, conname,
        pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = 'public'::regnamespace`.execute(
      db.db,
    );
    const triggers = await sql<Record<string, unknown>>`SELECT tgrelid::regclass::text AS tbl, tgname
        FROM pg_trigger WHERE NOT tgisinternal`.execute(db.db);
    schema = [...columns.rows, ...indexes.rows, ...constraints.rows, ...triggers.rows]
      .map((r) => JSON.stringify(r))
      .sort();
    const seqs = await sql<{
      name: string;
      last_value: number | null;
    }>`SELECT sequencename AS name, last_value
        FROM pg_sequences WHERE schemaname = 'public'`.execute(db.db);
    for (const s of seqs.rows) sequences[s.name] = s.last_value;
  } else {
    const master = await sql<
      Record<string, unknown>
    >`SELECT type, name, tbl_name, sql FROM sqlite_master`.execute(db.db);
    schema = master.rows.map((r) => JSON.stringify(r)).sort();
  }
  const rows: Record<string, string[]> = {};
  for (const table of await tablesOf(db)) {
    const r = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db.db);
    rows[table] = r.rows.map((row) => JSON.stringify(row)).sort();
  }
  return { schema, rows, sequences };
}

/** The operator's command, as `npm run backup|restore -- <args>` runs it (or through npm itself). */
function command(
  args: string[],
  databaseUrl: string,
  opts: { npm?: boolean } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [verb, ...rest] = args;
  const child = opts.npm
    ? spawn('npm', ['run', '--silent', verb, '--', ...rest], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl },
      })
    : spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/modules/ops/backup-cli.ts', ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl },
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

const count = async (db: Db, table: 'company' | 'reading') =>
  Number(
    (
      await db.db
        .selectFrom(table)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`backup and restore (${postgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  const ctx = useTestApp();
  const dropLater: (() => Promise<void>)[] = [];
  let gatewayKey: string;
  let site: { tenantGroupId: number; tenantId: number };
  let restoredUrl: string;

  const ingest = (readings: object[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${gatewayKey}` },
      payload: { readings },
    });

  beforeAll(async () => {
    // Two companies, their sites, users and nodes; a gateway; a maturity job started through the API;
    // two days of readings through ingest (sensors, hourly rollups, maturity); a report request; sessions.
    await seedOtherCompany(ctx.db.db);
    site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    const x = await addSiteData(ctx.db.db, { companyId: ctx.companyId, siteId: site.tenantGroupId, ...site });
    gatewayKey = (await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId)).key;
    const admin = await signIn(ctx);
    await signIn(
      ctx,
      OTHER.username,
      OTHER.password,
      (
        await ctx.db.db
          .selectFrom('company')
          .select('id')
          .where('auth_code', '=', OTHER.authCode)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const job = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/concrete/maturity/jobs',
      headers: admin.headers,
      payload: {
        tenantId: site.tenantId,
        nodeId: x.spareNodeId,
        channelJobName: 'Backup pour',
        concreteProfileId: x.profileId,
        singularTargetedStrength: 12,
        startDate: T0,
      },
    });
    expect(job.statusCode, job.body).toBe(200);
    const readings = Array.from({ length: 48 * 4 }, (_, i) => ({
      nodeId: x.spareNodeId,
      channelId: 1,
      sensorType: 'Temperature',
      ts: T0 + i * 15 * 60_000,
      value: Math.round((10 + 15 * Math.exp(-(((i - 60) / 40) ** 2))) * 100) / 100,
    }));
    for (let i = 0; i < readings.length; i += 48) {
      const res = await ingest(readings.slice(i, i + 48));
      expect(res.json()).toMatchObject({ accepted: 48 });
    }
    const report = await ctx.app.inject({
      method: 'POST',
      url: `/api/analytics/report/requests/msj/by_job?tenant=${site.tenantGroupId}`,
      headers: admin.headers,
      payload: { type: 'RAW_DATA_CSV', attributes: { sensorIds: [x.temperatureSensorId] } },
    });
    expect(report.statusCode, report.body).toBe(201);
  });

  afterAll(async () => {
    for (const drop of dropLater) await drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores a backup taken while the app is open into a fresh database: every table, row by row', async () => {
    const before = await snapshot(ctx.db);
    // What the data has, so the comparison below compares something.
    for (const table of [
      'company',
      'app_user',
      'reading',
      'reading_hour',
      'maturity_state',
      'job',
      'report_request',
    ])
      expect(before.rows[table]?.length ?? 0, table).toBeGreaterThan(0);
    expect(before.rows.company.length).toBeGreaterThanOrEqual(2);

    const file = join(dir, 'open.backup');
    const made = await backupDatabase(ctx.db.url, file);
    expect(made.bytes).toBeGreaterThan(0);
    // Only its owner may read a backup: it holds password hashes and the signing secret.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((f) => f.includes('.partial-'))).toEqual([]);
    // The app stayed open and nothing wrote meanwhile: the source is what the backup should hold.
    const source = await snapshot(ctx.db);
    expect(source).toEqual(before);

    const target = await emptyDatabase();
    dropLater.push(target.drop);
    restoredUrl = target.url;
    await restoreDatabase(target.url, file);
    const restored = openDb(target.url);
    try {
      const copy = await snapshot(restored);
      expect(Object.keys(copy.rows)).toEqual(Object.keys(source.rows));
      expect(copy.schema).toEqual(source.schema);
      for (const table of Object.keys(source.rows))
        expect(copy.rows[table], table).toEqual(source.rows[table]);
      expect(copy.sequences).toEqual(source.sequences);

      // A server on the restored database: nothing to migrate, signs people in, and new rows get new ids.
      await migrateToLatest(restored.db, restored.dialect);
      expect(await snapshot(restored)).toEqual(copy);
      const app = await buildApp({ config: testConfig(), db: restored, logger: false });
      try {
        await app.ready();
        await signIn({ ...ctx, app });
        const maxId = Math.max(...source.rows.company.map((r) => (JSON.parse(r) as { id: number }).id));
        const { id } = await restored.db
          .insertInto('company')
          .values({ name: 'After restore', auth_code: 'AFTR1', created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(id).toBeGreaterThan(maxId);
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore over a database that is not empty, in one line, unless --force', async () => {
    const file = join(dir, 'open.backup');
    const refused = await command(['restore', file], restoredUrl, { npm: true });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(
      /^restore: the database .* is not empty \(\d+ (tables|relations)\); .*--force/,
    );
    expect(refused.stderr).not.toMatch(/at .*\.ts:\d+/);
    // Nothing changed: the company added after the restore is still there.
    const db = openDb(restoredUrl);
    try {
      const companies = await count(db, 'company');
      expect(
        await db.db.selectFrom('company').select('id').where('auth_code', '=', 'AFTR1').execute(),
      ).toHaveLength(1);
      const forced = await command(['restore', file, '--force'], restoredUrl);
      expect(forced.stderr).toBe('');
      expect(forced.code).toBe(0);
      expect(forced.stdout).toMatch(/^restore: .* -> (sqlite|postgres) database /);
      // --force replaced everything: the backup's rows, without the company added after it.
      expect(await count(db, 'company')).toBe(companies - 1);
      expect((await snapshot(db)).rows.company).toEqual((await snapshot(ctx.db)).rows.company);
    } finally {
      await db.close();
    }
  });

  it('refuses a file that is not a backup of this dialect, an existing backup file, and bad usage', async () => {
    const notBackup = join(dir, 'notes.txt');
    writeFileSync(notBackup, 'hello, not a database');
    const other = join(dir, 'other-kind.backup');
    writeFileSync(other, postgres ? 'SQLite format 3\u0000rest' : 'PGDMP\u0001\u000e\u0000rest');
    const target = await emptyDatabase();
    dropLater.push(target.drop);
    const cases: [string[], number, RegExp][] = [
      [['restore', notBackup], 1, /is not a Sitepulse backup/],
      [
        ['restore', other],
        1,
        /is a (SQLite|PostgreSQL) backup but DATABASE_URL names a (PostgreSQL|SQLite) database/,
      ],
      [['restore', join(dir, 'missing.backup')], 1, /^restore: no file at /],
      [['backup', join(dir, 'open.backup')], 1, /already exists; choose another file, or add --force/],
      [['restore'], 2, /^usage: /],
      [['backup', 'a', 'b'], 2, /^usage: /],
      [['copy', 'a'], 2, /^usage: /],
    ];
    // In this process (the command's own function): the refusal of the spawned command is tested above.
    for (const [args, code, message] of cases) {
      const lines: string[] = [];
      const out = { log: (l: string) => lines.push(`out: ${l}`), error: (l: string) => lines.push(l) };
      expect(await runCommand(args, { ...process.env, DATABASE_URL: target.url }, out), args.join(' ')).toBe(
        code,
      );
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0], args.join(' ')).toMatch(message);
    }
    // The refused restores left the target empty (PostgreSQL) or not made at all (SQLite).
    if (postgres) {
      const db = openDb(target.url);
      try {
        expect(await tablesOf(db)).toEqual([]);
      } finally {
        await db.close();
      }
    } else {
      expect(existsSync(target.url.slice('sqlite:'.length))).toBe(false);
    }
  });

  it('restores a backup taken by the command while ingest is writing to a consistent database', async () => {
    const nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    const CHANNELS = 8;
    const batch = (k: number) =>
      Array.from({ length: CHANNELS }, (_, c) => ({
        nodeId,
        channelId: c + 1,
        sensorType: 'Temperature',
        ts: T0 + k * 60_000,
        value: 10 + ((k + c) % 50) / 10,
      }));
    // A few batches before, so the node's sensors exist; then the backup starts and ingest keeps writing
    // until the command has exited (bounded: at most 9,000 batches, 9,000 minutes after T0).
    let k = 0;
    for (; k < 5; k++) expect((await ingest(batch(k))).json()).toMatchObject({ accepted: CHANNELS });
    const readingsBefore = await count(ctx.db, 'reading');
    const file = join(dir, 'busy.backup');
    let finished = false;
    const backup = command(['backup', file], ctx.db.url).finally(() => {
      finished = true;
    });
    while (!finished && k < 9_000) {
      const res = await ingest(batch(k));
      expect(res.json()).toMatchObject({ accepted: CHANNELS });
      k++;
    }
    const made = await backup;
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const readingsAfter = await count(ctx.db, 'reading');

    const target = await emptyDatabase();
    dropLater.push(target.drop);
    const restoredRun = await command(['restore', file], target.url);
    expect(restoredRun.code, restoredRun.stderr).toBe(0);
    const db = openDb(target.url);
    try {
      // Taken while ingest wrote: it holds more than before the command started and less than at its end.
      const readings = await count(db, 'reading');
      expect(readings).toBeGreaterThan(readingsBefore);
      expect(readings).toBeLessThan(readingsAfter);
      // Each batch is there whole or not at all, and the batches there are the first m ones sent.
      const rows = await db.db
        .selectFrom('reading as r')
        .innerJoin('sensor as s', 's.id', 'r.sensor_id')
        .select(['r.ts', 's.channel_id', 'r.sensor_id'])
        .where('s.node_id', '=', nodeId)
        .execute();
      const perBatch = new Map<number, number>();
      for (const r of rows) perBatch.set(r.ts, (perBatch.get(r.ts) ?? 0) + 1);
      const m = perBatch.size;
      expect(m).toBeGreaterThan(5);
      expect([...perBatch.values()].every((n) => n === CHANNELS)).toBe(true);
      expect([...perBatch.keys()].sort((a, b) => a - b)).toEqual(
        Array.from({ length: m }, (_, i) => T0 + i * 60_000),
      );
      // The hourly rollups agree with the readings they sum up.
      const hours = await db.db
        .selectFrom('reading_hour as h')
        .innerJoin('sensor as s', 's.id', 'h.sensor_id')
        .select(['h.sensor_id', 'h.hour', 'h.n'])
        .where('s.node_id', '=', nodeId)
        .execute();
      const counted = new Map<string, number>();
      for (const r of rows) {
        const key = `${r.sensor_id}@${Math.floor(r.ts / HOUR) * HOUR}`;
        counted.set(key, (counted.get(key) ?? 0) + 1);
      }
      expect(new Map(hours.map((h) => [`${h.sensor_id}@${h.hour}`, Number(h.n)]))).toEqual(counted);
      // Every reference holds (PostgreSQL checked each constraint as pg_restore made it).
      if (db.dialect === 'sqlite') {
        expect((await sql`PRAGMA foreign_key_check`.execute(db.db)).rows).toEqual([]);
        expect((await sql`PRAGMA integrity_check`.execute(db.db)).rows).toEqual([{ integrity_check: 'ok' }]);
      }
    } finally {
      await db.close();
    }
  });
});
