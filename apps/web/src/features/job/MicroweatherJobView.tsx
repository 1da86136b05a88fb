import {
  Box,
  Chip,
  Grid,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type {
  MeasurementAverage,
  MeasurementExtremity,
  MicroweatherJobDetail,
  SeriesResponse,
  TenantGroup,
} from '@sitepulse/contracts';
import {
  elapsedMsBetween,
  elapsedTimeText,
  jobAlarmBadges,
  quantityOfSensorType,
  smoothingTolerance,
} from '@sitepulse/domain';
import { useCallback, useMemo } from 'react';
import { useJobNameForBreadcrumb } from '../../app/layout/job-name.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { Disclaimer } from '../../components/Disclaimer.tsx';
import { NotFoundScreen } from '../../components/NotFound.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useProjectName } from '../../components/project-name.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useNow } from '../../components/useNow.ts';
import { useTranslation } from '../../i18n/index.ts';
import {
  type JobRef,
  useMicroweatherAverages,
  useMicroweatherExtremities,
  useMicroweatherJob,
  useMicroweatherTime,
} from './api.ts';
import { bandLines, jobBand } from './chart-lines.ts';
import { JobActions } from './JobActions.tsx';
import { JobAlarmState } from './JobAlarmState.tsx';
import { type ChartBuild, ChartPanel } from './JobCharts.tsx';
import { JobMeta } from './JobMeta.tsx';
import { Panel, TileGrid, ValueTile } from './parts.tsx';
import { useCanEdit } from './useCanEdit.ts';

/** The three series of a microweather node, in the order they are shown. */
const WEATHER_TYPES = ['Temperature', 'Humidity', 'Wind Speed'] as const;

/** The job screen of a microweather job: latest conditions, the job's averages and extremes, and its series. */
export function MicroweatherJobView({ jobId, jobSite }: { jobId: number; jobSite: TenantGroup | undefined }) {
  const { t } = useTranslation();
  const query = useMicroweatherJob(jobId);
  useJobNameForBreadcrumb(jobId, query.data?.channelJobName);
  if (!query.data) {
    return (
      <PageFrame title={t('titles.job')}>
        <QueryState query={query} notFound={<NotFoundScreen what="job" />}>
          {() => null}
        </QueryState>
      </PageFrame>
    );
  }
  return <MicroweatherScreen job={query.data} jobSite={jobSite} />;
}

function MicroweatherScreen({
  job,
  jobSite,
}: {
  job: MicroweatherJobDetail;
  jobSite: TenantGroup | undefined;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const now = useNow();
  const canEdit = useCanEdit(job.tenantGroupId);
  const started = job.startDate !== null;
  const stopped = job.status === 'STOPPED';
  const ref: JobRef = useMemo(
    () => ({ family: 'channel', id: job.id, tenantGroupId: job.tenantGroupId }),
    [job.id, job.tenantGroupId],
  );
  const series = useMicroweatherTime(job.id, started);
  const averages = useMicroweatherAverages(job.id, started);
  const extremities = useMicroweatherExtremities(job.id, started);
  const project = jobSite?.tenantMessages?.find((p) => p.id === job.tenantId);
  const projectName = useProjectName();
  const types = WEATHER_TYPES.filter((type) => job.sensorTypes.includes(type));
  const latest = (type: string) => job.microweatherMeasurementJobData.find((d) => d.sensorType === type);
  const elapsed = elapsedTimeText(
    job.startDate === null ? null : elapsedMsBetween(job.startDate, job.terminationDate ?? now),
    prefs.language,
  );
  const badges = jobAlarmBadges({ status: job.status, jobAlarmTriggered: job.jobAlarmTriggered }).filter(
    (b) => b !== 'MATURED',
  );
  // Section 9: microweather graphs are not smoothed (tolerance 0).
  const tolerance = smoothingTolerance('Microweather', 0);
  const labels = useMemo(
    () => ({
      average: t('job.charts.averageLine'),
      min: t('job.charts.minLine'),
      max: t('job.charts.maxLine'),
    }),
    [t],
  );

  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const actions = (
    <JobActions
      canEdit={canEdit}
      job={{
        ref,
        name: job.channelJobName,
        kind: 'microweather',
        command: stopped ? null : job.status === 'NEW' ? 'start' : 'stop',
        startDate: job.startDate,
        terminationDate: job.terminationDate,
        sensorTypes: types,
        alarmData: job.alarmData,
        concreteProfileId: null,
      }}
    />
  );

  return (
    <PageFrame
      title={<span data-testid="job-name">{job.channelJobName}</span>}
      actions={phone ? undefined : actions}
    >
      <JobMeta
        status={job.status}
        kindLabel={t('job.kind.microweather')}
        items={[project ? projectName(project) : null, t('job.meta.nodeId', { id: job.nodeId })]}
        battery={job.latestNodeBattery}
        batteryLevelType={job.batteryLevelType}
        signal={job.latestNodeSignal}
        terminated={stopped}
        alarms={badges.map((b) => (
          <Chip key={b} size="small" color="error" label={t(`widgets.alarm.${b}`)} data-alarm={b} />
        ))}
      />
      <JobAlarmState
        tenantGroupId={job.tenantGroupId}
        jobId={job.id}
        nodeId={job.nodeId}
        jobName={job.channelJobName}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
          <Panel title={t('job.latest.conditions')} testId="job-latest">
            <TileGrid>
              {types.map((type) => {
                const d = latest(type);
                const q = quantityOfSensorType(type) ?? type;
                return (
                  <ValueTile
                    key={type}
                    testId={`latest-${type.replace(/\s+/g, '-').toLowerCase()}`}
                    label={t(`job.sensorTypes.${type}`, type)}
                    value={prefs.withUnit(q, d?.averageMeasurementData)}
                    caption={d?.timestamp ? prefs.time(d.timestamp) : undefined}
                  />
                );
              })}
              <ValueTile
                testId="latest-elapsed"
                label={t(job.terminationDate ? 'job.latest.duration' : 'job.latest.elapsed')}
                value={elapsed}
                caption={
                  job.startDate ? t('job.latest.since', { time: prefs.time(job.startDate) }) : undefined
                }
              />
            </TileGrid>
          </Panel>
        </Grid>
        {phone ? <Grid size={12}>{actions}</Grid> : null}
        <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
          <Panel title={t('job.summary.title')} testId="job-summary">
            {started ? (
              <WeatherSummary types={types} averages={averages.data} extremes={extremities.data} />
            ) : (
              <Typography color="text.secondary">{t('job.charts.notStarted')}</Typography>
            )}
          </Panel>
        </Grid>
        {started
          ? types.map((type, i) => (
              <Grid key={type} size={{ xs: 12, md: i === 0 ? 12 : 6 }} sx={{ minWidth: 0 }}>
                <WeatherChart type={type} query={series} tolerance={tolerance} labels={labels} />
              </Grid>
            ))
          : null}
      </Grid>
      <Disclaimer jobSite={jobSite} />
    </PageFrame>
  );
}

function WeatherChart({
  type,
  query,
  tolerance,
  labels,
}: {
  type: string;
  query: ReturnType<typeof useMicroweatherTime>;
  tolerance: number;
  labels: { average: string; min: string; max: string };
}) {
  const { t } = useTranslation();
  const build = useCallback<ChartBuild<SeriesResponse>>(
    (d) => {
      const own = d.series.filter((s) => s.sensorType === type);
      if (own.length === 0) return null;
      return {
        grid: d,
        lines: bandLines(jobBand(own, d.points), labels, tolerance),
      };
    },
    [type, tolerance, labels],
  );
  return (
    <ChartPanel
      testId={`chart-${type.replace(/\s+/g, '-').toLowerCase()}`}
      title={t(`job.sensorTypes.${type}`, type)}
      quantity={quantityOfSensorType(type) ?? type}
      query={query}
      build={build}
    />
  );
}

/** Per sensor type: the job's average, and its lowest and highest reading with their times. */
function WeatherSummary({
  types,
  averages,
  extremes,
}: {
  types: readonly string[];
  averages: MeasurementAverage[] | undefined;
  extremes: MeasurementExtremity[] | undefined;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const rows = types.map((type) => {
    const q = quantityOfSensorType(type) ?? type;
    const avg = averages?.find((a) => a.sensorType === type);
    const ext = (kind: 'MIN' | 'MAX') =>
      extremes?.find((e) => e.sensorType === type && e.aggregateType === kind);
    return {
      type,
      label: t(`job.sensorTypes.${type}`, type),
      average: prefs.withUnit(q, avg?.averageMeasurementData),
      min: prefs.withUnit(q, ext('MIN')?.extremity),
      minTime: prefs.time(ext('MIN')?.timestamp),
      max: prefs.withUnit(q, ext('MAX')?.extremity),
      maxTime: prefs.time(ext('MAX')?.timestamp),
    };
  });
  if (phone) {
    return (
      <Stack spacing={1.25}>
        {rows.map((r) => (
          <Paper
            key={r.type}
            variant="outlined"
            sx={{ p: 1.25, borderRadius: 2 }}
            data-testid="summary-row"
            data-type={r.type}
          >
            <Typography sx={{ fontWeight: 700 }}>{r.label}</Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
              <ValueTile
                label={t('job.summary.average')}
                value={
                  <Typography variant="body2" sx={{ fontWeight: 700 }} component="span">
                    {r.average}
                  </Typography>
                }
              />
              <ValueTile
                label={t('job.summary.min')}
                value={
                  <Typography variant="body2" sx={{ fontWeight: 700 }} component="span">
                    {r.min}
                  </Typography>
                }
                caption={r.minTime}
              />
              <ValueTile
                label={t('job.summary.max')}
                value={
                  <Typography variant="body2" sx={{ fontWeight: 700 }} component="span">
                    {r.max}
                  </Typography>
                }
                caption={r.maxTime}
              />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('job.summary.type')}</TableCell>
            <TableCell align="right">{t('job.summary.average')}</TableCell>
            <TableCell align="right">{t('job.summary.min')}</TableCell>
            <TableCell align="right">{t('job.summary.max')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.type} data-testid="summary-row" data-type={r.type}>
              <TableCell sx={{ fontWeight: 600 }}>{r.label}</TableCell>
              <TableCell align="right">{r.average}</TableCell>
              <TableCell align="right">
                {r.min}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {r.minTime}
                </Typography>
              </TableCell>
              <TableCell align="right">
                {r.max}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {r.maxTime}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
