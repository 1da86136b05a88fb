import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Box, Tooltip, Typography } from '@mui/material';
import type { JobForecastSummary } from '@sitepulse/contracts';
import { forecastLine, forecastWords } from '@sitepulse/domain';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';
import { forecastClock } from './forecast-time.ts';

const ICONS = {
  EXPECTED: EventRoundedIcon,
  REACHED: CheckCircleOutlineRoundedIcon,
  NONE: InfoOutlinedIcon,
} as const;

/**
 * A job's forecast in the job list (domain forecastLine and forecastWords): the next target, then
 * "expected tomorrow 02:00 PM EST (11:00 AM–06:00 PM)", "reached …" or the short reason there is none,
 * with the longer reason as a tooltip, and how many targets are reached when the job has several.
 */
export function JobForecast({ summary }: { summary: JobForecastSummary }) {
  const { t } = useTranslation();
  const clock = forecastClock(useDisplayPreferences());
  const line = forecastLine(summary, { now: Date.now(), timeZone: clock.timeZone });
  const { target, status, range, why, progress } = forecastWords(line, {
    t: (key, values) => t(key, values),
    ...clock,
  });
  const Icon = ICONS[line.kind];
  const body = (
    <Box
      data-testid="job-forecast"
      data-forecast={line.kind === 'NONE' ? line.reason : line.kind}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, minWidth: 0 }}
    >
      <Icon
        fontSize="small"
        aria-hidden
        color={line.kind === 'REACHED' ? 'success' : line.kind === 'EXPECTED' ? 'primary' : 'disabled'}
        sx={{ mt: '1px' }}
      />
      <Box sx={{ minWidth: 0 }}>
        {target ? (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', lineHeight: 1.3 }}
            data-testid="forecast-target"
          >
            {target}
          </Typography>
        ) : null}
        <Typography
          variant="body2"
          sx={{ fontWeight: 700, color: line.kind === 'NONE' ? 'text.secondary' : 'text.primary' }}
        >
          <span data-testid="forecast-status">{status}</span>
          {range ? (
            <>
              {' '}
              <Box
                component="span"
                sx={{ fontWeight: 400, color: 'text.secondary' }}
                data-testid="forecast-range"
              >
                {range}
              </Box>
            </>
          ) : null}
        </Typography>
        {progress ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {progress}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
  return why ? (
    <Tooltip title={why} arrow placement="bottom-start">
      {body}
    </Tooltip>
  ) : (
    body
  );
}
