import { Box, Chip, Grid, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type {
  MaturityJobDetail,
  MaturityTimeSeries,
  MsjExtremity,
  MsjMeasurementTimeSeries,
  SensorStats,
  TenantGroup,
} from '@sitepulse/contracts';
import {
  elapsedMsBetween,
  elapsedTimeText,
  isAlarmBitSet,
  isHumidityJob,
  jobAlarmBadges,
  jobElapsedDays,
  listedJobStatusLabel,
  MATURED_BIT,
  reachedBy,
  sensorDisplayName,
  smoothingTolerance,
  strengthTargets,
  strengthVerdict,
} from '@sitepulse/domain';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useStrengthShown } from '../../api/strength.ts';
import { useJobNameForBreadcrumb } from '../../app/layout/job-name.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import type { ChartThreshold } from '../../components/charts/TimeChart.tsx';
import { Disclaimer } from '../../components/Disclaimer.tsx';
import { NotFoundScreen } from '../../components/NotFound.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useProjectName } from '../../components/project-name.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useNow } from '../../components/useNow.ts';
import { useTranslation } from '../../i18n/index.ts';
import {
  type JobRef,
  useMaturityExtremities,
  useMaturityJob,
  useMaturityTime,
  useMaturityTimeBySids,
  useMeasurementTime,
  useSensorStats,
} from './api.ts';
import {
  bandLines,
  type ChartMode,
  jobBand,
  projectionLines,
  sensorLines,
  TARGET_COLOURS,
  TARGET_KIND_COLOURS,
} from './chart-lines.ts';
import { ForecastCard } from './Forecast.tsx';
import { useJobForecast } from './forecast-api.ts';
import {
  answerLine,
  primaryTarget,
  type SensorNext,
  sensorNext,
  targetStrengthText,
} from './forecast-text.ts';
import { JobActions } from './JobActions.tsx';
import { JobAlarmState } from './JobAlarmState.tsx';
import {
  type ChartBuild,
  ChartModeToggle,
  ChartPanel,
  type ChartWindow,
  ChartWindowControls,
  useChartWindow,
} from './JobCharts.tsx';
import { JobMeta } from './JobMeta.tsx';
import { JobReportsCard } from './JobReportsCard.tsx';
import { Panel, TileGrid, ValueTile } from './parts.tsx';
import { SensorPairs } from './SensorPairs.tsx';
import { SensorTable } from './SensorTable.tsx';
import { Signoffs } from './Signoffs.tsx';
import { StrengthAnswer, type TargetProgress } from './StrengthAnswer.tsx';
import { useCanEdit } from './useCanEdit.ts';

/** The job screen of a maturity or humidity job (GET .../maturity/jobs/details/{id} first, then its data). */
export function MaturityJobView({ jobId, jobSite }: { jobId: number; jobSite: TenantGroup | undefined }) {
  const { t } = useTranslation();
  const query = useMaturityJob(jobId);
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
  return <MaturityJobScreen job={query.data} jobSite={jobSite} />;
}

function MaturityJobScreen({ job, jobSite }: { job: MaturityJobDetail; jobSite: TenantGroup | undefined }) {
  const { t } = useTranslation();
  const humidity = isHumidityJob(job);
  const canEdit = useCanEdit(job.tenantGroupId);
  const [mode, setMode] = useState<ChartMode>('average');
  const ref: JobRef = useMemo(
    () => ({ family: 'maturity', id: job.id, tenantGroupId: job.tenantGroupId }),
    [job.id, job.tenantGroupId],
  );
  const project = jobSite?.tenantMessages?.find((p) => p.id === job.tenant);
  const projectName = useProjectName();
  const terminated = job.status === 'TERMINATED';
  const command = terminated ? null : job.status === 'NEW' || job.status === 'NONE' ? 'start' : 'stop';
  const badges = jobAlarmBadges(job).filter((b) => b !== 'MATURED');

  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const sensorForecasts = useSensorForecasts(job.id, !humidity);
  const actions = (
    <JobActions
      canEdit={canEdit}
      job={{
        ref,
        name: job.channelJobName,
        kind: humidity ? 'humidity' : 'maturity',
        command,
        startDate: job.startDate,
        terminationDate: job.terminationDate,
        sensorTypes: job.sensorTypes,
        alarmData: job.alarmData,
        concreteProfileId: job.concreteProfileId,
      }}
    />
  );

  return (
    <PageFrame
      title={<span data-testid="job-name">{job.channelJobName}</span>}
      actions={phone ? undefined : actions}
    >
      <JobMeta
        status={listedJobStatusLabel(job)}
        kindLabel={t(humidity ? 'job.kind.humidity' : 'job.kind.maturity')}
        items={[
          project ? projectName(project) : null,
          humidity
            ? null
            : job.concreteProfileName
              ? t('job.meta.profile', { name: job.concreteProfileName })
              : null,
          t('job.meta.nodeId', { id: job.nodeId }),
        ]}
        battery={job.latestNodeBattery}
        batteryLevelType={job.channelJobAttributesData.nodeOptions.batteryLevelType}
        signal={job.latestNodeSignal}
        terminated={terminated}
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
      {humidity ? (
        <HumidityBody job={job} mode={mode} setMode={setMode} phoneActions={phone ? actions : null} />
      ) : (
        <MaturityBody job={job} mode={mode} setMode={setMode} phoneActions={phone ? actions : null} />
      )}
      <Signoffs job={job} canEdit={canEdit} />
      <SensorPairs job={job} canEdit={canEdit} />
      <JobReportsCard msjId={job.id} tenantGroupId={job.tenantGroupId} />
      <Box sx={{ mt: 2 }}>
        <Panel title={t('job.sensors.title')} testId="job-sensors">
          <SensorTable
            sensors={job.sensors}
            humidity={humidity}
            canEdit={canEdit}
            job={ref}
            nextTarget={humidity ? undefined : sensorForecasts}
            jobName={job.channelJobName}
          />
        </Panel>
      </Box>
      <Disclaimer jobSite={jobSite} />
    </PageFrame>
  );
}

interface BodyProps {
  job: MaturityJobDetail;
  mode: ChartMode;
  setMode: (mode: ChartMode) => void;
  /** On a phone the actions come after the answer and the latest values. */
  phoneActions: ReactNode;
}

/** Elapsed time since the job's start (to its end once stopped), in the user's language. */
function useElapsed(job: { startDate: number | null; terminationDate: number | null }) {
  const prefs = useDisplayPreferences();
  const now = useNow();
  const ms = job.startDate === null ? null : elapsedMsBetween(job.startDate, job.terminationDate ?? now);
  return elapsedTimeText(ms, prefs.language);
}

function useLineLabels() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      average: t('job.charts.averageLine'),
      min: t('job.charts.minLine'),
      max: t('job.charts.maxLine'),
    }),
    [t],
  );
}

/** Per-sensor readings of one type, as lines (sensors mode) or the job's band (average mode). */
function useMeasurementBuild(
  mode: ChartMode,
  tolerance: number,
  jobName: string,
): ChartBuild<MsjMeasurementTimeSeries> {
  const labels = useLineLabels();
  return useCallback(
    (d: MsjMeasurementTimeSeries) => {
      if (d.series.length === 0) return null;
      const lines =
        mode === 'average'
          ? bandLines(jobBand(d.series, d.points), labels, tolerance)
          : sensorLines(
              d.series.map((s) => ({ sensorId: s.sensorId, sensorAlias: s.sensorAlias, values: s.avg })),
              tolerance,
              undefined,
              jobName,
            );
      return { grid: d, lines };
    },
    [mode, tolerance, labels, jobName],
  );
}

/** Each sensor's next target and when it is expected, for the sensor table (issue 13). */
function useSensorForecasts(jobId: number, enabled: boolean): ReadonlyMap<number, SensorNext> | undefined {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const forecast = useJobForecast(jobId, enabled);
  const data = forecast.data;
  return useMemo(
    () =>
      data
        ? new Map(data.sensors.map((s) => [s.sensorId, sensorNext(s, t, prefs, data.computedAt)]))
        : undefined,
    [data, t, prefs],
  );
}

/** The tiles every maturity or humidity job shows last: time since start, last reading, sensors counted. */
function JobTimeTiles({ job }: { job: MaturityJobDetail }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const elapsed = useElapsed(job);
  return (
    <>
      <ValueTile
        testId="latest-elapsed"
        label={t(job.terminationDate ? 'job.latest.duration' : 'job.latest.elapsed')}
        value={elapsed}
        caption={job.startDate ? t('job.latest.since', { time: prefs.time(job.startDate) }) : undefined}
      />
      <ValueTile
        testId="latest-reading"
        label={t('job.latest.lastReading')}
        value={prefs.time(job.latestTimestamp)}
      />
      <ValueTile
        testId="latest-sensors"
        label={t('job.latest.sensors')}
        value={t('job.latest.sensorCount', { counted: job.sensorCount, total: job.sensors.length })}
      />
    </>
  );
}

/** 'Over time', the time-range presets and pan buttons, and the toggle between the average and each sensor. */
function ChartsHeading({
  mode,
  setMode,
  window,
}: Pick<BodyProps, 'mode' | 'setMode'> & { window: ChartWindow }) {
  const { t } = useTranslation();
  return (
    <Grid size={12}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t('job.charts.title')}
        </Typography>
        <ChartModeToggle mode={mode} onChange={setMode} />
        <Box sx={{ flexBasis: { xs: '100%', md: 'auto' } }}>
          <ChartWindowControls window={window} />
        </Box>
      </Stack>
    </Grid>
  );
}

/**
 * The window of a job's charts: presets count back from its end (or now) and panning stays between its
 * start and that end; the whole job (and the strength chart's forecast beyond now) shows with no window.
 */
function useJobChartWindow(job: Pick<MaturityJobDetail, 'startDate' | 'terminationDate'>) {
  const end = job.terminationDate ?? Date.now();
  return useChartWindow({ first: job.startDate, last: end, end });
}

function MaturityBody({ job, mode, setMode, phoneActions }: BodyProps) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const started = job.startDate !== null;
  const days = jobElapsedDays(job.startDate, job.terminationDate);
  const series = useMaturityTime(job.id, started);
  const excludedIds = useMemo(
    () => job.sensors.filter((s) => !s.counted).map((s) => s.sensorId),
    [job.sensors],
  );
  const excluded = useMaturityTimeBySids(job.id, started && mode === 'sensors' ? excludedIds : []);
  const temperature = useMeasurementTime(job.id, 'Temperature', started);
  const extremities = useMaturityExtremities(job.id, started);
  const labels = useLineLabels();
  const forecast = useJobForecast(job.id);
  const canEditTargets = useCanEdit(job.tenantGroupId);
  const ref: JobRef = useMemo(
    () => ({ family: 'maturity', id: job.id, tenantGroupId: job.tenantGroupId }),
    [job.id, job.tenantGroupId],
  );
  const datumC =
    job.concreteProfile && job.concreteProfile.maturityFunction === 'NURSE_SAUL'
      ? job.concreteProfile.datumTemperature
      : null;
  const projection = forecast.data?.projection;
  const window = useJobChartWindow(job);
  const primary = forecast.data ? primaryTarget(forecast.data) : null;
  // The answer names the job's target as it was entered, when the forecast's first target is that target.
  const targetText =
    primary && job.targetStrength !== null && Math.abs(primary.strengthMpa - job.targetStrength) < 0.05
      ? targetStrengthText(primary, prefs)
      : null;
  const forecastLine = forecast.data
    ? answerLine(forecast.data, t, prefs, forecast.data.computedAt, datumC)
    : null;
  const projectionLabels = useMemo(
    () => ({
      mid: t('forecast.chart.projection'),
      low: t('forecast.chart.low'),
      high: t('forecast.chart.high'),
    }),
    [t],
  );

  const targets = useMemo(() => strengthTargets(job), [job]);
  const avgStrength = series.data?.average.strength?.avg ?? null;
  const targetProgress: TargetProgress[] = targets.map((target) => ({
    ...target,
    reachedBy: series.data && avgStrength ? reachedBy(series.data, avgStrength, target.value) : null,
  }));
  const verdict = strengthVerdict({
    startDate: job.startDate,
    hasProfile: job.concreteProfileId !== null,
    strength: job.latestStrength,
    target: job.targetStrength,
    percent: job.progressBarValue,
    matured: isAlarmBitSet(job.jobAlarmTriggered, MATURED_BIT),
    reachedBy: series.data && avgStrength ? reachedBy(series.data, avgStrength, job.targetStrength) : null,
  });

  // The spec's targets of the job (its single target named by its kind once the forecast tells it; low,
  // medium and high as they are), then its further targets the pour has reached or the projection crosses:
  // a 28-day design target weeks away would only squash the chart.
  const forecastTargets = forecast.data?.targets;
  const thresholds = useMemo<ChartThreshold[]>(() => {
    const primaryKind = forecastTargets?.find((x) => x.primary)?.kind;
    const levels = targets.map((target) => ({
      label:
        target.level === 'singular' && primaryKind
          ? t(`forecast.kind.${primaryKind}`)
          : t(`job.targets.${target.level}`),
      value: target.value,
      color: TARGET_COLOURS[target.level],
    }));
    const further = (forecastTargets ?? [])
      .filter((x) => !x.primary && (x.state === 'REACHED' || x.expectedAt !== null))
      .map((x) => ({
        label: t(`forecast.kind.${x.kind}`),
        value: x.strengthMpa,
        color: TARGET_KIND_COLOURS[x.kind],
      }));
    return [...levels, ...further];
  }, [forecastTargets, targets, t]);

  const excludedSet = useMemo(() => new Set(excludedIds), [excludedIds]);
  const perSensor = useCallback(
    (d: MaturityTimeSeries, field: 'maturity' | 'strength') => {
      const own = d.series.map((s) => ({
        sensorId: s.sensorId,
        sensorAlias: s.sensorAlias,
        values: s[field]?.avg ?? [],
      }));
      // Sensors the job no longer counts, from /time/by_sids, on the same grid (dashed).
      const extra = excluded.data;
      const aligned = extra && extra.start === d.start && extra.bucketMs === d.bucketMs;
      const more = aligned
        ? extra.series.map((s) => ({
            sensorId: s.sensorId,
            sensorAlias: s.sensorAlias,
            values: Array.from({ length: d.points }, (_, i) => s[field]?.avg[i] ?? null),
          }))
        : [];
      return [...own, ...more].filter((s) => s.values.length > 0);
    },
    [excluded.data],
  );
  const jobName = job.channelJobName;

  const buildStrength = useCallback<ChartBuild<MaturityTimeSeries>>(
    (d) => {
      if (!d.average.strength) return null;
      const tol = smoothingTolerance('Strength', days);
      const lines =
        mode === 'average'
          ? bandLines(d.average.strength, labels, tol)
          : sensorLines(perSensor(d, 'strength'), tol, excludedSet, jobName);
      // The forecast drawn on: a dashed band from now to the last target it forecasts.
      const ahead = projectionLines(d, projection ?? [], projectionLabels);
      return { grid: ahead.grid, lines: [...lines, ...ahead.lines], bands: ahead.bands };
    },
    [mode, days, labels, perSensor, excludedSet, jobName, projection, projectionLabels],
  );
  const buildMaturity = useCallback<ChartBuild<MaturityTimeSeries>>(
    (d) => {
      const tol = smoothingTolerance('Maturity', days);
      const lines =
        mode === 'average'
          ? bandLines(d.average.maturity, labels, tol)
          : sensorLines(perSensor(d, 'maturity'), tol, excludedSet, jobName);
      return { grid: d, lines };
    },
    [mode, days, labels, perSensor, excludedSet, jobName],
  );
  const buildTemperature = useMeasurementBuild(mode, smoothingTolerance('Temperature', days), jobName);
  // The company's Concrete module may turn strength off (disable_maturity_strength): maturity only.
  const strengthOn = useStrengthShown();

  return (
    <Grid container spacing={2}>
      {strengthOn ? (
        <>
          <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
            <StrengthAnswer
              verdict={verdict}
              targets={targetProgress}
              outsideCalibration={job.outsideCalibration}
              inError={job.status === 'ERROR'}
              lastReading={job.latestTimestamp}
              stoppedAt={job.terminationDate}
              targetText={targetText}
              forecastLine={forecastLine}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
            <ForecastCard query={forecast} job={ref} canEdit={canEditTargets} datumC={datumC} />
          </Grid>
        </>
      ) : null}
      <Grid size={12} sx={{ minWidth: 0 }}>
        <Panel title={t('job.latest.title')} testId="job-latest">
          <TileGrid>
            {strengthOn ? (
              <ValueTile
                testId="latest-strength"
                label={t('job.latest.strength')}
                value={prefs.withUnit('Strength', job.latestStrength)}
              />
            ) : null}
            <ValueTile
              testId="latest-maturity"
              label={t('job.latest.maturity')}
              value={prefs.withUnit('Maturity', job.latestMaturityIndex)}
            />
            <ValueTile
              testId="latest-temperature"
              label={t('job.latest.averageTemperature')}
              value={prefs.withUnit('Temperature', job.latestAverageTemperature)}
            />
            <JobTimeTiles job={job} />
          </TileGrid>
        </Panel>
      </Grid>
      {phoneActions ? <Grid size={12}>{phoneActions}</Grid> : null}
      <ChartsHeading mode={mode} setMode={setMode} window={window} />
      {started ? (
        <>
          {strengthOn ? (
            <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
              <ChartPanel
                window={window}
                testId="chart-strength"
                title={t('job.charts.strength')}
                quantity="Strength"
                query={series}
                build={buildStrength}
                thresholds={thresholds}
                emptyMessage={t('job.charts.noStrength')}
              />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
            <ChartPanel
              window={window}
              testId="chart-maturity"
              title={t('job.charts.maturity')}
              quantity="Maturity"
              query={series}
              build={buildMaturity}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }} sx={{ minWidth: 0 }}>
            <ChartPanel
              window={window}
              testId="chart-temperature"
              title={t('job.charts.temperature')}
              quantity="Temperature"
              query={temperature}
              build={buildTemperature}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
            <Panel title={t('job.extremes.title')} testId="job-extremes">
              <QueryState
                query={extremities}
                isEmpty={(d) => d.length === 0}
                empty={<Typography variant="body2">{t('job.extremes.none')}</Typography>}
              >
                {(d) => <TemperatureExtremes extremes={d} />}
              </QueryState>
            </Panel>
          </Grid>
        </>
      ) : (
        <Grid size={12}>
          <Typography color="text.secondary">{t('job.charts.notStarted')}</Typography>
        </Grid>
      )}
    </Grid>
  );
}

/** The lowest and highest temperature reading of the job, with sensor and time (section 3 "Temperature extremity"). */
function TemperatureExtremes({ extremes }: { extremes: MsjExtremity[] }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const order = ['MAX', 'MIN'] as const;
  return (
    <Stack spacing={1.5}>
      {order.map((kind) => {
        const e = extremes.find((x) => x.aggregateType === kind);
        return (
          <ValueTile
            key={kind}
            testId={`extreme-${kind.toLowerCase()}`}
            label={t(`job.extremes.${kind}`)}
            value={prefs.withUnit('Temperature', e?.extremity)}
            caption={e ? `${sensorDisplayName(e)} · ${prefs.time(e.timestamp)}` : undefined}
          />
        );
      })}
    </Stack>
  );
}

function HumidityBody({ job, mode, setMode, phoneActions }: BodyProps) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const started = job.startDate !== null;
  const days = jobElapsedDays(job.startDate, job.terminationDate);
  const humidity = useMeasurementTime(job.id, 'Humidity', started);
  const temperature = useMeasurementTime(job.id, 'Temperature', started);
  const extremities = useMaturityExtremities(job.id, started);
  const stats = useSensorStats(job.id, started);
  const buildHumidity = useMeasurementBuild(mode, smoothingTolerance('Humidity', days), job.channelJobName);
  const buildTemperature = useMeasurementBuild(
    mode,
    smoothingTolerance('Temperature', days),
    job.channelJobName,
  );
  const window = useJobChartWindow(job);

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
        <Panel title={t('job.latest.title')} testId="job-latest">
          <TileGrid>
            <ValueTile
              testId="latest-humidity"
              label={t('job.latest.humidity')}
              value={prefs.withUnit('Humidity', job.latestAverageHumidity)}
            />
            <ValueTile
              testId="latest-temperature"
              label={t('job.latest.averageTemperature')}
              value={prefs.withUnit('Temperature', job.latestAverageTemperature)}
            />
            <JobTimeTiles job={job} />
          </TileGrid>
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
        <Panel title={t('job.extremes.humidityTitle')} testId="job-extremes">
          {started ? <HumidityExtremes stats={stats.data} extremes={extremities.data} /> : null}
        </Panel>
      </Grid>
      {phoneActions ? <Grid size={12}>{phoneActions}</Grid> : null}
      <ChartsHeading mode={mode} setMode={setMode} window={window} />
      {started ? (
        <>
          <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
            <ChartPanel
              window={window}
              testId="chart-humidity"
              title={t('job.charts.humidity')}
              quantity="Humidity"
              query={humidity}
              build={buildHumidity}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
            <ChartPanel
              window={window}
              testId="chart-temperature"
              title={t('job.charts.temperature')}
              quantity="Temperature"
              query={temperature}
              build={buildTemperature}
            />
          </Grid>
        </>
      ) : (
        <Grid size={12}>
          <Typography color="text.secondary">{t('job.charts.notStarted')}</Typography>
        </Grid>
      )}
    </Grid>
  );
}

/** Humidity job extremes: the lowest and highest humidity of its sensors and its temperature extremities. */
function HumidityExtremes({
  stats,
  extremes,
}: {
  stats: SensorStats[] | undefined;
  extremes: MsjExtremity[] | undefined;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const hum = (stats ?? []).filter((s) => s.sensorType === 'Humidity' && s.count > 0);
  const low = hum.reduce<number | null>(
    (m, s) => (s.min !== null && (m === null || s.min < m) ? s.min : m),
    null,
  );
  const high = hum.reduce<number | null>(
    (m, s) => (s.max !== null && (m === null || s.max > m) ? s.max : m),
    null,
  );
  const temp = (kind: 'MIN' | 'MAX') => extremes?.find((e) => e.aggregateType === kind);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
      <ValueTile
        testId="extreme-humidity-max"
        label={t('job.extremes.humidityMax')}
        value={prefs.withUnit('Humidity', high)}
      />
      <ValueTile
        testId="extreme-humidity-min"
        label={t('job.extremes.humidityMin')}
        value={prefs.withUnit('Humidity', low)}
      />
      {(['MAX', 'MIN'] as const).map((kind) => {
        const e = temp(kind);
        return (
          <ValueTile
            key={kind}
            testId={`extreme-${kind.toLowerCase()}`}
            label={t(`job.extremes.${kind}`)}
            value={prefs.withUnit('Temperature', e?.extremity)}
            caption={e ? prefs.time(e.timestamp) : undefined}
          />
        );
      })}
    </Box>
  );
}
