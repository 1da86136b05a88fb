import 'uplot/dist/uPlot.min.css';
import { Box, Button, Typography } from '@mui/material';
import { type DisplayScale, MISSING_VALUE } from '@sitepulse/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';
import { EmptyState } from '../QueryState.tsx';
import { fitAxisSize, formatTicks } from './axis.ts';
import {
  buildChartColumns,
  type ChartGrid,
  type ChartLine,
  canDraw,
  hasChartData,
  latestIndices,
} from './chart-data.ts';
import {
  estimateTextWidth,
  type MeasureText,
  TIME_INCRS_MS,
  timeAxisLabels,
  timeAxisStep,
  timeAxisZone,
} from './time-axis.ts';
import type { TimeWindow } from './time-range.ts';

export type { ChartGrid, ChartLine } from './chart-data.ts';

/** A horizontal line across the chart (a target or an alarm threshold), in metric units. */
export interface ChartThreshold {
  label: string;
  value: number;
  color: string;
}

/** A band filled between two lines of the chart (by their keys), e.g. a forecast's low..high range. */
export interface ChartBand {
  upper: string;
  lower: string;
  fill: string;
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
        // Caught on the way down (capture, on the chart's root), so uPlot's own drag-to-zoom on the
        // plot area never sees a Shift + drag: it pans only.
        u.root.addEventListener(
          'mousedown',
          (e) => {
            if (!e.shiftKey || !over.contains(e.target as Node)) return;
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
          },
          true,
        );
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
  scale,
  bands = NO_BANDS,
  range,
  onRangeChange,
}: {
  grid: ChartGrid;
  lines: ChartLine[];
  quantity: string;
  thresholds?: ChartThreshold[];
  height?: number;
  syncKey?: string;
  title?: string;
  decimals?: number;
  /**
   * The unit the values are drawn in when it is not the quantity's own (kW for power of 1 kW and more,
   * domain displayScale): its label, the factor from the user's unit, and its decimals.
   */
  scale?: DisplayScale;
  /** Areas filled between two lines (a projection's band). */
  bands?: ChartBand[];
  /**
   * The visible time window, when the screen holds it (presets, pan, one window for several charts):
   * null shows the whole chart. Drag-zoom, Shift + drag and double-click report the new window through
   * onRangeChange. Undefined: the chart keeps its own zoom.
   */
  range?: TimeWindow | null;
  onRangeChange?: (range: TimeWindow | null) => void;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const unit = scale?.unit ?? prefs.unit(quantity);
  const factor = scale?.factor ?? 1;
  const digits =
    decimals ?? scale?.decimals ?? (quantity === 'Strength' && prefs.system === 'Imperial' ? 0 : 1);

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
    () => buildChartColumns(grid, allLines, (v) => (prefs.convert(quantity, v) as number) * factor),
    [grid, allLines, prefs, quantity, factor],
  );
  const drawable = canDraw() && hasChartData(lines);
  // What the plot looks like, apart from its data: a change rebuilds it; new data alone does not.
  const look =
    allLines.map((l) => [l.key, l.label, l.color, l.width, l.dash?.join(',')].join('|')).join(';') +
    bands.map((b) => [b.upper, b.lower, b.fill].join('|')).join(';');
  const latest = useRef(data);
  latest.current = data;
  const zoomedRef = useRef(false);
  // While the cursor is off the chart the legend shows each line's latest value (not a row of '--').
  const latestIdx = useRef(latestIndices(lines, grid.points));
  latestIdx.current = latestIndices(lines, grid.points);
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const onRangeRef = useRef(onRangeChange);
  onRangeRef.current = onRangeChange;
  // Set while the screen's window is applied, so that change is not reported back as the user's.
  const applying = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when its look changes; data arrives below
  useEffect(() => {
    const el = host.current;
    if (!el || !drawable) return;
    const format = (v: number | null | undefined) =>
      v === null || v === undefined ? MISSING_VALUE : v.toFixed(digits);
    const lineCount = lines.length;
    // The bucket a legend row shows: the cursor's, else the line's latest reading (thresholds: any).
    const shownIdx = (sidx: number, idx: number | null | undefined) => {
      if (idx !== null && idx !== undefined) return idx;
      if (sidx === 0) return latestIdx.current.overall;
      if (sidx > lineCount) return 0;
      return latestIdx.current.perLine[sidx - 1] ?? null;
    };
    const keyIndex = new Map(allLines.map((l, i) => [l.key, i + 1]));
    // The time axis' tick step for the range and width shown, measured with the axis' own font: uPlot asks
    // for the least spacing (space), then for the steps to choose from (incrs), with the same range.
    let step: { key: string; incrMs: number; spacePx: number } | null = null;
    const timeStep = (u: uPlot, min: number, max: number, dim: number) => {
      const key = `${min}|${max}|${dim}`;
      if (step?.key !== key) {
        const found = timeAxisStep(
          (max - min) * 1000,
          dim,
          prefs.timeZone,
          prefs.language,
          axisMeasure(u, 0),
        );
        step = { key, ...found };
      }
      return step;
    };
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), prefs.timeZone),
      cursor: { sync: syncKey ? { key: syncKey } : undefined, drag: { x: true, y: false } },
      legend: { live: true },
      scales: { x: { time: true } },
      axes: [
        {
          stroke: '#5f6b76',
          grid: { stroke: '#eceff1' },
          // Ticks far enough apart for their widest label, so '4:00 AM' never runs into '8:00 AM'.
          space: (u, _i, min, max, dim) => timeStep(u, min, max, dim).spacePx,
          incrs: (u, _i, min, max, dim) => {
            const { incrMs } = timeStep(u, min, max, dim);
            return TIME_INCRS_MS.filter((ms) => ms >= incrMs).map((ms) => ms / 1000);
          },
          // Ticks in the reader's language and the display zone ('18:00' / '24 nov'), titled with the zone.
          values: (_u, splits, _axis, _space, incr) =>
            timeAxisLabels(
              splits.map((s) => s * 1000),
              incr * 1000,
              prefs.timeZone,
              prefs.language,
            ),
          label: `${t('widgets.chart.time')} (${timeAxisZone(
            xRange(latest.current[0], 'first'),
            xRange(latest.current[0], 'last'),
            prefs.timeZone,
            prefs.language,
          )})`,
          labelSize: 18,
          labelFont: '12px system-ui, sans-serif',
        },
        {
          stroke: '#5f6b76',
          grid: { stroke: '#eceff1' },
          // As wide as its longest tick, so '40000' never runs into the axis title.
          size: fitAxisSize,
          label: unit ? `${title ?? ''} (${unit})`.trim() : title,
          values: (_u, ticks, _axis, _space, step) => formatTicks(ticks, step, Math.min(digits, 2)),
        },
      ],
      series: [
        {
          label: t('widgets.chart.time'),
          value: (u, ts, _s, idx) => {
            const i = shownIdx(0, idx);
            const at = idx === null || idx === undefined ? (i === null ? null : u.data[0][i]) : ts;
            return at === null || at === undefined ? MISSING_VALUE : prefs.time(at * 1000);
          },
        },
        ...allLines.map((l) => ({
          label: unit ? `${l.label} (${unit})` : l.label,
          stroke: l.color,
          class: l.legend === false ? 'u-legend-hidden' : undefined,
          width: l.width ?? 2,
          dash: l.dash,
          spanGaps: false,
          // Markers only where uPlot finds room for them, and never on dashed lines (targets, min and max).
          points: l.dash ? { show: false } : { size: 4 },
          value: (u: uPlot, v: number | null, sidx: number, idx: number | null) => {
            if (idx !== null && idx !== undefined) return format(v);
            const i = shownIdx(sidx, idx);
            return i === null ? '' : format(u.data[sidx]?.[i]);
          },
        })),
      ],
      bands: bands.flatMap((b): uPlot.Band[] => {
        const upper = keyIndex.get(b.upper);
        const lower = keyIndex.get(b.lower);
        return upper && lower ? [{ series: [upper, lower], fill: b.fill }] : [];
      }),
      hooks: {
        setScale: [
          (u, key) => {
            if (key !== 'x') return;
            const xs = u.data[0];
            const full = u.scales.x.min === xs[0] && u.scales.x.max === xs[xs.length - 1];
            zoomedRef.current = !full;
            setZoomed(!full);
            if (!applying.current && onRangeRef.current) {
              const { min, max } = u.scales.x;
              onRangeRef.current(
                full || min === undefined || max === undefined ? null : { min: min * 1000, max: max * 1000 },
              );
            }
          },
        ],
      },
      plugins: [zoomAndPan()],
    };
    const u = new uPlot(opts, latest.current as uPlot.AlignedData, el);
    plot.current = u;
    applyRange(u, rangeRef.current, applying);
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
    if (u && u.data !== (data as uPlot.AlignedData)) {
      u.setData(data as uPlot.AlignedData, !zoomedRef.current);
      applyRange(u, rangeRef.current, applying);
    }
  }, [data]);

  // The screen's window (a preset, a pan, another chart's zoom) is shown as it changes.
  const rangeKey = range === undefined ? 'own' : range === null ? 'all' : `${range.min}-${range.max}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: rangeKey holds the window
  useEffect(() => {
    const u = plot.current;
    if (u) applyRange(u, rangeRef.current, applying);
  }, [rangeKey]);

  if (!hasChartData(lines)) return <EmptyState message={t('widgets.chart.noData')} />;
  return (
    <Box
      data-testid="time-chart"
      data-quantity={quantity}
      data-unit={unit}
      data-range={rangeKey}
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
      <Box
        ref={host}
        sx={{
          width: '100%',
          '& .u-legend': { fontSize: 12 },
          '& .u-legend .u-legend-hidden': { display: 'none' },
        }}
      />
    </Box>
  );
}

const NO_BANDS: ChartBand[] = [];

/** Text widths in CSS pixels in an axis' font, on the plot's canvas (estimated where it cannot measure). */
function axisMeasure(u: uPlot, axisIdx: number): MeasureText {
  const axis = u.axes[axisIdx] as uPlot.Axis & { font?: [string, number, number] };
  const ctx = u.ctx;
  const font = axis.font?.[0];
  if (!ctx || typeof ctx.measureText !== 'function' || !font) return estimateTextWidth(axis.font?.[2] ?? 12);
  const ratio = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return (text) => {
    ctx.font = font;
    return ctx.measureText(text).width / ratio;
  };
}

/** The first or last time of the x column, in ms (undefined when empty). */
function xRange(xs: readonly number[] | undefined, end: 'first' | 'last'): number | undefined {
  if (!xs || xs.length === 0) return undefined;
  return (end === 'first' ? xs[0] : xs[xs.length - 1]) * 1000;
}

/**
 * Shows a window of the screen's (null: the whole chart) on a plot, kept within its data; undefined leaves
 * the plot's own zoom. `applying` is set meanwhile, so the change is not reported back as the user's.
 */
function applyRange(u: uPlot, range: TimeWindow | null | undefined, applying: { current: boolean }) {
  if (range === undefined) return;
  const xs = u.data[0];
  if (xs.length === 0) return;
  const first = xs[0];
  const last = xs[xs.length - 1];
  let min = first;
  let max = last;
  if (range) {
    min = Math.max(first, range.min / 1000);
    max = Math.min(last, range.max / 1000);
    if (!(max > min)) {
      min = first;
      max = last;
    }
  }
  applying.current = true;
  try {
    u.setScale('x', { min, max });
  } finally {
    applying.current = false;
  }
}
