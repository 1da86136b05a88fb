/**
 * Rules of the job-site members screens: who may manage a site's members, how a member is named and
 * found by the search, and which roles a member may be given. Pure functions, tested beside them.
 */
import type { TenantGroupMember, UserDetail } from '@sitepulse/contracts';
import { canManageMembers, MEMBER_ACCESS_CODES, memberRoleLabel, personName } from '@sitepulse/domain';

/** The role a new member gets unless the inviter chooses another: viewer, the one that changes nothing. */
export const DEFAULT_INVITE_ROLE = 4;

/** The signed-in user's access code on a job site (undefined when they have none there). */
export function accessOn(
  user: Pick<UserDetail, 'userTenantGroupData'> | undefined,
  tenantGroupId: number,
): number | undefined {
  return user?.userTenantGroupData?.find((g) => g.tenantGroupId === tenantGroupId)?.access;
}

/** Whether the signed-in user may invite, re-invite, change roles and remove members on this site. */
export function canManageSite(
  user: Pick<UserDetail, 'userTenantGroupData' | 'accountType'> | undefined,
  tenantGroupId: number,
): boolean {
  if (!user) return false;
  return canManageMembers(accessOn(user, tenantGroupId), user.accountType);
}

/**
 * The i18n key of a role: members.roles.admin, .editor, .viewer, .inspector, or .unknown for a code that
 * is none of these (the spec's 'Unknown type').
 */
export function roleKey(access: number | string | null | undefined): string {
  const label = memberRoleLabel(access);
  return ['admin', 'editor', 'viewer', 'inspector'].includes(label)
    ? `members.roles.${label}`
    : 'members.roles.unknown';
}

/** Whether the code is one a member may be given (1, 2, 4 or 8). */
export function isKnownRole(access: number | null | undefined): access is number {
  return typeof access === 'number' && MEMBER_ACCESS_CODES.includes(access);
}

type Named = Pick<TenantGroupMember, 'firstName' | 'lastName' | 'username'>;

/** Members sorted by name as shown, in the reader's language. */
export function sortMembers<T extends Named>(members: readonly T[], language: string): T[] {
  return [...members].sort((a, b) =>
    personName(a).localeCompare(personName(b), language, { sensitivity: 'base' }),
  );
}
