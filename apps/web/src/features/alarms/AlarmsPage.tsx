import { Stack, Typography } from '@mui/material';
import { sensorDetailsHref } from '@sitepulse/domain';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useAlarmEvents } from '../../api/alarm-events.ts';
import { useLiveReadings } from '../../api/live.ts';
import { useCurrentJobSite, useLumimonOverview } from '../../api/queries.ts';
import { useSiteMaturityJobs } from '../../api/site-jobs.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { type AlarmLinks, AlarmList } from './AlarmList.tsx';
import { jobLinksById, sortAlarms } from './rules.ts';

/**
 * The screen of each job and node of the site, from the lists the dashboards and the sensor screen already
 * read (shared cache): an alarm names only ids, its link needs the job's project and kind.
 */
function useAlarmLinks(tenantGroupId: number): AlarmLinks {
  const maturity = useSiteMaturityJobs(tenantGroupId);
  const overview = useLumimonOverview(tenantGroupId);
  return useMemo(() => {
    const cards = overview.data?.nodes ?? [];
    const byJob = jobLinksById(tenantGroupId, [
      ...cards.map((c) => ({
        id: c.jobId,
        kind: c.kind,
        channelJobTypeName: c.channelJobTypeName,
        tenantId: c.tenantId,
      })),
      ...(maturity.data ?? []).map((j) => ({ ...j, tenantId: j.tenant })),
    ]);
    const byNode = new Map(cards.map((c) => [c.nodeId, sensorDetailsHref(tenantGroupId, c.tenantId, c)]));
    return { byJob, byNode };
  }, [tenantGroupId, maturity.data, overview.data]);
}

/**
 * /alarms/{jobsiteId} (issue 15): the site's active alarms, those nobody acknowledged first, then the ones
 * cleared recently. Acknowledging asks for an optional note; the row then shows who acknowledged it and
 * when. Read again on every live alarm event of the site, and every 60 s.
 */
export default function AlarmsPage() {
  const { t } = useTranslation();
  const { jobsiteId } = useParams();
  const tenantGroupId = Number(jobsiteId);
  const { jobSite } = useCurrentJobSite(jobsiteId);
  useLiveReadings(jobSite?.id);
  const events = useAlarmEvents(tenantGroupId);
  const links = useAlarmLinks(tenantGroupId);

  const title = (
    <>
      {jobSite?.name ? (
        <Typography
          component="span"
          variant="overline"
          color="text.secondary"
          sx={{ display: 'block', lineHeight: 1.6, overflowWrap: 'anywhere' }}
        >
          {jobSite.name}
        </Typography>
      ) : null}
      {t('alarms.title')}
    </>
  );

  return (
    <PageFrame title={title}>
      <QueryState query={events}>
        {(list) => {
          const sorted = sortAlarms(list);
          const active = sorted.filter((e) => e.state !== 'CLEARED');
          const cleared = sorted.filter((e) => e.state === 'CLEARED');
          return (
            <Stack spacing={4}>
              <Stack component="section" spacing={1.5} aria-labelledby="alarms-active">
                <Typography id="alarms-active" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                  {t('alarms.active', { count: active.length })}
                </Typography>
                {active.length === 0 ? (
                  <EmptyState message={t('alarms.noneActive')} />
                ) : (
                  <AlarmList alarms={active} links={links} tenantGroupId={tenantGroupId} />
                )}
              </Stack>
              <Stack component="section" spacing={1.5} aria-labelledby="alarms-cleared">
                <Typography id="alarms-cleared" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                  {t('alarms.recent')}
                </Typography>
                {cleared.length === 0 ? (
                  <EmptyState message={t('alarms.noneCleared')} />
                ) : (
                  <AlarmList alarms={cleared} links={links} tenantGroupId={tenantGroupId} />
                )}
              </Stack>
            </Stack>
          );
        }}
      </QueryState>
    </PageFrame>
  );
}
