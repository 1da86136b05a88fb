import Type from 'typebox';

/** GET /api/v2/users/tenant_groups/access_types: job-site member roles and their access codes. */
export const TenantGroupAccessType = Type.Object({
  code: Type.Integer({ description: '1 admin, 2 editor, 4 viewer, 8 inspector' }),
  name: Type.String({ description: 'ADMIN, MEMBER, READONLY_MEMBER, INSPECTOR' }),
  label: Type.String(),
});
export type TenantGroupAccessType = Type.Static<typeof TenantGroupAccessType>;
export const TenantGroupAccessTypeList = Type.Array(TenantGroupAccessType);
