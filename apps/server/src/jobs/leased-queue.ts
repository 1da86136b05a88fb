import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/index.ts';

/**
 * The one job interface of the server (ARCHITECTURE, "background jobs"; docs/decisions/background-jobs.md):
 * a table of jobs that workers claim with a lease (report_request, notification_message,
 * lumitrack_file_request; their workers are started by workers.ts). A claim is one UPDATE: on PostgreSQL over a
 * `FOR UPDATE SKIP LOCKED` pick, so workers of several processes never claim one row together; on SQLite
 * (one writer at a time) the same pick with its conditions checked again by the UPDATE (compare-and-set).
 * Each claim counts an attempt, and every write after it names that attempt: a worker that lost its claim
 * (its lease ran out and another worker took the row over) changes nothing. A row whose worker died keeps
 * its lease until it runs out, then is claimed again, or failed once it used up its attempts.
 *
 * Every leased table has the columns `id`, `attempts` (integer, default 0) and `lease_until` (epoch ms,
 * null when not claimed), a status column, and the columns its `orderBy` (and `dueColumn`) name.
 */
export interface LeasedRow {
  id: number;
  attempts: number;
  lease_until: number | null;
}

/** How one table is used as a queue. */
export interface LeasedTable {
  table: string;
  /** the column holding the job's status (`status` on report_request, `state` on notification_message) */
  statusColumn: string;
  /** the status of a job waiting to be claimed (NEW, PENDING) */
  ready: string;
  /**
   * the status of a claimed job (RUNNING). The same as `ready` where only the lease marks a claimed row
   * (notification_message: PENDING throughout, retried later by `dueColumn`).
   */
  running: string;
  /** the status of a job given up on because its worker kept dying (ERROR, FAILED) */
  failed: string;
  /** the column that says why a job failed (default `error`) */
  errorColumn?: string;
  /** a ready job is claimed only once this column (epoch ms) is at or before now: retry backoff, digests */
  dueColumn?: string;
  /** the order jobs are claimed in (default `created_at`, then `id`: oldest first) */
  orderBy?: readonly string[];
  /** more columns a claim sets (e.g. `started_at` kept from the first claim) */
  onClaim?: (now: number) => Record<string, unknown>;
  /** more columns set on a job given up on (e.g. `finished_at`) */
  onAbandoned?: (now: number) => Record<string, unknown>;
}

/** The queue of one table: claim, renew, finish, release, and the sweep of abandoned jobs. */
export interface LeasedQueue<R extends LeasedRow> {
  readonly spec: Readonly<LeasedTable>;
  /** Claims the next job (a ready one, or a claimed one whose lease ran out): leased until `until`, one more attempt. */
  claim(now: number, until: number): Promise<R | undefined>;
  /** Extends the lease of a claim still held; false when it was lost (or already finished). */
  renew(id: number, attempt: number, until: number): Promise<boolean>;
  /**
   * Sets these column values on a claim still held, which stays held (e.g. a message rerouted to another
   * channel while it is sent); false when it was lost (or already finished).
   */
  write(id: number, attempt: number, values: Record<string, unknown>): Promise<boolean>;
  /** Ends a claim still held with these column values (the lease is cleared); false when it was lost. */
  finish(id: number, attempt: number, values: Record<string, unknown>): Promise<boolean>;
  /** Hands a claim back: ready again, its attempt not counted (a worker stopping is not a failure). */
  release(id: number, attempt: number): Promise<boolean>;
  /**
   * Gives up on jobs whose worker died (lease ran out) after the last allowed attempt: `failed` with
   * `reason`. One UPDATE with its own conditions, so two workers doing it at once change each row once.
   */
  failAbandoned(now: number, attemptsMax: number, reason: string): Promise<number>;
  /**
   * How many jobs wait at `now` (for /metrics, docs/decisions/metrics.md): `ready` may be claimed now (a dead
   * worker's expired claim included), `running` is held under a lease, `scheduled` waits for its `dueColumn`.
   */
  depth(now: number): Promise<QueueDepth>;
}

/** The jobs of one queue by state at one moment (LeasedQueue.depth). */
export interface QueueDepth {
  ready: number;
  running: number;
  scheduled: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the queue works on any table of the schema
type AnyDb = Kysely<any>;

const assignments = (values: Record<string, unknown>): RawBuilder<unknown>[] =>
  Object.entries(values).map(([k, v]) => sql`${sql.ref(k)} = ${v}`);

/** The queue over one table of `store` (see LeasedTable). */
export function createLeasedQueue<R extends LeasedRow>(store: Db, spec: LeasedTable): LeasedQueue<R> {
  const db = store.db as AnyDb;
  const table = sql.table(spec.table);
  const status = sql.ref(spec.statusColumn);
  const errorColumn = spec.errorColumn ?? 'error';
  const order = sql.join((spec.orderBy ?? ['created_at', 'id']).map((c) => sql.ref(c)));
  const postgres = store.dialect === 'postgres';

  /** A job that may be claimed at `now`. */
  const claimable = (now: number) => {
    const due = spec.dueColumn ? sql` AND ${sql.ref(spec.dueColumn)} <= ${now}` : sql``;
    const ready = sql`(${status} = ${spec.ready} AND (lease_until IS NULL OR lease_until < ${now})${due})`;
    if (spec.running === spec.ready) return ready;
    return sql`(${ready} OR (${status} = ${spec.running} AND lease_until < ${now}))`;
  };
  /** A claim still held by attempt `attempt`: finished claims have no lease. */
  const held = (id: number, attempt: number) =>
    sql`id = ${id} AND attempts = ${attempt} AND ${status} = ${spec.running} AND lease_until IS NOT NULL`;

  const update = async (set: Record<string, unknown>, where: RawBuilder<unknown>): Promise<number> => {
    const r = await sql`UPDATE ${table} SET ${sql.join(assignments(set))} WHERE ${where}`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  };

  /** Sets `values` on a claim still held by attempt `attempt`; false when it was lost. */
  const write = async (id: number, attempt: number, values: Record<string, unknown>): Promise<boolean> =>
    (await update(values, held(id, attempt))) === 1;

  return {
    spec,

    async claim(now, until) {
      const set = sql.join([
        sql`${status} = ${spec.running}`,
        sql`lease_until = ${until}`,
        sql`attempts = attempts + 1`,
        ...assignments(spec.onClaim?.(now) ?? {}),
      ]);
      const pick = postgres
        ? sql`SELECT id FROM ${table} WHERE ${claimable(now)} ORDER BY ${order} FOR UPDATE SKIP LOCKED LIMIT 1`
        : sql`SELECT id FROM ${table} WHERE ${claimable(now)} ORDER BY ${order} LIMIT 1`;
      // SQLite: the pick's conditions again, so the UPDATE is a compare-and-set of the row picked.
      const again = postgres ? sql`` : sql` AND ${claimable(now)}`;
      const r = await sql<R>`UPDATE ${table} SET ${set} WHERE id = (${pick})${again} RETURNING *`.execute(db);
      return r.rows[0];
    },

    write,

    renew: (id, attempt, until) => write(id, attempt, { lease_until: until }),

    finish: (id, attempt, values) => write(id, attempt, { ...values, lease_until: null }),

    release: (id, attempt) =>
      write(id, attempt, { [spec.statusColumn]: spec.ready, attempts: attempt - 1, lease_until: null }),

    async failAbandoned(now, attemptsMax, reason) {
      return update(
        {
          [spec.statusColumn]: spec.failed,
          [errorColumn]: reason,
          ...(spec.onAbandoned?.(now) ?? {}),
          lease_until: null,
        },
        sql`${status} = ${spec.running} AND lease_until < ${now} AND attempts >= ${attemptsMax}`,
      );
    },

    async depth(now) {
      // One pass over the rows of the two live statuses (each queue's index starts with its status column).
      const live = sql`${status} IN (${spec.ready}, ${spec.running})`;
      const heldNow = sql`(${status} = ${spec.running} AND lease_until >= ${now})`;
      const r = await sql<{ ready: unknown; running: unknown; n: unknown }>`SELECT
          SUM(CASE WHEN ${claimable(now)} THEN 1 ELSE 0 END) AS ready,
          SUM(CASE WHEN ${heldNow} THEN 1 ELSE 0 END) AS running,
          COUNT(*) AS n
        FROM ${table} WHERE ${live}`.execute(db);
      const row = r.rows[0];
      const ready = Number(row?.ready ?? 0);
      const running = Number(row?.running ?? 0);
      return { ready, running, scheduled: Math.max(0, Number(row?.n ?? 0) - ready - running) };
    },
  };
}

// ---------------------------------------------------------------------------------------------- workers

/** The reason a stopping worker aborts the job it is making with: the job goes back to ready. */
export class WorkerStoppingError extends Error {
  constructor() {
    super('the worker is stopping');
    this.name = 'WorkerStoppingError';
  }
}
/** The reason a job is aborted with when another worker took it over (its lease ran out). */
export class LeaseLostError extends Error {
  constructor() {
    super('the lease of this job was lost');
    this.name = 'LeaseLostError';
  }
}
/** The reason a job is aborted with when it ran longer than the worker's time limit. */
export class JobTimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`the job took longer than ${Math.max(1, Math.round(limitMs / 1000))} s`);
    this.name = 'JobTimeLimitError';
  }
}

/** One claimed job, as a handler gets it. */
export interface LeasedJob<R extends LeasedRow> {
  row: R;
  /** the attempt this claim is (row.attempts after the claim) */
  attempt: number;
  /** aborted when the worker stops, the time limit passes or the lease is lost (reason: one of the errors above) */
  signal: AbortSignal;
  /** Ends this claim (while it holds) with these values; false when it was lost. */
  finish(values: Record<string, unknown>): Promise<boolean>;
}

type Log = {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
};

export interface LeasedWorkerOptions<R extends LeasedRow> {
  queue: LeasedQueue<R>;
  /** names the worker in its log lines */
  name: string;
  /**
   * Makes one claimed job. Answers the values that finish it (e.g. `{ status: 'DONE', ... }`), or nothing
   * when it finished the job itself (job.finish). Should give up when `job.signal` is aborted.
   */
  handle(job: LeasedJob<R>): Promise<Record<string, unknown> | undefined>;
  /**
   * The values that end a job whose handler threw: failed for good, or ready again later. Not called when
   * the worker is stopping (the job is released) nor when the lease was lost (the job is another's).
   */
  failed(job: LeasedJob<R>, error: unknown): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** what a job whose worker kept dying says (failAbandoned) */
  abandonedReason: string;
  /** how often to look for jobs when not woken */
  pollMs: number;
  /** how long a claim is the worker's own; renewed every third of it while the handler runs */
  leaseMs: number;
  /** claims of one job before it is given up on */
  attemptsMax: number;
  /** the handler's signal is aborted (JobTimeLimitError) after this long */
  timeLimitMs?: number;
  /** renew the lease while the handler runs (default true; short jobs may leave it off) */
  renew?: boolean;
  /** called with `wake` by start(); answers how to stop listening (e.g. a service's onCreated) */
  subscribe?: (wake: () => void) => () => void;
  log?: Log;
  now?: () => number;
}

const silent: Log = { error() {}, warn() {}, info() {} };

/**
 * A worker of one LeasedQueue: claims jobs one at a time and hands each to `handle`, renewing its lease
 * meanwhile; polls every `pollMs`, and is woken at once by `wake()` (jobs made in this process). `stop()`
 * aborts the job being made and hands it back (ready again, its attempt not counted), so the next start,
 * or another server, makes it.
 */
export function createLeasedWorker<R extends LeasedRow>(opts: LeasedWorkerOptions<R>) {
  const { queue } = opts;
  const log = opts.log ?? silent;
  const now = opts.now ?? Date.now;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | null = null;
  let wakeAgain = false;
  let unsubscribe: (() => void) | undefined;

  async function process(row: R): Promise<void> {
    const attempt = row.attempts;
    const control = new AbortController();
    let lost = false;
    const onStop = () => control.abort(stopping.signal.reason);
    stopping.signal.addEventListener('abort', onStop, { once: true });
    const limit =
      opts.timeLimitMs === undefined
        ? undefined
        : setTimeout(
            () => control.abort(new JobTimeLimitError(opts.timeLimitMs as number)),
            opts.timeLimitMs,
          );
    const renew =
      opts.renew === false
        ? undefined
        : setInterval(
            () => {
              queue
                .renew(row.id, attempt, now() + opts.leaseMs)
                .then((holds) => {
                  if (!holds && !control.signal.aborted) {
                    lost = true;
                    control.abort(new LeaseLostError());
                  }
                })
                .catch((err) => log.warn({ err, jobId: row.id }, `${opts.name}: lease renewal failed`));
            },
            Math.max(20, Math.floor(opts.leaseMs / 3)),
          );
    const job: LeasedJob<R> = {
      row,
      attempt,
      signal: control.signal,
      finish: (values) => queue.finish(row.id, attempt, values),
    };
    try {
      const values = await opts.handle(job);
      if (values) await job.finish(values);
    } catch (e) {
      if (lost) return;
      if (stopping.signal.aborted) {
        await queue.release(row.id, attempt).catch(() => {});
        return;
      }
      await job.finish(await opts.failed(job, e));
    } finally {
      if (limit) clearTimeout(limit);
      if (renew) clearInterval(renew);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  /** Claims and makes one job; false when there was none to claim (or the worker is stopping). */
  async function runOnce(): Promise<boolean> {
    if (stopping.signal.aborted) return false;
    const t = now();
    await queue.failAbandoned(t, opts.attemptsMax, opts.abandonedReason);
    const row = await queue.claim(t, t + opts.leaseMs);
    if (!row) return false;
    await process(row);
    return true;
  }

  /** Makes jobs until none is left; a call while draining makes the drain look once more at the end. */
  function drain(): Promise<void> {
    if (draining) {
      wakeAgain = true;
      return draining;
    }
    draining = (async () => {
      do {
        wakeAgain = false;
        while (!stopping.signal.aborted && (await runOnce())) {}
      } while (wakeAgain && !stopping.signal.aborted);
    })()
      .catch((err) => log.error({ err }, `${opts.name} failed`))
      .finally(() => {
        draining = null;
      });
    return draining;
  }

  function schedule() {
    if (stopping.signal.aborted) return;
    timer = setTimeout(async () => {
      await drain();
      schedule();
    }, opts.pollMs);
    timer.unref();
  }

  const wake = () => {
    if (!stopping.signal.aborted) void drain();
  };

  return {
    runOnce,
    drain,
    /** Makes the waiting jobs now rather than at the next poll. */
    wake,
    /** Starts polling (and listening, with `subscribe`). */
    start() {
      unsubscribe = opts.subscribe?.(wake);
      wake();
      schedule();
    },
    /** Stops: the job being made is aborted and handed back for the next start (or another server). */
    async stop() {
      unsubscribe?.();
      clearTimeout(timer);
      stopping.abort(new WorkerStoppingError());
      await draining;
    },
  };
}
export type LeasedWorker = ReturnType<typeof createLeasedWorker>;
