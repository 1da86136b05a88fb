import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.ts';
import { DEMO, seedDemo } from './seed.ts';

describe('demo seed', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('seeds once and is idempotent', async () => {
    const first = await seedDemo(db.db);
    expect(first.created).toBe(true);
    const second = await seedDemo(db.db);
    expect(second).toEqual({ companyId: first.companyId, created: false });
    const companies = await db.db.selectFrom('company').selectAll().execute();
    expect(companies).toHaveLength(1);
    expect(companies[0]).toMatchObject({ name: DEMO.companyName, auth_code: DEMO.authCode });
    const users = await db.db.selectFrom('app_user').select(['username', 'phone']).execute();
    expect(users.map((u) => u.username).sort()).toEqual(['admin', 'editor', 'inspector', 'viewer']);
    const sites = await db.db.selectFrom('tenant_group').selectAll().orderBy('id').execute();
    expect(sites[0].name).toBe(DEMO.firstSiteName);
    expect(sites.some((s) => s.name.length > 16)).toBe(true);
    expect(sites.some((s) => s.state === 'TERMINATED')).toBe(true);
    expect(sites.some((s) => s.type === 'Precast Plant')).toBe(true);
    expect(typeof sites[0].created_at).toBe('number');
    const gateways = await db.db.selectFrom('gateway').select('tenant_group_id').execute();
    expect(new Set(gateways.map((g) => g.tenant_group_id)).size).toBe(sites.length);
  });
});
