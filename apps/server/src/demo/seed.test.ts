import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.ts';
import {
  DEMO,
  DISCLAIMER_NAME,
  DISCLAIMER_TEXT,
  PREVIOUS_DISCLAIMER_TEXT,
  seedDemo,
  seedTextResources,
} from './seed.ts';

describe('demo seed', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('says hormigón in the Spanish disclaimer, also where an earlier seed left concreto', async () => {
    const es = () =>
      db.db
        .selectFrom('text_resource')
        .select('text')
        .where('name', '=', DISCLAIMER_NAME)
        .where('language', '=', 'es')
        .executeTakeFirstOrThrow();
    await seedTextResources(db.db);
    expect((await es()).text).toBe(DISCLAIMER_TEXT.es);
    expect(DISCLAIMER_TEXT.es).toContain('mezcla de hormigón');
    expect(DISCLAIMER_TEXT.es).not.toMatch(/concreto/i);
    // A database seeded before: the old text is replaced, a text someone changed is kept.
    const old = PREVIOUS_DISCLAIMER_TEXT.es as string;
    await db.db.updateTable('text_resource').set({ text: old }).where('language', '=', 'es').execute();
    await seedTextResources(db.db);
    expect((await es()).text).toBe(DISCLAIMER_TEXT.es);
    await db.db
      .updateTable('text_resource')
      .set({ text: 'Texto propio.' })
      .where('language', '=', 'es')
      .execute();
    await seedTextResources(db.db);
    expect((await es()).text).toBe('Texto propio.');
    await db.db
      .updateTable('text_resource')
      .set({ text: DISCLAIMER_TEXT.es })
      .where('language', '=', 'es')
      .execute();
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
