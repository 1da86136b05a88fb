import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { isAdminAccount } from '../lib/roles.ts';
import type { Services } from '../services.ts';
import { DEMO } from './seed.ts';

/** The demo's pour: its report is made at first start, and e-mailed every Monday morning. */
const DEMO_REPORT_JOB = 'Level 4 Slab - Pour 2';

/**
 * A fresh demo's report list is not empty: the superintendent (editor) has asked for the pour report of
 * the slab being cured (the worker makes it once the server runs) and has it e-mailed every Monday at
 * 7:00, site time. Made through the reports service, as the form would, so every rule applies.
 */
export async function seedDemoReports(
  db: Kysely<Database>,
  services: Services,
  companyId: number,
): Promise<void> {
  const editor = await db
    .selectFrom('app_user')
    .select(['id', 'username', 'account_type'])
    .where('company_id', '=', companyId)
    .where('username', '=', DEMO.users.editor)
    .executeTakeFirst();
  const job = await db
    .selectFrom('job as j')
    .innerJoin('tenant_group as g', 'g.id', 'j.tenant_group_id')
    .select(['j.id', 'j.tenant_group_id', 'g.time_zone'])
    .where('g.company_id', '=', companyId)
    .where('j.name', '=', DEMO_REPORT_JOB)
    .executeTakeFirst();
  if (!editor || !job) return;
  const actor = {
    userId: editor.id,
    companyId,
    username: editor.username,
    accountType: editor.account_type,
    roles: [],
    sessionId: 'demo-seed',
    isAdmin: isAdminAccount(editor.account_type),
  };
  const request = { type: 'CS_POUR_REPORT' as const, msjId: job.id, deliveryMethods: ['email' as const] };
  await services.reports.create(actor, String(job.tenant_group_id), request);
  await services.reports.createSchedule(actor, {
    tenantGroupId: job.tenant_group_id,
    request,
    frequency: 'WEEKLY',
    weekDays: [1],
    timeOfDay: '07:00',
    timeZone: job.time_zone ?? 'America/Toronto',
  });
}
