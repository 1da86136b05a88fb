import { Box, Paper, Typography } from '@mui/material';
import type { LumimonNodeCard, SeriesResponse } from '@sitepulse/contracts';
import { DAY_MS, displayScale } from '@sitepulse/domain';
import { useMemo } from 'react';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { type ChartLine, type ChartThreshold, TimeChart } from '../../components/charts/TimeChart.tsx';
import { EmptyState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { quantityOf, useSensorLabels } from './labels.ts';
import { LINE_COLOURS, lineTolerance } from './rules.ts';

/** Every value a chart draws (its lines, then its thresholds), without copying the series. */
function* drawnValues(lines: readonly ChartLine[], thresholds: readonly ChartThreshold[]) {
  for (const l of lines) yield* l.values;
  for (const th of thresholds) yield th.value;
}

/**
 * One chart per sensor type of a series answer (one line per sensor), in the user's units, sharing one
 * cursor. The job's alarm threshold is drawn as dashed lines on the chart of its sensor type.
 */
export function SeriesCharts({
  card,
  data,
  types,
}: {
  card: LumimonNodeCard;
  data: SeriesResponse;
  /** the sensor types to chart, in order */
  types: readonly string[];
}) {
  const { t } = useTranslation();
  const labels = useSensorLabels();
  const { system } = useDisplayPreferences();
  // The server's grid as it is: the chart joins a node's reading cadence and breaks at real silences.
  const grid = useMemo(() => ({ start: data.start, bucketMs: data.bucketMs, points: data.points }), [data]);
  const values = useMemo(() => new Map(data.series.map((s) => [s.sensorId, s.avg])), [data]);
  // Whole days (rounded up: the bands' edges are 'up to N days'), so the lines hold still between renders.
  const elapsedDays =
    card.startDate === null ? 0 : Math.ceil(((card.terminationDate ?? Date.now()) - card.startDate) / DAY_MS);
  const charts = useMemo(
    () => {
      const nameOf = labels.sensorNames(data.series);
      return types
        .map((type) => {
          const series = data.series.filter((s) => s.sensorType === type);
          const lines: ChartLine[] = series.map((s, i) => ({
            key: String(s.sensorId),
            label: series.length > 1 ? nameOf(s) : labels.sensorType(type),
            values: values.get(s.sensorId) ?? [],
            color: LINE_COLOURS[i % LINE_COLOURS.length],
            tolerance: lineTolerance(card.kind, type, elapsedDays),
          }));
          const thresholds: ChartThreshold[] = [];
          if (card.alarmData.sensorType === type) {
            if (card.alarmData.mediumThresholdHBound !== null)
              thresholds.push({
                label: t('sensors.chart.high'),
                value: card.alarmData.mediumThresholdHBound,
                color: '#d32f2f',
              });
            if (card.alarmData.mediumThresholdLBound !== null)
              thresholds.push({
                label: t('sensors.chart.low'),
                value: card.alarmData.mediumThresholdLBound,
                color: '#ef6c00',
              });
          }
          // Power in W under 1 kW, else kW (voltage, current alike), from what this chart draws.
          const scale = displayScale(quantityOf(type), drawnValues(lines, thresholds), system);
          return { type, lines, thresholds, scale };
        })
        .filter((c) => c.lines.length > 0);
    },
    // labels and t change with the language; the lines are rebuilt then too
    [types, data.series, values, card, elapsedDays, labels, t, system],
  );
  if (charts.length === 0) return <EmptyState message={t('widgets.chart.noData')} />;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: charts.length > 1 ? '1fr 1fr' : '1fr' },
        gap: 2,
      }}
    >
      {charts.map((c) => (
        <Paper key={c.type} variant="outlined" sx={{ p: { xs: 1, sm: 1.5 }, borderRadius: 2, minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
            {labels.sensorType(c.type)}
          </Typography>
          <TimeChart
            grid={grid}
            lines={c.lines}
            quantity={quantityOf(c.type)}
            thresholds={c.thresholds}
            scale={c.scale}
            syncKey={`sensor-job-${card.jobId}`}
            title={labels.sensorType(c.type)}
            height={240}
          />
        </Paper>
      ))}
    </Box>
  );
}
