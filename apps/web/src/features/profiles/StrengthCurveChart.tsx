import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { LabBreak, MaturityFunction, StrengthCurveFit } from '@sitepulse/domain';
import { formatNumber } from '@sitepulse/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { canDraw } from '../../components/charts/chart-data.ts';
import { useTranslation } from '../../i18n/index.ts';
import {
  type CurveChartData,
  curveChartData,
  curveInUnits,
  logSplits,
  logTickLabel,
  strengthDecimals,
} from './rules.ts';

/** The chart's uPlot options: log maturity axis, the curve in two series, the breaks drawn as points. */
function plotOptions({
  width,
  height,
  data,
  curve,
  xLabel,
  yLabel,
  colors,
  pxRatio,
  onCursor,
}: {
  width: number;
  height: number;
  data: CurveChartData;
  curve: { a: number; b: number };
  xLabel: string;
  yLabel: string;
  colors: { curve: string; breaks: string; axis: string; grid: string };
  pxRatio: number;
  onCursor: (readout: { x: number; y: number } | null) => void;
}): uPlot.Options {
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: false, distr: 3, log: 10, range: () => data.xRange },
      y: { range: () => [0, data.yMax] },
    },
    axes: [
      {
        stroke: colors.axis,
        grid: { stroke: colors.grid },
        label: xLabel,
        space: 28,
        splits: (_u, _axis, min, max) => logSplits(min, max),
        values: (_u, ticks) => ticks.map(logTickLabel),
      },
      {
        stroke: colors.axis,
        grid: { stroke: colors.grid },
        size: 60,
        label: yLabel,
        values: (_u, ticks) => ticks.map((v) => formatNumber(v, 0)),
      },
    ],
    series: [
      {},
      { stroke: colors.curve, width: 2.5, spanGaps: false, points: { show: false } },
      { stroke: colors.curve, width: 1.5, dash: [6, 5], spanGaps: false, points: { show: false } },
    ],
    hooks: {
      draw: [
        (u) => {
          const ctx = u.ctx;
          ctx.save();
          ctx.fillStyle = colors.breaks;
          ctx.strokeStyle = '#ffffff';
          ctx.lineWidth = 1.5 * pxRatio;
          for (const p of data.breaks) {
            ctx.beginPath();
            ctx.arc(u.valToPos(p.x, 'x', true), u.valToPos(p.y, 'y', true), 4.5 * pxRatio, 0, 2 * Math.PI);
            ctx.fill();
            ctx.stroke();
          }
          ctx.restore();
        },
      ],
      setCursor: [
        (u) => {
          const left = u.cursor.left;
          const x = left === undefined || left < 0 ? Number.NaN : u.posToVal(left, 'x');
          onCursor(x > 0 ? { x, y: Math.max(0, curve.a + curve.b * Math.log10(x)) } : null);
        },
      ],
    },
  };
}

function LegendKey({ kind, color }: { kind: 'point' | 'line' | 'dash'; color: string }) {
  if (kind === 'point')
    return (
      <Box
        component="span"
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flex: 'none' }}
      />
    );
  return (
    <Box
      component="span"
      sx={{
        width: 22,
        height: 0,
        borderTop: `${kind === 'line' ? 3 : 2}px ${kind === 'line' ? 'solid' : 'dashed'} ${color}`,
        flex: 'none',
      }}
    />
  );
}

/**
 * Strength against maturity (uPlot, canvas): the lab breaks as points, the fitted curve S = a + b·log10(M)
 * solid over the calibrated range and dashed where it extrapolates, maturity on a log axis. Everything in
 * the user's units; hovering reads the curve at the cursor.
 */
export function StrengthCurveChart({
  fit,
  breaks,
  maturityFunction,
  height = 260,
}: {
  fit: Pick<StrengthCurveFit, 'a' | 'b' | 'minMaturity' | 'maxMaturity'>;
  breaks: readonly LabBreak[];
  maturityFunction: MaturityFunction;
  height?: number;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const [readout, setReadout] = useState<{ x: number; y: number } | null>(null);

  const system = prefs.system;
  const xUnit = maturityFunction === 'NURSE_SAUL' ? prefs.unit('Maturity') : t('profiles.units.hours');
  const yUnit = prefs.unit('Strength');
  const digits = strengthDecimals(system);
  const data = useMemo(
    () => curveChartData(fit, breaks, maturityFunction, system),
    [fit, breaks, maturityFunction, system],
  );
  const curve = useMemo(() => curveInUnits(fit, maturityFunction, system), [fit, maturityFunction, system]);
  const curveColor = theme.palette.primary.main;
  const breaksColor = theme.palette.warning.dark;
  const axisColor = theme.palette.text.secondary;
  const gridColor = theme.palette.divider;
  const drawable = canDraw();

  const xLabel = `${t(maturityFunction === 'NURSE_SAUL' ? 'profiles.chart.maturityAxis' : 'profiles.chart.ageAxis')} (${xUnit})`;
  const yLabel = `${t('profiles.chart.strengthAxis')} (${yUnit})`;

  useEffect(() => {
    const el = host.current;
    if (!el || !drawable) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    // uPlot loads with the first chart drawn (it reads the screen's pixel ratio when imported).
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const p = new UPlot(
        plotOptions({
          width: Math.max(200, el.clientWidth),
          height,
          data,
          curve,
          xLabel,
          yLabel,
          colors: { curve: curveColor, breaks: breaksColor, axis: axisColor, grid: gridColor },
          pxRatio: UPlot.pxRatio,
          onCursor: setReadout,
        }),
        [data.xs, data.fitted, data.extrapolated] as uPlot.AlignedData,
        el,
      );
      plot = p;
      resize = new ResizeObserver(() => p.setSize({ width: Math.max(200, el.clientWidth), height }));
      resize.observe(el);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [data, curve, drawable, height, xLabel, yLabel, curveColor, breaksColor, axisColor, gridColor]);

  return (
    <Box
      data-testid="strength-curve"
      data-breaks={data.breaks.length}
      data-x-unit={xUnit}
      data-y-unit={yUnit}
      sx={{ width: '100%', minWidth: 0 }}
    >
      <Box
        ref={host}
        role="img"
        aria-label={t('profiles.chart.label', { xUnit, yUnit })}
        sx={{ width: '100%', minHeight: drawable ? height : 0, '& .uplot': { fontFamily: 'inherit' } }}
      />
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, mt: 1 }}
        aria-hidden
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <LegendKey kind="point" color={breaksColor} />
          <Typography variant="caption">{t('profiles.chart.breaks')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <LegendKey kind="line" color={curveColor} />
          <Typography variant="caption">{t('profiles.chart.fitted')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <LegendKey kind="dash" color={curveColor} />
          <Typography variant="caption">{t('profiles.chart.extrapolated')}</Typography>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto', minHeight: 20 }}>
          {readout
            ? t('profiles.chart.readout', {
                x: formatNumber(readout.x, 0),
                xUnit,
                y: formatNumber(readout.y, digits),
                yUnit,
              })
            : ''}
        </Typography>
      </Box>
    </Box>
  );
}
