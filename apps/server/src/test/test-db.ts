import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, openDb } from '../db/index.ts';
import { migrateToLatest } from '../db/migrations.ts';

/** Where the PostgreSQL test databases are created (trust auth on the local server). */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDb extends Db {
  url: string;
  /** Closes and deletes the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: SQLite in a temp folder when TEST_DB is sqlite
 * (the default), or a new PostgreSQL database `sitepulse_test_<random>` when TEST_DB=postgres.
 */
export async function createTestDb(): Promise<TestDb> {
  const db = await createBlankDb();
  await migrateToLatest(db.db, db.dialect);
  return db;
}

/** The same, with no migration run: for tests of a migration. */
export async function createBlankDb(): Promise<TestDb> {
  if (process.env.TEST_DB !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'sitepulse-test-'));
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
