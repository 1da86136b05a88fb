import {
  type ColumnDefinitionBuilder,
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
  /** a measured value: 64-bit float on both dialects */
  num: dialect === 'postgres' ? ('double precision' as const) : ('real' as const),
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

/** Sensor data: nodes, cables, sensors, readings and their rollups, jobs, maturity state, profiles, alarms. */
function m002(dialect: DialectName): Migration {
  const { ms, id, num } = cols(dialect);
  // SQLite keeps readings clustered on their primary key (no rowid): one b-tree, read in key order.
  const clustered = dialect === 'sqlite' ? sql`without rowid` : sql``;
  const company = (c: ColumnDefinitionBuilder) => c.notNull().references('company.id').onDelete('cascade');
  return {
    async up(db: AnyDb) {
      // Gateway keys are 32 random bytes stored as their SHA-256: looked up by hash on every ingest.
      await db.schema.createIndex('gateway_key_hash_uq').on('gateway').column('key_hash').unique().execute();

      await id(db.schema.createTable('concrete_profile'))
        .addColumn('company_id', 'integer', company)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('maturity_function', 'text', (c) => c.notNull().defaultTo('NURSE_SAUL'))
        .addColumn('datum_c', num, (c) => c.notNull())
        .addColumn('activation_energy', num, (c) => c.notNull())
        .addColumn('reference_c', num, (c) => c.notNull())
        .addColumn('curve_a', num, (c) => c.notNull())
        .addColumn('curve_b', num, (c) => c.notNull())
        .addColumn('r2', num)
        .addColumn('min_maturity', num)
        .addColumn('max_maturity', num)
        .addColumn('breaks', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();

      // Node and cable ids are the numbers printed on the hardware: given, never generated.
      await db.schema
        .createTable('cable')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', company)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('spec', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('dynamic_spec', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('node')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', company)
        .addColumn('tenant_group_id', 'integer', (c) => c.references('tenant_group.id').onDelete('set null'))
        .addColumn('tenant_id', 'integer', (c) => c.references('tenant.id').onDelete('set null'))
        .addColumn('gateway_id', 'integer', (c) => c.references('gateway.id').onDelete('set null'))
        .addColumn('cable_id', 'integer', (c) => c.references('cable.id').onDelete('set null'))
        .addColumn('node_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('battery_level_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('latest_battery', num)
        .addColumn('latest_battery_ts', ms)
        .addColumn('latest_signal', num)
        .addColumn('latest_signal_ts', ms)
        .addColumn('latest_lat', num)
        .addColumn('latest_lng', num)
        .addColumn('latest_location_ts', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('node_company_idx')
        .on('node')
        .columns(['company_id', 'tenant_group_id'])
        .execute();

      await id(db.schema.createTable('sensor'))
        .addColumn('company_id', 'integer', company)
        .addColumn('node_id', 'integer', (c) => c.notNull().references('node.id').onDelete('cascade'))
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('sensor_type', 'text', (c) => c.notNull())
        .addColumn('alias', 'text')
        .addColumn('decommissioned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('blacklisted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('latest_value', num)
        .addColumn('latest_value_ts', ms)
        .addColumn('message_ts', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .addUniqueConstraint('sensor_node_channel_type_uq', ['node_id', 'channel_id', 'sensor_type'])
        .execute();

      // One row per (sensor, time): a resend conflicts on the key and changes nothing.
      await db.schema
        .createTable('reading')
        .addColumn('sensor_id', 'integer', (c) => c.notNull())
        .addColumn('ts', ms, (c) => c.notNull())
        .addColumn('value', num, (c) => c.notNull())
        .addPrimaryKeyConstraint('reading_pk', ['sensor_id', 'ts'])
        .modifyEnd(clustered)
        .execute();

      // Hourly count, sum, min and max per sensor, kept at ingest: long-range charts read these.
      await db.schema
        .createTable('reading_hour')
        .addColumn('sensor_id', 'integer', (c) => c.notNull())
        .addColumn('hour', ms, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('total', num, (c) => c.notNull())
        .addColumn('min', num, (c) => c.notNull())
        .addColumn('max', num, (c) => c.notNull())
        .addPrimaryKeyConstraint('reading_hour_pk', ['sensor_id', 'hour'])
        .modifyEnd(clustered)
        .execute();

      await db.schema
        .createTable('node_status')
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('ts', ms, (c) => c.notNull())
        .addColumn('battery', num)
        .addColumn('signal', num)
        .addPrimaryKeyConstraint('node_status_pk', ['node_id', 'ts'])
        .modifyEnd(clustered)
        .execute();

      await db.schema
        .createTable('node_location')
        .addColumn('node_id', 'integer', (c) => c.notNull())
        .addColumn('ts', ms, (c) => c.notNull())
        .addColumn('lat', num, (c) => c.notNull())
        .addColumn('lng', num, (c) => c.notNull())
        .addPrimaryKeyConstraint('node_location_pk', ['node_id', 'ts'])
        .modifyEnd(clustered)
        .execute();

      await id(db.schema.createTable('rejected_reading'))
        .addColumn('company_id', 'integer', company)
        .addColumn('gateway_id', 'integer', (c) => c.references('gateway.id').onDelete('set null'))
        .addColumn('received_at', ms, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_index', 'integer', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rejected_reading_company_idx')
        .on('rejected_reading')
        .columns(['company_id', 'received_at'])
        .execute();

      await id(db.schema.createTable('job_group'))
        .addColumn('company_id', 'integer', company)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('NEW'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('job'))
        .addColumn('company_id', 'integer', company)
        .addColumn('tenant_group_id', 'integer', (c) =>
          c.notNull().references('tenant_group.id').onDelete('cascade'),
        )
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
        .addColumn('job_group_id', 'integer', (c) => c.references('job_group.id').onDelete('set null'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('job_type_name', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('node_id', 'integer', (c) => c.notNull().references('node.id'))
        .addColumn('cable_id', 'integer', (c) => c.references('cable.id'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('NEW'))
        .addColumn('sensor_flags', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sensor_types', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('concrete_profile_id', 'integer', (c) => c.references('concrete_profile.id'))
        .addColumn('start_date', ms)
        .addColumn('termination_date', ms)
        .addColumn('job_attributes', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('alarm_data', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('job_alarm_triggered', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('low_target', num)
        .addColumn('medium_target', num)
        .addColumn('high_target', num)
        .addColumn('singular_target', num)
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('job_tenant_idx').on('job').columns(['tenant_id', 'kind']).execute();
      await db.schema.createIndex('job_node_idx').on('job').columns(['node_id']).execute();
      await db.schema.createIndex('job_group_idx').on('job').columns(['job_group_id']).execute();

      // Running maturity of each sensor of a maturity job: the state after its latest reading.
      await db.schema
        .createTable('maturity_state')
        .addColumn('job_id', 'integer', (c) => c.notNull().references('job.id').onDelete('cascade'))
        .addColumn('sensor_id', 'integer', (c) => c.notNull())
        .addColumn('last_ts', ms, (c) => c.notNull())
        .addColumn('last_temp', num, (c) => c.notNull())
        .addColumn('maturity', num, (c) => c.notNull())
        .addColumn('equivalent_age', num, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('maturity_state_pk', ['job_id', 'sensor_id'])
        .execute();

      // The same state at the last reading of each hour: chart points, and where a late reading's
      // recomputation starts.
      await db.schema
        .createTable('maturity_hour')
        .addColumn('job_id', 'integer', (c) => c.notNull().references('job.id').onDelete('cascade'))
        .addColumn('sensor_id', 'integer', (c) => c.notNull())
        .addColumn('hour', ms, (c) => c.notNull())
        .addColumn('last_ts', ms, (c) => c.notNull())
        .addColumn('last_temp', num, (c) => c.notNull())
        .addColumn('maturity', num, (c) => c.notNull())
        .addColumn('equivalent_age', num, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('maturity_hour_pk', ['job_id', 'sensor_id', 'hour'])
        .modifyEnd(clustered)
        .execute();

      await id(db.schema.createTable('alarm'))
        .addColumn('company_id', 'integer', company)
        .addColumn('job_id', 'integer', (c) => c.references('job.id').onDelete('cascade'))
        .addColumn('job_group_id', 'integer', (c) => c.references('job_group.id').onDelete('cascade'))
        .addColumn('alarm_type', 'text', (c) => c.notNull())
        .addColumn('alarm_data', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Alarms live on the job (docs/decisions/alarms-and-live-updates.md): the SENSOR_THRESHOLD bounds in
 * job.alarm_data (JSON text), the strength threshold in job.singular_target (the maturity engine's
 * target), the alarm bits in job.job_alarm_triggered. The `alarm` table of 002 was never written:
 * dropped, so there is one place only.
 */
function m003(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.dropTable('alarm').ifExists().execute();
    },
  };
}

/**
 * People and access (docs/decisions/people-and-access.md): users are soft-deleted and remember their
 * invitation; invitation links live beside reset links (password_reset.purpose); outbox messages name
 * their company and channel; the user audit keeps who did what to whom, also after a user is deleted.
 * SQLite adds one column per ALTER TABLE.
 */
function m004(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('app_user').addColumn('deleted_at', ms).execute();
      await db.schema.alterTable('app_user').addColumn('invited_at', ms).execute();
      await db.schema.alterTable('app_user').addColumn('invited_by', 'integer').execute();

      await db.schema
        .alterTable('password_reset')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('RESET'))
        .execute();
      // A re-invitation or a new reset voids the user's earlier unused links: found by user.
      await db.schema.createIndex('password_reset_user_idx').on('password_reset').column('user_id').execute();

      await db.schema.alterTable('mail_outbox').addColumn('company_id', 'integer').execute();
      await db.schema
        .alterTable('mail_outbox')
        .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
        .execute();
      await db.schema
        .createIndex('mail_outbox_company_idx')
        .on('mail_outbox')
        .columns(['company_id', 'created_at'])
        .execute();

      // The user ids are plain integers: no cascade from app_user (users are soft-deleted anyway).
      await id(db.schema.createTable('user_audit'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('actor_user_id', 'integer')
        .addColumn('target_user_id', 'integer', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('tenant_group_id', 'integer')
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_audit_company_idx')
        .on('user_audit')
        .columns(['company_id', 'created_at'])
        .execute();
    },
  };
}

/**
 * Issue 13 (docs/decisions/strength-targets-and-signoffs.md, docs/decisions/site-time.md): a job
 * site's own time zone (null: from its coordinates); the unit and kind the spec's target was entered
 * in, so "25 MPa" stays 25 MPa for an imperial reader; the further strength targets of a pour
 * (stripping, post-tensioning, opening to traffic, design), each kept in the unit it was entered in;
 * and the sign-offs of a pour, never edited, only superseded.
 */
function m005(dialect: DialectName): Migration {
  const { ms, num, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('tenant_group').addColumn('time_zone', 'text').execute();
      await db.schema.alterTable('job').addColumn('target_unit', 'text').execute();
      await db.schema.alterTable('job').addColumn('target_kind', 'text').execute();

      await id(db.schema.createTable('job_target'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('job_id', 'integer', (c) => c.notNull().references('job.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('strength_mpa', num, (c) => c.notNull())
        .addColumn('entered_value', num, (c) => c.notNull())
        .addColumn('entered_unit', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('job_target_job_kind_uq')
        .on('job_target')
        .columns(['job_id', 'kind'])
        .unique()
        .execute();

      await id(db.schema.createTable('job_signoff'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('job_id', 'integer', (c) => c.notNull().references('job.id').onDelete('cascade'))
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('strength_mpa', num)
        .addColumn('maturity', num)
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('supersedes_id', 'integer')
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('job_signoff_job_idx')
        .on('job_signoff')
        .columns(['job_id', 'created_at'])
        .execute();
    },
  };
}

/**
 * Issue 14 (docs/decisions/reports.md): report requests, made by a worker that claims each with a lease
 * (lease_until, attempts), and their schedules, fired by compare-and-set on next_run_at. JSON lists and
 * the request's attributes stay text, as the spec keeps them.
 */
function m006(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await id(db.schema.createTable('report_schedule'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('tenant_group_id', 'integer', (c) =>
          c.notNull().references('tenant_group.id').onDelete('cascade'),
        )
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('owner_username', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('week_days', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('month_day', 'integer')
        .addColumn('time_of_day', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('next_run_at', ms)
        .addColumn('last_run_at', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('report_schedule_due_idx')
        .on('report_schedule')
        .columns(['is_active', 'next_run_at'])
        .execute();
      await db.schema
        .createIndex('report_schedule_site_idx')
        .on('report_schedule')
        .columns(['tenant_group_id', 'created_at'])
        .execute();

      await id(db.schema.createTable('report_request'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('tenant_group_id', 'integer', (c) =>
          c.notNull().references('tenant_group.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('owner_company_id', 'integer', (c) => c.notNull())
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('owner_username', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('NEW'))
        .addColumn('error', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('started_at', ms)
        .addColumn('finished_at', ms)
        .addColumn('lease_until', ms)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cj_id', 'integer')
        .addColumn('channel_job_name', 'text')
        .addColumn('channel_job_type', 'text')
        .addColumn('msj_id', 'integer')
        .addColumn('mdd_id', 'integer')
        .addColumn('delivery_methods', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('recipient_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('auto', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('schedule_id', 'integer')
        .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('file_name', 'text')
        .addColumn('file_size', ms)
        .execute();
      await db.schema
        .createIndex('report_request_queue_idx')
        .on('report_request')
        .columns(['status', 'lease_until'])
        .execute();
      await db.schema
        .createIndex('report_request_site_idx')
        .on('report_request')
        .columns(['tenant_group_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('report_request_owner_idx')
        .on('report_request')
        .columns(['owner_user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('report_request_file_idx')
        .on('report_request')
        .column('file_name')
        .execute();
      await db.schema
        .createIndex('report_request_schedule_idx')
        .on('report_request')
        .columns(['schedule_id', 'created_at'])
        .execute();
    },
  };
}

/**
 * Issue 14 (docs/decisions/reports.md, "Differential reports"): the sensor pairs stored on a maturity job,
 * compared by its differential reports when a request names none. Each pair is kept in the order given
 * (sid1 minus sid2) and is unique per job whichever way round it was given: the unique index is on the
 * lower and the higher sensor id.
 */
function m007(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  const [low, high] = dialect === 'postgres' ? ['least', 'greatest'] : ['min', 'max'];
  return {
    async up(db: AnyDb) {
      await id(db.schema.createTable('job_sensor_pair'))
        .addColumn('job_id', 'integer', (c) => c.notNull().references('job.id').onDelete('cascade'))
        .addColumn('sensor_id_1', 'integer', (c) => c.notNull().references('sensor.id').onDelete('cascade'))
        .addColumn('sensor_id_2', 'integer', (c) => c.notNull().references('sensor.id').onDelete('cascade'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .execute();
      await db.schema
        .createIndex('job_sensor_pair_uq')
        .on('job_sensor_pair')
        .unique()
        .expression(
          sql`job_id, ${sql.raw(low)}(sensor_id_1, sensor_id_2), ${sql.raw(high)}(sensor_id_1, sensor_id_2)`,
        )
        .execute();
    },
  };
}

/**
 * Issue 15 (docs/decisions/alarm-life.md): the life of each alarm. alarm_event holds one row per
 * alarm raised; alarm_key names "the same alarm" (kind, job, sensor, side or node) and is unique among
 * uncleared rows, so one alarm is never active twice. alarm_breach keeps, per alarm key, the reading
 * watermark and the start of a breach not yet long enough to raise.
 */
function m008(dialect: DialectName): Migration {
  const { ms, num, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await id(db.schema.createTable('alarm_event'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('tenant_group_id', 'integer', (c) =>
          c.notNull().references('tenant_group.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('alarm_key', 'text', (c) => c.notNull())
        .addColumn('job_id', 'integer')
        .addColumn('sensor_id', 'integer')
        .addColumn('node_id', 'integer')
        .addColumn('gateway_id', 'integer')
        .addColumn('side', 'text')
        .addColumn('quantity', 'text')
        .addColumn('value', num)
        .addColumn('bound', num)
        .addColumn('raised_at', ms, (c) => c.notNull())
        .addColumn('acknowledged_at', ms)
        .addColumn('acknowledged_by', 'integer')
        .addColumn('ack_note', 'text')
        .addColumn('cleared_at', ms)
        .execute();
      await db.schema
        .createIndex('alarm_event_active_uq')
        .on('alarm_event')
        .unique()
        .column('alarm_key')
        .where(sql.ref('cleared_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('alarm_event_site_idx')
        .on('alarm_event')
        .columns(['tenant_group_id', 'raised_at'])
        .execute();
      await db.schema
        .createIndex('alarm_event_key_idx')
        .on('alarm_event')
        .columns(['alarm_key', 'raised_at'])
        .execute();

      await db.schema
        .createTable('alarm_breach')
        .addColumn('alarm_key', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('since', ms)
        .addColumn('last_ts', ms, (c) => c.notNull())
        .addColumn('last_value', num)
        .execute();
    },
  };
}

/**
 * Issue 15 (docs/decisions/notifications.md): per-site alarm e-mail subscriptions (no row: subscribed) and
 * the durable outbox of alarm messages, one row per person, channel and change of an alarm, claimed by the
 * notification worker with a lease. dedupe_key is unique: an alarm is never sent twice to one person on one
 * channel for one change.
 */
function m009(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('email_subscription')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('tenant_group_id', 'integer', (c) =>
          c.notNull().references('tenant_group.id').onDelete('cascade'),
        )
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('email_subscription_pk', ['user_id', 'tenant_group_id'])
        .execute();

      await id(db.schema.createTable('notification_message'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('tenant_group_id', 'integer')
        .addColumn('alarm_event_id', 'integer')
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('change', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('PENDING'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', ms, (c) => c.notNull())
        .addColumn('lease_until', ms)
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('sent_at', ms)
        .addColumn('error', 'text')
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('digest_hour', ms)
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createIndex('notification_message_queue_idx')
        .on('notification_message')
        .columns(['state', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('notification_message_user_idx')
        .on('notification_message')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}

/**
 * Issue 15, Web Push (docs/decisions/notifications.md): each browser's push subscription (endpoint unique,
 * removed when the push service answers 404/410), and on each alarm message the channel the person asked
 * for when another was used, and the link a push notification opens. The VAPID key pair is one row of
 * app_secret (`vapid_keys`), written on first start.
 */
function m010(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await id(db.schema.createTable('push_subscription'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('last_ok_at', ms)
        .addColumn('failed_at', ms)
        .execute();
      await db.schema
        .createIndex('push_subscription_user_idx')
        .on('push_subscription')
        .column('user_id')
        .execute();
      await db.schema.alterTable('notification_message').addColumn('requested_channel', 'text').execute();
      await db.schema.alterTable('notification_message').addColumn('link', 'text').execute();
    },
  };
}

/**
 * Issue 15, more alarm kinds (docs/decisions/alarm-life.md): when each gateway was last heard from, set by
 * every ingest call, so the sweep can raise GATEWAY_OFFLINE.
 */
function m011(dialect: DialectName): Migration {
  const { ms } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('gateway').addColumn('last_uplink_at', ms).execute();
    },
  };
}

/**
 * Issue 15, what each alarm is about (docs/decisions/alarm-life.md): the pair's second sensor of a
 * TEMPERATURE_DIFFERENTIAL alarm and the job group of an AVERAGE_STRENGTH alarm (GATEWAY_OFFLINE has had
 * gateway_id since 008). Rows written before are filled from their alarm_key, which names both.
 */
function m015(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('alarm_event').addColumn('second_sensor_id', 'integer').execute();
      await db.schema.alterTable('alarm_event').addColumn('job_group_id', 'integer').execute();
      const rows = await db
        .selectFrom('alarm_event')
        .select(['id', 'kind', 'alarm_key'])
        .where('kind', 'in', ['TEMPERATURE_DIFFERENTIAL', 'AVERAGE_STRENGTH'])
        .execute();
      for (const r of rows) {
        const key = String(r.alarm_key);
        const last = Number(key.slice(key.lastIndexOf(':') + 1));
        if (!Number.isSafeInteger(last) || last <= 0) continue;
        await db
          .updateTable('alarm_event')
          .set(r.kind === 'AVERAGE_STRENGTH' ? { job_group_id: last } : { second_sensor_id: last })
          .where('id', '=', r.id)
          .execute();
      }
    },
  };
}

/**
 * Issue 15, per-job differential limit (docs/decisions/alarm-state-on-screens.md): the largest temperature
 * difference a maturity job's sensor pairs may show before TEMPERATURE_DIFFERENTIAL is raised, °C; null is
 * the default (domain DIFFERENTIAL_LIMIT_C, 19.4 °C). Also the default limit of the job's differential reports.
 */
function m012(dialect: DialectName): Migration {
  const { num } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('job').addColumn('differential_limit_c', num).execute();
    },
  };
}

/**
 * Issue 16, checklists (docs/decisions/checklists.md): the templates of a company (their content as JSON
 * text, the spec's `template`), the Lumitrack projects each is assigned to, the audit of every operation on
 * them, the filled checklists (each with the template as it was filled, who and when; never changed), and
 * the photos uploaded for PHOTO items (the bytes in a file store; a row until a fill takes it).
 */
function m014(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await id(db.schema.createTable('checklist_template'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('last_modified', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('checklist_template_name_uq')
        .on('checklist_template')
        .unique()
        .expression(sql`company_id, lower(name)`)
        .execute();

      await db.schema
        .createTable('checklist_template_tenant')
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('checklist_template.id').onDelete('cascade'),
        )
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('checklist_template_tenant_pk', ['template_id', 'tenant_id'])
        .execute();
      await db.schema
        .createIndex('checklist_template_tenant_idx')
        .on('checklist_template_tenant')
        .column('tenant_id')
        .execute();

      await id(db.schema.createTable('checklist_audit'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('checklist_template.id').onDelete('cascade'),
        )
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('checklist_audit_template_idx')
        .on('checklist_audit')
        .columns(['template_id', 'id'])
        .execute();
      await db.schema
        .createIndex('checklist_audit_company_idx')
        .on('checklist_audit')
        .columns(['company_id', 'id'])
        .execute();

      await id(db.schema.createTable('checklist_fill'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('checklist_template.id').onDelete('cascade'),
        )
        .addColumn('template_version', 'integer', (c) => c.notNull())
        .addColumn('template_name', 'text', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
        .addColumn('tenant_group_id', 'integer', (c) =>
          c.notNull().references('tenant_group.id').onDelete('cascade'),
        )
        .addColumn('lumitrack_id', 'text', (c) => c.notNull())
        .addColumn('answers', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('checklist_fill_lumitrack_idx')
        .on('checklist_fill')
        .columns(['company_id', 'lumitrack_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('checklist_photo')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('fill_id', 'integer', (c) => c.references('checklist_fill.id').onDelete('cascade'))
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('checklist_photo_user_idx')
        .on('checklist_photo')
        .columns(['user_id', 'fill_id'])
        .execute();
    },
  };
}

/**
 * Issue 16, usage tracking (docs/decisions/usage-tracking.md): single page views and events (the user id
 * from the session, the route pattern, the event name, the time; nothing else), kept 90 days, and the
 * counts per company, UTC day, page and event, kept. (kind, path, name) with name '' for page views.
 */
function m016(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await id(db.schema.createTable('usage_event'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('usage_event_user_idx')
        .on('usage_event')
        .columns(['user_id', 'at'])
        .execute();
      await db.schema.createIndex('usage_event_at_idx').on('usage_event').column('at').execute();

      await db.schema
        .createTable('usage_daily')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_daily_pk', ['company_id', 'day', 'kind', 'path', 'name'])
        .execute();
    },
  };
}

/**
 * Issue 16, Lumitrack IDs and their QR label files (docs/decisions/lumitrack.md): the company's IDs (the
 * human ID unique per company; a GPS node held by one ID at most), the ID file requests made by the label
 * worker through the leased queue (apps/server/src/jobs/leased-queue.ts), the IDs of each request in order,
 * and each user's preferred label format.
 */
function m013(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await id(db.schema.createTable('lumitrack_id'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('lumitrack_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('STANDARD'))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('Active'))
        .addColumn('tenant_id', 'integer', (c) => c.references('tenant.id').onDelete('set null'))
        .addColumn('gps_node_id', 'integer', (c) => c.references('node.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .addColumn('deactivated_at', ms)
        .addUniqueConstraint('lumitrack_id_company_uq', ['company_id', 'lumitrack_id'])
        .execute();
      await db.schema
        .createIndex('lumitrack_id_gps_node_uq')
        .on('lumitrack_id')
        .column('gps_node_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('lumitrack_id_created_idx')
        .on('lumitrack_id')
        .columns(['company_id', 'created_at'])
        .execute();
      await db.schema.createIndex('lumitrack_id_tenant_idx').on('lumitrack_id').column('tenant_id').execute();

      await id(db.schema.createTable('lumitrack_file_request'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('owner_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
        .addColumn('owner_username', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('NEW'))
        .addColumn('is_user_defined', 'integer', (c) => c.notNull())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('file_type', 'text', (c) => c.notNull())
        .addColumn('file_format', 'text', (c) => c.notNull())
        .addColumn('id_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('started_at', ms)
        .addColumn('finished_at', ms)
        .addColumn('lease_until', ms)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('file_name', 'text')
        .addColumn('file_size', ms)
        .execute();
      await db.schema
        .createIndex('lumitrack_file_request_queue_idx')
        .on('lumitrack_file_request')
        .columns(['status', 'lease_until'])
        .execute();
      await db.schema
        .createIndex('lumitrack_file_request_company_idx')
        .on('lumitrack_file_request')
        .columns(['company_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('lumitrack_file_request_item')
        .addColumn('request_id', 'integer', (c) =>
          c.notNull().references('lumitrack_file_request.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('lumitrack_id_id', 'integer', (c) =>
          c.notNull().references('lumitrack_id.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('lumitrack_file_request_item_pk', ['request_id', 'position'])
        .execute();
      await db.schema
        .createIndex('lumitrack_file_request_item_id_idx')
        .on('lumitrack_file_request_item')
        .column('lumitrack_id_id')
        .execute();

      await db.schema
        .createTable('lumitrack_label_preference')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
        .addColumn('file_format', 'text', (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Issue 17, several servers on one PostgreSQL (docs/decisions/several-servers.md): failed sign-in
 * attempts per key and window, shared by every process (modules/auth/rate-limit.ts). UNLOGGED: a
 * crash empties it, which only forgets some failures. SQLite keeps them in memory (one process).
 */
function m017(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`CREATE UNLOGGED TABLE auth_failure (
        key text PRIMARY KEY, count integer NOT NULL, reset_at bigint NOT NULL)`.execute(db);
    },
  };
}

/**
 * Issue 16, material tracking (docs/decisions/material-tracking.md): each company's stages (name, order, the
 * checklist filled there; the defaults are written on first use) and the stage events of its elements
 * (Lumitrack IDs): who, when, how the element moved, an optional note and the checklist that backs it.
 */
function m018(dialect: DialectName): Migration {
  const { ms, id } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await id(db.schema.createTable('material_stage'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('checklist_template_id', 'integer', (c) =>
          c.references('checklist_template.id').onDelete('set null'),
        )
        .addColumn('created_at', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('material_stage_company_idx')
        .on('material_stage')
        .columns(['company_id', 'position'])
        .execute();

      await id(db.schema.createTable('material_event'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('company.id').onDelete('cascade'))
        .addColumn('lumitrack_id_id', 'integer', (c) =>
          c.notNull().references('lumitrack_id.id').onDelete('cascade'),
        )
        .addColumn('stage_id', 'integer', (c) => c.notNull().references('material_stage.id'))
        .addColumn('move', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('checklist_fill_id', 'integer', (c) =>
          c.references('checklist_fill.id').onDelete('set null'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('created_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('material_event_element_idx')
        .on('material_event')
        .columns(['lumitrack_id_id', 'id'])
        .execute();
      await db.schema
        .createIndex('material_event_stage_idx')
        .on('material_event')
        .column('stage_id')
        .execute();
    },
  };
}

/**
 * Issue 17, data that grows for years (docs/decisions/data-retention.md).
 * Both dialects: `retention_mark`, the time before which a company's raw readings were removed by its
 * retention (readers of old ranges go to the hourly rollups), and `maintenance_task`, when periodic work
 * next runs (a compare-and-set on next_run_at runs it once across processes).
 * PostgreSQL: `reading` becomes a table partitioned by UTC month of `ts` (RANGE), with a DEFAULT partition
 * for any time without its own; the rows are copied into a new table (one partition per month that holds
 * rows), counted against the old one, and the names swapped, all in the migration's transaction. SQLite
 * keeps its one table.
 */
function m019(dialect: DialectName): Migration {
  const { ms } = cols(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('retention_mark')
        .addColumn('company_id', 'integer', (c) =>
          c.primaryKey().references('company.id').onDelete('cascade'),
        )
        .addColumn('raw_before', ms, (c) => c.notNull())
        .addColumn('updated_at', ms, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('maintenance_task')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('next_run_at', ms, (c) => c.notNull())
        .addColumn('started_at', ms)
        .addColumn('finished_at', ms)
        .addColumn('error', 'text')
        .execute();
      if (dialect !== 'postgres') return;

      await sql`CREATE TABLE reading_partitioned (
        sensor_id integer NOT NULL, ts bigint NOT NULL, value double precision NOT NULL) PARTITION BY RANGE (ts)`.execute(
        db,
      );
      await sql`CREATE TABLE reading_default PARTITION OF reading_partitioned DEFAULT`.execute(db);
      // One partition per UTC month holding rows (the most recent 600 at most; the rest stay in the default).
      // Times outside 2000..2200 are left to the default: ingest refuses times before 2000, and to_timestamp
      // cannot take every bigint.
      const months = await sql<{ y: number; m: number }>`
        SELECT DISTINCT extract(year FROM t)::int AS y, extract(month FROM t)::int AS m
        FROM (SELECT to_timestamp(ts / 1000.0) AT TIME ZONE 'UTC' AS t FROM reading
              WHERE ts >= ${Date.UTC(2000, 0, 1)} AND ts < ${Date.UTC(2200, 0, 1)}) x
        ORDER BY y DESC, m DESC LIMIT 600`.execute(db);
      for (const { y, m } of months.rows) {
        const from = Date.UTC(y, m - 1, 1);
        const to = Date.UTC(y, m, 1);
        const name = `reading_p${y}${String(m).padStart(2, '0')}`;
        await sql`CREATE TABLE ${sql.id(name)} PARTITION OF reading_partitioned
          FOR VALUES FROM (${sql.lit(from)}) TO (${sql.lit(to)})`.execute(db);
      }
      await sql`INSERT INTO reading_partitioned (sensor_id, ts, value) SELECT sensor_id, ts, value FROM reading`.execute(
        db,
      );
      const counts = await sql<{ before: number; after: number }>`
        SELECT (SELECT count(*) FROM reading) AS before, (SELECT count(*) FROM reading_partitioned) AS after`.execute(
        db,
      );
      const { before, after } = counts.rows[0];
      if (Number(before) !== Number(after)) {
        throw new Error(
          `019: copied ${after} of ${before} readings into the partitioned table; nothing changed`,
        );
      }
      await sql`DROP TABLE reading`.execute(db);
      await sql`ALTER TABLE reading_partitioned RENAME TO reading`.execute(db);
      // The key is built once over the copied rows (faster than keeping it while copying).
      await sql`ALTER TABLE reading ADD CONSTRAINT reading_pk PRIMARY KEY (sensor_id, ts)`.execute(db);
    },
  };
}

/**
 * Jobs read by job site: every job list, dashboard, portfolio and forecast asks for the jobs of one site or
 * of the sites a person may read (`job.tenant_group_id`), which had no index, so each read scanned every
 * job of every company, a table that grows with every pour for years. Tested by db/indexes.test.ts.
 */
function m020(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.createIndex('job_site_idx').on('job').columns(['tenant_group_id', 'kind']).execute();
    },
  };
}

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001_initial': m001(dialect),
    '002_sensor_data': m002(dialect),
    '003_alarms_on_jobs': m003(),
    '004_people': m004(dialect),
    '005_targets_signoffs_site_time': m005(dialect),
    '006_reports': m006(dialect),
    '007_job_sensor_pairs': m007(dialect),
    '008_alarm_events': m008(dialect),
    '009_notifications': m009(dialect),
    '010_push': m010(dialect),
    '011_alarm_kinds': m011(dialect),
    '012_job_differential_limit': m012(dialect),
    '015_alarm_subjects': m015(),
    '014_checklists': m014(dialect),
    '016_usage': m016(dialect),
    '013_lumitrack': m013(dialect),
    '017_auth_failure': m017(dialect),
    '018_material_tracking': m018(dialect),
    '019_reading_partitions_retention': m019(dialect),
    '020_job_site_index': m020(),
  };
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
