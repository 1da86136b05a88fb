import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Box, Chip, LinearProgress, Link, Typography } from '@mui/material';
import type { MaturityJob } from '@sitepulse/contracts';
import { elapsedMsBetween, elapsedTimeText, jobDetailHref } from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import { useSiteActiveAlarms } from '../../api/alarm-events.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { AlarmStateBadge } from '../../components/AlarmStateBadge.tsx';
import { useNow } from '../../components/useNow.ts';
import { useTranslation } from '../../i18n/index.ts';
import type { ForecastsByJob } from './forecast-api.ts';
import { PourForecast } from './forecast-line.tsx';
import { type PourVerdict, pourVerdict } from './summary.ts';

const VERDICT_LOOK: Record<
  PourVerdict,
  { color: 'success' | 'primary' | 'error' | 'warning' | 'default'; icon: typeof CheckCircleRoundedIcon }
> = {
  REACHED: { color: 'success', icon: CheckCircleRoundedIcon },
  CURING: { color: 'primary', icon: HourglassTopRoundedIcon },
  ERROR: { color: 'error', icon: ErrorRoundedIcon },
  ALARM: { color: 'warning', icon: NotificationsActiveRoundedIcon },
  NO_TARGET: { color: 'default', icon: HelpOutlineRoundedIcon },
  NO_DATA: { color: 'default', icon: HelpOutlineRoundedIcon },
};

/** The answer to "has this pour reached its strength?" as a coloured chip. */
export function VerdictChip({ verdict }: { verdict: PourVerdict }) {
  const { t } = useTranslation();
  const { color, icon: Icon } = VERDICT_LOOK[verdict];
  return (
    <Chip
      size="small"
      color={color}
      variant={verdict === 'REACHED' || verdict === 'ERROR' ? 'filled' : 'outlined'}
      icon={<Icon fontSize="small" />}
      label={t(`dashboards.verdict.${verdict}`)}
      data-verdict={verdict}
      sx={{ fontWeight: 700, fontSize: 12 }}
    />
  );
}

/** Columns of the pour grid: one, two from md on, or the compact grid of a precast plant's elements. */
const GRID_COLUMNS = {
  one: '1fr',
  two: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  /** As many 260 px columns as fit: one on a phone, three beside the drawer at 1280 px, more on wider screens. */
  compact: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))',
} as const;

/**
 * Pours with their verdict, strength against target and progress, and the forecast of their next target
 * (when `forecasts` holds one), in the order given. `projectName` labels each pour with its project when
 * the list spans several. `compact` fits many elements (a precast plant's) on one screen.
 */
export function PourList({
  pours,
  jobsiteId,
  projectName,
  columns = false,
  compact = false,
  forecasts,
}: {
  pours: readonly MaturityJob[];
  jobsiteId: number;
  projectName?: (tenantId: number) => string | undefined;
  /** Two columns from the md breakpoint on. */
  columns?: boolean;
  compact?: boolean;
  forecasts?: ForecastsByJob;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  // Elapsed times move on without a reload.
  const now = useNow();
  const alarmsOf = useSiteActiveAlarms(jobsiteId);
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: GRID_COLUMNS[compact ? 'compact' : columns ? 'two' : 'one'],
      }}
    >
      {pours.map((job) => {
        const verdict = pourVerdict(job);
        const target = job.targetStrength !== null && job.targetStrength > 0 ? job.targetStrength : null;
        const percent = job.progressBarValue;
        const elapsed = job.startDate
          ? elapsedTimeText(elapsedMsBetween(job.startDate, now), prefs.language)
          : null;
        const project = projectName?.(job.tenant);
        const forecast = forecasts?.get(job.id);
        const alarms = alarmsOf({ jobId: job.id, nodeId: job.nodeId });
        return (
          <Box
            component="li"
            key={job.id}
            data-testid="pour"
            data-job-name={job.channelJobName}
            data-verdict={verdict}
            sx={{
              p: compact ? 1.25 : 1.5,
              borderRadius: 2,
              border: 1,
              borderColor:
                verdict === 'REACHED' ? 'success.light' : verdict === 'ERROR' ? 'error.light' : 'divider',
              bgcolor: 'background.paper',
              minWidth: 0,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
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
                    project,
                    verdict === 'ERROR'
                      ? t('dashboards.lastReading', { time: prefs.time(job.latestTimestamp) })
                      : elapsed
                        ? t('dashboards.sinceStart', { elapsed })
                        : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <VerdictChip verdict={verdict} />
            </Box>
            {alarms.length > 0 ? (
              <Box sx={{ mt: 0.75 }}>
                <AlarmStateBadge compact alarms={alarms} tenantGroupId={jobsiteId} />
              </Box>
            ) : null}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1 }}>
              <Typography
                variant="body2"
                sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                data-testid="pour-strength"
              >
                {prefs.withUnit('Strength', job.latestJobStrength)}
                {target !== null ? (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                    {t('dashboards.of', { target: prefs.withUnit('Strength', target) })}
                  </Typography>
                ) : null}
              </Typography>
              {target !== null ? (
                <>
                  <LinearProgress
                    variant="determinate"
                    value={Math.max(0, Math.min(100, percent))}
                    color={percent >= 100 ? 'success' : 'primary'}
                    aria-label={t('dashboards.progress', { percent })}
                    sx={{ flex: 1, height: 8, borderRadius: 4, minWidth: 40 }}
                  />
                  <Typography variant="caption" sx={{ fontWeight: 700, minWidth: 36, textAlign: 'right' }}>
                    {percent}%
                  </Typography>
                </>
              ) : null}
            </Box>
            {forecast ? <PourForecast summary={forecast} compact={compact} /> : null}
          </Box>
        );
      })}
    </Box>
  );
}
