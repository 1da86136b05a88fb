// TODO(domain): these become `isAdminAccount` and the job-site access codes in @sitepulse/domain
// (packages/domain is being written in parallel); replace these with imports once it exports them.

/** Spec section 6: AOMS accounts or ADMIN count as admin. */
export function isAdminAccount(accountType: string): boolean {
  return accountType === 'ADMIN' || accountType.includes('AOMS');
}

/** Spec section 6: job-site member access codes. */
export const TENANT_GROUP_ACCESS = [
  { code: 1, name: 'ADMIN', label: 'admin' },
  { code: 2, name: 'MEMBER', label: 'editor' },
  { code: 4, name: 'READONLY_MEMBER', label: 'viewer' },
  { code: 8, name: 'INSPECTOR', label: 'inspector' },
] as const;
