import { Box, Paper, Typography } from '@mui/material';
import type { LumimonNodeCard, SensorLatest } from '@sitepulse/contracts';
import { formatMeasurementScaled, MISSING_VALUE } from '@sitepulse/domain';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { usePowerLatest, usePowerSeries, useStatsByJob } from './api.ts';
import { DetailFrame, RangePicker, useTimeRange } from './DetailFrame.tsx';
import { quantityOf, useSensorLabels } from './labels.ts';
import { NodeTypeIcon } from './NodeTypeIcon.tsx';
import { rangeFrom, type TimeRange } from './rules.ts';
import { SeriesCharts } from './SeriesCharts.tsx';
import { SectionTitle, StatsTable } from './StatsTable.tsx';

/** The power quantities of a current transformer, in the order the screen shows them. */
export const POWER_TYPES = ['Current', 'Power', 'Voltage'] as const;

/**
 * The latest current, power and voltage: one large tile each (the average when a node has several sensors of
 * a type), in the unit the value reads best in (1375 W reads 1.38 kW; domain displayScale).
 */
function LatestPower({ latest }: { latest: SensorLatest[] }) {
  const prefs = useDisplayPreferences();
  const labels = useSensorLabels();
  return (
    <Box
      data-testid="power-latest"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5 }}
    >
      {POWER_TYPES.map((type) => {
        const of = latest.filter((s) => s.sensorType === type && s.latestValue !== null);
        const value = of.length
          ? of.reduce((sum, s) => sum + (s.latestValue as number), 0) / of.length
          : null;
        const ts = of.length ? Math.max(...of.map((s) => s.latestValueTimestamp ?? 0)) : null;
        return (
          <Paper
            key={type}
            variant="outlined"
            data-testid="power-tile"
            data-sensor-type={type}
            sx={{ p: 2, borderRadius: 2, display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}
          >
            <NodeTypeIcon type="Current Transformer" color="primary" />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {labels.sensorType(type)}
              </Typography>
              <Typography sx={{ fontWeight: 700, fontSize: 26, lineHeight: 1.2 }} noWrap>
                {formatMeasurementScaled(quantityOf(type), value, prefs.system)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {ts ? prefs.time(ts) : MISSING_VALUE}
              </Typography>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

function PowerJob({ card, range, at }: { card: LumimonNodeCard; range: TimeRange; at: number }) {
  const { t } = useTranslation();
  const from = rangeFrom(range, { now: at, terminationDate: card.terminationDate });
  const latest = usePowerLatest(card.jobId);
  const series = usePowerSeries(card.jobId, from);
  const stats = useStatsByJob(card.jobId, from);
  const isPower = (s: { sensorType: string }) => (POWER_TYPES as readonly string[]).includes(s.sensorType);
  return (
    <Box data-testid="ct-details">
      <SectionTitle>{t('sensors.detail.latest')}</SectionTitle>
      <QueryState query={latest}>{(l) => <LatestPower latest={l} />}</QueryState>
      <SectionTitle>{t('sensors.detail.overTime')}</SectionTitle>
      <QueryState query={series}>
        {(s) => <SeriesCharts card={card} data={s} types={POWER_TYPES} />}
      </QueryState>
      <SectionTitle>{t('sensors.detail.summary')}</SectionTitle>
      <QueryState query={stats}>{(s) => <StatsTable stats={s.filter(isPower)} />}</QueryState>
    </Box>
  );
}

/**
 * Current transformer details (`/job-site-ct-job-details/...`): the latest current (A), power (W, kW from
 * 1 kW) and voltage (V) of a power job, each over a chosen range with one shared cursor, and the range's
 * figures.
 */
export default function CtJobDetailsPage() {
  const { range, at, setRange } = useTimeRange();
  return (
    <DetailFrame screen="ct" actions={<RangePicker value={range} onChange={setRange} />}>
      {(card) => <PowerJob card={card} range={range} at={at} />}
    </DetailFrame>
  );
}
