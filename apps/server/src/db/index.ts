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

const STATEMENT_CACHE_SIZE = 1000;

/**
 * The database as Kysely sees it, with prepared statements kept by SQL text: Kysely prepares every
 * query it runs, and preparing costs more than running a small indexed query. Our queries are
 * parameterised, so the texts are few; the cache is emptied if it ever grows past its size.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (source: string) => {
          let stmt = cache.get(source);
          // A statement still iterating (a streamed query) cannot run again: give that caller its own.
          if (stmt?.busy) return target.prepare(source);
          if (!stmt) {
            if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
            stmt = target.prepare(source);
            cache.set(source, stmt);
          }
          return stmt;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Opens the database named by a DATABASE_URL (`sqlite:...` or `postgres://...`); on PostgreSQL with a pool of
 * `poolMax` connections (DATABASE_POOL_MAX).
 */
export function openDb(databaseUrl: string, { poolMax = 10 }: { poolMax?: number } = {}): Db {
  const dialect = dialectOf(databaseUrl);
  let db: Kysely<Database>;
  let raw: RawDriver;
  if (dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
    // An idle client whose connection the server ends (restart, admin terminate) must not crash
    // the process: the pool drops it and connects afresh on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL: idle connection closed (${err.message})`));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    raw = { dialect, pool };
  } else {
    const sqlite = new SQLite(sqlitePath(databaseUrl));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // WAL with NORMAL sync is durable across process crashes (only an OS crash may lose the last commits).
    sqlite.pragma('synchronous = NORMAL');
    // Checkpoint the WAL every ~16 MB instead of every 4 MB: ingest dirties pages of several
    // tables per batch, and each checkpoint syncs the database file.
    sqlite.pragma('wal_autocheckpoint = 4000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    raw = { dialect, sqlite };
  }
  return { db, dialect, raw, close: () => db.destroy() };
}
