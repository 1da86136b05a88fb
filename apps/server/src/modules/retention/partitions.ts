import type pg from 'pg';

/**
 * The monthly partitions of `reading` on PostgreSQL (migration 019, docs/decisions/data-retention.md):
 * RANGE on ts (epoch ms), one partition per UTC month named `reading_pYYYYMM`, and `reading_default` for
 * any time without one, so an insert never fails for want of a partition.
 *
 * Making and dropping a partition take, in order, the advisory lock PARTITION_LOCK (several processes do
 * it one at a time and each looks again under the lock) and an ACCESS EXCLUSIVE lock on `reading`, waited
 * for at most LOCK_TIMEOUT_MS (then it is tried again on the next round). Under the parent's lock no insert
 * is being routed, so rows moved out of the default partition cannot race a new one into it.
 */

/** The advisory lock (space, key) held while partitions are made or dropped: 'SP' + 2, 1. */
export const PARTITION_LOCK = [0x5350_0002, 1] as const;
/** How long making or dropping a partition waits for the table's lock before giving up until the next round. */
export const LOCK_TIMEOUT_MS = 2_000;
/** Months made ahead of the current one. */
export const MONTHS_AHEAD = 3;
/** Most partitions made in one round for months found in the default partition. */
export const DEFAULT_MONTHS_PER_ROUND = 24;
export const DEFAULT_PARTITION = 'reading_default';
/** Months are partitioned from 2000 (ingest refuses earlier times) to 2200; other times stay in the default. */
export const PARTITIONED_FROM = Date.UTC(2000, 0, 1);
export const PARTITIONED_UNTIL = Date.UTC(2200, 0, 1);

export interface Partition {
  name: string;
  /** first ms of the range */
  from: number;
  /** first ms after it */
  to: number;
}

/** A table name quoted for SQL (names come from partitionName or from the catalog). */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The first ms of the UTC month holding ts. */
export function monthStart(ts: number): number {
  const d = new Date(ts);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The first ms of the UTC month `n` months after the one starting at `start`. */
export function addMonths(start: number, n: number): number {
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
}

/** `reading_pYYYYMM` for the month starting at `start`. */
export function partitionName(start: number): string {
  const d = new Date(start);
  return `reading_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Whether `reading` is partitioned (PostgreSQL after migration 019). */
export async function isPartitioned(pool: pg.Pool): Promise<boolean> {
  const res = await pool.query<{ kind: string }>(
    "SELECT relkind AS kind FROM pg_class WHERE oid = to_regclass('reading')",
  );
  return res.rows[0]?.kind === 'p';
}

const BOUND = /^FOR VALUES FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)$/;

/** The range partitions of `reading` by start, and whether it has its default partition. */
export async function listPartitions(
  q: pg.Pool | pg.ClientBase,
): Promise<{ partitions: Partition[]; hasDefault: boolean }> {
  const res = await q.query<{ name: string; bound: string }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = to_regclass('reading')`,
  );
  const partitions: Partition[] = [];
  let hasDefault = false;
  for (const r of res.rows) {
    if (r.bound === 'DEFAULT') {
      hasDefault = true;
      continue;
    }
    const m = BOUND.exec(r.bound);
    if (m) partitions.push({ name: r.name, from: Number(m[1]), to: Number(m[2]) });
  }
  partitions.sort((a, b) => a.from - b.from);
  return { partitions, hasDefault };
}

const overlaps = (ps: readonly Partition[], from: number, to: number) =>
  ps.some((p) => p.from < to && from < p.to);

/** Runs `work` in a transaction holding PARTITION_LOCK and, for DDL, a bounded wait for locks. */
async function underPartitionLock<T>(pool: pg.Pool, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...PARTITION_LOCK]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Makes the partition of the UTC month starting at `start`, moving into it the rows of that month held by
 * the default partition. Answers how many rows moved, or null when a partition of that range already
 * exists (another process made it first).
 */
export async function makeMonthPartition(pool: pg.Pool, start: number): Promise<number | null> {
  const from = monthStart(start);
  const to = addMonths(from, 1);
  const name = partitionName(from);
  return underPartitionLock(pool, async (c) => {
    const { partitions, hasDefault } = await listPartitions(c);
    if (overlaps(partitions, from, to)) return null;
    await c.query('LOCK TABLE reading IN ACCESS EXCLUSIVE MODE');
    // Made apart, filled, then attached: its key is built once, over the moved rows.
    await c.query(`CREATE TABLE ${ident(name)} (LIKE reading INCLUDING DEFAULTS)`);
    let moved = 0;
    if (hasDefault) {
      const res = await c.query(
        `WITH moved AS (DELETE FROM ${DEFAULT_PARTITION} WHERE ts >= $1 AND ts < $2 RETURNING sensor_id, ts, value)
         INSERT INTO ${ident(name)} (sensor_id, ts, value) SELECT sensor_id, ts, value FROM moved`,
        [from, to],
      );
      moved = res.rowCount ?? 0;
    }
    await c.query(`ALTER TABLE reading ATTACH PARTITION ${ident(name)} FOR VALUES FROM (${from}) TO (${to})`);
    return moved;
  });
}

/** The UTC months (their first ms) of the rows in the default partition at or after `floor`, oldest first. */
export async function monthsInDefault(pool: pg.Pool, floor: number, limit: number): Promise<number[]> {
  // Times outside 2000..2200 stay in the default (ingest refuses times before 2000; to_timestamp cannot
  // take every bigint): the retention removes them with their company's other old rows.
  const res = await pool.query<{ y: number; m: number }>(
    `SELECT DISTINCT extract(year FROM t)::int AS y, extract(month FROM t)::int AS m
     FROM (SELECT to_timestamp(ts / 1000.0) AT TIME ZONE 'UTC' AS t FROM ${DEFAULT_PARTITION}
           WHERE ts >= $1 AND ts >= $2 AND ts < $3) x
     ORDER BY y, m LIMIT $4`,
    [floor, PARTITIONED_FROM, PARTITIONED_UNTIL, limit],
  );
  return res.rows.map((r) => Date.UTC(r.y, r.m - 1, 1));
}

export interface EnsureResult {
  /** partitions made, with the rows each moved out of the default partition */
  made: { name: string; moved: number }[];
}

/**
 * Makes what is missing: the partitions of the current UTC month and MONTHS_AHEAD after it, and of each
 * month at or after `floor` whose rows wait in the default partition (a reading of a month without a
 * partition lands there). Months before `floor` (every company's raw readings there are removed) are left
 * to the retention's deletes. Safe from several processes at once. Nothing to do when `reading` is not
 * partitioned.
 */
export async function ensurePartitions(pool: pg.Pool, now: number, floor = 0): Promise<EnsureResult> {
  const made: EnsureResult['made'] = [];
  if (!(await isPartitioned(pool))) return { made };
  const { partitions, hasDefault } = await listPartitions(pool);
  const current = monthStart(now);
  const wanted = new Set<number>();
  for (let i = 0; i <= MONTHS_AHEAD; i++) wanted.add(addMonths(current, i));
  if (hasDefault) {
    for (const m of await monthsInDefault(pool, floor, DEFAULT_MONTHS_PER_ROUND)) wanted.add(m);
  }
  for (const start of [...wanted].sort((a, b) => a - b)) {
    if (start < floor || overlaps(partitions, start, addMonths(start, 1))) continue;
    const moved = await makeMonthPartition(pool, start);
    if (moved !== null) made.push({ name: partitionName(start), moved });
  }
  return { made };
}

/**
 * Detaches and drops every partition whose whole range lies before `floor` (a time before which every
 * company's raw readings may go). Answers the partitions dropped.
 */
export async function dropPartitionsBefore(pool: pg.Pool, floor: number): Promise<Partition[]> {
  if (!(await isPartitioned(pool))) return [];
  const dropped: Partition[] = [];
  const { partitions } = await listPartitions(pool);
  for (const p of partitions) {
    if (p.to > floor) continue;
    const done = await underPartitionLock(pool, async (c) => {
      const now = await listPartitions(c);
      if (!now.partitions.some((x) => x.name === p.name)) return false;
      await c.query('LOCK TABLE reading IN ACCESS EXCLUSIVE MODE');
      await c.query(`ALTER TABLE reading DETACH PARTITION ${ident(p.name)}`);
      await c.query(`DROP TABLE ${ident(p.name)}`);
      return true;
    });
    if (done) dropped.push(p);
  }
  return dropped;
}
