import type { UserDetail, UserSettingType } from '@sitepulse/contracts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { assertSameCompany } from '../../lib/scope.ts';
import { findByLoginRef, type PeopleDeps, type UserRow } from './access.ts';
import { createInvitations } from './invitations.ts';
import { createManagement } from './management.ts';
import { createPasswords } from './passwords.ts';

export type { UserRow } from './access.ts';

/**
 * People: the signed-in user's details, user management, job-site membership, invitations and
 * passwords (docs/decisions/people-and-access.md). Built before the job-site service, so it reads the
 * caller's grants itself.
 */
export function createUsersService(deps: PeopleDeps) {
  const { repo } = deps;
  const management = createManagement(deps);
  const { addedNotice: _, ...managementCalls } = management;

  /** The user a call names (default: the caller). Non-admins may only name themselves. */
  async function resolveTarget(actor: Actor, companyId: number | undefined, ref: string | undefined) {
    assertSameCompany(actor.companyId, companyId);
    if (ref === undefined || ref === '' || ref === actor.username) {
      const self = await repo.findById(actor.userId);
      if (!self || self.deleted_at !== null) throw notFound('User not found');
      return self;
    }
    const user = await findByLoginRef(repo, actor.companyId, ref);
    if (user && user.id === actor.userId) return user;
    if (!actor.isAdmin) throw forbidden('You may only see your own account');
    if (!user) throw notFound('User not found');
    return user;
  }

  return {
    /** A live user by username, e-mail or +phone (sign-in). */
    findByLoginRef: (companyId: number, ref: string): Promise<UserRow | undefined> =>
      findByLoginRef(repo, companyId, ref),
    resolveTarget,

    /** Any user by id (deleted ones too: callers check `deleted_at`). */
    findById(id: number) {
      return repo.findById(id);
    },

    async grants(userId: number) {
      return repo.listGrants(userId);
    },

    /** GET /v2/users/details: also for invited users (they sign in once they created a password). */
    async getDetail(actor: Actor, q: { username?: string; companyId?: number }): Promise<UserDetail> {
      const u = await resolveTarget(actor, q.companyId, q.username);
      const [settings, grants] = await Promise.all([repo.listSettings(u.id), repo.listGrants(u.id)]);
      const extra = parseRoles(u.roles);
      return {
        id: u.id,
        username: u.username,
        companyId: u.company_id,
        homeCompanyId: u.company_id,
        email: u.email,
        phone: u.phone,
        firstName: u.first_name,
        lastName: u.last_name,
        accountType: u.account_type,
        isActive: !!u.is_active,
        roles: [u.account_type, ...extra.filter((r) => r !== u.account_type)],
        userSettingData: settings.map((s) => ({ type: s.type as UserSettingType, val: s.val })),
        userTenantGroupData: grants.map((g) => ({ tenantGroupId: g.tenant_group_id, access: g.access })),
        userInvitationData: { status: u.invitation_status },
      };
    },

    ...managementCalls,
    ...createInvitations(deps, management),
    ...createPasswords(deps),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

function parseRoles(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}
