/**
 * The rules of the user-management screens that are not drawing: the labels of account types and job-site
 * roles in the user's language, a user's status, the list's search and sort, and what an error says.
 */
import type { TenantGroup, UserSummary } from '@sitepulse/contracts';
import {
  ACCOUNT_TYPES,
  accountTypeLabel,
  INVITATION_STATUS,
  memberRoleLabel,
  UNKNOWN_TYPE_LABEL,
} from '@sitepulse/domain';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client.ts';

/** An account type a company admin may give (ADMIN, USER, READONLY_MEMBER). */
export type AssignableType = (typeof ACCOUNT_TYPES)[number];
/** The account types a company admin may give, in the order the screens offer them. */
export const ASSIGNABLE_TYPES: readonly AssignableType[] = ACCOUNT_TYPES;

/**
 * An account type's label (domain accountTypeLabel: admin, user, Read-Only, the AOMS staff labels, else
 * 'Unknown type') in the user's language. The English strings are the domain's labels (checked by a test).
 */
export function accountTypeText(t: TFunction, type: string | null | undefined): string {
  const label = accountTypeLabel(type);
  if (label === UNKNOWN_TYPE_LABEL || !type) return t('users.accountTypes.unknown');
  return t(`users.accountTypes.${type}`, { defaultValue: label });
}

/** A job-site role's label (domain memberRoleLabel: admin, editor, viewer, inspector, else 'Unknown type'). */
export function memberRoleText(t: TFunction, access: number | null | undefined): string {
  const label = memberRoleLabel(access);
  if (label === UNKNOWN_TYPE_LABEL) return t('users.roles.unknown');
  return t(`users.roles.${access}`, { defaultValue: label });
}

/** Whether the user has not set up their account yet (the invitation is still out). */
export const isInvitationPending = (user: Pick<UserSummary, 'invitationStatus'>): boolean =>
  user.invitationStatus === INVITATION_STATUS.welcomeSent;

/** First and last name, or the username when the user has no name. */
export function displayName(user: Pick<UserSummary, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  return name || user.username;
}

/** The edit page of a user. */
export const editUserPath = (user: Pick<UserSummary, 'id'>) => `/edit-user/${user.id}`;

/** Where an invitation went: the e-mail, else the phone, else the name. */
export function invitationTarget(
  user: Pick<UserSummary, 'email' | 'phone' | 'firstName' | 'lastName' | 'username'>,
) {
  return user.email || user.phone || displayName(user);
}

/** A job site's name, from the signed-in admin's list; an id the list does not hold shows as 'Job site {id}'. */
export function siteName(t: TFunction, sites: TenantGroup[] | undefined, tenantGroupId: number): string {
  return sites?.find((s) => s.id === tenantGroupId)?.name ?? t('users.sites.unknown', { id: tenantGroupId });
}

export const isArchived = (site: Pick<TenantGroup, 'state'>) => site.state === 'TERMINATED';

/** The job sites one may give access to: active ones first, then archived ones, each by name. */
export function siteOptions(sites: TenantGroup[] | undefined): TenantGroup[] {
  return [...(sites ?? [])].sort(
    (a, b) => Number(isArchived(a)) - Number(isArchived(b)) || a.name.localeCompare(b.name),
  );
}

/** Accent- and case-insensitive text for the search. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Whether a user matches the search box: every word of the query is found in the name, username or e-mail
 * (accents and case ignored), or the query's digits are found in the phone number ('613 555' finds
 * +16135550100).
 */
export function matchesSearch(user: UserSummary, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  const text = fold([user.firstName, user.lastName, user.username, user.email].join(' '));
  if (q.split(/\s+/).every((word) => text.includes(word))) return true;
  const digits = q.replace(/\D/g, '');
  // Only a query made of a phone's characters searches the phone, so 'a1' does not match every number with a 1.
  return (
    digits.length >= 3 && /^[\d\s()+.-]+$/.test(q) && (user.phone ?? '').replace(/\D/g, '').includes(digits)
  );
}

export type SortKey = 'name' | 'accountType' | 'status';
export type SortDirection = 'asc' | 'desc';
export const SORT_KEYS: readonly SortKey[] = ['name', 'accountType', 'status'];

/** Account types in the list's order: admins, users, Read-Only, staff types, then unknown types. */
function accountTypeRank(type: string): number {
  const i = (ACCOUNT_TYPES as readonly string[]).indexOf(type);
  if (i >= 0) return i;
  return accountTypeLabel(type) === UNKNOWN_TYPE_LABEL ? ACCOUNT_TYPES.length + 1 : ACCOUNT_TYPES.length;
}

/** Status in the list's order: active, invitation pending, inactive. */
export type UserStatus = 'active' | 'pending' | 'inactive';
export function userStatus(user: Pick<UserSummary, 'isActive' | 'invitationStatus'>): UserStatus {
  if (!user.isActive) return 'inactive';
  return isInvitationPending(user) ? 'pending' : 'active';
}
const STATUS_RANK: Record<UserStatus, number> = { active: 0, pending: 1, inactive: 2 };

const byName = (a: UserSummary, b: UserSummary) =>
  displayName(a).localeCompare(displayName(b), undefined, { sensitivity: 'base' }) ||
  a.username.localeCompare(b.username);

/** The users sorted by a column; ties are broken by name, always A to Z. */
export function sortUsers(users: UserSummary[], key: SortKey, direction: SortDirection): UserSummary[] {
  const sign = direction === 'asc' ? 1 : -1;
  const primary = (a: UserSummary, b: UserSummary) => {
    if (key === 'accountType') return accountTypeRank(a.accountType) - accountTypeRank(b.accountType);
    if (key === 'status') return STATUS_RANK[userStatus(a)] - STATUS_RANK[userStatus(b)];
    return byName(a, b);
  };
  return [...users].sort((a, b) => sign * primary(a, b) || byName(a, b));
}

/**
 * What a failed people call says: the server's 400 or 409 in its words, 403 and 404 explained, anything
 * else generic (with the status when the server answered).
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400) return t('users.errors.rejected', { message: error.message });
    if (error.status === 409) return t('users.errors.conflict', { message: error.message });
    if (error.status === 403) return t('users.errors.forbidden');
    if (error.status === 404) return t('users.errors.notFound');
    if (error.status) return t('users.errors.failedStatus', { status: error.status });
  }
  return t('users.errors.failed');
}
