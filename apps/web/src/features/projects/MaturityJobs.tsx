import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import {
  Box,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { MaturityJob } from '@sitepulse/contracts';
import {
  cableJobDisplayName,
  elapsedMsBetween,
  elapsedTimeText,
  isHumidityJob,
  jobAlarmBadges,
  jobDetailHref,
  listedJobStatusLabel,
} from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import { useSiteActiveAlarms } from '../../api/alarm-events.ts';
import { useStrengthShown } from '../../api/strength.ts';
import { DATE_FORMAT, type DisplayPreferences, useDisplayPreferences } from '../../app/preferences.ts';
import { AlarmStateBadge } from '../../components/AlarmStateBadge.tsx';
import { BatteryIndicator } from '../../components/BatteryIndicator.tsx';
import { SignalIndicator } from '../../components/SignalIndicator.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useNow } from '../../components/useNow.ts';
import { useTranslation } from '../../i18n/index.ts';
import type { ForecastsByJob } from './api.ts';
import { AlarmBadges, Figure, TargetProgress } from './JobBits.tsx';
import { JobForecast } from './JobForecast.tsx';

/** Time of day of the last reading in the table (the date is on the line above). */
const TIME_FORMAT = 'hh:mm A';

/** What a row or card of a maturity or humidity job shows, in the user's units and time zone. */
export interface MaturityJobView {
  job: MaturityJob;
  href: string;
  name: string;
  /** The cable's id and name: its name is shown, else 'Cable {id}'. */
  cableId: number | null;
  cableName: string | null;
  /** The node's id and its name, shown when it has one (only Lumitrack nodes are cut to 8 characters). */
  nodeId: string;
  nodeName: string | null;
  humidity: boolean;
  statusLabel: string;
  terminated: boolean;
  badges: ReturnType<typeof jobAlarmBadges>;
  strength: string;
  target: string | null;
  progress: number;
  maturity: string;
  temperature: string;
  humidityValue: string;
  elapsed: string;
  lastReading: string;
  lastReadingDate: string;
  lastReadingTime: string;
}

/** Pure: the view of one job (exported for tests). */
export function maturityJobView(
  job: MaturityJob,
  jobsiteId: number | string,
  prefs: DisplayPreferences,
  now = Date.now(),
): MaturityJobView {
  const humidity = isHumidityJob(job);
  const target = job.targetStrength;
  const end = job.terminationDate ?? now;
  return {
    job,
    href: jobDetailHref({ ...job, tenantId: job.tenant }, jobsiteId),
    name: cableJobDisplayName({
      channelJobName: job.channelJobName,
      cableId: job.cableId,
      cableName: job.cableName,
    }),
    cableId: job.cableId,
    cableName: job.cableName ?? null,
    nodeId: String(job.nodeId),
    nodeName: job.nodeName ?? null,
    humidity,
    statusLabel: listedJobStatusLabel(job),
    terminated: job.status === 'TERMINATED',
    badges: jobAlarmBadges(job),
    strength: prefs.withUnit('Strength', job.latestJobStrength),
    target: target !== null && target > 0 ? prefs.withUnit('Strength', target) : null,
    progress: job.progressBarValue,
    maturity: prefs.withUnit('Maturity', job.latestMaturityIndex),
    temperature: prefs.withUnit('Temperature', job.latestAverageTemperature),
    humidityValue: prefs.withUnit('Humidity', job.latestAverageHumidity),
    elapsed: job.startDate ? elapsedTimeText(elapsedMsBetween(job.startDate, end), prefs.language) : '',
    lastReading: prefs.time(job.latestTimestamp),
    lastReadingDate: prefs.time(job.latestTimestamp, DATE_FORMAT),
    lastReadingTime: job.latestTimestamp === null ? '' : prefs.time(job.latestTimestamp, TIME_FORMAT),
  };
}

/** The alarm badges beside the status chip: the ERROR badge only when the chip does not already say ERROR. */
export function alarmsBesideStatus(
  v: Pick<MaturityJobView, 'badges' | 'statusLabel'>,
): MaturityJobView['badges'] {
  return v.statusLabel === 'ERROR' ? v.badges.filter((b) => b !== 'ERROR') : v.badges;
}

function useViews(jobs: readonly MaturityJob[], jobsiteId: number | string): MaturityJobView[] {
  const prefs = useDisplayPreferences();
  // Elapsed times move on without a reload.
  const now = useNow();
  return jobs.map((j) => maturityJobView(j, jobsiteId, prefs, now));
}

function OutsideCalibration() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('projects.outsideCalibration')} arrow>
      <WarningAmberRoundedIcon
        fontSize="inherit"
        color="warning"
        aria-label={t('projects.outsideCalibration')}
        sx={{ ml: 0.5, verticalAlign: 'text-bottom' }}
      />
    </Tooltip>
  );
}

function StrengthCell({ v }: { v: MaturityJobView }) {
  const { t } = useTranslation();
  // The company's Concrete module may turn strength off (issue 16): the cell says so instead of '--'.
  const strengthOn = useStrengthShown();
  if (v.humidity) return <Typography variant="body2">{t('common.missing')}</Typography>;
  if (!strengthOn)
    return (
      <Typography variant="caption" color="text.secondary" data-testid="job-strength-off">
        {t('strengthSwitch.off')}
      </Typography>
    );
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="job-strength">
        {v.strength}
        {v.job.outsideCalibration ? <OutsideCalibration /> : null}
        {v.target ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
            {t('projects.strengthOf', { target: v.target })}
          </Typography>
        ) : null}
      </Typography>
      {v.target ? (
        <TargetProgress percent={v.progress} label={t('projects.progress', { percent: v.progress })} />
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('projects.noTarget')}
        </Typography>
      )}
    </Box>
  );
}

function NodeIcons({ v }: { v: MaturityJobView }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <BatteryIndicator
        percent={v.job.latestNodeBattery.value}
        terminated={v.terminated}
        levelType={v.job.channelJobAttributesData.nodeOptions.batteryLevelType}
      />
      <SignalIndicator latestSignal={v.job.latestNodeSignal} terminated={v.terminated} />
    </Box>
  );
}

function JobName({ v, withElapsed = false }: { v: MaturityJobView; withElapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={v.href}
        underline="hover"
        sx={{ fontWeight: 700, display: 'block', overflowWrap: 'break-word' }}
      >
        {v.name}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {v.humidity ? `${t('projects.humidityJob')} · ` : ''}
        {v.cableId !== null ? `${v.cableName ?? t('projects.cable', { id: v.cableId })} · ` : ''}
        {v.nodeName ?? t('projects.node', { id: v.nodeId })}
      </Typography>
      {withElapsed && v.elapsed ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('projects.elapsed', { elapsed: v.elapsed })}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The site-office view: one table row per job, with the forecast of its next target (when `forecasts` has
 * one); the maturity sits under the temperature, so the forecast column fits beside the strength.
 */
export function MaturityJobTable({
  jobs,
  jobsiteId,
  forecasts,
}: {
  jobs: readonly MaturityJob[];
  jobsiteId: number;
  forecasts?: ForecastsByJob;
}) {
  const { t } = useTranslation();
  const views = useViews(jobs, jobsiteId);
  const alarmsOf = useSiteActiveAlarms(jobsiteId);
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('projects.concreteJobs')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('projects.columns.job')}</TableCell>
            <TableCell>{t('projects.columns.status')}</TableCell>
            <TableCell sx={{ minWidth: 150 }}>{t('projects.columns.strength')}</TableCell>
            <TableCell sx={{ minWidth: 170, width: 210 }}>{t('forecastLists.label')}</TableCell>
            <TableCell>{t('projects.columns.conditions')}</TableCell>
            <TableCell>{t('projects.columns.lastReading')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {views.map((v) => (
            <TableRow key={v.job.id} hover data-testid="maturity-job" data-job-name={v.name}>
              <TableCell sx={{ minWidth: 160 }}>
                <JobName v={v} withElapsed />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <StatusChip label={v.statusLabel} />
                  <AlarmBadges badges={alarmsBesideStatus(v)} />
                  <AlarmStateBadge
                    compact
                    alarms={alarmsOf({ jobId: v.job.id, nodeId: v.job.nodeId })}
                    tenantGroupId={jobsiteId}
                  />
                  <NodeIcons v={v} />
                </Box>
              </TableCell>
              <TableCell>
                <StrengthCell v={v} />
              </TableCell>
              <TableCell>
                <ForecastOf job={v.job} forecasts={forecasts} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {v.humidity ? (
                  <>
                    <Box data-testid="job-humidity">{v.humidityValue}</Box>
                    <Typography variant="caption" color="text.secondary">
                      {v.temperature}
                    </Typography>
                  </>
                ) : (
                  <>
                    <Box data-testid="job-temperature">{v.temperature}</Box>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      title={t('projects.columns.maturity')}
                      data-testid="job-maturity"
                    >
                      {v.maturity}
                    </Typography>
                  </>
                )}
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {v.lastReadingDate}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {v.lastReadingTime}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The forecast of a job, '--' for a job the forecasts do not list (humidity and stopped jobs). */
function ForecastOf({ job, forecasts }: { job: MaturityJob; forecasts?: ForecastsByJob }) {
  const { t } = useTranslation();
  const summary = forecasts?.get(job.id);
  if (summary) return <JobForecast summary={summary} />;
  return (
    <Typography variant="body2" color="text.secondary">
      {t('common.missing')}
    </Typography>
  );
}

/** The phone (and narrow screen) view: one card per job, in a grid, with its forecast under its strength. */
export function MaturityJobCards({
  jobs,
  jobsiteId,
  forecasts,
}: {
  jobs: readonly MaturityJob[];
  jobsiteId: number;
  forecasts?: ForecastsByJob;
}) {
  const { t } = useTranslation();
  const views = useViews(jobs, jobsiteId);
  const alarmsOf = useSiteActiveAlarms(jobsiteId);
  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {views.map((v) => (
        <Paper
          key={v.job.id}
          variant="outlined"
          data-testid="maturity-job"
          data-job-name={v.name}
          sx={{ p: 1.5, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <JobName v={v} />
            </Box>
            <StatusChip label={v.statusLabel} />
          </Box>
          <AlarmBadges badges={alarmsBesideStatus(v)} />
          <AlarmStateBadge
            compact
            alarms={alarmsOf({ jobId: v.job.id, nodeId: v.job.nodeId })}
            tenantGroupId={jobsiteId}
          />
          {v.humidity ? null : <StrengthCell v={v} />}
          {forecasts?.has(v.job.id) ? <ForecastOf job={v.job} forecasts={forecasts} /> : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
            {v.humidity ? (
              <Figure label={t('projects.humidity')} value={v.humidityValue} testId="job-humidity" />
            ) : (
              <Figure label={t('projects.maturity')} value={v.maturity} />
            )}
            <Figure label={t('projects.temperature')} value={v.temperature} testId="job-temperature" />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <NodeIcons v={v} />
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
              {t('projects.lastReading', { time: v.lastReading })}
              {v.elapsed ? ` · ${t('projects.elapsed', { elapsed: v.elapsed })}` : ''}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
