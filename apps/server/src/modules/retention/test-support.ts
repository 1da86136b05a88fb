import { createHash } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { migrations } from '../../db/migrations.ts';

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
