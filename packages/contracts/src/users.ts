import Type from 'typebox';
import { Id } from './common.ts';

export const AccountType = Type.String({
  description: 'ADMIN, USER, READONLY_MEMBER, or an AOMS staff type (AOMS_MASTER, AOMS_READER, ...)',
});

export const UserSettingType = Type.Union([
  Type.Literal('Language'),
  Type.Literal('DisplayTimeZone'),
  Type.Literal('SystemOfMeasurement'),
  Type.Literal('DefaultNotificationDelivery'),
  Type.Literal('HelpOverlay'),
  Type.Literal('ConcreteProfileEdit'),
  // Ours (docs/decisions/site-time.md): the first-sign-in time zone offer was answered or dismissed.
  Type.Literal('TimeZoneOffered'),
]);
export type UserSettingType = Type.Static<typeof UserSettingType>;

export const UserSetting = Type.Object({ type: UserSettingType, val: Type.String() });
export type UserSetting = Type.Static<typeof UserSetting>;

export const UserTenantGroupAccess = Type.Object({ tenantGroupId: Id, access: Type.Integer() });
export type UserTenantGroupAccess = Type.Static<typeof UserTenantGroupAccess>;

/** GET /api/v2/users/details?username=&companyId= */
export const UserDetail = Type.Object({
  id: Id,
  username: Type.String(),
  companyId: Id,
  homeCompanyId: Id,
  email: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  accountType: AccountType,
  isActive: Type.Boolean(),
  roles: Type.Array(Type.String()),
  userSettingData: Type.Array(UserSetting),
  userTenantGroupData: Type.Array(UserTenantGroupAccess),
  userInvitationData: Type.Object({ status: Type.String() }),
});
export type UserDetail = Type.Static<typeof UserDetail>;
export const UserDetailQuery = Type.Object({
  username: Type.Optional(Type.String()),
  companyId: Type.Optional(Id),
});

/** GET/PUT /api/settings/user */
export const UserSettingQuery = Type.Object({
  username: Type.String(),
  companyId: Id,
  userSettingType: UserSettingType,
});
export const UserSettingBody = Type.Object({
  username: Type.String(),
  companyId: Id,
  userSettingType: UserSettingType,
  val: Type.String({ maxLength: 200 }),
});
export type UserSettingBody = Type.Static<typeof UserSettingBody>;

/** GET /api/v2/users/settings/values: the possible values per setting type. */
export const UserSettingValues = Type.Object({
  Language: Type.Array(Type.String()),
  DisplayTimeZone: Type.Array(Type.String(), {
    description:
      "'SITE' (ours: each job site's own time, the browser's outside a site), 'UTC', then IANA zones",
  }),
  SystemOfMeasurement: Type.Array(Type.String()),
  DefaultNotificationDelivery: Type.Array(Type.String()),
});
export type UserSettingValues = Type.Static<typeof UserSettingValues>;
