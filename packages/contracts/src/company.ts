import Type from 'typebox';
import { EpochMs, Id } from './common.ts';

/** GET /api/companies/{id} */
export const Company = Type.Object({
  id: Id,
  name: Type.String(),
  creationDate: EpochMs,
});
export type Company = Type.Static<typeof Company>;

export const ModuleType = Type.Union([
  Type.Literal('Concrete'),
  Type.Literal('Lumimon'),
  Type.Literal('Lumitrack'),
]);
export type ModuleType = Type.Static<typeof ModuleType>;

/** GET /api/companies/modules/by_companyId and .../by_module_type */
export const CompanyModule = Type.Object({
  id: Id,
  companyId: Id,
  moduleType: ModuleType,
  isActive: Type.Boolean(),
  companyTier: Type.String(),
  /** JSON text; may contain disable_maturity_strength */
  spec: Type.String(),
  /** JSON text with storage_limit_in_mb and lumitrack_id_annual_limit */
  tierSpec: Type.String(),
  concrete: Type.Boolean(),
  lumimon: Type.Boolean(),
  lumitrack: Type.Boolean(),
});
export type CompanyModule = Type.Static<typeof CompanyModule>;
export const CompanyModulesQuery = Type.Object({
  companyId: Id,
  isActive: Type.Optional(Type.Boolean()),
});
export const CompanyModuleByTypeQuery = Type.Object({ companyId: Id, moduleType: ModuleType });

/** GET /api/companies/assets/by_companyId?companyId=&type= */
export const CompanyAsset = Type.Object({
  id: Id,
  companyId: Id,
  type: Type.Literal('LOGO_IMG'),
  /** base64 image data */
  binVal: Type.String(),
  mimeType: Type.String(),
});
export type CompanyAsset = Type.Static<typeof CompanyAsset>;
export const CompanyAssetsQuery = Type.Object({
  companyId: Id,
  type: Type.Optional(Type.Literal('LOGO_IMG')),
});

/** GET /api/resources/text/{name} */
export const TextResource = Type.Object({
  name: Type.String(),
  language: Type.String(),
  text: Type.String(),
});
export type TextResource = Type.Static<typeof TextResource>;
