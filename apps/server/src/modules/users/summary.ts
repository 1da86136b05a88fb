import type { UserSummary } from '@sitepulse/contracts';
import { mailLanguage } from '../mail/templates.ts';
import type { UserRow } from './access.ts';
import type { UsersQueries } from './repo.ts';

/** The management view of users (spec section 3), with their job-site grants and language. */
export async function summariesOf(repo: UsersQueries, rows: UserRow[]): Promise<UserSummary[]> {
  const ids = rows.map((u) => u.id);
  const [grants, languages] = await Promise.all([repo.grantsOf(ids), repo.languagesOf(ids)]);
  const languageOf = new Map(languages.map((l) => [l.user_id, l.val]));
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    companyId: u.company_id,
    homeCompanyId: u.company_id,
    accountType: u.account_type,
    email: u.email,
    phone: u.phone,
    firstName: u.first_name,
    lastName: u.last_name,
    isActive: !!u.is_active,
    invitationStatus: u.invitation_status,
    language: mailLanguage(languageOf.get(u.id)),
    tenantGroupAccess: grants
      .filter((g) => g.user_id === u.id)
      .map((g) => ({ tenantGroupId: g.tenant_group_id, access: g.access })),
    createdAt: u.created_at,
    invitedAt: u.invited_at,
  }));
}

/** One user's summary, read again (after a change). */
export async function summaryOf(repo: UsersQueries, userId: number): Promise<UserSummary> {
  const user = await repo.findById(userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  const [summary] = await summariesOf(repo, [user]);
  return summary;
}
