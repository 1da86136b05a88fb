import AirRoundedIcon from '@mui/icons-material/AirRounded';
import DeviceThermostatRoundedIcon from '@mui/icons-material/DeviceThermostatRounded';
import WaterDropRoundedIcon from '@mui/icons-material/WaterDropRounded';
import { Box, Link, Paper, Typography } from '@mui/material';
import type { MicroweatherJob } from '@sitepulse/contracts';
import { jobDetailHref, quantityOfSensorType } from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useSiteWeather } from './api.ts';

/** The three conditions a weather node reports (section 2: weather node cards show 3 readings). */
const CONDITIONS = [
  { sensorType: 'Temperature', icon: DeviceThermostatRoundedIcon, key: 'temperature' },
  { sensorType: 'Humidity', icon: WaterDropRoundedIcon, key: 'humidity' },
  { sensorType: 'Wind Speed', icon: AirRoundedIcon, key: 'wind' },
] as const;

function Station({ job, jobsiteId }: { job: MicroweatherJob; jobsiteId: number }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const data = job.microweatherMeasurementJobData ?? [];
  const times = data.map((d) => d.timestamp).filter((x): x is number => typeof x === 'number');
  return (
    <Box data-testid="weather-station" sx={{ minWidth: 0 }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 1,
          mb: 1,
        }}
      >
        {CONDITIONS.map(({ sensorType, icon: Icon, key }) => {
          const entry = data.find((d) => d.sensorType === sensorType);
          const quantity = quantityOfSensorType(sensorType) ?? '';
          return (
            <Box key={sensorType} sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
                <Icon fontSize="small" aria-hidden />
                <Typography variant="caption" noWrap>
                  {t(`dashboards.weather.${key}`)}
                </Typography>
              </Box>
              <Typography
                variant="h6"
                component="p"
                sx={{ fontWeight: 700, fontSize: { xs: 18, sm: 22 }, whiteSpace: 'nowrap' }}
                data-testid={`weather-${key}`}
              >
                {prefs.withUnit(quantity, entry?.averageMeasurementData)}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        <Link
          component={RouterLink}
          to={jobDetailHref({ ...job, kind: 'MICROWEATHER' }, jobsiteId)}
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          {job.channelJobName}
        </Link>
        {' · '}
        {t('dashboards.weather.updated', { time: prefs.time(times.length ? Math.max(...times) : null) })}
      </Typography>
    </Box>
  );
}

/** The weather on site now: the latest conditions of the site's started microweather jobs. */
export function WeatherNow({ jobsiteId }: { jobsiteId: number }) {
  const { t } = useTranslation();
  const query = useSiteWeather(jobsiteId);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderRadius: 3 }}
      component="section"
      aria-labelledby="weather-now"
    >
      <Typography id="weather-now" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('dashboards.weather.title')}
      </Typography>
      <QueryState
        query={query}
        isEmpty={(jobs) => jobs.length === 0}
        empty={
          <Typography variant="body2" color="text.secondary" data-state="empty">
            {t('dashboards.weather.none')}
          </Typography>
        }
      >
        {(jobs) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {jobs.slice(0, 3).map((j) => (
              <Station key={j.id} job={j} jobsiteId={jobsiteId} />
            ))}
          </Box>
        )}
      </QueryState>
    </Paper>
  );
}
