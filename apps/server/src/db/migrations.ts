import {
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import type { DialectName } from './index.ts';
import type { Database } from './types.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: schema builder over any table
type Tb = CreateTableBuilder<string, any>;

/** Column helpers that differ by dialect. Times are epoch ms: bigint on PostgreSQL, integer on SQLite. */
const cols = (dialect: DialectName) => ({
  ms: dialect === 'postgres' ? ('bigint' as const) : ('integer' as const),
  id: (t: Tb): Tb =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
});

function m001(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('app_secret')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('company'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('auth_code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('company_module'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('module_type', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('company_tier', 'text', (c) => c.notNull())
        .addColumn('spec', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('tier_spec', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .addUniqueConstraint('company_module_company_type_uq', ['company_id', 'module_type'])
        .execute();

      await id(db.schema.createTable('company_asset'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('bin_val', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('app_user'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('account_type', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('password_hash', 'text')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('invitation_status', 'text', (c) => c.notNull().defaultTo('ACCEPTED'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .addUniqueConstraint('app_user_company_username_uq', ['company_id', 'username'])
        .execute();
      await db.schema
        .createIndex('app_user_email_idx')
        .on('app_user')
        .columns(['company_id', 'email'])
        .execute();
      await db.schema
        .createIndex('app_user_phone_idx')
        .on('app_user')
        .columns(['company_id', 'phone'])
        .execute();

      await db.schema
        .createTable('user_setting')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('val', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_setting_pk', ['user_id', 'type'])
        .execute();

      await id(db.schema.createTable('tenant_group'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tenant_group_company_idx')
        .on('tenant_group')
        .column('company_id')
        .execute();

      await id(db.schema.createTable('tenant'))
        .addColumn('tenant_group_id', 'integer', (c) =>
          c.notNull().references('tenant_group.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tenant_group_idx').on('tenant').column('tenant_group_id').execute();

      await id(db.schema.createTable('gateway'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('tenant_group_id', 'integer', (c) => c.references('tenant_group.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('gateway_tenant_group_idx')
        .on('gateway')
        .column('tenant_group_id')
        .execute();

      await db.schema
        .createTable('user_tenant_group')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('tenant_group_id', 'integer', (c) =>
          c.notNull().references('tenant_group.id').onDelete('cascade'),
        )
        .addColumn('access', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_tenant_group_pk', ['user_id', 'tenant_group_id'])
        .execute();

      await db.schema
        .createTable('auth_session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('refresh_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .addColumn('revoked_at', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('password_reset'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', ms, (c) => c.notNull())
        .addColumn('used_at', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('mail_outbox'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .addColumn('raw', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('sent_at', ms)
        .addColumn('error', 'text')
        .execute();

      await db.schema
        .createTable('text_resource')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('text_resource_pk', ['name', 'language'])
        .execute();
    },
  };
}

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return { '001_initial': m001(dialect) };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations() {
    return migrations(this.dialect);
  }
}

/** Runs every pending migration; throws on failure. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when the database holds no company yet (first start). */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('company').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
