import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Box, Tooltip, Typography } from '@mui/material';
import type { JobForecastSummary } from '@sitepulse/contracts';
import { type ForecastLine, type ForecastWords, forecastLine, forecastWords } from '@sitepulse/domain';
import { useCallback } from 'react';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';
import { forecastClock } from './forecast-time.ts';

/** A job's forecast as the dashboards show it: the rule's line and its words. */
export interface ShownForecast {
  line: ForecastLine;
  words: ForecastWords;
}

/** The forecast words of a summary in the user's language, time zone and clock (domain forecastWords). */
export function useForecastWords(): (summary: JobForecastSummary, now?: number) => ShownForecast {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  return useCallback(
    (summary, now = Date.now()) => {
      const clock = forecastClock(prefs);
      const line = forecastLine(summary, { now, timeZone: clock.timeZone });
      const words = forecastWords(line, { t: (key, values) => t(key, values), ...clock });
      return { line, words };
    },
    [t, prefs],
  );
}

const ICONS = {
  EXPECTED: EventRoundedIcon,
  REACHED: CheckCircleOutlineRoundedIcon,
  NONE: InfoOutlinedIcon,
} as const;

/**
 * The forecast line of a pour card: the next target, "expected tomorrow 02:00 PM EST (11:00 AM–06:00 PM)",
 * "reached …" or the short reason there is none (the longer one as a tooltip). `compact` (the precast
 * dashboard's many elements) leaves out how many targets are reached.
 */
export function PourForecast({
  summary,
  compact = false,
}: {
  summary: JobForecastSummary;
  compact?: boolean;
}) {
  const words = useForecastWords();
  const shown = words(summary);
  const { line } = shown;
  const { target, status, range, why, progress } = shown.words;
  const Icon = ICONS[line.kind];
  const state = line.kind === 'NONE' ? line.reason : line.kind;
  const body = (
    <Box
      data-testid="pour-forecast"
      data-forecast={state}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, mt: compact ? 0.75 : 1, minWidth: 0 }}
    >
      <Icon
        fontSize="small"
        aria-hidden
        color={line.kind === 'REACHED' ? 'success' : line.kind === 'EXPECTED' ? 'primary' : 'disabled'}
        sx={{ mt: '1px' }}
      />
      <Typography variant="body2" component="p" sx={{ minWidth: 0, lineHeight: 1.45 }}>
        {target ? (
          <>
            <Box component="span" sx={{ color: 'text.secondary' }} data-testid="forecast-target">
              {target}
              {line.kind === 'NONE' ? ':' : ''}
            </Box>{' '}
          </>
        ) : null}
        <Box
          component="span"
          sx={{ fontWeight: 700, color: line.kind === 'NONE' ? 'text.secondary' : 'text.primary' }}
          data-testid="forecast-status"
        >
          {status}
        </Box>
        {range ? (
          <>
            {' '}
            <Box component="span" sx={{ color: 'text.secondary' }} data-testid="forecast-range">
              {range}
            </Box>
          </>
        ) : null}
        {progress && !compact ? (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>
            {progress}
          </Box>
        ) : null}
      </Typography>
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
