import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../db/types.ts';
import { DEMO } from '../../demo/seed.ts';
import { hashPassword } from '../../lib/crypto.ts';
import type { TestContext } from '../../test/test-app.ts';

/** Test helpers of the people calls (not a test file itself). */

/** Every row of the tables a people call may change, in a stable order. */
export async function snapshotPeople(db: Kysely<Database>) {
  const [users, grants, links, outbox, audits, settings] = await Promise.all([
    db.selectFrom('app_user').selectAll().orderBy('id').execute(),
    db.selectFrom('user_tenant_group').selectAll().orderBy('user_id').orderBy('tenant_group_id').execute(),
    db.selectFrom('password_reset').selectAll().orderBy('id').execute(),
    db.selectFrom('mail_outbox').selectAll().orderBy('id').execute(),
    db.selectFrom('user_audit').selectAll().orderBy('id').execute(),
    db.selectFrom('user_setting').selectAll().orderBy('user_id').orderBy('type').execute(),
  ]);
  return { users, grants, links, outbox, audits, settings };
}

/**
 * Runs `fn` and checks that it left the people tables exactly as they were. Deliveries still running
 * (they update their outbox rows) finish first.
 */
export async function expectUnchanged(ctx: TestContext, fn: () => Promise<void>) {
  await ctx.app.services.mail.idle();
  const before = await snapshotPeople(ctx.db.db);
  await fn();
  await ctx.app.services.mail.idle();
  expect(await snapshotPeople(ctx.db.db)).toEqual(before);
}

/** The ids of a company's job sites by name. */
export async function sitesByName(db: Kysely<Database>, companyId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('tenant_group')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** A signed-up user (password DEMO.password) with job-site grants. */
export async function addPerson(
  db: Kysely<Database>,
  v: {
    companyId: number;
    username: string;
    accountType?: string;
    grants?: { tenantGroupId: number; access: number }[];
    phone?: string | null;
    email?: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('app_user')
    .values({
      company_id: v.companyId,
      username: v.username,
      email: v.email ?? `${v.username}@people.example`,
      phone: v.phone ?? null,
      first_name: v.username,
      last_name: 'Person',
      account_type: v.accountType ?? 'USER',
      roles: '[]',
      password_hash: await hashPassword(DEMO.password),
      is_active: 1,
      invitation_status: 'ACCEPTED',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (v.grants?.length) {
    await db
      .insertInto('user_tenant_group')
      .values(v.grants.map((g) => ({ user_id: id, tenant_group_id: g.tenantGroupId, access: g.access })))
      .execute();
  }
  return id;
}

/** A signed-in caller of the people calls: `call(method, url, body or query)`. */
export function caller(ctx: TestContext, headers: Record<string, string>) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: Record<string, unknown>) => {
    const withQuery = method === 'GET' || method === 'DELETE';
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(withQuery ? (data ?? {}) : {})) params.set(k, String(v));
    const query = params.size > 0 ? `?${params}` : '';
    return ctx.app.inject({
      method,
      url: `/api${url}${query}`,
      headers,
      ...(withQuery ? {} : { payload: data ?? {} }),
    });
  };
}

/** The token of a link to `path` (create_pwd, reset_pwd) in a message text. */
export function tokenOf(text: string, path: 'create_pwd' | 'reset_pwd'): string {
  const m = text.match(new RegExp(`/${path}\\?token=([A-Za-z0-9_%-]+)`));
  if (!m) throw new Error(`no /${path} link in: ${text}`);
  return decodeURIComponent(m[1]);
}
