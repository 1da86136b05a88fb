import {
  Box,
  Button,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Tenant } from '@sitepulse/contracts';
import {
  fetchMoreSize,
  hasMoreJobs,
  JOB_GROUP_FILTERS,
  type JobGroupFilter,
  jobListFilterStatus,
  projectDisplayName,
} from '@sitepulse/domain';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useLiveReadings } from '../../api/live.ts';
import { useCurrentJobSite } from '../../api/queries.ts';
import { Disclaimer } from '../../components/Disclaimer.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, LoadError, QueryState } from '../../components/QueryState.tsx';
import { useProjectJobsPage, useProjectOtherJobs } from './api.ts';
import { MaturityJobCards, MaturityJobTable } from './MaturityJobs.tsx';
import { OtherJobCards } from './OtherJobs.tsx';

/** The filters in the order the page offers them: a job's life, from new to stopped, then error. */
const FILTER_ORDER: readonly JobGroupFilter[] = ['ALL', 'None', 'New', 'Running', 'Terminated', 'Error'];

function readFilter(value: string | null): JobGroupFilter {
  return (JOB_GROUP_FILTERS as readonly string[]).includes(value ?? '') ? (value as JobGroupFilter) : 'ALL';
}

/** A project's name as shown: 'Default' reads 'Concrete Sensors' or 'Job Site Sensors' (section 2), translated. */
export function useProjectName() {
  const { t } = useTranslation();
  return (project: Pick<Tenant, 'name' | 'type'>) => {
    const name = projectDisplayName(project);
    if (project.name !== 'Default') return name;
    return t(project.type === 'Lumimon' ? 'shell.projects.defaultLumimon' : 'shell.projects.defaultOther');
  };
}

function StatusFilter({
  value,
  onChange,
  compact,
}: {
  value: JobGroupFilter;
  onChange: (f: JobGroupFilter) => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <TextField
        select
        size="small"
        label={t('projects.filter.label')}
        value={value}
        onChange={(e) => onChange(readFilter(e.target.value))}
        sx={{ minWidth: 160 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'status-filter' } } }}
      >
        {FILTER_ORDER.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`projects.filter.${f}`)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      onChange={(_e, f: JobGroupFilter | null) => f && onChange(f)}
      aria-label={t('projects.filter.label')}
    >
      {FILTER_ORDER.map((f) => (
        <ToggleButton key={f} value={f} data-filter={f} sx={{ textTransform: 'none', px: 1.5 }}>
          {t(`projects.filter.${f}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function SectionTitle({ children, aside }: { children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 18, flex: 1, minWidth: 0 }}>
        {children}
      </Typography>
      {aside}
    </Box>
  );
}

function ConcreteJobs({ jobsiteId, project }: { jobsiteId: number; project: Tenant }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params.get('status'));
  const clicks = Math.max(0, Number.parseInt(params.get('more') ?? '0', 10) || 0);
  const rpp = fetchMoreSize(clicks);
  const query = useProjectJobsPage(jobsiteId, project.id, jobListFilterStatus(filter), rpp);

  const setFilter = (f: JobGroupFilter) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (f === 'ALL') next.delete('status');
        else next.set('status', f);
        next.delete('more');
        return next;
      },
      { replace: true },
    );
  const fetchMore = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('more', String(clicks + 1));
        return next;
      },
      { replace: true },
    );

  const page = query.data;
  return (
    <Box component="section" aria-labelledby="concrete-jobs" sx={{ mb: 4 }}>
      <SectionTitle aside={<StatusFilter value={filter} onChange={setFilter} compact={phone} />}>
        <span id="concrete-jobs">{t('projects.concreteJobs')}</span>
      </SectionTitle>
      <QueryState
        query={query}
        isEmpty={(d) => d.content.length === 0}
        empty={<EmptyState message={t(filter === 'ALL' ? 'projects.empty' : 'projects.emptyFiltered')} />}
      >
        {(d) =>
          narrow ? (
            <MaturityJobCards jobs={d.content} jobsiteId={jobsiteId} />
          ) : (
            <MaturityJobTable jobs={d.content} jobsiteId={jobsiteId} />
          )
        }
      </QueryState>
      {page && page.content.length > 0 ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" data-testid="jobs-shown">
            {t('projects.showing', { shown: page.content.length, total: page.total })}
          </Typography>
          {hasMoreJobs(page.content.length, page.total) ? (
            <Button variant="outlined" size="small" onClick={fetchMore} disabled={query.isFetching}>
              {t('projects.fetchMore')}
            </Button>
          ) : null}
          {query.isFetching && !query.isPending ? <InlineSpinner size={14} /> : null}
        </Box>
      ) : null}
    </Box>
  );
}

function OtherJobs({ jobsiteId, project }: { jobsiteId: number; project: Tenant }) {
  const { t } = useTranslation();
  const query = useProjectOtherJobs(jobsiteId, project.id);
  return (
    <Box component="section" aria-labelledby="other-jobs">
      <SectionTitle>
        <span id="other-jobs">{t('projects.otherJobs')}</span>
      </SectionTitle>
      <QueryState
        query={query}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState message={t('projects.otherEmpty')} />}
      >
        {(jobs) => <OtherJobCards jobs={jobs} jobsiteId={jobsiteId} />}
      </QueryState>
    </Box>
  );
}

/**
 * The project job list `/construction_job_list/{jobsiteId}/{tenantId}` (spec sections 2, 4, 9): the
 * project's maturity and humidity jobs, newest first, with status and alarm, strength against target,
 * battery and signal, a status filter and 'fetch more' in steps of 5; then its other sensor jobs in the
 * job type order of section 2; the maturity-strength disclaimer unless the site is terminated.
 */
export default function ProjectJobListPage() {
  const { t } = useTranslation();
  const params = useParams();
  const sites = useCurrentJobSite(params.jobsiteId);
  const { jobSite } = sites;
  const projectName = useProjectName();
  useLiveReadings(jobSite?.id);

  const tenantId = Number(params.tenantId);
  const project = jobSite?.tenantMessages.find((p) => p.id === tenantId);

  const title = (
    <>
      <Typography
        component="span"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', lineHeight: 1.6 }}
      >
        {t('titles.project')}
      </Typography>
      {project ? projectName(project) : t('titles.project')}
    </>
  );

  if (!jobSite) {
    return (
      <PageFrame title={title}>
        {sites.isError ? (
          <LoadError error={sites.error} onRetry={() => void sites.refetch()} />
        ) : (
          <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }} data-state="loading">
            <InlineSpinner message={t('common.loading')} />
          </Box>
        )}
      </PageFrame>
    );
  }
  if (!project) {
    return (
      <PageFrame title={title}>
        <EmptyState message={t('projects.notFound')} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={title}>
      <ConcreteJobs key={project.id} jobsiteId={jobSite.id} project={project} />
      <OtherJobs jobsiteId={jobSite.id} project={project} />
      <Disclaimer jobSite={jobSite} />
    </PageFrame>
  );
}
