import { INVITATION_WELCOME_EMAIL_SENT } from './constants.ts';

/** Job-site member roles by per-job-site access value (section 6). */
export const MEMBER_ROLES = { ADMIN: 1, MEMBER: 2, READONLY_MEMBER: 4, INSPECTOR: 8 } as const;
export type MemberRole = keyof typeof MEMBER_ROLES;
export type MemberRoleCode = (typeof MEMBER_ROLES)[MemberRole];

const MEMBER_ROLE_LABELS: Record<number, string> = { 1: 'admin', 2: 'editor', 4: 'viewer', 8: 'inspector' };
/** Label shown for an unknown role or account type (section 6). */
export const UNKNOWN_TYPE_LABEL = 'Unknown type';

/** Access codes forming the restricted set; their exact limits are not shown (section 6). */
export const RESTRICTED_MEMBER_CODES: ReadonlySet<number> = new Set([
  MEMBER_ROLES.READONLY_MEMBER,
  MEMBER_ROLES.INSPECTOR,
]);

/** Reads an access code that may arrive as text. */
function code(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) ? n : null;
}

/** Label of a job-site access code: 1 admin, 2 editor, 4 viewer, 8 inspector, else 'Unknown type' (section 6). */
export function memberRoleLabel(accessCode: number | string | null | undefined): string {
  const c = code(accessCode);
  return c !== null && Object.hasOwn(MEMBER_ROLE_LABELS, c) ? MEMBER_ROLE_LABELS[c] : UNKNOWN_TYPE_LABEL;
}

/** Whether an access code is in the restricted set {4, 8} (section 6). */
export function isRestrictedMember(accessCode: number | string | null | undefined): boolean {
  const c = code(accessCode);
  return c !== null && RESTRICTED_MEMBER_CODES.has(c);
}

/** Access 8 (inspector) blocks the web dashboard on job-site pages (section 2, 6). */
export function isAccessRestricted(accessCode: number | string | null | undefined): boolean {
  return code(accessCode) === MEMBER_ROLES.INSPECTOR;
}

/** Whether a user with this job-site access code may use the web dashboard there (section 2, 6). */
export function canUseWebDashboard(accessCode: number | string | null | undefined): boolean {
  return !isAccessRestricted(accessCode);
}

/** Company account types (section 6). */
export const ACCOUNT_TYPES = ['ADMIN', 'USER', 'READONLY_MEMBER'] as const;
/** Internal staff roles (section 6). */
export const STAFF_ROLES = ['AOMS_MASTER', 'AOMS_READER', 'AOMS_SUPPORT', 'AOMS_SALES'] as const;
/** Roles that are read-only and hide the tracking manager entry (section 6). */
export const READONLY_ROLES = ['READONLY_USER', 'AOMS_ADMIN_READONLY'] as const;
/** Every role name of section 6. */
export const ROLES = [...ACCOUNT_TYPES, ...STAFF_ROLES, ...READONLY_ROLES] as const;

const ACCOUNT_TYPE_LABELS: Record<string, string> = {
  ADMIN: 'admin',
  USER: 'user',
  READONLY_MEMBER: 'Read-Only',
  AOMS_MASTER: 'aoms master',
  AOMS_READER: 'aoms read only',
  AOMS_SUPPORT: 'aoms support',
  AOMS_SALES: 'aoms sales',
};

/** Label of an account type or staff role; unknown types show 'Unknown type' (section 6). */
export function accountTypeLabel(type: string | null | undefined): string {
  return typeof type === 'string' && Object.hasOwn(ACCOUNT_TYPE_LABELS, type)
    ? ACCOUNT_TYPE_LABELS[type]
    : UNKNOWN_TYPE_LABEL;
}

/** Any type containing AOMS marks an operator-company account (section 6). */
export function isOperatorAccount(type: string | null | undefined): boolean {
  return typeof type === 'string' && type.includes('AOMS');
}

/**
 * ADMIN, or any AOMS account, counts as admin (section 6); admins see user management.
 * Note that AOMS_ADMIN_READONLY contains AOMS and so counts as admin here too, as the spec reads.
 */
export function isAdminAccount(type: string | null | undefined): boolean {
  return type === 'ADMIN' || isOperatorAccount(type);
}

/** Whether the roles list holds a read-only role that hides the tracking manager (section 6). */
export function hasReadOnlyRole(roles: readonly string[] | null | undefined): boolean {
  return (roles ?? []).some((r) => (READONLY_ROLES as readonly string[]).includes(r));
}

/**
 * Whether the drawer shows the tracking manager entry (section 2, 6): the company has the
 * lumitrack module and the user is not read-only: no READONLY_USER or AOMS_ADMIN_READONLY role,
 * and not the READONLY_MEMBER ('Read-Only') account type. The build flag
 * (FEATURE_FLAGS.trackingManager) gates the route separately.
 */
export function showTrackingManager(input: {
  hasLumitrackModule?: boolean | null;
  roles?: readonly string[] | null;
  accountType?: string | null;
}): boolean {
  return (
    Boolean(input.hasLumitrackModule) &&
    !hasReadOnlyRole(input.roles) &&
    input.accountType !== 'READONLY_MEMBER'
  );
}

/**
 * Whether a job-site access code may change the site's jobs, thresholds, sensors and concrete profiles:
 * admin (1) and editor (2). Viewers (4) and inspectors (8) only read (the spec calls them restricted
 * without saying how; read-only is our reading). One rule for the server's write checks and the web's
 * buttons.
 */
export function isWriterAccess(access: number | string | null | undefined): boolean {
  const code = access === null || access === undefined || access === '' ? Number.NaN : Number(access);
  return code === MEMBER_ROLES.ADMIN || code === MEMBER_ROLES.MEMBER;
}

/** The Read-Only account type (section 6): reads what it was granted, changes nothing but its own profile. */
export function isReadOnlyAccount(accountType: string | null | undefined): boolean {
  return accountType === 'READONLY_MEMBER';
}

/**
 * Whether a user may change a job site: a company admin, or an admin or editor of that site, and never a
 * Read-Only account. One rule for the server's write checks and the web's buttons.
 */
export function canEditJobSite(
  access: number | string | null | undefined,
  accountType: string | null | undefined,
): boolean {
  if (isReadOnlyAccount(accountType)) return false;
  return isAdminAccount(accountType) || isWriterAccess(access);
}

/**
 * Whether a user may create and edit the company's concrete profiles (company-wide, not of one site): a
 * user who may change at least one job site (canEditJobSite), or a company admin. Never a Read-Only account.
 */
export function canWriteCompanyProfiles(
  accountType: string | null | undefined,
  siteAccesses: readonly (number | string | null | undefined)[],
): boolean {
  return canEditJobSite(null, accountType) || siteAccesses.some((a) => canEditJobSite(a, accountType));
}

/** Whether a user may manage the company's users (user management and its calls): admins only (section 6). */
export function canManageUsers(accountType: string | null | undefined): boolean {
  return isAdminAccount(accountType);
}

/**
 * Whether a user may manage a job site's members (invite, re-invite, change a role, remove): a company
 * admin, or an admin (1) of that site who is not a Read-Only account. Who may do what is not shown in the
 * spec (section 6); this is our reading (docs/decisions/people-and-access.md).
 */
export function canManageMembers(
  access: number | string | null | undefined,
  accountType: string | null | undefined,
): boolean {
  if (isAdminAccount(accountType)) return true;
  return !isReadOnlyAccount(accountType) && code(access) === MEMBER_ROLES.ADMIN;
}

/** Account types a company admin may give (staff AOMS types are not assigned from the dashboard). */
export const ASSIGNABLE_ACCOUNT_TYPES = ACCOUNT_TYPES;

/** Access codes a member may be given on a job site: 1 admin, 2 editor, 4 viewer, 8 inspector. */
export const MEMBER_ACCESS_CODES: readonly number[] = Object.values(MEMBER_ROLES);

/** Invitation states of a user (section 3: userInvitationData.status). */
export const INVITATION_STATUS = {
  /** Invited; the welcome e-mail is out and the account is not set up yet (section 2: goes to account setup). */
  welcomeSent: INVITATION_WELCOME_EMAIL_SENT,
  /** Set up: password chosen and account setup completed. */
  accepted: 'ACCEPTED',
} as const;

/** Usernames: 1 to 45 characters, a letter or digit first, then letters, digits and . _ @ - (no '+', which marks a phone). */
export const USERNAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._@-]{0,44}$';

/** Passwords: at least 8 characters (ours; the spec shows no rule). */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * The error code (HTTP 400) of a new password the server refuses as too easy to guess: a common one, a
 * simple pattern, or the user's own name or e-mail (docs/decisions/people-and-access.md "Passwords").
 */
export const WEAK_PASSWORD_CODE = 'WEAK_PASSWORD';

/** How long an invitation (create-password) link and a password-reset link work. */
export const INVITATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
