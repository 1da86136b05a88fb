import { Box, Paper, Typography } from '@mui/material';
import type { LumimonNodeCard } from '@sitepulse/contracts';
import { useConfig } from '../../api/queries.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useGpsTrack } from './api.ts';
import { DetailFrame, Figure, RangePicker, useTimeRange } from './DetailFrame.tsx';
import { GpsTrackMap } from './GpsTrackMap.tsx';
import { degrees } from './labels.ts';
import { rangeFrom, type TimeRange } from './rules.ts';

function GpsJob({ card, range, at }: { card: LumimonNodeCard; range: TimeRange; at: number }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { data: config } = useConfig();
  const from = rangeFrom(range, { now: at, terminationDate: card.terminationDate });
  const query = useGpsTrack(card.jobId, from);
  return (
    <QueryState query={query}>
      {(detail) => {
        const track = detail.locationData;
        const first = track[0];
        const last = track[track.length - 1];
        return (
          <Box
            data-testid="gps-details"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(240px, 1fr)' },
              gap: 2,
            }}
          >
            <Paper
              variant="outlined"
              data-testid="gps-map"
              data-points={track.length}
              sx={{ position: 'relative', height: { xs: 320, md: 460 }, borderRadius: 2, overflow: 'hidden' }}
            >
              {track.length ? (
                <GpsTrackMap
                  track={track}
                  tileUrl={config?.mapTileUrl}
                  attribution={config?.mapAttribution}
                  startLabel={t('sensors.gps.start', { time: prefs.time(first?.timestamp) })}
                  endLabel={t('sensors.gps.latest', { time: prefs.time(last?.timestamp) })}
                />
              ) : (
                <Box sx={{ p: 2 }}>
                  <EmptyState message={t('sensors.gps.noPositions')} />
                </Box>
              )}
            </Paper>
            <Paper
              variant="outlined"
              sx={{ p: 2, borderRadius: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}
            >
              <Typography component="h2" sx={{ fontWeight: 700 }}>
                {t('sensors.gps.latestPosition')}
              </Typography>
              <Box
                data-testid="gps-latest"
                sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}
              >
                <Figure label={t('sensors.gps.latitude')} value={degrees(last?.lat)} />
                <Figure label={t('sensors.gps.longitude')} value={degrees(last?.longitude)} />
              </Box>
              <Figure
                label={t('sensors.gps.at')}
                value={prefs.time(last?.timestamp)}
                testId="gps-latest-time"
              />
              <Figure label={t('sensors.gps.firstInRange')} value={prefs.time(first?.timestamp)} />
              <Figure label={t('sensors.gps.positions')} value={track.length} testId="gps-count" />
              <Typography variant="caption" color="text.secondary">
                {t('sensors.gps.legend')}
              </Typography>
            </Paper>
          </Box>
        );
      }}
    </QueryState>
  );
}

/**
 * GPS job details (`/job-site-gps-job-details/...`): the track of a GPS job over a chosen range on a Leaflet
 * map (latitude clamped to ±85, start and latest markers), with the latest position and its time.
 */
export default function GpsJobDetailsPage() {
  const { range, at, setRange } = useTimeRange();
  return (
    <DetailFrame screen="gps" actions={<RangePicker value={range} onChange={setRange} />}>
      {(card) => <GpsJob card={card} range={range} at={at} />}
    </DetailFrame>
  );
}
