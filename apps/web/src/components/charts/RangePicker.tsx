import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { TIME_RANGES, type TimeRange } from './time-range.ts';

/** The chosen time range, with the moment it was chosen (ranges count back from then). */
export function useTimeRange(initial: TimeRange = '24h') {
  const [state, setState] = useState({ range: initial, at: Date.now() });
  return {
    range: state.range,
    at: state.at,
    setRange: (range: TimeRange) => setState({ range, at: Date.now() }),
  };
}

/** The time-range presets of a chart screen (6 h, 24 h, 7 days, 30 days, whole job); null: none chosen. */
export function RangePicker({
  value,
  onChange,
}: {
  value: TimeRange | null;
  onChange: (r: TimeRange) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_e, v: TimeRange | null) => v && onChange(v)}
      aria-label={t('timeRange.label')}
      data-testid="range-picker"
      sx={{ flexWrap: 'wrap' }}
    >
      {TIME_RANGES.map((r) => (
        <ToggleButton key={r} value={r} sx={{ textTransform: 'none', px: 1.25 }}>
          {t(`timeRange.${r}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
