import { useParams } from 'react-router';
import { useCurrentJobSite } from '../../api/queries.ts';
import { DashboardLoading } from './DashboardLoading.tsx';
import { SiteDashboard } from './SiteDashboard.tsx';

/**
 * The construction dashboard `/construction_dashboard/{jobsiteId}` (spec section 2): every project of
 * the construction site.
 */
export default function ConstructionDashboardPage() {
  const { jobsiteId } = useParams();
  const sites = useCurrentJobSite(jobsiteId);
  if (!sites.jobSite) return <DashboardLoading query={sites} />;
  return <SiteDashboard jobSite={sites.jobSite} projects={sites.jobSite.tenantMessages} />;
}
