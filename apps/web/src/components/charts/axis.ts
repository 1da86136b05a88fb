import type uPlot from 'uplot';

/**
 * Decimals a tick step needs, at most `max`: a step of 20 needs none, 2.5 one, 0.25 two. Ticks then read
 * '40' rather than '40.0', and '597.5' where the step is a half.
 */
export function tickDecimals(step: number | null | undefined, max: number): number {
  if (typeof step !== 'number' || !Number.isFinite(step) || step <= 0) return Math.max(0, max);
  for (let d = 0; d < max; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, scaled)) return d;
  }
  return Math.max(0, max);
}

/** The labels of a value axis' ticks, with the decimals their step needs (at most `max`). */
export function formatTicks(
  ticks: readonly number[],
  step: number | null | undefined,
  max: number,
): string[] {
  const d = tickDecimals(step, max);
  return ticks.map((v) => {
    const text = v.toFixed(d);
    return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
  });
}

/** Room a value axis needs beside the plot for its tick marks and gap, in CSS pixels, without the labels. */
export const AXIS_TICK_ROOM = 10 + 5 + 6;

/**
 * Width of a value axis (its tick marks, the gap and the longest tick label; the axis title has its own
 * room), so a tick like '40000' never runs into the title: at least `min` pixels.
 */
export function axisWidth(
  labels: readonly string[] | null | undefined,
  measure: (text: string) => number,
  min = 40,
) {
  const widest = (labels ?? []).reduce((w, l) => Math.max(w, measure(l)), 0);
  return Math.max(min, Math.ceil(widest + AXIS_TICK_ROOM));
}

/** uPlot's `size` of a value axis, measured with the axis' own font on the plot's canvas. */
export function fitAxisSize(u: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = u.axes[axisIdx] as uPlot.Axis & { _size?: number; font?: [string, number] };
  // uPlot converges in a few cycles; the ticks may change with the size, so keep the first answer after two.
  if (cycleNum > 1 && axis._size) return axis._size;
  const ctx = u.ctx;
  const font = axis.font?.[0];
  if (font) ctx.font = font;
  const ratio = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return axisWidth(values, (text) => ctx.measureText(text).width / ratio);
}
