import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { Button, Stack, Typography } from '@mui/material';
import { paths } from '@sitepulse/domain';
import { Link as RouterLink, useParams } from 'react-router';
import { useCurrentJobSite, useUserDetails } from '../../api/queries.ts';
import { hasActiveSchedule, useSiteReports } from '../../api/reports.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useSiteSchedules } from './api.ts';
import { SiteTitle } from './parts.tsx';
import { RequestList, ScheduleList } from './ReportLists.tsx';

/** A section of a list page: its heading, then its content. */
export function ListSection({
  title,
  children,
  id,
}: {
  title: string;
  children: React.ReactNode;
  id: string;
}) {
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * /report-list/{jobsiteId} (spec section 2, 'Reports'): the site's report requests with their status,
 * owner, date and size, a download once ready, delete; and the site's schedules with their latest report
 * and next run, and stop. The lists read themselves again every 3 s while a report is queued or being
 * made, and every 60 s while the site has an active schedule.
 */
export default function ReportListPage() {
  const { t } = useTranslation();
  const { jobsiteId } = useParams();
  const tenantGroupId = Number(jobsiteId);
  const { jobSite } = useCurrentJobSite(jobsiteId);
  const user = useUserDetails();
  const schedules = useSiteSchedules(tenantGroupId);
  const reports = useSiteReports(tenantGroupId, hasActiveSchedule(schedules.data));
  const newReport = (
    <Button
      component={RouterLink}
      to={paths.reportGeneration.href(tenantGroupId)}
      variant="contained"
      startIcon={<AddRoundedIcon />}
    >
      {t('reports.list.new')}
    </Button>
  );

  return (
    <PageFrame title={<SiteTitle siteName={jobSite?.name} title={t('titles.reports')} />} actions={newReport}>
      <Stack spacing={4}>
        <ListSection id="report-requests" title={t('reports.list.title')}>
          <QueryState
            query={reports}
            isEmpty={(list) => list.length === 0}
            empty={<EmptyState message={t('reports.list.empty')} action={newReport} />}
          >
            {(list) => <RequestList reports={list} user={user.data} />}
          </QueryState>
        </ListSection>
        <ListSection id="report-schedules" title={t('reports.schedules.title')}>
          <QueryState
            query={schedules}
            isEmpty={(list) => list.length === 0}
            empty={<EmptyState message={t('reports.schedules.empty')} />}
          >
            {(list) => <ScheduleList schedules={list} user={user.data} />}
          </QueryState>
        </ListSection>
      </Stack>
    </PageFrame>
  );
}
