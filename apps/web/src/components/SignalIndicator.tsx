import { Box, Tooltip } from '@mui/material';
import { type LatestSignal, SIGNAL_UNKNOWN, signalBars, signalValue } from '@sitepulse/domain';
import { useTranslation } from '../i18n/index.ts';

/**
 * A node's radio signal as bars (spec section 4): nothing for a terminated job, 'unknown' when there is
 * no signal or it is older than 2 hours, otherwise the value in dBm.
 */
export function SignalIndicator({
  latestSignal,
  terminated,
}: {
  latestSignal: LatestSignal | null | undefined;
  terminated?: boolean;
}) {
  const { t } = useTranslation();
  const value = signalValue(latestSignal, { terminated });
  if (value === null) return null;
  const bars = signalBars(value);
  const label = value === SIGNAL_UNKNOWN ? t('widgets.signal.unknown') : t('widgets.signal.label', { value });
  const color = bars >= 3 ? '#2e7d32' : bars === 2 ? '#ef6c00' : '#d32f2f';
  return (
    <Tooltip title={label} arrow>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-signal-bars={bars}
        sx={{ display: 'inline-flex', alignItems: 'flex-end', gap: '2px', height: 16, px: 0.25 }}
      >
        {[1, 2, 3, 4].map((b) => (
          <Box
            key={b}
            component="span"
            sx={{
              width: 3,
              height: 4 + b * 3,
              borderRadius: 0.5,
              bgcolor: bars === 0 ? 'transparent' : b <= bars ? color : 'action.disabled',
              border: bars === 0 ? '1px dashed' : undefined,
              borderColor: 'text.disabled',
            }}
          />
        ))}
      </Box>
    </Tooltip>
  );
}
