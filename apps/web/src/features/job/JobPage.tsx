import { jobScreenKind, paths } from '@sitepulse/domain';
import { Navigate, useParams } from 'react-router';
import { useLiveReadings } from '../../api/live.ts';
import { useCurrentJobSite } from '../../api/queries.ts';
import { NotFoundScreen } from '../../components/NotFound.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { MaturityJobView } from './MaturityJobView.tsx';
import { MicroweatherJobView } from './MicroweatherJobView.tsx';

/**
 * The job screen `/job/{type}/{jobsiteId}/{tenantId}/{id}/` (spec section 2). `{type}` is the job type name:
 * maturity and humidity jobs open the maturity view, microweather jobs their own; GPS, current-transformer
 * and other data jobs are shown by the job-site sensor screens, so their links lead there (domain
 * jobScreenKind). New readings of the job site arrive live and refresh the screen without a reload.
 */
export default function JobPage() {
  const { t } = useTranslation();
  const { type = '', jobsiteId = '', tenantId = '', id = '' } = useParams();
  const { jobSite } = useCurrentJobSite(jobsiteId);
  useLiveReadings(jobSite?.id);
  const jobId = Number(id);
  const kind = jobScreenKind(type);

  if (!Number.isInteger(jobId) || jobId <= 0) {
    return (
      <PageFrame title={t('titles.job')}>
        <NotFoundScreen what="job" />
      </PageFrame>
    );
  }
  if (kind === 'gps') return <Navigate replace to={paths.gpsJobDetails.href(jobsiteId, tenantId, jobId)} />;
  if (kind === 'power') return <Navigate replace to={paths.ctJobDetails.href(jobsiteId, tenantId, jobId)} />;
  if (kind === 'data')
    return <Navigate replace to={paths.jobSiteSensorDetails.href(jobsiteId, tenantId, jobId)} />;
  if (kind === 'microweather') return <MicroweatherJobView key={jobId} jobId={jobId} jobSite={jobSite} />;
  return <MaturityJobView key={jobId} jobId={jobId} jobSite={jobSite} />;
}
