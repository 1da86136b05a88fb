import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChartGrid,
  type ChartLine,
  type ChartThreshold,
  TimeChart,
} from '../../components/charts/TimeChart.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
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

/** What a chart draws: the grid and its lines, or null when the answer holds nothing to draw. */
export type ChartBuild<T> = (data: T) => { grid: ChartGrid; lines: ChartLine[] } | null;

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
}: {
  title: string;
  quantity: string;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
  build: ChartBuild<T>;
  thresholds?: ChartThreshold[];
  testId: string;
  emptyMessage?: string;
  action?: ReactNode;
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
}: {
  data: T;
  build: ChartBuild<T>;
  quantity: string;
  title: string;
  thresholds?: ChartThreshold[];
  emptyMessage?: string;
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
    />
  );
}
