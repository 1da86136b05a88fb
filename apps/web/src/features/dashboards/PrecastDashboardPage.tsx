import { precastTenantId } from '@sitepulse/domain';
import { useParams } from 'react-router';
import { useCurrentJobSite } from '../../api/queries.ts';
import { DashboardLoading } from './DashboardLoading.tsx';
import { SiteDashboard, useProjectName } from './SiteDashboard.tsx';

/**
 * The precast dashboard `/precast_dashboard/{jobsiteId}/{tenantId}` (spec section 2): one project of the
 * plant, or the whole plant when tenantId is the word `undefined` (or names no project of the plant).
 */
export default function PrecastDashboardPage() {
  const { jobsiteId, tenantId } = useParams();
  const sites = useCurrentJobSite(jobsiteId);
  const projectName = useProjectName();
  const jobSite = sites.jobSite;
  if (!jobSite) return <DashboardLoading query={sites} />;
  const id = precastTenantId(tenantId);
  const project = id === null ? undefined : jobSite.tenantMessages.find((p) => p.id === id);
  return (
    <SiteDashboard
      jobSite={jobSite}
      projects={project ? [project] : jobSite.tenantMessages}
      subtitle={project ? projectName(project) : undefined}
    />
  );
}
