import Battery20RoundedIcon from '@mui/icons-material/Battery20Rounded';
import Battery50RoundedIcon from '@mui/icons-material/Battery50Rounded';
import BatteryAlertRoundedIcon from '@mui/icons-material/BatteryAlertRounded';
import BatteryFullRoundedIcon from '@mui/icons-material/BatteryFullRounded';
import { Box, Tooltip } from '@mui/material';
import { type BatteryState, batteryState } from '@sitepulse/domain';
import { useTranslation } from '../i18n/index.ts';

const LOOK: Record<Exclude<BatteryState, 'HIDE'>, { icon: typeof BatteryFullRoundedIcon; color: string }> = {
  GOOD: { icon: BatteryFullRoundedIcon, color: '#2e7d32' },
  MODERATE: { icon: Battery50RoundedIcon, color: '#558b2f' },
  LOW: { icon: Battery20RoundedIcon, color: '#ef6c00' },
  EMPTY: { icon: BatteryAlertRoundedIcon, color: '#d32f2f' },
};

/**
 * A node's battery (spec section 4): hidden for a terminated job or without a value; the thresholds
 * 90/50/10, or 66/33/10 for battery level type 2, come from the domain.
 */
export function BatteryIndicator({
  percent,
  terminated,
  levelType,
  showText = false,
}: {
  percent: number | null | undefined;
  terminated?: boolean;
  levelType?: number | string | null;
  showText?: boolean;
}) {
  const { t } = useTranslation();
  const state = batteryState(percent, { terminated, levelType });
  if (state === 'HIDE') return null;
  const { icon: Icon, color } = LOOK[state];
  const text = `${Math.round(percent as number)}%`;
  return (
    <Tooltip title={`${t(`widgets.battery.${state}`)} (${text})`} arrow>
      <Box
        component="span"
        role="img"
        aria-label={t('widgets.battery.label', { percent: text })}
        data-battery={state}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color, fontSize: 13 }}
      >
        <Icon fontSize="small" sx={{ transform: 'rotate(90deg)' }} aria-hidden />
        {showText ? <span>{text}</span> : null}
      </Box>
    </Tooltip>
  );
}
