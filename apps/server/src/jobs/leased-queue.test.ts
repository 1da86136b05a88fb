import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../db/index.ts';
import { createTestDb, type TestDb } from '../test/test-db.ts';
import {
  createLeasedQueue,
  createLeasedWorker,
  JobTimeLimitError,
  type LeasedRow,
  type LeasedTable,
  WorkerStoppingError,
} from './leased-queue.ts';

/** A table of jobs of our own (the queue is generic): a report-like status, and a retry time. */
interface TestJob extends LeasedRow {
  name: string;
  status: string;
  error: string | null;
  result: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  next_attempt_at: number;
}

// biome-ignore lint/suspicious/noExplicitAny: a table made by this test only
type AnyDb = Kysely<any>;

const REPORT_LIKE: LeasedTable = {
  table: 'test_leased_job',
  statusColumn: 'status',
  ready: 'NEW',
  running: 'RUNNING',
  failed: 'ERROR',
  onClaim: (now) => ({ started_at: now }),
  onAbandoned: (now) => ({ finished_at: now }),
};
/** notification_message's way: PENDING throughout, the lease marks a claim, retried after next_attempt_at. */
const RETRY_LIKE: LeasedTable = {
  table: 'test_leased_job',
  statusColumn: 'status',
  ready: 'PENDING',
  running: 'PENDING',
  failed: 'FAILED',
  dueColumn: 'next_attempt_at',
  orderBy: ['next_attempt_at', 'id'],
};

let store: TestDb;
let db: AnyDb;
const T0 = 1_700_000_000_000;

beforeAll(async () => {
  store = await createTestDb();
  db = store.db as AnyDb;
  const ms = store.dialect === 'postgres' ? 'bigint' : 'integer';
  let t = db.schema.createTable('test_leased_job');
  t =
    store.dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', ms)
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('started_at', ms)
    .addColumn('finished_at', ms)
    .addColumn('next_attempt_at', ms, (c) => c.notNull().defaultTo(0))
    .execute();
});

afterAll(async () => {
  await store?.destroy();
});

beforeEach(async () => {
  await db.deleteFrom('test_leased_job').execute();
});

async function add(name: string, values: Partial<TestJob> = {}): Promise<number> {
  const row = await db
    .insertInto('test_leased_job')
    .values({ name, status: 'NEW', created_at: T0, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}
const rowOf = async (id: number): Promise<TestJob> =>
  (await db
    .selectFrom('test_leased_job')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as TestJob;

describe('the leased queue', () => {
  it('claims the oldest ready job first: running, leased, one attempt counted', async () => {
    const q = createLeasedQueue<TestJob>(store, REPORT_LIKE);
    const second = await add('b', { created_at: T0 + 5 });
    const first = await add('a');
    const claimed = await q.claim(T0 + 10, T0 + 1000);
    expect(claimed).toMatchObject({ id: first, status: 'RUNNING', attempts: 1, lease_until: T0 + 1000 });
    expect(claimed?.started_at).toBe(T0 + 10);
    expect((await q.claim(T0 + 10, T0 + 1000))?.id).toBe(second);
    expect(await q.claim(T0 + 10, T0 + 1000)).toBeUndefined();
  });

  it('ends, renews and releases only a claim still held', async () => {
    const q = createLeasedQueue<TestJob>(store, REPORT_LIKE);
    const id = await add('a');
    const job = await q.claim(T0, T0 + 100);
    expect(job?.attempts).toBe(1);
    expect(await q.renew(id, 1, T0 + 500)).toBe(true);
    expect((await rowOf(id)).lease_until).toBe(T0 + 500);
    expect(await q.renew(id, 2, T0 + 900)).toBe(false);
    expect(await q.finish(id, 2, { status: 'DONE' })).toBe(false);
    expect(await q.finish(id, 1, { status: 'DONE', result: 'made' })).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: 'DONE', result: 'made', lease_until: null });
    // A finished claim is no longer held: a late renewal or a second end changes nothing.
    expect(await q.renew(id, 1, T0 + 900)).toBe(false);
    expect(await q.finish(id, 1, { status: 'ERROR' })).toBe(false);
    expect((await rowOf(id)).status).toBe('DONE');

    const other = await add('b');
    await q.claim(T0, T0 + 100);
    expect(await q.release(other, 1)).toBe(true);
    expect(await rowOf(other)).toMatchObject({ status: 'NEW', attempts: 0, lease_until: null });
  });

  it('writes on a claim still held without ending it; a lost claim is not written', async () => {
    const q = createLeasedQueue<TestJob>(store, RETRY_LIKE);
    const id = await add('a', { status: 'PENDING', next_attempt_at: T0 });
    await q.claim(T0, T0 + 100);
    expect(await q.write(id, 1, { result: 'rerouted' })).toBe(true);
    expect(await rowOf(id)).toMatchObject({ result: 'rerouted', status: 'PENDING', lease_until: T0 + 100 });
    // Still held: nobody claims it, and the holder ends it.
    expect(await q.claim(T0 + 50, T0 + 150)).toBeUndefined();
    expect(await q.write(id, 2, { result: 'not mine' })).toBe(false);
    expect(await q.finish(id, 1, { status: 'SENT' })).toBe(true);
    expect(await q.write(id, 1, { result: 'too late' })).toBe(false);
    expect(await rowOf(id)).toMatchObject({ result: 'rerouted', status: 'SENT', lease_until: null });
  });

  it("takes over a dead worker's job once its lease ran out; the dead worker's writes change nothing", async () => {
    const q = createLeasedQueue<TestJob>(store, REPORT_LIKE);
    const id = await add('a');
    await q.claim(T0, T0 + 100);
    expect(await q.claim(T0 + 50, T0 + 150)).toBeUndefined();
    const again = await q.claim(T0 + 101, T0 + 300);
    expect(again).toMatchObject({ id, attempts: 2, status: 'RUNNING', lease_until: T0 + 300 });
    expect(await q.finish(id, 1, { status: 'DONE' })).toBe(false);
    expect(await q.renew(id, 1, T0 + 999)).toBe(false);
    expect(await q.finish(id, 2, { status: 'DONE' })).toBe(true);
  });

  it('gives up on a job whose worker died on its last allowed attempt', async () => {
    const q = createLeasedQueue<TestJob>(store, REPORT_LIKE);
    const id = await add('a');
    await q.claim(T0, T0 + 10);
    await q.claim(T0 + 11, T0 + 20);
    expect(await q.failAbandoned(T0 + 15, 2, 'gone')).toBe(0); // still leased
    expect(await q.failAbandoned(T0 + 21, 3, 'gone')).toBe(0); // one attempt left
    expect(await q.failAbandoned(T0 + 21, 2, 'gone')).toBe(1);
    expect(await rowOf(id)).toMatchObject({
      status: 'ERROR',
      error: 'gone',
      lease_until: null,
      finished_at: T0 + 21,
    });
    expect(await q.failAbandoned(T0 + 22, 2, 'gone')).toBe(0);
    expect(await q.claim(T0 + 30, T0 + 40)).toBeUndefined();
  });

  it('keeps one status where the lease alone marks a claim, and waits for a due time', async () => {
    const q = createLeasedQueue<TestJob>(store, RETRY_LIKE);
    const later = await add('later', { status: 'PENDING', next_attempt_at: T0 + 1000 });
    const now = await add('now', { status: 'PENDING', next_attempt_at: T0 });
    const job = await q.claim(T0, T0 + 100);
    expect(job).toMatchObject({ id: now, status: 'PENDING', attempts: 1, lease_until: T0 + 100 });
    expect(await q.claim(T0 + 10, T0 + 100)).toBeUndefined();
    // Retried later: ready again with a due time, and a late renewal does not lease it again.
    expect(await q.finish(now, 1, { next_attempt_at: T0 + 500, error: 'busy' })).toBe(true);
    expect(await q.renew(now, 1, T0 + 900)).toBe(false);
    expect((await rowOf(now)).lease_until).toBeNull();
    expect(await q.claim(T0 + 499, T0 + 600)).toBeUndefined();
    expect((await q.claim(T0 + 500, T0 + 600))?.id).toBe(now);
    expect(await q.finish(now, 2, { status: 'SENT', error: null })).toBe(true);
    expect((await q.claim(T0 + 1000, T0 + 1100))?.id).toBe(later);
    // A claim whose worker died is claimed again once its lease ran out.
    expect((await q.claim(T0 + 1101, T0 + 1200))?.id).toBe(later);
    expect(await q.failAbandoned(T0 + 1201, 2, 'gone')).toBe(1);
    expect((await rowOf(later)).status).toBe('FAILED');
  });
});

/** A handler's wait for its job to be aborted: tells `seen` the reason and rejects with it, as a handler gives up. */
const givingUp = (job: { signal: AbortSignal }, seen?: (reason: unknown) => void) =>
  new Promise<never>((_, reject) =>
    job.signal.addEventListener(
      'abort',
      () => {
        seen?.(job.signal.reason);
        reject(job.signal.reason);
      },
      { once: true },
    ),
  );

describe('a worker of the queue', () => {
  const worker = (
    over: Partial<Parameters<typeof createLeasedWorker<TestJob>>[0]> & {
      handle: Parameters<typeof createLeasedWorker<TestJob>>[0]['handle'];
    },
    on: Db = store,
  ) =>
    createLeasedWorker<TestJob>({
      queue: createLeasedQueue<TestJob>(on, REPORT_LIKE),
      name: 'test worker',
      failed: (_job, e) => ({ status: 'ERROR', error: e instanceof Error ? e.message : String(e) }),
      abandonedReason: 'its worker kept dying',
      // Never polls during a test: each test drains or wakes it.
      pollMs: 3_600_000,
      leaseMs: 60_000,
      attemptsMax: 3,
      ...over,
    });

  it('makes every waiting job once, and ends a failing one with its error', async () => {
    const ids = [await add('a'), await add('b'), await add('bad'), await add('c')];
    const made: number[] = [];
    const w = worker({
      async handle(job) {
        made.push(job.row.id);
        if (job.row.name === 'bad') throw new Error('no ink');
        return { status: 'DONE', result: `made ${job.row.name}`, finished_at: T0 };
      },
    });
    await w.drain();
    expect(made.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const r = await rowOf(id);
      if (r.name === 'bad') expect(r).toMatchObject({ status: 'ERROR', error: 'no ink', lease_until: null });
      else expect(r).toMatchObject({ status: 'DONE', result: `made ${r.name}`, attempts: 1 });
    }
    expect(await w.runOnce()).toBe(false);
  });

  it('is woken at once by a job made in this process, without waiting for its poll', async () => {
    let wake: () => void = () => {};
    let unsubscribed = false;
    let madeId: (id: number) => void = () => {};
    const made = new Promise<number>((r) => {
      madeId = r;
    });
    const w = worker({
      subscribe: (fn) => {
        wake = fn;
        return () => {
          unsubscribed = true;
        };
      },
      async handle(job) {
        madeId(job.row.id);
        return { status: 'DONE' };
      },
    });
    w.start();
    const id = await add('woken');
    wake();
    expect(await made).toBe(id);
    await w.stop();
    expect(unsubscribed).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: 'DONE', attempts: 1 });
  });

  it('hands the job being made back when it stops: ready again, its attempt not counted', async () => {
    const id = await add('long');
    let started: () => void = () => {};
    const running = new Promise<void>((r) => {
      started = r;
    });
    const w = worker({
      async handle(job) {
        started();
        await givingUp(job);
        return { status: 'DONE' };
      },
    });
    const drained = w.drain();
    await running;
    await w.stop();
    await drained;
    expect(await rowOf(id)).toMatchObject({ status: 'NEW', attempts: 0, lease_until: null });
    expect(await w.runOnce()).toBe(false);
  });

  it('aborts a job past its time limit and ends it with the reason', async () => {
    const id = await add('slow');
    let reason: unknown;
    const w = worker({
      timeLimitMs: 30,
      async handle(job) {
        await givingUp(job, (r) => {
          reason = r;
        });
        return { status: 'DONE' };
      },
    });
    await w.drain();
    expect(reason).toBeInstanceOf(JobTimeLimitError);
    expect(reason).not.toBeInstanceOf(WorkerStoppingError);
    expect(await rowOf(id)).toMatchObject({ status: 'ERROR', lease_until: null });
    expect((await rowOf(id)).error).toMatch(/longer than/);
  });

  it('renews its lease while it works, and gives a job up when another worker took it over', async () => {
    const id = await add('contested');
    const q = createLeasedQueue<TestJob>(store, REPORT_LIKE);
    let renewed = false;
    let aborted: unknown;
    const w = worker({
      leaseMs: 90,
      async handle(job) {
        // Wait for one renewal, then another worker claims the job as if this one had hung: at a time
        // past its lease.
        while (!renewed) {
          await new Promise((r) => setTimeout(r, 10));
          const r = await rowOf(id);
          renewed = (r.lease_until ?? 0) > (job.row.lease_until ?? 0);
        }
        const later = Date.now() + 3_600_000;
        const taken = await q.claim(later, later + 60_000);
        expect(taken?.attempts).toBe(2);
        await givingUp(job, (r) => {
          aborted = r;
        });
        return { status: 'DONE' };
      },
    });
    await w.drain();
    expect(renewed).toBe(true);
    expect((aborted as Error).name).toBe('LeaseLostError');
    // The job is the other worker's: this one wrote nothing.
    expect(await rowOf(id)).toMatchObject({ status: 'RUNNING', attempts: 2 });
  });

  it('fails a job whose worker kept dying once it used up its attempts', async () => {
    const id = await add('doomed', { status: 'RUNNING', attempts: 3, lease_until: 1 });
    const w = worker({
      async handle() {
        throw new Error('never claimed');
      },
    });
    await w.drain();
    expect(await rowOf(id)).toMatchObject({ status: 'ERROR', error: 'its worker kept dying' });
  });

  it('makes each job once with two workers on one database (two connection pools on PostgreSQL)', async () => {
    const n = 60;
    for (let i = 0; i < n; i++) await add(`job ${i}`);
    // PostgreSQL: a second pool, as a second server process has. SQLite serves one process: one handle.
    const second = store.dialect === 'postgres' ? openDb(store.url) : store;
    const counts = new Map<number, number>();
    const byWorker = { a: 0, b: 0 };
    const handler = (name: 'a' | 'b') => async (job: { row: TestJob }) => {
      counts.set(job.row.id, (counts.get(job.row.id) ?? 0) + 1);
      byWorker[name]++;
      // Let the other worker claim meanwhile.
      await new Promise((r) => setTimeout(r, 1));
      return { status: 'DONE' };
    };
    try {
      const a = worker({ handle: handler('a'), name: 'a' });
      const b = worker({ handle: handler('b'), name: 'b' }, second);
      await Promise.all([a.drain(), b.drain()]);
    } finally {
      if (second !== store) await second.close();
    }
    // Both worked, and no job was made twice.
    expect(byWorker.a).toBeGreaterThan(0);
    expect(byWorker.b).toBeGreaterThan(0);
    expect(counts.size).toBe(n);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    const rows = await db.selectFrom('test_leased_job').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'DONE' && r.attempts === 1)).toBe(true);
  });
});
