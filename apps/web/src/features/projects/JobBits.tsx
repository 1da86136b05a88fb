import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import type { JobAlarmBadge } from '@sitepulse/domain';
import { useTranslation } from '../../i18n/index.ts';

const BADGE_LOOK: Record<
  JobAlarmBadge,
  { color: 'error' | 'warning' | 'success'; icon: typeof ErrorRoundedIcon }
> = {
  ERROR: { color: 'error', icon: ErrorRoundedIcon },
  THRESHOLD: { color: 'warning', icon: NotificationsActiveRoundedIcon },
  MATURED: { color: 'success', icon: VerifiedRoundedIcon },
};

/** The alarm state of a job as small chips: error, sensor threshold crossed, matured (domain jobAlarmBadges). */
export function AlarmBadges({ badges }: { badges: readonly JobAlarmBadge[] }) {
  const { t } = useTranslation();
  if (badges.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {badges.map((b) => {
        const { color, icon: Icon } = BADGE_LOOK[b];
        return (
          <Chip
            key={b}
            size="small"
            variant="outlined"
            color={color}
            data-alarm={b}
            icon={<Icon fontSize="small" />}
            label={t(`widgets.alarm.${b}`)}
            sx={{ fontWeight: 600, fontSize: 11, height: 22 }}
          />
        );
      })}
    </Box>
  );
}

/**
 * Progress to the strength target: a bar (full at 100 %) with the percentage; past the target it stays
 * full and turns green.
 */
export function TargetProgress({ percent, label }: { percent: number; label: string }) {
  const reached = percent >= 100;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <LinearProgress
        variant="determinate"
        value={Math.max(0, Math.min(100, percent))}
        color={reached ? 'success' : 'primary'}
        aria-label={label}
        sx={{ flex: 1, height: 8, borderRadius: 4, minWidth: 48 }}
      />
      <Typography
        variant="caption"
        sx={{
          fontWeight: 700,
          minWidth: 36,
          textAlign: 'right',
          color: reached ? 'success.dark' : 'text.secondary',
        }}
      >
        {percent}%
      </Typography>
    </Box>
  );
}

/** A small label over a value, as the cards show their figures. */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
