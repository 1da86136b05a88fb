import 'uplot/dist/uPlot.min.css';
import { Box, Button, Typography } from '@mui/material';
import { MISSING_VALUE } from '@sitepulse/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { EmptyState } from '../QueryState.tsx';
import { buildChartColumns, type ChartGrid, type ChartLine, canDraw, hasChartData } from './chart-data.ts';

export type { ChartGrid, ChartLine } from './chart-data.ts';

/** A horizontal line across the chart (a target or an alarm threshold), in metric units. */
export interface ChartThreshold {
  label: string;
  value: number;
  color: string;
}

/** Wheel zooms the time axis around the cursor; Shift + drag pans it (uPlot's own drag zooms, double-click resets). */
function zoomAndPan(): uPlot.Plugin {
  return {
    hooks: {
      ready: (u) => {
        const over = u.over;
        const bounds = () => ({ min: u.data[0][0], max: u.data[0][u.data[0].length - 1] });
        over.addEventListener(
          'wheel',
          (e) => {
            if (!e.ctrlKey && !e.metaKey && !e.altKey) return; // plain wheel scrolls the page
            e.preventDefault();
            const { min, max } = u.scales.x as { min: number; max: number };
            const at = u.posToVal(e.offsetX, 'x');
            const factor = e.deltaY < 0 ? 0.75 : 1 / 0.75;
            const all = bounds();
            const nextMin = Math.max(all.min, at - (at - min) * factor);
            const nextMax = Math.min(all.max, at + (max - at) * factor);
            if (nextMax - nextMin > 0) u.setScale('x', { min: nextMin, max: nextMax });
          },
          { passive: false },
        );
        over.addEventListener('mousedown', (e) => {
          if (!e.shiftKey) return;
          e.stopPropagation();
          const startX = e.clientX;
          const { min, max } = u.scales.x as { min: number; max: number };
          const perPx = (max - min) / over.clientWidth;
          const all = bounds();
          const move = (m: MouseEvent) => {
            const shift = (startX - m.clientX) * perPx;
            const lo = Math.max(all.min, Math.min(min + shift, all.max - (max - min)));
            u.setScale('x', { min: lo, max: lo + (max - min) });
          };
          const up = () => {
            window.removeEventListener('mousemove', move);
            window.removeEventListener('mouseup', up);
          };
          window.addEventListener('mousemove', move);
          window.addEventListener('mouseup', up);
        });
      },
    },
  };
}

/**
 * A time-series chart (uPlot, canvas) of one quantity: values arrive metric on the server's time grid and
 * are drawn in the user's unit system and time zone, with each line's smoothing tolerance applied to what
 * is drawn only. Drag to zoom, double-click to reset, Ctrl + wheel to zoom, Shift + drag to pan; charts
 * with the same `syncKey` share one cursor. The legend carries the unit; missing values read '--'.
 */
export function TimeChart({
  grid,
  lines,
  quantity,
  thresholds = [],
  height = 280,
  syncKey,
  title,
  decimals,
}: {
  grid: ChartGrid;
  lines: ChartLine[];
  quantity: string;
  thresholds?: ChartThreshold[];
  height?: number;
  syncKey?: string;
  title?: string;
  decimals?: number;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const unit = prefs.unit(quantity);
  const digits = decimals ?? (quantity === 'Strength' && prefs.system === 'Imperial' ? 0 : 1);

  const allLines = useMemo<ChartLine[]>(
    () => [
      ...lines,
      ...thresholds.map((th, i) => ({
        key: `threshold-${i}`,
        label: th.label,
        color: th.color,
        dash: [6, 4],
        width: 1.5,
        values: new Array<number>(grid.points).fill(th.value),
      })),
    ],
    [lines, thresholds, grid.points],
  );
  const data = useMemo(
    () => buildChartColumns(grid, allLines, (v) => prefs.convert(quantity, v) as number),
    [grid, allLines, prefs, quantity],
  );
  const drawable = canDraw() && hasChartData(lines);
  // What the plot looks like, apart from its data: a change rebuilds it; new data alone does not.
  const look = allLines.map((l) => [l.key, l.label, l.color, l.width, l.dash?.join(',')].join('|')).join(';');
  const latest = useRef(data);
  latest.current = data;
  const zoomedRef = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when its look changes; data arrives below
  useEffect(() => {
    const el = host.current;
    if (!el || !drawable) return;
    const format = (v: number | null | undefined) =>
      v === null || v === undefined ? MISSING_VALUE : v.toFixed(digits);
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), prefs.timeZone),
      cursor: { sync: syncKey ? { key: syncKey } : undefined, drag: { x: true, y: false } },
      legend: { live: true },
      scales: { x: { time: true } },
      axes: [
        { stroke: '#5f6b76', grid: { stroke: '#eceff1' } },
        {
          stroke: '#5f6b76',
          grid: { stroke: '#eceff1' },
          size: 56,
          label: unit ? `${title ?? ''} (${unit})`.trim() : title,
          values: (_u, ticks) => ticks.map((v) => v.toFixed(Math.min(digits, 1))),
        },
      ],
      series: [
        {
          label: t('widgets.chart.time'),
          value: (_u, ts) => (ts === null ? MISSING_VALUE : prefs.time(ts * 1000)),
        },
        ...allLines.map((l) => ({
          label: unit ? `${l.label} (${unit})` : l.label,
          stroke: l.color,
          width: l.width ?? 2,
          dash: l.dash,
          spanGaps: false,
          // Markers only where uPlot finds room for them, and never on dashed lines (targets, min and max).
          points: l.dash ? { show: false } : { size: 4 },
          value: (_u: uPlot, v: number | null) => format(v),
        })),
      ],
      hooks: {
        setScale: [
          (u, key) => {
            if (key !== 'x') return;
            const xs = u.data[0];
            const full = u.scales.x.min === xs[0] && u.scales.x.max === xs[xs.length - 1];
            zoomedRef.current = !full;
            setZoomed(!full);
          },
        ],
      },
      plugins: [zoomAndPan()],
    };
    const u = new uPlot(opts, latest.current as uPlot.AlignedData, el);
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [look, drawable, height, syncKey, unit, title, digits, prefs]);

  // New readings (a live update) redraw in place: a zoomed-in view keeps its range, otherwise the whole
  // range is shown again.
  useEffect(() => {
    const u = plot.current;
    if (u && u.data !== (data as uPlot.AlignedData)) u.setData(data as uPlot.AlignedData, !zoomedRef.current);
  }, [data]);

  if (!hasChartData(lines)) return <EmptyState message={t('widgets.chart.noData')} />;
  return (
    <Box
      data-testid="time-chart"
      data-quantity={quantity}
      data-unit={unit}
      sx={{ width: '100%', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          {t('widgets.chart.zoomHint')}
        </Typography>
        {zoomed ? (
          <Button
            size="small"
            onClick={() => {
              const u = plot.current;
              if (u) u.setScale('x', { min: u.data[0][0], max: u.data[0][u.data[0].length - 1] });
            }}
          >
            {t('widgets.chart.resetZoom')}
          </Button>
        ) : null}
      </Box>
      <Box ref={host} sx={{ width: '100%', '& .u-legend': { fontSize: 12 } }} />
    </Box>
  );
}
