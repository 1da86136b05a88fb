import { Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import type { LumimonNodeCard, SensorLatest } from '@sitepulse/contracts';
import { formatMeasurementScaled, paths } from '@sitepulse/domain';
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useLatestByJob, useSeriesByJob, useStatsByJob } from './api.ts';
import { DetailFrame, RangePicker, useTimeRange } from './DetailFrame.tsx';
import { quantityOf, useSensorLabels } from './labels.ts';
import { rangeFrom, type SensorVariant, sensorTypesOfVariant, type TimeRange } from './rules.ts';
import { SensorManageButton } from './SensorManageButton.tsx';
import { SeriesCharts } from './SeriesCharts.tsx';
import { SectionTitle, StatsTable } from './StatsTable.tsx';

const VARIANT_HREF: Record<SensorVariant, typeof paths.jobSiteSensorDetails.href> = {
  details: paths.jobSiteSensorDetails.href,
  grOne: paths.grOneSensorDetails.href,
  grTwo: paths.grTwoSensorDetails.href,
};

/** The sensor types of a node: those it is set up with and those it has reported, once each. */
function typesOfCard(card: LumimonNodeCard): string[] {
  return [...new Set([...card.sensorTypes, ...card.readings.map((r) => r.sensorType)])];
}

/**
 * The three variants as tabs, each named for what it shows: all sensors, group one (the primary measurement,
 * e.g. 'Gas' or 'Temperature') and group two (the others, e.g. 'Humidity & wind speed'). A node with one
 * group has no tabs: all sensors is that group.
 */
function VariantTabs({ variant, card }: { variant: SensorVariant; card: LumimonNodeCard }) {
  const { t } = useTranslation();
  const labels = useSensorLabels();
  const { jobsiteId = '', tenantId = '', jobId = '' } = useParams();
  const all = typesOfCard(card);
  const groups: Record<SensorVariant, string[]> = {
    details: all,
    grOne: sensorTypesOfVariant(card.nodeType, all, 'grOne'),
    grTwo: sensorTypesOfVariant(card.nodeType, all, 'grTwo'),
  };
  if (groups.grTwo.length === 0 && variant !== 'grTwo') return null;
  return (
    <Tabs
      value={variant}
      variant="scrollable"
      aria-label={t('sensors.variants.label')}
      sx={{ mb: 2, minHeight: 40 }}
    >
      {(Object.keys(VARIANT_HREF) as SensorVariant[]).map((v) => (
        <Tab
          key={v}
          value={v}
          label={
            v === 'details' || groups[v].length === 0
              ? t(`sensors.variants.${v}`)
              : labels.typeList(groups[v])
          }
          component={RouterLink}
          to={VARIANT_HREF[v](jobsiteId, tenantId, jobId)}
          replace
          // Long group names wrap to two lines on a phone, so all three tabs stay in view.
          sx={{ textTransform: 'none', minHeight: 40, maxWidth: { xs: 128, sm: 360 }, px: { xs: 1, sm: 2 } }}
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
  const nameOf = labels.sensorNames(latest);
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
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            noWrap
            data-testid="sensor-name"
          >
            <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {nameOf(s)}
            </Box>{' '}
            · {labels.sensorCaption(s)}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: 24, lineHeight: 1.3 }} noWrap>
            {formatMeasurementScaled(quantityOf(s.sensorType), s.latestValue, prefs.system)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {prefs.time(s.latestValueTimestamp)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** From an empty group back to all of the node's sensors. */
function AllSensorsLink() {
  const { t } = useTranslation();
  const { jobsiteId = '', tenantId = '', jobId = '' } = useParams();
  return (
    <Button component={RouterLink} to={paths.jobSiteSensorDetails.href(jobsiteId, tenantId, jobId)} replace>
      {t('sensors.variants.details')}
    </Button>
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
  const typesKey = typesOfCard(card).join('\n');
  // One array per set of types, so the charts are not rebuilt on every render.
  const types = useMemo(
    () => sensorTypesOfVariant(card.nodeType, typesKey ? typesKey.split('\n') : [], variant),
    [card.nodeType, typesKey, variant],
  );
  const inGroup = (s: { sensorType: string }) => types.includes(s.sensorType);
  const latest = useLatestByJob(card.jobId);
  const series = useSeriesByJob(card.jobId, from);
  const stats = useStatsByJob(card.jobId, from);
  if (types.length === 0)
    return <EmptyState message={t('sensors.detail.emptyGroup')} action={<AllSensorsLink />} />;
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
 * sensor group (its primary measurement) or its second (every other type), their tabs named for what they
 * hold; docs/decisions/web-sensor-screens.md and web-polish.md.
 */
export default function SensorDetailsPage({ variant }: { variant: SensorVariant }) {
  const { range, at, setRange } = useTimeRange();
  return (
    <DetailFrame screen="sensor">
      {(card) => (
        <>
          <SensorManageButton card={card} />
          <VariantTabs variant={variant} card={card} />
          <RangePicker value={range} onChange={setRange} />
          <SensorJob card={card} variant={variant} range={range} at={at} />
        </>
      )}
    </DetailFrame>
  );
}
