import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { sqlitePath } from '../config.ts';
import type { Database } from './types.ts';

export type { Database } from './types.ts';
export type DialectName = 'sqlite' | 'postgres';

/** The driver under Kysely, for the few hot paths (ingest) that bypass the query builder. */
export type RawDriver =
  | { dialect: 'sqlite'; sqlite: SQLite.Database }
  | { dialect: 'postgres'; pool: pg.Pool };

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  raw: RawDriver;
  close(): Promise<void>;
}

// bigint (INT8, oid 20) holds epoch milliseconds and counts: parse to number (safe below 2^53).
pg.types.setTypeParser(20, (v: string) => Number(v));

export function dialectOf(databaseUrl: string): DialectName {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
}

/** Opens the database named by a DATABASE_URL (`sqlite:...` or `postgres://...`). */
export function openDb(databaseUrl: string): Db {
  const dialect = dialectOf(databaseUrl);
  let db: Kysely<Database>;
  let raw: RawDriver;
  if (dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    raw = { dialect, pool };
  } else {
    const sqlite = new SQLite(sqlitePath(databaseUrl));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // WAL with NORMAL sync is durable across process crashes (only an OS crash may lose the last commits).
    sqlite.pragma('synchronous = NORMAL');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    raw = { dialect, sqlite };
  }
  return { db, dialect, raw, close: () => db.destroy() };
}
