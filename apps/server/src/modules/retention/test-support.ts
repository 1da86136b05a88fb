import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { type Db, openDb } from '../../db/index.ts';
import { migrations } from '../../db/migrations.ts';
import { PG_ADMIN_URL, type TestDb } from '../../test/test-db.ts';

/** A fresh database of the test's dialect (TEST_DB) with no migration run: for tests of a migration. */
export async function createBlankDb(): Promise<TestDb> {
  if (process.env.TEST_DB !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'sitepulse-retention-'));
    const url = `sqlite:${join(dir, 'test.db')}`;
    const db = openDb(url);
    return {
      ...db,
      url,
      async destroy() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `sitepulse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openDb(url.toString());
  return {
    ...db,
    url: url.toString(),
    async destroy() {
      await db.close();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Migrates the database up to (and including) the named migration. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({
    db: db.db,
    provider: { getMigrations: async () => migrations(db.dialect) },
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** The number of rows of `reading` and a SHA-256 over all of them in key order. */
export async function readingChecksum(db: Db): Promise<{ n: number; sha: string }> {
  const rows = await sql<{ sensor_id: number; ts: number; value: number }>`
    SELECT sensor_id, ts, value FROM reading ORDER BY sensor_id, ts`.execute(db.db);
  const h = createHash('sha256');
  for (const r of rows.rows) h.update(`${r.sensor_id}:${Number(r.ts)}:${r.value};`);
  return { n: rows.rows.length, sha: h.digest('hex') };
}

/** Which table of `reading` holds each of these (sensor, ts) keys, on PostgreSQL. */
export async function partitionOf(db: Db, sensorId: number, ts: number): Promise<string | undefined> {
  const res = await sql<{ t: string }>`
    SELECT tableoid::regclass::text AS t FROM reading WHERE sensor_id = ${sensorId} AND ts = ${ts}`.execute(
    db.db,
  );
  return res.rows[0]?.t;
}
