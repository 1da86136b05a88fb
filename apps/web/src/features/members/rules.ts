/**
 * Rules of the job-site members screens: who may manage a site's members, how a member is named and
 * found by the search, and which roles a member may be given. Pure functions, tested beside them.
 */
import type { TenantGroupMember, UserDetail } from '@sitepulse/contracts';
import { canManageMembers, INVITATION_STATUS, MEMBER_ACCESS_CODES, memberRoleLabel } from '@sitepulse/domain';

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

/** First and last name, or the username when the member gave no name. */
export function displayName(member: Named): string {
  return `${member.firstName ?? ''} ${member.lastName ?? ''}`.trim() || member.username;
}

/** Whether the member was invited and has not set up their account yet. */
export function isPendingInvitation(member: Pick<TenantGroupMember, 'invitationStatus'>): boolean {
  return member.invitationStatus === INVITATION_STATUS.welcomeSent;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Whether a member matches the search: every word typed is found in their name, username, e-mail or
 * phone (case and accents ignored; a phone matches with or without its spaces and signs).
 */
export function matchesSearch(
  member: Pick<TenantGroupMember, 'firstName' | 'lastName' | 'username' | 'email' | 'phone'>,
  search: string,
): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = fold(
    [member.firstName, member.lastName, member.username, member.email, member.phone ?? ''].join(' '),
  );
  const digits = (member.phone ?? '').replace(/\D/g, '');
  return words.every((w) => {
    if (text.includes(w)) return true;
    const wDigits = w.replace(/\D/g, '');
    return wDigits.length > 0 && wDigits === w.replace(/[\s()+.-]/g, '') && digits.includes(wDigits);
  });
}

/** Members sorted by name as shown, in the reader's language. */
export function sortMembers<T extends Named>(members: readonly T[], language: string): T[] {
  return [...members].sort((a, b) =>
    displayName(a).localeCompare(displayName(b), language, { sensitivity: 'base' }),
  );
}
