import { canEditJobSite } from '@sitepulse/domain';
import { useUserDetails } from '../../api/queries.ts';

/**
 * Whether the signed-in user may change this job site's jobs (start, stop, profile, thresholds,
 * blacklist): job-site admins and editors and company admins (domain canEditJobSite). Viewers see
 * no change action at all.
 */
export function useCanEdit(jobsiteId: number): boolean {
  const { data: user } = useUserDetails();
  if (!user) return false;
  const access = user.userTenantGroupData?.find((g) => g.tenantGroupId === jobsiteId)?.access;
  return canEditJobSite(access, user.accountType);
}
