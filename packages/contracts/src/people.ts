import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '@sitepulse/domain';
import Type from 'typebox';
import { Id } from './common.ts';
import { AccountType, UserSetting, UserTenantGroupAccess } from './users.ts';

/**
 * People and access (spec sections 2, 3, 6, 7 "Settings and users"): user management, invitations,
 * job-site membership, profile and password calls. Every call names its company (`companyId`); a user
 * is named by `username` within it. Who may call what: docs/decisions/people-and-access.md.
 */

const Username = Type.String({ pattern: USERNAME_PATTERN, maxLength: USERNAME_MAX_LENGTH });
/** Any login name already stored (usernames of the demo or of older data may not match the pattern). */
const UsernameRef = Type.String({ minLength: 1, maxLength: USERNAME_MAX_LENGTH });
const Email = Type.String({ format: 'email', maxLength: 254 });
/** E.164: a plus sign and 7 to 15 digits; the server also checks it is a valid number for its country. */
const Phone = Type.String({ pattern: '^\\+[1-9]\\d{6,14}$' });
const Name = Type.String({ maxLength: 60 });
const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 });
const AccessCode = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4), Type.Literal(8)], {
  description: 'Job-site role: 1 admin, 2 editor, 4 viewer, 8 inspector',
});
export const AssignableAccountType = Type.Union(
  [Type.Literal('ADMIN'), Type.Literal('USER'), Type.Literal('READONLY_MEMBER')],
  { description: 'ADMIN, USER or READONLY_MEMBER (AOMS staff types are not given from the dashboard)' },
);
export type AssignableAccountType = Type.Static<typeof AssignableAccountType>;
const Language = Type.Union([Type.Literal('en'), Type.Literal('es')]);

/** A user of the caller's company, named by username. */
export const UserRef = Type.Object({ companyId: Id, username: UsernameRef });
export type UserRef = Type.Static<typeof UserRef>;

export const CompanyQuery = Type.Object({ companyId: Id });
export const TenantGroupMembersQuery = Type.Object({
  companyId: Id,
  tenantGroupId: Id,
});

/** A user in the management view (spec section 3 "User (management view)"). Deleted users are not listed. */
export const UserSummary = Type.Object({
  id: Id,
  username: Type.String(),
  companyId: Id,
  homeCompanyId: Id,
  accountType: AccountType,
  email: Type.String({ description: "'' for a user invited by phone only" }),
  phone: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  isActive: Type.Boolean(),
  invitationStatus: Type.String({
    description: 'INVITATION_WELCOME_EMAIL_SENT until the account is set up, then ACCEPTED',
  }),
  language: Language,
  tenantGroupAccess: Type.Array(UserTenantGroupAccess),
  createdAt: Type.Integer(),
  /** When the last invitation (or re-invitation) went out; null for users never invited. */
  invitedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type UserSummary = Type.Static<typeof UserSummary>;
export const UserSummaryList = Type.Array(UserSummary);

/** A member of one job site: the user and their role there (`access`). */
export const TenantGroupMember = Type.Object({ ...UserSummary.properties, access: Type.Integer() });
export type TenantGroupMember = Type.Static<typeof TenantGroupMember>;
export const TenantGroupMemberList = Type.Array(TenantGroupMember);

/** PUT /v2/users/details: a user's name and e-mail (themself, or an admin for anyone of the company). */
export const UpdateUserDetailsBody = Type.Object({
  ...UserRef.properties,
  firstName: Type.Optional(Name),
  lastName: Type.Optional(Name),
  email: Type.Optional(Email),
  /** Account setup (section 2): the user confirms their details; the invitation becomes ACCEPTED. Self only. */
  completeSetup: Type.Optional(Type.Boolean()),
});
export type UpdateUserDetailsBody = Type.Static<typeof UpdateUserDetailsBody>;

/** PUT /v2/users/details/cmd/assign_phone: null removes the phone number. */
export const AssignPhoneBody = Type.Object({
  ...UserRef.properties,
  phone: Type.Union([Phone, Type.Null()]),
});
export type AssignPhoneBody = Type.Static<typeof AssignPhoneBody>;

/** PUT /v2/users/settings: several of one's own settings at once (each value as PUT /settings/user accepts). */
export const UpdateUserSettingsBody = Type.Object({
  ...UserRef.properties,
  settings: Type.Array(UserSetting, { minItems: 1, maxItems: 10 }),
});
export type UpdateUserSettingsBody = Type.Static<typeof UpdateUserSettingsBody>;

/** PUT /v2/users/cmd/assign_account_type (admins). */
export const AssignAccountTypeBody = Type.Object({
  ...UserRef.properties,
  accountType: AssignableAccountType,
});
export type AssignAccountTypeBody = Type.Static<typeof AssignAccountTypeBody>;

/** PUT /v2/users/cmd/toggle (admins): activate or deactivate; a deactivated user is signed out. */
export const ToggleUserBody = Type.Object({ ...UserRef.properties, isActive: Type.Boolean() });
export type ToggleUserBody = Type.Static<typeof ToggleUserBody>;

/** DELETE /v2/users?companyId&username (admins). */
export const DeleteUserQuery = UserRef;

/** POST /v2/users/cmd/init_reset_pwd: a reset link by username or phone (+digits). Same answer for unknown users. */
export const InitResetPwdBody = Type.Object({ companyId: Id, username: UsernameRef });
export type InitResetPwdBody = Type.Static<typeof InitResetPwdBody>;

/** POST /v2/users/cmd/init_change_pwd: the signed-in user changes their password (my profile). */
export const InitChangePwdBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: Password,
});
export type InitChangePwdBody = Type.Static<typeof InitChangePwdBody>;

/** POST /v2/users/cmd/change_temp_pwd: the first password, with the token of the invitation link (/create_pwd). */
export const ChangeTempPwdBody = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The token of the e-mailed /create_pwd link',
  }),
  password: Password,
});
export type ChangeTempPwdBody = Type.Static<typeof ChangeTempPwdBody>;
/** Who the password was created for, so the page can sign them in. */
export const ChangeTempPwdResult = Type.Object({
  companyId: Id,
  username: Type.String(),
  email: Type.String(),
  /**
   * The company (login) token of the company-code step: an invitee opens the link on a browser that has
   * never seen their company's code, and the dashboard counts a session as signed in only with one.
   */
  companyToken: Type.Optional(Type.String()),
});
export type ChangeTempPwdResult = Type.Static<typeof ChangeTempPwdResult>;

/** One invitation: at least an e-mail or a phone (400 otherwise). */
export const Invitation = Type.Object({
  username: Type.Optional(Username),
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  firstName: Type.Optional(Name),
  lastName: Type.Optional(Name),
  /** Default USER. Only company admins may give another type. */
  accountType: Type.Optional(AssignableAccountType),
  /** The language of the invitation e-mail and of the account; default en. */
  language: Type.Optional(Language),
  tenantGroupData: Type.Array(Type.Object({ tenantGroupId: Id, access: AccessCode }), {
    maxItems: 500,
  }),
});
export type Invitation = Type.Static<typeof Invitation>;

/** POST /v2/users/invite. */
export const InviteBody = Type.Object({ companyId: Id, ...Invitation.properties });
export type InviteBody = Type.Static<typeof InviteBody>;
/**
 * `existing`: the e-mail or phone already belonged to a user of the company, who was given the job-site
 * access (and told by e-mail) instead of a second account being made.
 */
export const InviteResult = Type.Object({ user: UserSummary, existing: Type.Boolean() });
export type InviteResult = Type.Static<typeof InviteResult>;

/** POST /v2/users/invite/list: several invitations; all are checked first, and none is made if one is wrong. */
export const InviteListBody = Type.Object({
  companyId: Id,
  invitations: Type.Array(Invitation, { minItems: 1, maxItems: 100 }),
});
export type InviteListBody = Type.Static<typeof InviteListBody>;
export const InviteResultList = Type.Array(InviteResult);

/** POST /v2/users/reinvite: a new invitation link (the old ones stop working) for a user not yet set up. */
export const ReinviteBody = UserRef;
export type ReinviteBody = Type.Static<typeof ReinviteBody>;

/** POST /v2/users/invite/cmd/verify_username. */
export const VerifyUsernameBody = Type.Object({
  companyId: Id,
  username: Type.String({ maxLength: 200 }),
});
export type VerifyUsernameBody = Type.Static<typeof VerifyUsernameBody>;
export const VerifyUsernameResult = Type.Object({
  username: Type.String(),
  available: Type.Boolean(),
  /** Why not: TAKEN (a user of the company has it, deleted users included) or INVALID (the pattern). */
  reason: Type.Optional(Type.Union([Type.Literal('TAKEN'), Type.Literal('INVALID')])),
});
export type VerifyUsernameResult = Type.Static<typeof VerifyUsernameResult>;
/** POST /v2/users/invite/cmd/verify_username/list. */
export const VerifyUsernameListBody = Type.Object({
  companyId: Id,
  usernames: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 100 }),
});
export type VerifyUsernameListBody = Type.Static<typeof VerifyUsernameListBody>;
export const VerifyUsernameResultList = Type.Array(VerifyUsernameResult);

/** POST /v2/users/tenant_groups (grant) and PUT /v2/users/tenant_groups (change the role). */
export const TenantGroupGrantBody = Type.Object({
  ...UserRef.properties,
  tenantGroupId: Id,
  access: AccessCode,
});
export type TenantGroupGrantBody = Type.Static<typeof TenantGroupGrantBody>;
/** DELETE /v2/users/tenant_groups?companyId&username&tenantGroupId. */
export const TenantGroupRevokeQuery = Type.Object({ ...UserRef.properties, tenantGroupId: Id });
export type TenantGroupRevokeQuery = Type.Static<typeof TenantGroupRevokeQuery>;

/** What happened to users, and who did it; kept when either user is deleted. */
export const UserAuditOperation = Type.Union([
  Type.Literal('INVITE'),
  Type.Literal('REINVITE'),
  Type.Literal('ACCOUNT_SETUP'),
  Type.Literal('UPDATE_DETAILS'),
  Type.Literal('ASSIGN_PHONE'),
  Type.Literal('ASSIGN_ACCOUNT_TYPE'),
  Type.Literal('ACTIVATE'),
  Type.Literal('DEACTIVATE'),
  Type.Literal('DELETE'),
  Type.Literal('GRANT'),
  Type.Literal('CHANGE_ROLE'),
  Type.Literal('REVOKE'),
  Type.Literal('PASSWORD_CHANGE'),
  Type.Literal('PASSWORD_RESET'),
]);
export type UserAuditOperation = Type.Static<typeof UserAuditOperation>;
export const UserAuditEntry = Type.Object({
  id: Id,
  createdAt: Type.Integer(),
  operation: UserAuditOperation,
  /** Who did it (null: the user themself through an e-mailed link). */
  actorUsername: Type.Union([Type.String(), Type.Null()]),
  targetUsername: Type.String(),
  /** Whether the target user has since been deleted. */
  targetDeleted: Type.Boolean(),
  tenantGroupId: Type.Union([Type.Integer(), Type.Null()]),
  /** What changed, e.g. 'USER → ADMIN' or 'access 4'. */
  detail: Type.String(),
});
export type UserAuditEntry = Type.Static<typeof UserAuditEntry>;
export const UserAuditQuery = Type.Object({
  companyId: Id,
  username: Type.Optional(UsernameRef),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export const UserAuditList = Type.Array(UserAuditEntry);

/** GET /mail/outbox?companyId (admins): the messages sent to the company's users, newest first. */
export const OutboxMessage = Type.Object({
  id: Id,
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  createdAt: Type.Integer(),
  sentAt: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type OutboxMessage = Type.Static<typeof OutboxMessage>;
export const OutboxQuery = Type.Object({
  companyId: Id,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
});
export const OutboxList = Type.Array(OutboxMessage);
