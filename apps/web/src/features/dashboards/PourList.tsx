import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Box, Chip, LinearProgress, Link, Typography } from '@mui/material';
import type { MaturityJob } from '@sitepulse/contracts';
import { elapsedMsBetween, elapsedTimeText, jobDetailHref } from '@sitepulse/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDisplayPreferences } from '../../app/preferences.ts';
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

/**
 * Pours with their verdict, strength against target and progress, most urgent first. `projectName`
 * labels each pour with its project when the list spans several.
 */
export function PourList({
  pours,
  jobsiteId,
  projectName,
  columns = false,
}: {
  pours: readonly MaturityJob[];
  jobsiteId: number;
  projectName?: (tenantId: number) => string | undefined;
  /** Two columns from the md breakpoint on. */
  columns?: boolean;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const now = Date.now();
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: columns ? { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } : '1fr',
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
        return (
          <Box
            component="li"
            key={job.id}
            data-testid="pour"
            data-job-name={job.channelJobName}
            data-verdict={verdict}
            sx={{
              p: 1.5,
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
          </Box>
        );
      })}
    </Box>
  );
}
