import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import { Box, IconButton, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { RangePicker } from '../../components/charts/RangePicker.tsx';
import {
  type ChartBand,
  type ChartGrid,
  type ChartLine,
  type ChartThreshold,
  TimeChart,
} from '../../components/charts/TimeChart.tsx';
import {
  panWindow,
  presetWindow,
  type TimeRange,
  type TimeWindow,
} from '../../components/charts/time-range.ts';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { ChartMode } from './chart-lines.ts';
import { Panel } from './parts.tsx';

/** The shared cursor of every chart of one job screen. */
export const JOB_SYNC_KEY = 'job-screen';

/** Average with min and max, or one line per sensor: one choice for every chart of the screen. */
export function ChartModeToggle({
  mode,
  onChange,
}: {
  mode: ChartMode;
  onChange: (mode: ChartMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mode}
      onChange={(_e, v: ChartMode | null) => {
        if (v) onChange(v);
      }}
      aria-label={t('job.charts.mode')}
      data-testid="chart-mode"
    >
      <ToggleButton value="average">{t('job.charts.average')}</ToggleButton>
      <ToggleButton value="sensors">{t('job.charts.sensors')}</ToggleButton>
    </ToggleButtonGroup>
  );
}

/** What a chart draws: the grid, its lines and bands, or null when the answer holds nothing to draw. */
export type ChartBuild<T> = (data: T) => { grid: ChartGrid; lines: ChartLine[]; bands?: ChartBand[] } | null;

/** The window every chart of a job screen shows: a preset, a pan of it, or a drag-zoom of one chart. */
export interface ChartWindow {
  /** the preset chosen (null once the window was zoomed or panned away from it) */
  preset: TimeRange | null;
  /** the visible window (null: each chart shows all it holds) */
  range: TimeWindow | null;
  setPreset: (preset: TimeRange) => void;
  /** a window from a chart (drag-zoom, Shift + drag, double-click) */
  setRange: (range: TimeWindow | null) => void;
  pan: (direction: -1 | 1) => void;
  canPan: (direction: -1 | 1) => boolean;
}

/**
 * The charts' shared window: the whole job at first; a preset shows its last hours or days up to `end`
 * (the job's end, or now); panning moves it by half its width within [first, last].
 */
export function useChartWindow(bounds: { first: number | null; last: number; end: number }): ChartWindow {
  const [state, setState] = useState<{ preset: TimeRange | null; range: TimeWindow | null }>({
    preset: 'job',
    range: null,
  });
  const limits = { first: bounds.first ?? bounds.end, last: bounds.last };
  const setPreset = useCallback(
    (preset: TimeRange) => setState({ preset, range: presetWindow(preset, bounds.end) }),
    [bounds.end],
  );
  const setRange = useCallback(
    (range: TimeWindow | null) =>
      setState((s) =>
        range === null
          ? { preset: 'job', range: null }
          : s.range && s.range.min === range.min && s.range.max === range.max
            ? s
            : { preset: null, range },
      ),
    [],
  );
  return {
    preset: state.preset,
    range: state.range,
    setPreset,
    setRange,
    pan: (direction) => {
      const next = panWindow(state.range, direction, limits);
      if (next) setState({ preset: null, range: next });
    },
    canPan: (direction) => panWindow(state.range, direction, limits) !== null,
  };
}

/** The presets of the job's charts and the buttons that move the window earlier or later. */
export function ChartWindowControls({ window }: { window: ChartWindow }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
      data-testid="chart-window"
    >
      <RangePicker value={window.preset} onChange={window.setPreset} />
      <Tooltip title={t('timeRange.earlier')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('timeRange.earlier')}
            disabled={!window.canPan(-1)}
            onClick={() => window.pan(-1)}
            data-testid="chart-pan-earlier"
          >
            <ChevronLeftRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('timeRange.later')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('timeRange.later')}
            disabled={!window.canPan(1)}
            onClick={() => window.pan(1)}
            data-testid="chart-pan-later"
          >
            <ChevronRightRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/**
 * A chart panel: its title, the chart of a query (built once per answer: `build` and `thresholds` must be
 * stable, so the chart is not redrawn on every render), and the loading, error and empty states.
 */
export function ChartPanel<T>({
  title,
  quantity,
  query,
  build,
  thresholds,
  testId,
  emptyMessage,
  action,
  window,
}: {
  title: string;
  quantity: string;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
  build: ChartBuild<T>;
  thresholds?: ChartThreshold[];
  testId: string;
  emptyMessage?: string;
  action?: ReactNode;
  /** the screen's shared window (presets, pan, zoom); without it the chart keeps its own zoom */
  window?: Pick<ChartWindow, 'range' | 'setRange'>;
}) {
  return (
    <Panel title={title} testId={testId} action={action}>
      <QueryState query={query}>
        {(data) => (
          <BuiltChart
            data={data}
            build={build}
            quantity={quantity}
            title={title}
            thresholds={thresholds}
            emptyMessage={emptyMessage}
            window={window}
          />
        )}
      </QueryState>
    </Panel>
  );
}

function BuiltChart<T>({
  data,
  build,
  quantity,
  title,
  thresholds,
  emptyMessage,
  window,
}: {
  data: T;
  build: ChartBuild<T>;
  quantity: string;
  title: string;
  thresholds?: ChartThreshold[];
  emptyMessage?: string;
  window?: Pick<ChartWindow, 'range' | 'setRange'>;
}) {
  const { t } = useTranslation();
  const chart = useMemo(() => build(data), [build, data]);
  if (!chart || chart.lines.length === 0)
    return <EmptyState message={emptyMessage ?? t('widgets.chart.noData')} />;
  return (
    <TimeChart
      grid={chart.grid}
      lines={chart.lines}
      quantity={quantity}
      thresholds={thresholds}
      syncKey={JOB_SYNC_KEY}
      title={title}
      height={260}
      bands={chart.bands}
      range={window ? window.range : undefined}
      onRangeChange={window?.setRange}
    />
  );
}
