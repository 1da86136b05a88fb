import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import type { LumimonNodeCard, SensorLatest } from '@sitepulse/contracts';
import { paths } from '@sitepulse/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useLatestByJob, useSeriesByJob, useStatsByJob } from './api.ts';
import { DetailFrame, RangePicker, useTimeRange } from './DetailFrame.tsx';
import { quantityOf, useSensorLabels } from './labels.ts';
import { rangeFrom, type SensorVariant, sensorTypesOfVariant, type TimeRange } from './rules.ts';
import { SeriesCharts } from './SeriesCharts.tsx';
import { SectionTitle, StatsTable } from './StatsTable.tsx';

const VARIANT_HREF: Record<SensorVariant, typeof paths.jobSiteSensorDetails.href> = {
  details: paths.jobSiteSensorDetails.href,
  grOne: paths.grOneSensorDetails.href,
  grTwo: paths.grTwoSensorDetails.href,
};

/** The three variants as tabs: all sensors, group one (the primary measurement), group two (the others). */
function VariantTabs({ variant }: { variant: SensorVariant }) {
  const { t } = useTranslation();
  const { jobsiteId = '', tenantId = '', jobId = '' } = useParams();
  return (
    <Tabs value={variant} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, minHeight: 40 }}>
      {(Object.keys(VARIANT_HREF) as SensorVariant[]).map((v) => (
        <Tab
          key={v}
          value={v}
          label={t(`sensors.variants.${v}`)}
          component={RouterLink}
          to={VARIANT_HREF[v](jobsiteId, tenantId, jobId)}
          replace
          sx={{ textTransform: 'none', minHeight: 40 }}
        />
      ))}
    </Tabs>
  );
}

/** The latest reading of each sensor: name, type, value in the user's units, and when. */
function LatestPanel({ latest }: { latest: SensorLatest[] }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const labels = useSensorLabels();
  if (latest.length === 0) return <EmptyState message={t('sensors.detail.noSensors')} />;
  return (
    <Box
      data-testid="latest-readings"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
        gap: 1.5,
      }}
    >
      {latest.map((s) => (
        <Paper
          key={s.sensorId}
          variant="outlined"
          data-testid="latest-reading"
          data-sensor-type={s.sensorType}
          sx={{ p: 1.5, borderRadius: 2, minWidth: 0 }}
        >
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            {labels.sensorType(s.sensorType)} · {labels.sensor(s)}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: 24, lineHeight: 1.3 }} noWrap>
            {prefs.withUnit(quantityOf(s.sensorType), s.latestValue)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {prefs.time(s.latestValueTimestamp)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function SensorJob({
  card,
  variant,
  range,
  at,
}: {
  card: LumimonNodeCard;
  variant: SensorVariant;
  range: TimeRange;
  at: number;
}) {
  const { t } = useTranslation();
  const from = rangeFrom(range, { now: at, terminationDate: card.terminationDate });
  const typesKey = [...new Set([...card.sensorTypes, ...card.readings.map((r) => r.sensorType)])].join('\n');
  // One array per set of types, so the charts are not rebuilt on every render.
  const types = useMemo(
    () => sensorTypesOfVariant(card.nodeType, typesKey ? typesKey.split('\n') : [], variant),
    [card.nodeType, typesKey, variant],
  );
  const inGroup = (s: { sensorType: string }) => types.includes(s.sensorType);
  const latest = useLatestByJob(card.jobId);
  const series = useSeriesByJob(card.jobId, from);
  const stats = useStatsByJob(card.jobId, from);
  if (types.length === 0) return <EmptyState message={t('sensors.detail.emptyGroup')} />;
  return (
    <Box data-testid="sensor-details" data-variant={variant} data-types={types.join(',')}>
      <SectionTitle>{t('sensors.detail.latest')}</SectionTitle>
      <QueryState query={latest}>{(l) => <LatestPanel latest={l.filter(inGroup)} />}</QueryState>
      <SectionTitle>{t('sensors.detail.overTime')}</SectionTitle>
      <QueryState query={series}>{(s) => <SeriesCharts card={card} data={s} types={types} />}</QueryState>
      <SectionTitle>{t('sensors.detail.summary')}</SectionTitle>
      <QueryState query={stats}>{(s) => <StatsTable stats={s.filter(inGroup)} />}</QueryState>
    </Box>
  );
}

/**
 * Job site sensor details (`/job-site-details/...` and the variants `/job-site-gr-one-sensor-details/...`,
 * `/job-site-gr-two-sensor-details/...`): a microweather or data job's latest reading per sensor, its series
 * over a chosen range and the range's minimum, average and maximum. The GR variants show the node's first
 * sensor group (its primary measurement) or its second (every other type); docs/decisions/web-sensor-screens.md.
 */
export default function SensorDetailsPage({ variant }: { variant: SensorVariant }) {
  const { range, at, setRange } = useTimeRange();
  return (
    <DetailFrame screen="sensor">
      {(card) => (
        <>
          <VariantTabs variant={variant} />
          <RangePicker value={range} onChange={setRange} />
          <SensorJob card={card} variant={variant} range={range} at={at} />
        </>
      )}
    </DetailFrame>
  );
}
