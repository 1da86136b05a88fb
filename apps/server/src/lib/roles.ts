import { MEMBER_ROLES, memberRoleLabel } from '@sitepulse/domain';

export { isAdminAccount } from '@sitepulse/domain';

/** Spec section 6: job-site member access codes with their names and labels (from @sitepulse/domain). */
export const TENANT_GROUP_ACCESS = (Object.entries(MEMBER_ROLES) as [string, number][])
  .sort((a, b) => a[1] - b[1])
  .map(([name, code]) => ({ code, name, label: memberRoleLabel(code) }));
