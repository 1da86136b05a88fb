import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SummarizeOutlinedIcon from '@mui/icons-material/SummarizeOutlined';
import {
  Box,
  Button,
  Link,
  Paper,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { JobGroupCounts, MaturityJob, Tenant, TenantGroup } from '@sitepulse/contracts';
import {
  JOB_GROUP_COUNT_KEYS,
  JOB_GROUP_STATUSES,
  jobDetailHref,
  paths,
  projectDisplayName,
} from '@sitepulse/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSiteActiveAlarms } from '../../api/alarm-events.ts';
import { useLiveReadings } from '../../api/live.ts';
import { useSiteMaturityJobs } from '../../api/site-jobs.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { AlarmStateBadge } from '../../components/AlarmStateBadge.tsx';
import { Disclaimer } from '../../components/Disclaimer.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, LoadError, QueryState } from '../../components/QueryState.tsx';
import { SiteClock } from '../../components/SiteClock.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useGroupCounts } from './api.ts';
import { DashboardWelcome } from './DashboardWelcome.tsx';
import { type ForecastsByJob, useSiteForecasts } from './forecast-api.ts';
import {
  defaultPourOrder,
  orderPours,
  POUR_ORDERS,
  type PourOrder,
  readPourOrder,
} from './forecast-order.ts';
import { PourList } from './PourList.tsx';
import { SensorAlarms } from './SensorAlarms.tsx';
import { type DashboardSummary, dashboardSummary, type ProjectSummary } from './summary.ts';
import { WeatherNow } from './WeatherNow.tsx';

/** Status labels in the order a project summary lists its job counts. */
const LABEL_ORDER = ['STARTED', 'PENDING START', 'NEW', 'MAINTENANCE', 'ERROR', 'STOPPED'] as const;

/** A project's name as shown: 'Default' reads 'Concrete Sensors' or 'Job Site Sensors' (section 2), translated. */
export function useProjectName() {
  const { t } = useTranslation();
  return (project: Pick<Tenant, 'name' | 'type'>) => {
    if (project.name !== 'Default') return projectDisplayName(project);
    return t(project.type === 'Lumimon' ? 'shell.projects.defaultLumimon' : 'shell.projects.defaultOther');
  };
}

function Tile({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: number;
  tone: string;
  testId: string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, borderLeft: 4, borderLeftColor: tone, minWidth: 0 }}
    >
      <Typography variant="h4" component="p" sx={{ fontWeight: 800, lineHeight: 1.1 }} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Paper>
  );
}

function Tiles({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation();
  const { tiles } = summary;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        alignContent: 'start',
      }}
    >
      <Tile
        label={t('dashboards.tiles.reached')}
        value={tiles.reached}
        tone="success.main"
        testId="tile-reached"
      />
      <Tile
        label={t('dashboards.tiles.curing')}
        value={tiles.curing}
        tone="primary.main"
        testId="tile-curing"
      />
      <Tile
        label={t('dashboards.tiles.alarms')}
        value={tiles.alarms}
        tone="error.main"
        testId="tile-alarms"
      />
      <Tile
        label={t('dashboards.tiles.stopped')}
        value={tiles.stopped}
        tone="grey.500"
        testId="tile-stopped"
      />
    </Box>
  );
}

/** Job-group counts of a project by status (info/by_tenant): terminatedJg, errorJg, newJg, runningJg, maintenanceJg. */
function GroupCounts({ query }: { query: UseQueryResult<JobGroupCounts> | undefined }) {
  const { t } = useTranslation();
  if (!query || query.isPending) return <Skeleton width={200} />;
  if (query.isError || !query.data)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const counts = query.data as unknown as Record<string, { count: number }>;
  const total = JOB_GROUP_STATUSES.reduce((n, s) => n + (counts[JOB_GROUP_COUNT_KEYS[s]]?.count ?? 0), 0);
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="group-counts">
      <Box component="span" sx={{ fontWeight: 700 }}>
        {t('dashboards.groups.title', { count: total })}
      </Box>
      {total > 0
        ? `: ${JOB_GROUP_STATUSES.map((s) => `${t(`dashboards.groups.${s}`)} ${counts[JOB_GROUP_COUNT_KEYS[s]]?.count ?? 0}`).join(' · ')}`
        : ''}
    </Typography>
  );
}

function ProjectCard({
  summary,
  jobsiteId,
  counts,
  forecasts,
}: {
  summary: ProjectSummary;
  jobsiteId: number;
  counts: UseQueryResult<JobGroupCounts> | undefined;
  forecasts: ForecastsByJob | undefined;
}) {
  const { t } = useTranslation();
  const projectName = useProjectName();
  const name = projectName(summary.project);
  return (
    <Paper
      variant="outlined"
      data-testid="project-summary"
      data-project={name}
      sx={{ p: 2, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('dashboards.jobCount', { count: summary.jobs.length })}
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={paths.projectJobList.href(jobsiteId, summary.project.id)}
          size="small"
          endIcon={<ArrowForwardRoundedIcon />}
          aria-label={t('dashboards.openProjectNamed', { name })}
          sx={{ flexShrink: 0 }}
        >
          {t('dashboards.openProject')}
        </Button>
      </Box>
      {summary.jobs.length > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {LABEL_ORDER.filter((l) => summary.byLabel[l]).map((label) => (
            <Box
              key={label}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              data-label={label}
            >
              <StatusChip label={label} />
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {summary.byLabel[label]}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      <GroupCounts query={counts} />
      {summary.urgent.length > 0 ? (
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t('dashboards.needsLook')}
          </Typography>
          <PourList pours={summary.urgent} jobsiteId={jobsiteId} forecasts={forecasts} />
        </Box>
      ) : null}
    </Paper>
  );
}

/** Moisture (humidity) jobs with their latest humidity and temperature. */
function MoistureList({
  jobs,
  jobsiteId,
  projectName,
}: {
  jobs: readonly MaturityJob[];
  jobsiteId: number;
  projectName: (tenantId: number) => string | undefined;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const alarmsOf = useSiteActiveAlarms(jobsiteId);
  return (
    <Box
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {jobs.map((job) => (
        <Paper
          key={job.id}
          variant="outlined"
          data-testid="moisture-job"
          sx={{ p: 1.5, borderRadius: 2, display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={jobDetailHref({ ...job, tenantId: job.tenant }, jobsiteId)}
              underline="hover"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {job.channelJobName}
            </Link>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {[
                projectName(job.tenant),
                t('dashboards.moisture.updated', { time: prefs.time(job.latestTimestamp) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <AlarmStateBadge
              compact
              alarms={alarmsOf({ jobId: job.id, nodeId: job.nodeId })}
              tenantGroupId={jobsiteId}
            />
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            <Typography variant="body1" sx={{ fontWeight: 700 }} data-testid="moisture-humidity">
              {prefs.withUnit('Humidity', job.latestAverageHumidity)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {prefs.withUnit('Temperature', job.latestAverageTemperature)}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 18, flex: 1 }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {children}
    </Box>
  );
}

/** Most urgent first, or ready next (the forecast's order); kept in the address as ?pours=. */
function PourOrderToggle({ value, onChange }: { value: PourOrder; onChange: (o: PourOrder) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      onChange={(_e, o: PourOrder | null) => o && onChange(o)}
      aria-label={t('forecastLists.sort.label')}
    >
      {POUR_ORDERS.map((o) => (
        <ToggleButton key={o} value={o} data-order={o} sx={{ textTransform: 'none', px: 1.25, py: 0.25 }}>
          {t(`forecastLists.sort.${o}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * One dashboard (spec sections 2, 3): the welcome note once; the weather now; pours that reached their
 * target, are curing, in alarm, stopped; every live pour with its verdict and the forecast of its next
 * target (issue 13), most urgent first or ready next; and a summary per project with its jobs by status,
 * job-group counts and the pours to look at first. Shared by the construction dashboard (every project of
 * the site) and the precast dashboard (one project or the whole plant: compact cards, ready next first).
 */
export function SiteDashboard({
  jobSite,
  projects,
  subtitle,
}: {
  jobSite: TenantGroup;
  projects: readonly Tenant[];
  subtitle?: string;
}) {
  const { t } = useTranslation();
  useLiveReadings(jobSite.id);
  const jobs = useSiteMaturityJobs(jobSite.id);
  const forecasts = useSiteForecasts(jobSite.id).data;
  const [params, setParams] = useSearchParams();
  const precast = jobSite.type === 'Precast Plant';
  const order = readPourOrder(params.get('pours'), defaultPourOrder(jobSite.type));
  const setOrder = (o: PourOrder) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (o === defaultPourOrder(jobSite.type)) next.delete('pours');
        else next.set('pours', o);
        return next;
      },
      { replace: true },
    );
  const projectName = useProjectName();
  const shownProjects = projects.filter((p) => p.type === 'Concrete' && p.state !== 'TERMINATED');
  const counts = useGroupCounts(
    jobSite.id,
    shownProjects.map((p) => p.id),
  );
  const nameOf = (tenantId: number) => {
    const p = projects.find((x) => x.id === tenantId);
    return p ? projectName(p) : undefined;
  };

  const title = (
    <>
      <Typography
        component="span"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', lineHeight: 1.6 }}
      >
        {t('titles.dashboard')}
        {subtitle ? ` · ${subtitle}` : ''}
      </Typography>
      {jobSite.name}
    </>
  );

  return (
    <PageFrame
      title={title}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            component={RouterLink}
            to={paths.reportList.href(jobSite.id)}
            variant="outlined"
            size="small"
            startIcon={<SummarizeOutlinedIcon />}
          >
            {t('reports.entry')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.alarms.href(jobSite.id)}
            variant="outlined"
            size="small"
            startIcon={<NotificationsActiveOutlinedIcon />}
          >
            {t('alarms.entry')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.jobSiteMembers.href(jobSite.id)}
            variant="outlined"
            size="small"
            startIcon={<PeopleAltOutlinedIcon />}
          >
            {t('members.entry')}
          </Button>
        </Stack>
      }
    >
      <SiteClock jobSite={jobSite} />
      <DashboardWelcome />
      <SensorAlarms jobSite={jobSite} />
      <QueryState query={jobs}>
        {(all) => {
          const summary = dashboardSummary(all, projects);
          return (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
                }}
              >
                <WeatherNow jobsiteId={jobSite.id} />
                <Tiles summary={summary} />
              </Box>
              <Section
                id="pours"
                title={t('dashboards.pours.title')}
                aside={
                  summary.pours.length > 1 ? <PourOrderToggle value={order} onChange={setOrder} /> : null
                }
              >
                {summary.pours.length === 0 ? (
                  <EmptyState message={t('dashboards.pours.none')} />
                ) : (
                  <PourList
                    pours={orderPours(summary.pours, order, forecasts)}
                    jobsiteId={jobSite.id}
                    projectName={nameOf}
                    columns
                    compact={precast}
                    forecasts={forecasts}
                  />
                )}
              </Section>
              {summary.moisture.length > 0 ? (
                <Section id="moisture" title={t('dashboards.moisture.title')}>
                  <MoistureList jobs={summary.moisture} jobsiteId={jobSite.id} projectName={nameOf} />
                </Section>
              ) : null}
              <Section id="projects" title={t('dashboards.projects.title')}>
                {summary.projects.length === 0 ? (
                  <EmptyState message={t('dashboards.projects.none')} />
                ) : (
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 2,
                      alignItems: 'start',
                      gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
                    }}
                  >
                    {summary.projects.map((s) => (
                      <ProjectCard
                        key={s.project.id}
                        summary={s}
                        jobsiteId={jobSite.id}
                        counts={counts[shownProjects.findIndex((p) => p.id === s.project.id)]}
                        forecasts={forecasts}
                      />
                    ))}
                  </Box>
                )}
              </Section>
            </Box>
          );
        }}
      </QueryState>
      <Disclaimer jobSite={jobSite} />
    </PageFrame>
  );
}
