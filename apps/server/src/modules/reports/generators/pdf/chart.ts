import { DAY_MS, formatNumber, HOUR_MS } from '@sitepulse/domain';
import { type Doc, FONT, INK, printable } from './document.ts';

/** Print-friendly line colours, distinct in colour and in grey. */
export const PALETTE = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#bcbd22',
  '#7f7f7f',
] as const;

/** One line: points (x, y) joined in order, broken where y is missing. */
export interface ChartSeries {
  label: string;
  color: string;
  width?: number;
  dash?: readonly [number, number];
  xs: readonly number[];
  ys: readonly (number | null)[];
  /** false: drawn but not named in the legend (many sensors share one legend entry) */
  legend?: boolean;
}

/** A shaded range between lows and highs (a forecast's cold-to-warm range). */
export interface ChartBand {
  label: string;
  color: string;
  xs: readonly number[];
  lows: readonly number[];
  highs: readonly number[];
}

/** A horizontal line at a value: a target, a limit. */
export interface ChartMark {
  value: number;
  label: string;
  color: string;
}

/** Dots (lab breaks). */
export interface ChartDots {
  label: string;
  color: string;
  xs: readonly number[];
  ys: readonly number[];
}

export type ChartXAxis =
  | { kind: 'time'; from: number; to: number; timeZone: string; label: string }
  | { kind: 'log'; from: number; to: number; label: string; format: (v: number) => string };

export interface ChartOptions {
  title: string;
  x: number;
  y: number;
  width: number;
  /** height of the title, plot and axes (the legend comes below) */
  height: number;
  xAxis: ChartXAxis;
  /** the y axis's name with its unit, e.g. "Strength (MPa)" */
  yLabel: string;
  /** the y ticks' text; by default as many decimals as the tick step needs */
  yFormat?: (v: number) => string;
  /** the longest stretch without values (in x units) a line is drawn across */
  maxGap?: number;
  /** keep 0 on the y axis (strength) */
  yFromZero?: boolean;
  series: readonly ChartSeries[];
  bands?: readonly ChartBand[];
  marks?: readonly ChartMark[];
  dots?: readonly ChartDots[];
  /** legend entries of lines drawn without their own entry */
  extraLegend?: readonly { label: string; color: string; dash?: readonly [number, number] }[];
  /** said in the plot when there is nothing to draw */
  emptyText: string;
}

const TITLE_H = 14;
const Y_GUTTER = 46;
const X_GUTTER = 30;
const TICK = 3;

/** A round step near `raw` (1, 2, 2.5 or 5 times a power of ten). */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  const f = raw / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * p;
}

/** Round y-axis bounds and ticks covering [min, max], about `count` ticks. */
export function niceTicks(min: number, max: number, count = 5): { lo: number; hi: number; ticks: number[] } {
  let lo = min;
  let hi = max;
  if (lo === hi) {
    const d = Math.abs(lo) > 1 ? Math.abs(lo) * 0.1 : 1;
    lo -= d;
    hi += d;
  }
  const step = niceStep((hi - lo) / count);
  lo = Math.floor(lo / step + 1e-9) * step;
  hi = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = lo, i = 0; v <= hi + step / 2 && i < 100; v += step, i++)
    ticks.push(Math.round(v / step) * step);
  return { lo, hi, ticks };
}

const QUARTER_HOUR = 15 * 60_000;

/**
 * Wall-clock reading of epoch ms in an IANA zone. The zone's offset is looked up once per quarter
 * hour of UTC time (every zone changes offset on a quarter hour) and cached.
 */
export function zoneClock(timeZone: string) {
  const dtf = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const cache = new Map<number, number>();
  function offsetAt(ts: number): number {
    const slot = Math.floor(ts / QUARTER_HOUR);
    let off = cache.get(slot);
    if (off === undefined) {
      const probe = slot * QUARTER_HOUR;
      const p: Record<string, number> = {};
      for (const part of dtf.formatToParts(probe))
        if (part.type !== 'literal') p[part.type] = Number(part.value);
      off = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - probe;
      cache.set(slot, off);
    }
    return off;
  }
  return {
    /** the zone's wall clock as if it were UTC (read it with getUTC...) */
    local: (ts: number) => new Date(ts + offsetAt(ts)),
    /** the epoch ms of a wall-clock time (ms as if UTC) */
    fromLocal: (localMs: number) => localMs - offsetAt(localMs - offsetAt(localMs)),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const STEPS_H = [1, 2, 3, 6, 12, 24, 48, 72, 168, 336, 720, 2160, 4320, 8760];

/** Ticks of a time axis at round wall-clock times of the zone, at most `maxTicks`. */
export function timeTicks(
  from: number,
  to: number,
  timeZone: string,
  maxTicks: number,
): { at: number; label: string; sub: string | null }[] {
  if (!(to > from)) return [];
  const clock = zoneClock(timeZone);
  const stepH = STEPS_H.find((h) => (to - from) / (h * HOUR_MS) <= maxTicks) ?? STEPS_H[STEPS_H.length - 1];
  const stepMs = stepH * HOUR_MS;
  const localFrom = clock.local(from).getTime();
  const firstDay = Math.floor(localFrom / DAY_MS) * DAY_MS;
  const out: { at: number; label: string; sub: string | null }[] = [];
  let lastDay = '';
  for (let l = firstDay, i = 0; i < maxTicks * 3 + 50; l += stepMs, i++) {
    const at = clock.fromLocal(l);
    if (at > to) break;
    if (at < from) continue;
    const d = clock.local(at);
    const day = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    if (stepH >= 24) out.push({ at, label: day, sub: lastDay === '' ? String(d.getUTCFullYear()) : null });
    else {
      const h = d.getUTCHours();
      const label = `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
      out.push({ at, label, sub: day !== lastDay ? day : null });
    }
    lastDay = day;
  }
  return out;
}

/** Draws a chart (title, axes with ticks and units, lines, bands, marks, legend); answers the height used. */
export function drawChart(doc: Doc, o: ChartOptions): number {
  const plot = {
    x: o.x + Y_GUTTER,
    y: o.y + TITLE_H,
    w: o.width - Y_GUTTER - 4,
    h: o.height - TITLE_H - X_GUTTER,
  };
  doc.font(FONT.bold).fontSize(9.5).fillColor(INK.text);
  doc.text(printable(o.title), o.x, o.y, { width: o.width, lineBreak: false });

  // The y range: every value drawn, and the marks.
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const see = (v: number | null) => {
    if (v === null || !Number.isFinite(v)) return;
    if (v < min) min = v;
    if (v > max) max = v;
  };
  const inX = (x: number) => x >= o.xAxis.from && x <= o.xAxis.to;
  for (const s of o.series) for (let i = 0; i < s.xs.length; i++) if (inX(s.xs[i])) see(s.ys[i]);
  for (const b of o.bands ?? [])
    for (let i = 0; i < b.xs.length; i++) {
      if (!inX(b.xs[i])) continue;
      see(b.lows[i]);
      see(b.highs[i]);
    }
  for (const d of o.dots ?? []) for (let i = 0; i < d.xs.length; i++) if (inX(d.xs[i])) see(d.ys[i]);
  const hasData = Number.isFinite(min);
  for (const m of o.marks ?? []) see(m.value);
  if (o.yFromZero) see(0);
  const { lo, hi, ticks } = Number.isFinite(min) ? niceTicks(min, max) : niceTicks(0, 1);
  const step = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
  const yFormat = o.yFormat ?? ((v: number) => formatNumber(v, step >= 1 ? 0 : step >= 0.1 ? 1 : 2));

  const xOf = (x: number) => {
    const a = o.xAxis;
    const f =
      a.kind === 'log'
        ? (Math.log10(x) - Math.log10(a.from)) / (Math.log10(a.to) - Math.log10(a.from))
        : (x - a.from) / (a.to - a.from || 1);
    return plot.x + f * plot.w;
  };
  const yOf = (v: number) => plot.y + plot.h - ((v - lo) / (hi - lo || 1)) * plot.h;

  // Grid and y ticks.
  doc.lineWidth(0.4).strokeColor(INK.light);
  doc.font(FONT.regular).fontSize(7).fillColor(INK.text);
  for (const t of ticks) {
    const y = yOf(t);
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.w, y)
      .stroke();
    doc.text(printable(yFormat(t)), o.x, y - 3.5, {
      width: Y_GUTTER - TICK - 3,
      align: 'right',
      lineBreak: false,
    });
  }
  // The y axis's name, turned along the axis.
  doc.save();
  doc.rotate(-90, { origin: [o.x + 6, plot.y + plot.h / 2] });
  doc.font(FONT.regular).fontSize(7.5).fillColor(INK.muted);
  doc.text(printable(o.yLabel), o.x + 6 - plot.h / 2, plot.y + plot.h / 2 - 8, {
    width: plot.h,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();

  // X ticks.
  const xTicks =
    o.xAxis.kind === 'time'
      ? timeTicks(o.xAxis.from, o.xAxis.to, o.xAxis.timeZone, Math.max(2, Math.floor(plot.w / 55)))
      : logTicks(o.xAxis.from, o.xAxis.to).map((v) => ({
          at: v,
          label: (o.xAxis as { format: (v: number) => string }).format(v),
          sub: null,
        }));
  doc.font(FONT.regular).fontSize(7).fillColor(INK.text);
  for (const t of xTicks) {
    const x = xOf(t.at);
    doc
      .lineWidth(0.4)
      .strokeColor(INK.light)
      .moveTo(x, plot.y)
      .lineTo(x, plot.y + plot.h)
      .stroke();
    doc
      .lineWidth(0.6)
      .strokeColor(INK.text)
      .moveTo(x, plot.y + plot.h)
      .lineTo(x, plot.y + plot.h + TICK)
      .stroke();
    doc.text(printable(t.label), x - 25, plot.y + plot.h + TICK + 1, {
      width: 50,
      align: 'center',
      lineBreak: false,
    });
    if (t.sub)
      doc.text(printable(t.sub), x - 25, plot.y + plot.h + TICK + 9, {
        width: 50,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.font(FONT.regular).fontSize(7.5).fillColor(INK.muted);
  doc.text(printable(o.xAxis.label), plot.x, plot.y + plot.h + X_GUTTER - 10, {
    width: plot.w,
    align: 'center',
    lineBreak: false,
  });

  // Frame.
  doc.lineWidth(0.7).strokeColor(INK.text).rect(plot.x, plot.y, plot.w, plot.h).stroke();

  doc.save();
  doc.rect(plot.x, plot.y, plot.w, plot.h).clip();
  for (const b of o.bands ?? []) drawBand(doc, b, xOf, yOf);
  const maxGap = o.maxGap ?? Number.POSITIVE_INFINITY;
  for (const s of o.series) drawLine(doc, s, maxGap, xOf, yOf);
  for (const d of o.dots ?? []) {
    doc.fillColor(d.color).strokeColor('#ffffff').lineWidth(0.5);
    d.xs.forEach((x, i) => {
      if (Number.isFinite(d.ys[i]) && inX(x)) doc.circle(xOf(x), yOf(d.ys[i]), 2.4).fillAndStroke();
    });
  }
  for (const m of o.marks ?? []) {
    const y = yOf(m.value);
    doc.lineWidth(1).strokeColor(m.color).dash(5, { space: 3 });
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.w, y)
      .stroke();
    doc.undash();
    doc.font(FONT.bold).fontSize(7).fillColor(m.color);
    const text = printable(m.label);
    const w = doc.widthOfString(text) + 4;
    const ty = y - 9 < plot.y ? y + 2 : y - 9;
    doc
      .rect(plot.x + plot.w - w - 2, ty, w, 8)
      .fillColor('#ffffff')
      .fill();
    doc.fillColor(m.color).text(text, plot.x + plot.w - w, ty + 0.5, { lineBreak: false });
  }
  doc.restore();

  if (!hasData) {
    doc.font(FONT.italic).fontSize(9).fillColor(INK.muted);
    doc.text(printable(o.emptyText), plot.x, plot.y + plot.h / 2 - 5, { width: plot.w, align: 'center' });
  }

  return o.height + drawLegend(doc, o, o.x + Y_GUTTER, o.y + o.height + 2, plot.w);
}

function drawLine(
  doc: Doc,
  s: ChartSeries,
  maxGap: number,
  xOf: (x: number) => number,
  yOf: (y: number) => number,
): void {
  // Points split where a value is missing for longer than maxGap: readings every 15 minutes on a
  // 5-minute grid leave empty buckets that are no gap in the data.
  const segments: [number, number][][] = [];
  let current: [number, number][] = [];
  let lastX = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < s.xs.length; i++) {
    const v = s.ys[i];
    if (v === null || !Number.isFinite(v)) continue;
    if (current.length > 0 && s.xs[i] - lastX > maxGap) {
      segments.push(current);
      current = [];
    }
    current.push([xOf(s.xs[i]), yOf(v)]);
    lastX = s.xs[i];
  }
  if (current.length > 0) segments.push(current);
  const width = s.width ?? 1;
  doc.lineWidth(width).strokeColor(s.color).fillColor(s.color).lineJoin('round').lineCap('round');
  if (s.dash) doc.dash(s.dash[0], { space: s.dash[1] });
  for (const seg of segments) {
    if (seg.length === 1) {
      doc.circle(seg[0][0], seg[0][1], width / 2 + 0.4).fill();
      continue;
    }
    doc.moveTo(seg[0][0], seg[0][1]);
    for (let i = 1; i < seg.length; i++) doc.lineTo(seg[i][0], seg[i][1]);
    doc.stroke();
  }
  if (s.dash) doc.undash();
}

function drawBand(doc: Doc, b: ChartBand, xOf: (x: number) => number, yOf: (y: number) => number): void {
  if (b.xs.length < 2) return;
  doc.save();
  doc.fillColor(b.color).fillOpacity(0.18);
  doc.moveTo(xOf(b.xs[0]), yOf(b.highs[0]));
  for (let i = 1; i < b.xs.length; i++) doc.lineTo(xOf(b.xs[i]), yOf(b.highs[i]));
  for (let i = b.xs.length - 1; i >= 0; i--) doc.lineTo(xOf(b.xs[i]), yOf(b.lows[i]));
  doc.closePath().fill();
  doc.restore();
}

/** Decades, and 2 and 5 times them when the axis spans few decades. */
function logTicks(from: number, to: number): number[] {
  const out: number[] = [];
  const decades = Math.log10(to) - Math.log10(from);
  const mult = decades <= 3 ? [1, 2, 5] : [1];
  for (let e = Math.floor(Math.log10(from)); e <= Math.ceil(Math.log10(to)); e++) {
    for (const m of mult) {
      const v = m * 10 ** e;
      if (v >= from && v <= to) out.push(v);
    }
  }
  return out;
}

/** The legend under the plot, entries flowing in rows; answers its height. */
function drawLegend(doc: Doc, o: ChartOptions, x0: number, y0: number, width: number): number {
  const entries: {
    label: string;
    color: string;
    kind: 'line' | 'band' | 'dot';
    dash?: readonly [number, number];
  }[] = [];
  for (const s of o.series)
    if (s.legend !== false) entries.push({ label: s.label, color: s.color, kind: 'line', dash: s.dash });
  for (const e of o.extraLegend ?? [])
    entries.push({ label: e.label, color: e.color, kind: 'line', dash: e.dash });
  for (const b of o.bands ?? []) entries.push({ label: b.label, color: b.color, kind: 'band' });
  for (const d of o.dots ?? []) entries.push({ label: d.label, color: d.color, kind: 'dot' });
  if (entries.length === 0) return 0;
  doc.font(FONT.regular).fontSize(7.5);
  const rowH = 11;
  let x = x0;
  let y = y0 + 2;
  for (const e of entries) {
    const text = printable(e.label);
    const w = 16 + doc.widthOfString(text) + 12;
    if (x + w > x0 + width && x > x0) {
      x = x0;
      y += rowH;
    }
    const cy = y + 4;
    if (e.kind === 'band') {
      doc
        .save()
        .fillColor(e.color)
        .fillOpacity(0.25)
        .rect(x, cy - 3, 13, 6)
        .fill()
        .restore();
    } else if (e.kind === 'dot') {
      doc
        .fillColor(e.color)
        .circle(x + 6.5, cy, 2.4)
        .fill();
    } else {
      doc.lineWidth(1.6).strokeColor(e.color);
      if (e.dash) doc.dash(e.dash[0], { space: e.dash[1] });
      doc
        .moveTo(x, cy)
        .lineTo(x + 13, cy)
        .stroke();
      if (e.dash) doc.undash();
    }
    doc.fillColor(INK.text).text(text, x + 16, y, { lineBreak: false });
    x += w;
  }
  return y + rowH - y0 + 2;
}
