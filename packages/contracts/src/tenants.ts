import Type from 'typebox';
import { EpochMs, Id } from './common.ts';

export const TenantState = Type.Union([Type.Literal('ACTIVE'), Type.Literal('TERMINATED')]);
export const TenantType = Type.Union([
  Type.Literal('Concrete'),
  Type.Literal('Lumitrack'),
  Type.Literal('Lumimon'),
]);
export type TenantType = Type.Static<typeof TenantType>;
export const TenantGroupType = Type.Union([Type.Literal('Construction Site'), Type.Literal('Precast Plant')]);
export type TenantGroupType = Type.Static<typeof TenantGroupType>;

/** Project (tenant). */
export const Tenant = Type.Object({
  id: Id,
  name: Type.String(),
  type: TenantType,
  state: TenantState,
  creationDate: EpochMs,
  tenantGroupId: Id,
  companyId: Id,
});
export type Tenant = Type.Static<typeof Tenant>;

export const Gateway = Type.Object({ id: Id, name: Type.String() });
export type Gateway = Type.Static<typeof Gateway>;

/**
 * Where a job site's time zone comes from: SET by an admin, from its COORDINATES, or the DEFAULT (UTC) for
 * a site without coordinates.
 */
export const TimeZoneSource = Type.Union([
  Type.Literal('SET'),
  Type.Literal('COORDINATES'),
  Type.Literal('DEFAULT'),
]);
export type TimeZoneSource = Type.Static<typeof TimeZoneSource>;

/** Job site (tenant group). tenantMessages are its projects, newest first. */
export const TenantGroup = Type.Object({
  id: Id,
  name: Type.String(),
  type: TenantGroupType,
  state: TenantState,
  companyId: Id,
  creationDate: EpochMs,
  address: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  tenantMessages: Type.Array(Tenant),
  gateways: Type.Array(Gateway),
  // Ours, not the spec's (docs/decisions/site-time.md): the site's clock.
  timeZone: Type.Optional(
    Type.String({
      description:
        "The job site's IANA time zone: the one an admin set, else the zone at its coordinates, else UTC",
    }),
  ),
  timeZoneSource: Type.Optional(TimeZoneSource),
});
export type TenantGroup = Type.Static<typeof TenantGroup>;

/** PUT /tenants/groups/time_zone (ours): an admin sets a job site's zone, or null to take it from the coordinates. */
export const TenantGroupTimeZoneBody = Type.Object({
  tenantGroupId: Id,
  timeZone: Type.Union([
    Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone name' }),
    Type.Null(),
  ]),
});
export type TenantGroupTimeZoneBody = Type.Static<typeof TenantGroupTimeZoneBody>;

export const TenantGroupList = Type.Array(TenantGroup);
export const TenantList = Type.Array(Tenant);

export const CompanyIdQuery = Type.Object({
  companyId: Id,
  tenant: Type.Optional(Type.String()),
});
export const ByUserQuery = Type.Object({
  companyId: Id,
  username: Type.String(),
  tenant: Type.Optional(Type.String()),
});
export const ByTenantGroupQuery = Type.Object({
  tenantGroupId: Id,
  tenant: Type.Optional(Type.String()),
});
export const ByTenantGroupTypeQuery = Type.Object({
  tenantGroupId: Id,
  tenantType: TenantType,
  tenant: Type.Optional(Type.String()),
});
/**
 * Job sites by company, username and application type '1': an id list. Path chosen by us; '1' is the web
 * dashboard (the spec's), '2' the mobile app (ours, domain APPLICATION_TYPES); any other answers 400.
 */
export const ByApplicationTypeQuery = Type.Object({
  companyId: Id,
  username: Type.String(),
  applicationType: Type.Union([Type.Literal('1'), Type.Literal('2')], {
    description: "'1' web dashboard, '2' mobile app",
  }),
});
export const IdList = Type.Array(Id);
