import { Box, Chip, Typography } from '@mui/material';
import type { NodeBatteryValue, NodeSignalValue } from '@sitepulse/contracts';
import type { ReactNode } from 'react';
import { BatteryIndicator } from '../../components/BatteryIndicator.tsx';
import { SignalIndicator } from '../../components/SignalIndicator.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** The line under the job's name: status chip, kind, project, node, battery and signal. */
export function JobMeta({
  status,
  kindLabel,
  items,
  battery,
  batteryLevelType,
  signal,
  terminated,
  alarms,
}: {
  status: string;
  kindLabel: string;
  items: (string | null)[];
  battery: NodeBatteryValue | null | undefined;
  batteryLevelType?: number | null;
  signal: NodeSignalValue | null | undefined;
  terminated: boolean;
  alarms?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="job-meta"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        mb: 2,
        mt: { xs: -1, sm: -1.5 },
      }}
    >
      <StatusChip label={status} />
      <Chip size="small" variant="outlined" label={kindLabel} />
      {alarms}
      {items
        .filter((i): i is string => !!i)
        .map((item) => (
          <Typography key={item} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {item}
          </Typography>
        ))}
      <Box
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        aria-label={t('job.meta.node')}
        component="span"
      >
        <BatteryIndicator
          percent={battery?.value}
          terminated={terminated}
          levelType={batteryLevelType}
          showText
        />
        <SignalIndicator latestSignal={signal} terminated={terminated} />
      </Box>
    </Box>
  );
}
