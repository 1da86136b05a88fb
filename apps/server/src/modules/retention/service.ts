import { HOUR_MS } from '@sitepulse/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/types.ts';
import { dropPartitionsBefore, type EnsureResult, ensurePartitions, type Partition } from './partitions.ts';
import { rawHorizon, rawRetentionDays } from './policy.ts';
import { createRetentionRepo, RAW_TABLES, type RawTable } from './repo.ts';

/** Rows one delete statement removes: small enough that ingest never waits long behind one. */
export const DELETE_BATCH = 5_000;

export interface RetentionRun {
  /** each company with a mark: the time before which its raw rows are removed, and how many went now */
  companies: { companyId: number; rawBefore: number; removed: Record<RawTable, number> }[];
  /** PostgreSQL: the partitions of `reading` detached and dropped (every company's mark past them) */
  droppedPartitions: Partition[];
}

const nextTurn = () => new Promise((r) => setImmediate(r));

/**
 * The finest chart bucket a range of the company's readings may use (the read path of the charts): an hour
 * when the range starts before the company's retention mark (its raw readings there were removed; the hourly
 * rollups remain, so an old pour still draws), else 0 (no floor). One indexed read.
 */
export async function retentionFloorMs(
  db: Kysely<Database>,
  companyId: number,
  from: number,
): Promise<number> {
  const mark = await createRetentionRepo(db).mark(companyId);
  return mark !== null && from < mark ? HOUR_MS : 0;
}

/**
 * Retention of raw data (issue 17, docs/decisions/data-retention.md). Each company keeps its raw readings,
 * node statuses and node locations for the days its tierSpec names (`raw_retention_days`; none: forever).
 * A run first moves each company's mark (the time before which its raw rows are gone: readers of older
 * ranges go to the hourly rollups), then on PostgreSQL detaches and drops the partitions of `reading` that
 * every sensor-owning company's mark has passed, then deletes the rest in batches. The hourly rollups
 * (reading_hour), maturity states and checkpoints (maturity_state, maturity_hour) are never touched.
 */
export function createRetentionService(store: Db, opts: { batch?: number } = {}) {
  const repo = createRetentionRepo(store.db);
  const pool = store.raw.dialect === 'postgres' ? store.raw.pool : null;
  const batch = opts.batch ?? DELETE_BATCH;

  /** The time before which every sensor-owning company's readings are removed (0: some keep all). */
  async function dropFloor(marks?: Map<number, number>): Promise<number> {
    const m = marks ?? (await repo.marks());
    const owners = await repo.sensorOwners();
    if (owners.length === 0) return 0;
    let floor = Number.POSITIVE_INFINITY;
    for (const c of owners) floor = Math.min(floor, m.get(c) ?? 0);
    return floor;
  }

  return {
    /** The time before which the company's raw readings were removed by its retention, or null: none were. */
    rawRemovedBefore: (companyId: number): Promise<number | null> => repo.mark(companyId),

    /**
     * PostgreSQL: makes the missing partitions of `reading` (this month and the next ones, and the months
     * whose rows wait in the default partition); nothing on SQLite. Safe from several processes at once.
     */
    async ensurePartitions(now = Date.now()): Promise<EnsureResult> {
      if (!pool) return { made: [] };
      return ensurePartitions(pool, now, await dropFloor());
    },

    /** One retention run at `now`; stops between batches once `signal` is aborted. */
    async run(now = Date.now(), signal?: AbortSignal): Promise<RetentionRun> {
      for (const [companyId, specs] of await repo.tierSpecs()) {
        const days = rawRetentionDays(specs);
        if (days !== null) await repo.raiseMark(companyId, rawHorizon(days, now), now);
      }
      const marks = await repo.marks();
      const droppedPartitions = pool ? await dropPartitionsBefore(pool, await dropFloor(marks)) : [];
      const companies: RetentionRun['companies'] = [];
      for (const [companyId, rawBefore] of [...marks].sort((a, b) => a[0] - b[0])) {
        const removed = { reading: 0, node_status: 0, node_location: 0 } as Record<RawTable, number>;
        for (const { table } of RAW_TABLES) {
          for (;;) {
            signal?.throwIfAborted();
            const n = await repo.deleteBatch(table, companyId, rawBefore, batch);
            removed[table] += n;
            if (n < batch) break;
            // Let ingest in (on SQLite the deletes share the one connection).
            await nextTurn();
          }
        }
        companies.push({ companyId, rawBefore, removed });
      }
      return { companies, droppedPartitions };
    },

    /** Claims the periodic task `name` if due (once across processes); see the repo. */
    claimTask: repo.claimTask,
    finishTask: repo.finishTask,
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
