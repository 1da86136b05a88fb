import { Stack, Typography } from '@mui/material';
import { useJobSites, useUserDetails } from '../../api/queries.ts';
import { hasActiveSchedule, useMyReports } from '../../api/reports.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useAllSchedules } from './api.ts';
import { ListSection } from './ReportListPage.tsx';
import { RequestList, ScheduleList } from './ReportLists.tsx';

/**
 * /reports (spec section 2, 'Reports'): the signed-in user's reports on every job site, each with its site
 * named, and the schedules of the sites where they have active ones. Polled like a site's list.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const user = useUserDetails();
  const sites = useJobSites();
  const schedules = useAllSchedules();
  const reports = useMyReports(hasActiveSchedule(schedules.data));
  const siteOf = (tenantGroupId: number) =>
    sites.data?.find((s) => s.id === tenantGroupId)?.name ??
    t('reports.list.siteNamed', { id: tenantGroupId });

  return (
    <PageFrame title={t('titles.reports')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('reports.list.mineIntro')}
      </Typography>
      <Stack spacing={4}>
        <ListSection id="report-requests" title={t('reports.list.title')}>
          <QueryState
            query={reports}
            isEmpty={(list) => list.length === 0}
            empty={<EmptyState message={t('reports.list.emptyMine')} />}
          >
            {(list) => <RequestList reports={list} user={user.data} siteOf={siteOf} />}
          </QueryState>
        </ListSection>
        <ListSection id="report-schedules" title={t('reports.schedules.title')}>
          <QueryState
            query={schedules}
            isEmpty={(list) => list.length === 0}
            empty={<EmptyState message={t('reports.schedules.empty')} />}
          >
            {(list) => <ScheduleList schedules={list} user={user.data} siteOf={siteOf} />}
          </QueryState>
        </ListSection>
      </Stack>
    </PageFrame>
  );
}
