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
});
export type TenantGroup = Type.Static<typeof TenantGroup>;

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
/** Job sites by company, username and application type '1': an id list. Path chosen by us. */
export const ByApplicationTypeQuery = Type.Object({
  companyId: Id,
  username: Type.String(),
  applicationType: Type.String(),
});
export const IdList = Type.Array(Id);
