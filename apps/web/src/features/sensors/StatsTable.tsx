import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { SensorStats } from '@sitepulse/contracts';
import { displayScale, formatScaled } from '@sitepulse/domain';
import type { ReactNode } from 'react';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { EmptyState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { quantityOf, useSensorLabels } from './labels.ts';

/** Count, minimum, average and maximum of each sensor over the range; cards on a phone. */
export function StatsTable({ stats }: { stats: SensorStats[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const prefs = useDisplayPreferences();
  const labels = useSensorLabels();
  const nameOf = labels.sensorNames(stats);
  // One unit per row, chosen from the row's figures: 1088 W .. 54547 W reads 1.1 kW .. 54.5 kW.
  const valueText = (s: SensorStats, v: number | null) => {
    const q = quantityOf(s.sensorType);
    const scale = displayScale(q, [s.min, s.averageMeasurementData, s.max], prefs.system);
    return formatScaled(q, v, prefs.system, scale);
  };
  if (stats.length === 0) return <EmptyState message={t('sensors.detail.noSensors')} />;
  const cols = [
    { key: 'min', label: t('sensors.analytics.min'), value: (s: SensorStats) => s.min },
    {
      key: 'average',
      label: t('sensors.analytics.average'),
      value: (s: SensorStats) => s.averageMeasurementData,
    },
    { key: 'max', label: t('sensors.analytics.max'), value: (s: SensorStats) => s.max },
  ];
  if (phone) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }} data-testid="stats">
        {stats.map((s) => (
          <Paper key={s.sensorId} variant="outlined" sx={{ p: 1.5, borderRadius: 2 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {nameOf(s)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {labels.sensorCaption(s)} · {t('sensors.analytics.count', { count: s.count })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, mt: 0.5 }}>
              {cols.map((c) => (
                <Box key={c.key} sx={{ minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {c.label}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {valueText(s, c.value(s))}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }} data-testid="stats">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('sensors.detail.sensor')}</TableCell>
            {cols.map((c) => (
              <TableCell key={c.key} align="right">
                {c.label}
              </TableCell>
            ))}
            <TableCell align="right">{t('sensors.analytics.readings')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {stats.map((s) => (
            <TableRow key={s.sensorId}>
              <TableCell>
                <Box sx={{ fontWeight: 600 }}>{nameOf(s)}</Box>
                <Typography variant="caption" color="text.secondary">
                  {labels.sensorCaption(s)}
                </Typography>
              </TableCell>
              {cols.map((c) => (
                <TableCell key={c.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {valueText(s, c.value(s))}
                </TableCell>
              ))}
              <TableCell align="right">{s.count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 3, mb: 1.5 }}>
      {children}
    </Typography>
  );
}
