import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../db/index.ts';
import { createTestDb, type TestDb } from '../../test/test-db.ts';
import { createFailureStore, FailureLimiter, memoryFailureStore } from './rate-limit.ts';

describe('FailureLimiter', () => {
  it('blocks past max failures until the window ends, per key', () => {
    let now = 1000;
    const l = new FailureLimiter(3, 100, () => now);
    for (let i = 0; i < 3; i++) {
      expect(l.isBlocked('a')).toBe(false);
      l.fail('a');
    }
    expect(l.isBlocked('a')).toBe(true);
    expect(l.isBlocked('b')).toBe(false);
    now += 100;
    expect(l.isBlocked('a')).toBe(false);
  });

  it('memoryFailureStore counts in this process only, with the same rule', async () => {
    let now = 0;
    const one = memoryFailureStore(2, 50, () => now);
    const other = memoryFailureStore(2, 50, () => now);
    await one.fail('k');
    await one.fail('k');
    expect(await one.isBlocked('k')).toBe(true);
    expect(await other.isBlocked('k')).toBe(false);
    now = 50;
    expect(await one.isBlocked('k')).toBe(false);
  });
});

/**
 * Two processes' stores on one database (issue 17): on PostgreSQL the counts are shared, so failures
 * on one count on the other; on SQLite (one process) each keeps its own.
 */
describe('failure counts of two processes on one database', () => {
  let db: TestDb;
  let second: Db;
  beforeAll(async () => {
    db = await createTestDb();
    second = openDb(db.url);
  });
  afterAll(async () => {
    await second?.close();
    await db?.destroy();
  });

  it(`${process.env.TEST_DB === 'postgres' ? 'share' : 'keep apart'} their counts, per scope and key`, async () => {
    const opts = { max: 3, windowMs: 60_000, scope: 'auth' };
    const a = createFailureStore(db, opts);
    const b = createFailureStore(second, opts);
    const otherScope = createFailureStore(second, { ...opts, scope: 'reset' });
    await a.fail('login:10.0.0.1');
    await b.fail('login:10.0.0.1');
    await a.fail('login:10.0.0.1');
    const shared = db.dialect === 'postgres';
    expect(await b.isBlocked('login:10.0.0.1')).toBe(shared);
    expect(await a.isBlocked('login:10.0.0.1')).toBe(shared);
    expect(await a.isBlocked('login:10.0.0.2')).toBe(false);
    expect(await otherScope.isBlocked('login:10.0.0.1')).toBe(false);
    // Failing concurrently from both counts every failure once.
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).fail('code:10.0.0.3')));
    expect(await a.isBlocked('code:10.0.0.3')).toBe(true);
    expect(await b.isBlocked('code:10.0.0.3')).toBe(true);
    if (shared) {
      const row = await sql<{ count: number }>`
        SELECT count FROM auth_failure WHERE key = 'auth:code:10.0.0.3'`.execute(db.db);
      expect(row.rows).toEqual([{ count: 10 }]);
    }
  });

  it('forget a window once it has ended', async () => {
    const opts = { max: 1, windowMs: 200, scope: 'short' };
    const a = createFailureStore(db, opts);
    const b = createFailureStore(second, opts);
    await a.fail('k');
    expect(await a.isBlocked('k')).toBe(true);
    const since = Date.now();
    while (Date.now() - since < 250) await new Promise((r) => setTimeout(r, 50));
    expect(await a.isBlocked('k')).toBe(false);
    expect(await b.isBlocked('k')).toBe(false);
    // A new window starts with the next failure.
    await b.fail('k');
    expect(await b.isBlocked('k')).toBe(true);
  });
});
