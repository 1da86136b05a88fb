import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { hashPassword } from '../lib/crypto.ts';

export const OTHER = {
  authCode: 'OTHR2',
  username: 'admin',
  password: 'other-pass-1',
  siteName: 'Other Secret Site',
};

/** A second company with its own admin and job site, to show that data does not cross companies. */
export async function seedOtherCompany(db: Kysely<Database>) {
  const now = Date.now();
  const { id: companyId } = await db
    .insertInto('company')
    .values({ name: 'Other Builders', auth_code: OTHER.authCode, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: siteId } = await db
    .insertInto('tenant_group')
    .values({
      company_id: companyId,
      name: OTHER.siteName,
      type: 'Construction Site',
      state: 'ACTIVE',
      address: '1 Elsewhere Road',
      latitude: 49.28,
      longitude: -123.12,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: tenantId } = await db
    .insertInto('tenant')
    .values({
      tenant_group_id: siteId,
      company_id: companyId,
      name: 'Default',
      type: 'Concrete',
      state: 'ACTIVE',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: userId } = await db
    .insertInto('app_user')
    .values({
      company_id: companyId,
      username: OTHER.username,
      email: 'admin@other-builders.example',
      phone: '+16042345678',
      first_name: 'Olive',
      last_name: 'Other',
      account_type: 'ADMIN',
      roles: '[]',
      password_hash: await hashPassword(OTHER.password),
      is_active: 1,
      invitation_status: 'ACCEPTED',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_tenant_group')
    .values({ user_id: userId, tenant_group_id: siteId, access: 1 })
    .execute();
  await db
    .insertInto('company_asset')
    .values({
      company_id: companyId,
      type: 'LOGO_IMG',
      bin_val: 'AAAA',
      mime_type: 'image/png',
      created_at: now,
    })
    .execute();
  return { companyId, siteId, tenantId, userId };
}
