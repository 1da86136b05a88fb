import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, openDb } from '../../apps/server/src/db/index.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrations.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The PostgreSQL server benchmarks create their temporary databases on (trust auth). */
export const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDb extends Db {
  dialect: Dialect;
  url: string;
  /** the SQLite file (sqlite only) */
  file?: string;
  /** Closes and deletes the database (the temp folder, or DROP DATABASE). */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database: SQLite in a new temp folder, or a new PostgreSQL database
 * `sitepulse_bench_<random>` (dropped by destroy), as apps/server/src/test/test-db.ts makes them.
 * With keepFile (SQLite), that file is opened (made when missing) and kept.
 */
export async function createBenchDb(dialect: Dialect, opts: { keepFile?: string } = {}): Promise<BenchDb> {
  if (dialect === 'sqlite') {
    const dir = opts.keepFile ? undefined : mkdtempSync(join(tmpdir(), 'sitepulse-bench-'));
    const file = opts.keepFile ?? join(dir as string, 'bench.db');
    const url = `sqlite:${file}`;
    const db = openDb(url);
    await migrateToLatest(db.db, db.dialect);
    return {
      ...db,
      dialect,
      url,
      file,
      async destroy() {
        await db.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `sitepulse_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openDb(url.toString());
  try {
    await migrateToLatest(db.db, db.dialect);
  } catch (err) {
    await db.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw err;
  }
  return {
    ...db,
    dialect,
    url: url.toString(),
    async destroy() {
      await db.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** True when the PostgreSQL server answers. */
export async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Which dialects to run: BENCH_DIALECTS=sqlite,postgres (default both; postgres skipped when down). */
export async function dialectsToRun(defaults: Dialect[] = ['sqlite', 'postgres']): Promise<Dialect[]> {
  const wanted = (process.env.BENCH_DIALECTS?.split(',').map((s) => s.trim()) ?? defaults) as Dialect[];
  const out: Dialect[] = [];
  for (const d of wanted) {
    if (d !== 'sqlite' && d !== 'postgres') throw new Error(`BENCH_DIALECTS: unknown dialect ${d}`);
    if (d === 'postgres' && !(await postgresAvailable())) {
      console.log(`PostgreSQL at ${PG_ADMIN_URL} does not answer: skipped`);
      continue;
    }
    out.push(d);
  }
  return out;
}
