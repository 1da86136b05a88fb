import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.ts';
import {
  BUS_CHANNEL,
  type ClusterBus,
  createClusterBus,
  MESSAGE_MAX_BYTES,
  PAYLOAD_MAX_BYTES,
  packPayloads,
  readPayload,
} from './cluster-bus.ts';

/** Waits (without a limit of its own) until the condition holds. */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

describe('cluster bus payloads', () => {
  it('packs messages in order into payloads under the NOTIFY limit, and leaves out one too large alone', () => {
    const entries: [string, unknown][] = Array.from({ length: 300 }, (_, i) => [
      'events',
      { t: 's', s: Array.from({ length: 20 }, (_, k) => i * 100 + k) },
    ]);
    entries.splice(7, 0, ['events', { big: 'x'.repeat(MESSAGE_MAX_BYTES) }]);
    const { payloads, tooLarge } = packPayloads('p1', entries);
    expect(tooLarge).toEqual(['events']);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(PAYLOAD_MAX_BYTES);
    const back = payloads.flatMap((p) => readPayload('p2', p) ?? []);
    expect(back).toEqual(entries.filter((_, i) => i !== 7));
  });

  it('reads nothing from its own process, and nothing from a payload that is not one of ours', () => {
    const { payloads } = packPayloads('p1', [['auth', { s: 'sid' }]]);
    expect(readPayload('p1', payloads[0])).toBeNull();
    expect(readPayload('p2', payloads[0])).toEqual([['auth', { s: 'sid' }]]);
    for (const bad of ['', 'not json', '[]', '{"o":1,"m":[]}', '{"o":"x"}', 'null'])
      expect(readPayload('p2', bad)).toBeNull();
    expect(readPayload('p2', '{"o":"x","m":[["t",1],[2,3],"y",["only"]]}')).toEqual([['t', 1]]);
  });
});

if (process.env.TEST_DB === 'postgres') {
  describe('cluster bus on PostgreSQL (LISTEN/NOTIFY)', () => {
    let db: TestDb;
    const buses: ClusterBus[] = [];
    const open = async () => {
      const bus = createClusterBus(db, db.url);
      bus.useLogger({ info() {}, warn() {}, error() {} });
      await bus.start();
      buses.push(bus);
      return bus;
    };

    beforeAll(async () => {
      db = await createTestDb();
    });
    afterAll(async () => {
      for (const b of buses) await b.close();
      await db?.destroy();
    });

    it('delivers a message to every other process, in order, and never back to its sender', async () => {
      const [a, b, c] = [await open(), await open(), await open()];
      expect(a.shared).toBe(true);
      const got: Record<string, unknown[]> = { a: [], b: [], c: [] };
      a.subscribe('t', (m) => got.a.push(m));
      b.subscribe('t', (m) => got.b.push(m));
      c.subscribe('t', (m) => got.c.push(m));
      for (let i = 0; i < 500; i++) a.publish('t', { i });
      b.publish('t', { from: 'b' });
      await Promise.all([a.flush(), b.flush()]);
      await until(() => got.b.length === 500 && got.c.length === 501 && got.a.length === 1);
      expect(got.b).toEqual(Array.from({ length: 500 }, (_, i) => ({ i })));
      expect(got.c.filter((m) => (m as { from?: string }).from === undefined)).toEqual(got.b);
      expect(got.a).toEqual([{ from: 'b' }]);
    });

    it('listens again after its connection is cut, and says so (what was sent meanwhile is lost to it)', async () => {
      const a = await open();
      const b = await open();
      const got: unknown[] = [];
      let gaps = 0;
      b.subscribe('t', (m) => got.push(m));
      b.onGap(() => gaps++);
      // The administrator ends b's listening connection (as a restart or failover of the database would).
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      try {
        const cut = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND query = $1 AND pid <> pg_backend_pid()`,
          [`LISTEN ${BUS_CHANNEL}`],
        );
        expect(cut.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await until(() => gaps > 0);
      a.publish('t', 'after');
      await a.flush();
      await until(() => got.includes('after'));
    });
  });
} else {
  describe('cluster bus on SQLite (one process)', () => {
    it('is a bus that reaches nobody', async () => {
      const db = await createTestDb();
      try {
        const bus = createClusterBus(db, db.url);
        const got: unknown[] = [];
        bus.subscribe('t', (m) => got.push(m));
        await bus.start();
        bus.publish('t', 1);
        await bus.flush();
        await bus.close();
        expect(bus.shared).toBe(false);
        expect(got).toEqual([]);
      } finally {
        await db.destroy();
      }
    });
  });
}
