import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.ts';

/**
 * The reads that grow with years of data find their rows through an index, on both databases: the plan of
 * each is asked of the database itself (PostgreSQL with sequential scans priced out, so an empty test
 * table does not make a scan look cheaper than the index).
 */
describe('indexes of the reads by job site', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function plan(query: string): Promise<string> {
    if (t.dialect === 'sqlite') {
      const rows = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`).execute(t.db);
      return rows.rows.map((r) => r.detail).join('\n');
    }
    return t.db.connection().execute(async (c) => {
      await sql`SET enable_seqscan = off`.execute(c);
      const rows = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`).execute(c);
      await sql`RESET enable_seqscan`.execute(c);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('reads the jobs of one site, and of one kind on a site, by job_site_idx', async () => {
    expect(await plan('SELECT id FROM job WHERE tenant_group_id = 7')).toMatch(/job_site_idx/);
    expect(await plan("SELECT id FROM job WHERE tenant_group_id = 7 AND kind = 'maturity'")).toMatch(
      /job_site_idx/,
    );
    expect(await plan('SELECT id FROM job WHERE tenant_group_id IN (3, 7, 9)')).toMatch(/job_site_idx/);
  });
});
