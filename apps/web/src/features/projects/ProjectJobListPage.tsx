import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Box,
  IconButton,
  InputAdornment,
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
  JOB_GROUP_FILTERS,
  type JobGroupFilter,
  jobListFilterStatus,
  LUMITRACK_PROJECT_TYPE,
  paths,
  projectDisplayName,
} from '@sitepulse/domain';
import { useMemo } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useLiveReadings } from '../../api/live.ts';
import { useCurrentJobSite } from '../../api/queries.ts';
import { Disclaimer } from '../../components/Disclaimer.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { NotFoundScreen } from '../../components/NotFound.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, LoadError, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useProjectForecasts, useProjectJobs, useProjectOtherJobs } from './api.ts';
import { JOB_SORTS, type JobSort, readJobSort, searchJobs, sortJobs } from './job-order.ts';
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

/** Search by name, node or cable id; the query lives in the address (?q=). */
function JobSearch({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      label={t('forecastLists.search.label')}
      placeholder={t('forecastLists.search.placeholder')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ flex: { xs: '1 1 100%', sm: '1 1 240px' }, maxWidth: { sm: 360 } }}
      slotProps={{
        htmlInput: { 'data-testid': 'job-search', maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRoundedIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('forecastLists.search.clear')}
                onClick={() => onChange('')}
              >
                <ClearRoundedIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}

function SortSelect({ value, onChange }: { value: JobSort; onChange: (s: JobSort) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('forecastLists.sort.label')}
      value={value}
      onChange={(e) => onChange(readJobSort(e.target.value))}
      sx={{ minWidth: 150, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      slotProps={{ select: { inputProps: { 'data-testid': 'job-sort' } } }}
    >
      {JOB_SORTS.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`forecastLists.sort.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ConcreteJobs({ jobsiteId, project }: { jobsiteId: number; project: Tenant }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params.get('status'));
  const sort = readJobSort(params.get('sort'));
  const search = params.get('q') ?? '';
  const query = useProjectJobs(jobsiteId, project.id, jobListFilterStatus(filter));
  const forecasts = useProjectForecasts(jobsiteId, project.id).data;

  /** Sets (or, with the default value, removes) one parameter of the address. */
  const setParam = (name: string, value: string, fallback: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const all = query.data?.content;
  const shown = useMemo(
    () =>
      all
        ? sortJobs(searchJobs(all, search), sort, {
            forecasts,
            language: i18n.resolvedLanguage ?? i18n.language,
          })
        : [],
    [all, search, sort, forecasts, i18n.resolvedLanguage, i18n.language],
  );
  const total = query.data?.total ?? 0;

  return (
    <Box component="section" aria-labelledby="concrete-jobs" sx={{ mb: 4 }}>
      <SectionTitle
        aside={<StatusFilter value={filter} onChange={(f) => setParam('status', f, 'ALL')} compact={phone} />}
      >
        <span id="concrete-jobs">{t('projects.concreteJobs')}</span>
      </SectionTitle>
      {all && all.length > 0 ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
          <JobSearch value={search} onChange={(q) => setParam('q', q, '')} />
          <SortSelect value={sort} onChange={(s) => setParam('sort', s, 'start')} />
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="jobs-shown"
            sx={{ flex: '1 1 auto' }}
          >
            {search.trim()
              ? t('forecastLists.matching', { shown: shown.length, total })
              : t('forecastLists.count', { count: total })}
          </Typography>
          {query.isFetching && !query.isPending ? <InlineSpinner size={14} /> : null}
        </Box>
      ) : null}
      <QueryState
        query={query}
        isEmpty={(d) => d.content.length === 0}
        empty={<EmptyState message={t(filter === 'ALL' ? 'projects.empty' : 'projects.emptyFiltered')} />}
      >
        {() =>
          shown.length === 0 ? (
            <EmptyState message={t('forecastLists.noMatch', { query: search.trim() })} />
          ) : narrow ? (
            <MaturityJobCards jobs={shown} jobsiteId={jobsiteId} forecasts={forecasts} />
          ) : (
            <MaturityJobTable jobs={shown} jobsiteId={jobsiteId} forecasts={forecasts} />
          )
        }
      </QueryState>
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
        {(jobs) => <OtherJobCards jobs={jobs} jobsiteId={jobsiteId} projectType={project.type} />}
      </QueryState>
    </Box>
  );
}

/**
 * The project job list `/construction_job_list/{jobsiteId}/{tenantId}` (spec sections 2, 4, 9; issue 13):
 * every maturity and humidity job of the project (all pages read, none behind a button), with status and
 * alarm, strength against target, the forecast of the next target, battery and signal; a status filter, a
 * search by name, node or cable id and a sort (start date, name, strength %, expected time); then its other
 * sensor jobs in the job type order of section 2; the maturity-strength disclaimer unless the site is
 * terminated.
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
        <NotFoundScreen what="project" />
      </PageFrame>
    );
  }
  // A Lumitrack project has no concrete jobs: its own screen lists its IDs (issue 16).
  if (project.type === LUMITRACK_PROJECT_TYPE) {
    return <Navigate replace to={paths.lumitrackProject.href(jobSite.id, project.id)} />;
  }
  return (
    <PageFrame title={title}>
      <ConcreteJobs key={project.id} jobsiteId={jobSite.id} project={project} />
      <OtherJobs jobsiteId={jobSite.id} project={project} />
      <Disclaimer jobSite={jobSite} />
    </PageFrame>
  );
}
