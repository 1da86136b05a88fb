/**
 * The rules of the user-management screens that are not drawing: the labels of account types and job-site
 * roles in the user's language, a user's status, the list's search and sort, and what an error says.
 */
import type { TenantGroup, UserSummary } from '@sitepulse/contracts';
import {
  ACCOUNT_TYPES,
  accountTypeLabel,
  isInvitationPending,
  memberRoleLabel,
  personName,
  UNKNOWN_TYPE_LABEL,
} from '@sitepulse/domain';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { formatPhone } from '../../components/phone-format.ts';
import type { TFunction } from '../../i18n/index.ts';
import { EMAIL_MAX, NAME_MAX } from './forms.ts';

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

/** The edit page of a user. */
export const editUserPath = (user: Pick<UserSummary, 'id'>) => `/edit-user/${user.id}`;

/** Where an invitation went: the e-mail, else the phone, else the name. */
export function invitationTarget(
  user: Pick<UserSummary, 'email' | 'phone' | 'firstName' | 'lastName' | 'username'>,
) {
  return user.email || formatPhone(user.phone) || personName(user);
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
  personName(a).localeCompare(personName(b), undefined, { sensitivity: 'base' }) ||
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

/** At most this many invitations in one POST /v2/users/invite/list (the contract's maxItems, people.ts). */
export const INVITE_LIST_MAX = 100;

/** One person of the "invite several people" box, with the line they were typed on. */
export interface ParsedInvitation {
  line: number;
  email: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Why a line of the box cannot be sent: not an e-mail address, an address already on an earlier line
 * (`firstLine`), a first or last name longer than the contract allows, or one person more than a list holds.
 */
export interface InviteLineError {
  line: number;
  /** The line as typed (trimmed). */
  text: string;
  problem: 'notEmail' | 'duplicate' | 'nameTooLong' | 'tooMany';
  firstLine?: number;
}

const emailCheck = z.email().max(EMAIL_MAX);

/** `First Last <name@example.com>`: the name before the angle brackets, quotes around it dropped. */
const ANGLE_FORM = /^(.*?)\s*<([^<>]*)>$/;

/** A line's name and address: `name@example.com`, `First Last <name@example.com>` or `First Last, name@example.com`. */
function splitLine(text: string): { name: string; email: string } {
  const angle = ANGLE_FORM.exec(text);
  if (angle) return { name: angle[1].replace(/^["']+|["']+$/g, '').trim(), email: angle[2].trim() };
  // An address holds no comma, so the last one ends the name.
  const comma = text.lastIndexOf(',');
  if (comma >= 0) return { name: text.slice(0, comma).trim(), email: text.slice(comma + 1).trim() };
  return { name: '', email: text };
}

/**
 * Reads the "invite several people" box: one person per line (blank lines ignored), each line one of
 * `name@example.com`, `First Last <name@example.com>`, `First Last, name@example.com`. The name is split at
 * its first space into first and last name. Every line that cannot be sent is an error, numbered as the
 * box numbers its lines: not an e-mail (zod's check, stricter than the domain's, as the server's format is),
 * an address already given on an earlier line (case ignored, as the server compares them), a name part
 * over the contract's length, or the person after the first INVITE_LIST_MAX.
 */
export function parseInviteLines(value: string): {
  invitations: ParsedInvitation[];
  errors: InviteLineError[];
} {
  const invitations: ParsedInvitation[] = [];
  const errors: InviteLineError[] = [];
  const seen = new Map<string, number>();
  let people = 0;
  value.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const text = raw.trim();
    if (!text) return;
    people += 1;
    if (people === INVITE_LIST_MAX + 1) errors.push({ line, text, problem: 'tooMany' });
    const { name, email } = splitLine(text);
    if (!emailCheck.safeParse(email).success) {
      errors.push({ line, text, problem: 'notEmail' });
      return;
    }
    const key = email.toLowerCase();
    const firstLine = seen.get(key);
    if (firstLine !== undefined) {
      errors.push({ line, text, problem: 'duplicate', firstLine });
      return;
    }
    seen.set(key, line);
    const space = name.search(/\s/);
    const firstName = space < 0 ? name : name.slice(0, space);
    const lastName = space < 0 ? '' : name.slice(space + 1).trim();
    if (firstName.length > NAME_MAX || lastName.length > NAME_MAX) {
      errors.push({ line, text, problem: 'nameTooLong' });
      return;
    }
    invitations.push({
      line,
      email,
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
    });
  });
  return { invitations, errors };
}

/**
 * The line of the box an error of POST /v2/users/invite/list is about: the server names the invitation
 * ("Invitation 3: ..."), counted without the blank lines. `sent` are the invitations as they were sent.
 */
export function lineOfInvitationError(
  message: string,
  sent: readonly Pick<ParsedInvitation, 'line' | 'email'>[],
): { invitation: number; line: number; email: string } | undefined {
  const n = Number(/^Invitation (\d+):/.exec(message)?.[1]);
  const person = n > 0 ? sent[n - 1] : undefined;
  return person ? { invitation: n, line: person.line, email: person.email } : undefined;
}
