import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, type Migration, Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../db/index.ts';
import { migrations } from '../../db/migrations.ts';
import { PG_ADMIN_URL } from '../../test/test-db.ts';

/**
 * Migration 015_alarm_subjects on a database that already holds alarms: the pair's second sensor and the
 * job group, which the alarm key names, are filled in for the rows written before the columns existed.
 */
describe('015_alarm_subjects', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  /** An empty database of the dialect under test (TEST_DB), removed at the end. */
  async function emptyDb(): Promise<Db> {
    if (process.env.TEST_DB !== 'postgres') {
      const dir = mkdtempSync(join(tmpdir(), 'sitepulse-m015-'));
      const db = openDb(`sqlite:${join(dir, 'test.db')}`);
      cleanups.push(async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      });
      return db;
    }
    const name = `sitepulse_m015_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const db = openDb(url.toString());
    cleanups.push(async () => {
      await db.close();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    });
    return db;
  }

  const migrate = async (store: Db, upTo: (name: string) => boolean) => {
    const all = migrations(store.dialect);
    const chosen: Record<string, Migration> = Object.fromEntries(
      Object.entries(all).filter(([name]) => upTo(name)),
    );
    const { error } = await new Migrator({
      db: store.db,
      provider: { getMigrations: async () => chosen },
    }).migrateToLatest();
    if (error) throw error;
  };

  it('fills second_sensor_id and job_group_id of the alarms written before it from their keys', async () => {
    const store = await emptyDb();
    await migrate(store, (name) => name < '015');
    // Written as the engine wrote them before 015: through the untyped builder, the columns do not exist yet.
    // biome-ignore lint/suspicious/noExplicitAny: the schema of before this migration
    const db = store.db as unknown as Kysely<any>;
    const now = Date.now();
    const { id: companyId } = await db
      .insertInto('company')
      .values({ name: 'Old Co', auth_code: 'OLDCO', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: siteId } = await db
      .insertInto('tenant_group')
      .values({
        company_id: companyId,
        name: 'Old Site',
        type: 'Construction Site',
        state: 'ACTIVE',
        address: 'x',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alarm = (kind: string, alarm_key: string, extra: Record<string, unknown> = {}) =>
      db
        .insertInto('alarm_event')
        .values({
          company_id: companyId,
          tenant_group_id: siteId,
          kind,
          alarm_key,
          raised_at: now,
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r: { id: number }) => r.id);
    const diff = await alarm('TEMPERATURE_DIFFERENTIAL', 'TEMPERATURE_DIFFERENTIAL:job:7:pair:41:42', {
      job_id: 7,
      sensor_id: 41,
    });
    const group = await alarm('AVERAGE_STRENGTH', 'AVERAGE_STRENGTH:group:9');
    const gateway = await alarm('GATEWAY_OFFLINE', 'GATEWAY_OFFLINE:gateway:3', { gateway_id: 3 });
    const silent = await alarm('NODE_SILENT', 'NODE_SILENT:node:5', { node_id: 5 });

    await migrate(store, () => true);
    const rows = await store.db
      .selectFrom('alarm_event')
      .select(['id', 'sensor_id', 'second_sensor_id', 'gateway_id', 'job_group_id'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: diff, sensor_id: 41, second_sensor_id: 42, gateway_id: null, job_group_id: null },
      { id: group, sensor_id: null, second_sensor_id: null, gateway_id: null, job_group_id: 9 },
      { id: gateway, sensor_id: null, second_sensor_id: null, gateway_id: 3, job_group_id: null },
      { id: silent, sensor_id: null, second_sensor_id: null, gateway_id: null, job_group_id: null },
    ]);
  });
});
