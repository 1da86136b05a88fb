import { finished } from 'node:stream/promises';
import type { MsjMeasurementTimeSeries, MsjSensorData, TargetForecast } from '@sitepulse/contracts';
import {
  CONVERSION,
  convert,
  DIFFERENTIAL_LIMIT_C,
  FORECAST_WINDOW_MS,
  formatMeasurementWithUnit,
  formatNumber,
  HOUR_MS,
  MISSING_VALUE,
  sensorDisplayName,
  unitLabel,
  withUnitText,
} from '@sitepulse/domain';
import { zonedFormatter } from '../../../exports/format.ts';
import type { ReportContext } from '../types.ts';
import { type ChartMark, type ChartSeries, drawChart, PALETTE } from './chart.ts';
import { type JobReportData, loadJobReport } from './data.ts';
import { INK, paperFor, printable, ReportDoc, SIZE } from './document.ts';
import { drawHeading } from './heading.ts';
import { type PdfReportType, type PdfText, pdfText } from './text.ts';

/** More sensors than this are drawn alike in grey, under one legend entry: a legend of 40 colours reads as none. */
const LEGEND_SENSORS_MAX = 10;
const MANY_SENSORS_COLOR = '#a8a8a8';
const TARGET_COLORS = ['#b00020', '#6a1b9a', '#00695c', '#e65100'];
const AVERAGE_COLOR = '#111111';
const FORECAST_COLOR = '#1565c0';
/** A line of readings is drawn across missing buckets up to this long (a missed uplink or two). */
const LINE_GAP_MS = 2 * HOUR_MS;

/** What each type holds (docs/decisions/reports.md, "PDF reports"). */
const CONTENT: Record<
  PdfReportType,
  { wholeJob: boolean; strengthChart: boolean; differentials: boolean; forecast: boolean; signoffs: boolean }
> = {
  // The whole job, from its start to its end (or now): strength, temperatures, targets reached, profile.
  CS_JOB_REPORT: {
    wholeJob: true,
    strengthChart: true,
    differentials: false,
    forecast: false,
    signoffs: false,
  },
  // The requested period: the same, plus the forecast of each target and the sign-offs.
  CS_POUR_REPORT: {
    wholeJob: false,
    strengthChart: true,
    differentials: false,
    forecast: true,
    signoffs: true,
  },
  // The requested period, temperature first: the differences between sensors against the limit; the
  // strength only as figures (targets, forecast, sign-offs), no strength chart.
  T_POUR_REPORT: {
    wholeJob: false,
    strengthChart: false,
    differentials: true,
    forecast: true,
    signoffs: true,
  },
};

/** Formatting in the requester's units, language and zone. */
function formatters(ctx: ReportContext, t: PdfText) {
  const units = ctx.attributes.units;
  const full = zonedFormatter(ctx.attributes.timeZone);
  const time = (ts: number | null | undefined) =>
    ts === null || ts === undefined ? MISSING_VALUE : full(ts).replace(/:\d\d (AM|PM)$/, ' $1');
  const strength = (mpa: number | null | undefined) => formatMeasurementWithUnit('Strength', mpa, units);
  const temperature = (c: number | null | undefined) => formatMeasurementWithUnit('Temperature', c, units);
  /** a temperature difference: scaled, never offset */
  const tempDiff = (c: number) =>
    withUnitText(
      formatNumber(units === 'Imperial' ? c * CONVERSION.FAHRENHEIT_PER_CELSIUS : c, 1),
      unitLabel('Temperature', units),
    );
  return { units, time, strength, temperature, tempDiff, t };
}
type Fmt = ReturnType<typeof formatters>;

/** The maturity of the job's function in the requester's units: °C·h / °F·h, or hours of equivalent age. */
function maturityText(
  fn: string | null,
  maturity: number | null,
  equivalentAge: number | null,
  f: Fmt,
): string {
  if (fn === 'EQUIVALENT_AGE') return withUnitText(formatNumber(equivalentAge, 1), 'h');
  return formatMeasurementWithUnit('Maturity', maturity, f.units);
}

const stateOf = (s: MsjSensorData, t: PdfText) =>
  s.decommissioned ? t.decommissioned : s.blacklisted ? t.blacklisted : t.counted;

/** A sensor's lowest and highest reading in the period and the bucket each fell in. */
function extremesOf(series: MsjMeasurementTimeSeries, sensorId: number) {
  const s = series.series.find((x) => x.sensorId === sensorId);
  let min: { v: number; at: number } | null = null;
  let max: { v: number; at: number } | null = null;
  if (!s) return { min, max };
  for (let i = 0; i < series.points; i++) {
    const lo = s.min[i] ?? s.avg[i];
    const hi = s.max[i] ?? s.avg[i];
    const at = series.start + i * series.bucketMs;
    if (lo !== null && lo !== undefined && (min === null || lo < min.v)) min = { v: lo, at };
    if (hi !== null && hi !== undefined && (max === null || hi > max.v)) max = { v: hi, at };
  }
  return { min, max };
}

function targetLabel(tg: TargetForecast, f: Fmt): string {
  return `${f.t.kind[tg.kind]}${tg.primary ? ` (${f.t.primary})` : ''}`;
}

function targetStrength(tg: TargetForecast, f: Fmt): string {
  const mine = f.strength(tg.strengthMpa);
  const mineUnit = unitLabel('Strength', f.units);
  if (tg.enteredUnit === mineUnit) return mine;
  const entered = withUnitText(
    formatNumber(tg.enteredValue, tg.enteredUnit === 'psi' ? 0 : 1),
    tg.enteredUnit,
  );
  return `${mine} (${f.t.asSet(entered)})`;
}

function header(r: ReportDoc, ctx: ReportContext, d: JobReportData, f: Fmt, type: PdfReportType): void {
  const t = f.t;
  drawHeading(r, {
    logo: d.logo,
    companyName: ctx.site.companyName,
    siteName: ctx.site.name,
    title: t.title[type],
    subject: d.job.channelJobName,
    dateLine: `${t.reportDate}: ${f.time(ctx.request.createdAt)}`,
  });

  const period = `${f.time(d.from)} – ${f.time(d.to)}`;
  r.facts([
    { label: t.jobSite, value: ctx.site.name },
    { label: t.project, value: d.projectName ?? MISSING_VALUE },
    { label: t.job, value: d.job.channelJobName },
    { label: t.period, value: CONTENT[type].wholeJob ? `${period} (${t.wholeJob})` : period },
    { label: t.profile, value: d.job.concreteProfileName ?? MISSING_VALUE },
    { label: t.node, value: d.job.nodeName ?? String(d.job.nodeId) },
    { label: t.units, value: t.unitSystems[f.units] },
    { label: t.timeZone, value: ctx.attributes.timeZone },
    { label: t.requestedBy, value: ctx.request.ownerUsername },
  ]);
}

function summary(r: ReportDoc, d: JobReportData, f: Fmt): void {
  const t = f.t;
  const j = d.job;
  const min = d.extremities.find((e) => e.aggregateType === 'MIN');
  const max = d.extremities.find((e) => e.aggregateType === 'MAX');
  const ext = (e: typeof min) =>
    e ? `${f.temperature(e.extremity)} · ${sensorDisplayName(e)} · ${f.time(e.timestamp)}` : MISSING_VALUE;
  r.section(t.summary, 50);
  r.facts([
    ...(d.strengthShown ? [{ label: t.strengthNow, value: f.strength(j.latestStrength) }] : []),
    {
      label: t.maturityNow,
      value: maturityText(j.maturityFunction, j.latestMaturityIndex, j.latestEquivalentAge, f),
    },
    { label: t.temperatureNow, value: f.temperature(j.latestAverageTemperature) },
    { label: t.sensorsCounted, value: `${j.sensorCount} / ${j.sensors.length}` },
    { label: t.latestReading, value: f.time(j.latestTimestamp) },
    { label: t.started, value: f.time(j.startDate) },
    { label: t.coldest, value: ext(min) },
    { label: t.warmest, value: ext(max) },
  ]);
  if (j.outsideCalibration) r.paragraph(t.outsideCalibration, { kind: 'italic', color: '#b00020' });
  const excluded = j.sensors.filter((s) => !s.counted).length;
  if (excluded > 0) r.paragraph(t.excludedSensors(excluded), { size: SIZE.small, color: INK.muted });
}

/** One line per sensor, coloured; past LEGEND_SENSORS_MAX they share one legend entry. */
function sensorLines(
  names: readonly string[],
  xs: readonly number[],
  values: readonly (readonly (number | null)[])[],
  t: PdfText,
): { series: ChartSeries[]; extra: { label: string; color: string }[] } {
  const many = names.length > LEGEND_SENSORS_MAX;
  return {
    series: names.map((name, i) => ({
      label: name,
      color: many ? MANY_SENSORS_COLOR : PALETTE[i % PALETTE.length],
      width: many ? 0.6 : 0.8,
      xs,
      ys: values[i],
      legend: !many,
    })),
    extra: many ? [{ label: t.eachSensor(names.length), color: MANY_SENSORS_COLOR }] : [],
  };
}

function strengthChart(
  r: ReportDoc,
  ctx: ReportContext,
  d: JobReportData,
  f: Fmt,
  withForecast: boolean,
): void {
  const t = f.t;
  const s = d.strength;
  const hasStrength = d.job.concreteProfile !== null && s.average.strength != null;
  const xs = Array.from({ length: s.points }, (_, i) => s.start + i * s.bucketMs);
  const equivalentAge = s.maturityFunction === 'EQUIVALENT_AGE';
  const conv = (v: number | null) =>
    v === null
      ? null
      : hasStrength
        ? convert('Strength', v, f.units)
        : equivalentAge
          ? v
          : convert('Maturity', v, f.units);
  const pick = (band: { avg: (number | null)[] } | null | undefined) => (band?.avg ?? []).map(conv);
  const key = hasStrength ? 'strength' : equivalentAge ? 'equivalentAge' : 'maturity';
  const perSensor = sensorLines(
    s.series.map((x) => sensorDisplayName(x)),
    xs,
    s.series.map((x) => pick(x[key] as { avg: (number | null)[] } | null | undefined)),
    t,
  );
  const unit = hasStrength
    ? unitLabel('Strength', f.units)
    : equivalentAge
      ? 'h'
      : unitLabel('Maturity', f.units);
  const marks: ChartMark[] = hasStrength
    ? d.forecast.targets.map((tg, i) => ({
        value: convert('Strength', tg.strengthMpa, f.units),
        label: `${t.kind[tg.kind]} ${f.strength(tg.strengthMpa)}`,
        color: TARGET_COLORS[i % TARGET_COLORS.length],
      }))
    : [];
  // The projection is drawn when the period reaches the time the forecast was made.
  const projection =
    withForecast && hasStrength && d.to >= d.forecast.computedAt - HOUR_MS ? d.forecast.projection : [];
  const xTo = projection.length > 0 ? Math.max(d.to, projection[projection.length - 1].t) : d.to;
  const px = projection.map((p) => p.t);
  const series: ChartSeries[] = [
    ...perSensor.series,
    {
      label: t.jobAverage,
      color: AVERAGE_COLOR,
      width: 2,
      xs,
      ys: pick((s.average as Record<string, { avg: (number | null)[] } | null | undefined>)[key]),
    },
  ];
  if (projection.length > 0)
    series.push({
      label: t.forecast,
      color: FORECAST_COLOR,
      width: 1.6,
      dash: [4, 3],
      xs: px,
      ys: projection.map((p) => convert('Strength', p.mid, f.units)),
    });
  r.section(hasStrength ? t.strengthChart : t.maturityChart, 240);
  r.y += drawChart(r.doc, {
    title: '',
    x: r.left,
    y: r.y - 10,
    width: r.width,
    height: 240,
    xAxis: {
      kind: 'time',
      from: d.from,
      to: xTo,
      timeZone: ctx.attributes.timeZone,
      label: t.time(ctx.attributes.timeZone),
    },
    yLabel: `${hasStrength ? t.strength : t.maturity} (${unit})`,
    yFromZero: true,
    maxGap: Math.max(LINE_GAP_MS, 1.5 * s.bucketMs),
    series,
    bands:
      projection.length > 0
        ? [
            {
              label: t.forecastRange,
              color: FORECAST_COLOR,
              xs: px,
              lows: projection.map((p) => convert('Strength', p.low, f.units)),
              highs: projection.map((p) => convert('Strength', p.high, f.units)),
            },
          ]
        : [],
    marks,
    extraLegend: perSensor.extra,
    emptyText: t.noData,
  });
  r.y += 2;
}

/** The counted sensors' temperature lines and their average per bucket (in the requester's units). */
function temperatureLines(d: JobReportData, f: Fmt) {
  const m = d.temperature;
  const counted = new Set(d.job.sensors.filter((s) => s.counted).map((s) => s.sensorId));
  const series = m.series.filter((s) => counted.has(s.sensorId));
  const xs = Array.from({ length: m.points }, (_, i) => m.start + i * m.bucketMs);
  const values = series.map((s) =>
    s.avg.map((v) => (v === null ? null : convert('Temperature', v, f.units))),
  );
  const average = xs.map((_, i) => {
    let n = 0;
    let sum = 0;
    for (const v of values) {
      const x = v[i];
      if (x === null) continue;
      n++;
      sum += x;
    }
    return n > 0 ? sum / n : null;
  });
  return { xs, series, values, average };
}

function temperatureChart(r: ReportDoc, ctx: ReportContext, d: JobReportData, f: Fmt, height: number): void {
  const t = f.t;
  const { xs, series, values, average } = temperatureLines(d, f);
  const lines = sensorLines(
    series.map((s) => sensorDisplayName(s)),
    xs,
    values,
    t,
  );
  r.section(t.temperatureChart, height);
  r.y += drawChart(r.doc, {
    title: '',
    x: r.left,
    y: r.y - 10,
    width: r.width,
    height,
    xAxis: {
      kind: 'time',
      from: d.from,
      to: d.to,
      timeZone: ctx.attributes.timeZone,
      label: t.time(ctx.attributes.timeZone),
    },
    yLabel: `${t.temperature} (${unitLabel('Temperature', f.units)})`,
    maxGap: Math.max(LINE_GAP_MS, 1.5 * d.temperature.bucketMs),
    series: [...lines.series, { label: t.jobAverage, color: AVERAGE_COLOR, width: 2, xs, ys: average }],
    extraLegend: lines.extra,
    emptyText: t.noData,
  });
  r.y += 2;
}

const BUCKET_TEXT: Record<string, string> = { '5min': '5 min', '1h': '1 h', '6h': '6 h', '1d': '24 h' };

/** The largest difference between counted sensors, bucket by bucket, against the limit (T_POUR_REPORT). */
function differentials(r: ReportDoc, ctx: ReportContext, d: JobReportData, f: Fmt): void {
  const t = f.t;
  const m = d.temperature;
  const counted = new Set(d.job.sensors.filter((s) => s.counted).map((s) => s.sensorId));
  const series = m.series.filter((s) => counted.has(s.sensorId));
  // The ACI figure is 35 °F; 19.4 °C is its metric rounding: each reads its own round figure.
  const limitC =
    ctx.attributes.limitC ??
    (f.units === 'Imperial' ? 35 / CONVERSION.FAHRENHEIT_PER_CELSIUS : DIFFERENTIAL_LIMIT_C);
  const xs = Array.from({ length: m.points }, (_, i) => m.start + i * m.bucketMs);
  const diffs: (number | null)[] = [];
  let worst: { v: number; at: number; a: number; b: number } | null = null;
  for (let i = 0; i < m.points; i++) {
    let lo: { v: number; k: number } | null = null;
    let hi: { v: number; k: number } | null = null;
    for (let k = 0; k < series.length; k++) {
      const v = series[k].avg[i];
      if (v === null || v === undefined) continue;
      if (lo === null || v < lo.v) lo = { v, k };
      if (hi === null || v > hi.v) hi = { v, k };
    }
    if (lo === null || hi === null || lo.k === hi.k) {
      diffs.push(null);
      continue;
    }
    const diff = hi.v - lo.v;
    diffs.push(diff);
    if (worst === null || diff > worst.v) worst = { v: diff, at: xs[i], a: hi.k, b: lo.k };
  }
  // Time above the limit: each compared bucket counts until the next one (readings come every 15
  // minutes onto a 5-minute grid), never longer than the gap a line is drawn across.
  const maxGap = Math.max(LINE_GAP_MS, 1.5 * m.bucketMs);
  const compared = diffs.flatMap((v, i) => (v === null ? [] : [i]));
  let overMs = 0;
  compared.forEach((i, n) => {
    if ((diffs[i] as number) <= limitC) return;
    const next = compared[n + 1];
    const span = next === undefined ? m.bucketMs : (next - i) * m.bucketMs;
    overMs += span > maxGap ? m.bucketMs : span;
  });
  const scale = (c: number) => (f.units === 'Imperial' ? c * CONVERSION.FAHRENHEIT_PER_CELSIUS : c);
  const unit = unitLabel('Temperature', f.units);
  r.section(t.differentialChart, 170);
  r.y += drawChart(r.doc, {
    title: '',
    x: r.left,
    y: r.y - 10,
    width: r.width,
    height: 170,
    xAxis: {
      kind: 'time',
      from: d.from,
      to: d.to,
      timeZone: ctx.attributes.timeZone,
      label: t.time(ctx.attributes.timeZone),
    },
    yLabel: `${t.difference} (${unit})`,
    yFromZero: true,
    series: [
      {
        label: t.difference,
        color: AVERAGE_COLOR,
        width: 1.4,
        xs,
        ys: diffs.map((v) => (v === null ? null : scale(v))),
      },
    ],
    maxGap,
    marks: [{ value: scale(limitC), label: `${t.limit} ${f.tempDiff(limitC)}`, color: TARGET_COLORS[0] }],
    emptyText: t.noDifference,
  });
  r.y += 2;
  const names = series.map((s) => sensorDisplayName(s));
  if (worst === null) r.paragraph(t.noDifference);
  else {
    r.paragraph(t.largestDifference(f.tempDiff(worst.v), names[worst.a], names[worst.b], f.time(worst.at)), {
      kind: 'bold',
    });
    r.paragraph(
      overMs > 0
        ? t.aboveLimit(f.tempDiff(limitC), formatNumber(overMs / HOUR_MS, 1))
        : t.neverAboveLimit(f.tempDiff(limitC)),
    );
  }
  r.paragraph(t.differentialNote(BUCKET_TEXT[m.bucket] ?? m.bucket), { size: SIZE.small, color: INK.muted });
}

function sensorTable(r: ReportDoc, d: JobReportData, f: Fmt, temperatureFirst: boolean): void {
  const t = f.t;
  r.section(t.sensors, 40);
  if (d.job.sensors.length === 0) {
    r.paragraph(t.noSensors);
    return;
  }
  const forecastBy = new Map(d.forecast.sensors.map((s) => [s.sensorId, s]));
  const ext = (e: { v: number; at: number } | null) =>
    e ? `${f.temperature(e.v)}\n${f.time(e.at)}` : MISSING_VALUE;
  const rows = d.job.sensors.map((s) => {
    const { min, max } = extremesOf(d.temperature, s.sensorId);
    const reached = (forecastBy.get(s.sensorId)?.targets ?? [])
      .filter((tg) => tg.state === 'REACHED')
      .map((tg) => `${t.kind[tg.kind]}\n${f.time(tg.reachedAt)}`);
    const name = sensorDisplayName(s);
    const maturity = maturityText(d.job.maturityFunction, s.maturity, s.equivalentAge, f);
    return temperatureFirst
      ? [
          name,
          stateOf(s, t),
          `${f.temperature(s.value)}\n${f.time(s.timestamp)}`,
          ext(min),
          ext(max),
          f.strength(s.strength),
        ]
      : [
          name,
          stateOf(s, t),
          maturity,
          f.strength(s.strength),
          ext(min),
          ext(max),
          reached.join('\n') || MISSING_VALUE,
        ];
  });
  const columns: { head: string; width: number; align?: 'left' | 'right' }[] = temperatureFirst
    ? [
        { head: t.sensor, width: 2.2 },
        { head: t.state, width: 1.3 },
        { head: t.latestTemperature, width: 1.9 },
        { head: t.minTemperature, width: 1.9 },
        { head: t.maxTemperature, width: 1.9 },
        { head: t.strength, width: 1.2, align: 'right' },
      ]
    : [
        { head: t.sensor, width: 1.8 },
        { head: t.state, width: 1.1 },
        { head: t.maturity, width: 1.3, align: 'right' },
        { head: t.strength, width: 1.1, align: 'right' },
        { head: t.minTemperature, width: 2.1 },
        { head: t.maxTemperature, width: 2.1 },
        { head: t.targetsReached, width: 2.3 },
      ];
  // Without strength (module spec): no strength column, nor the strength targets each sensor reached.
  const strengthColumns = new Set([t.strength, t.targetsReached]);
  const keep = columns.map((c) => d.strengthShown || !strengthColumns.has(c.head));
  r.table(
    columns.filter((_, i) => keep[i]),
    rows.map((row) => row.filter((_, i) => keep[i])),
  );
}

function targetsSection(r: ReportDoc, d: JobReportData, f: Fmt, withForecast: boolean): void {
  const t = f.t;
  const fc = d.forecast;
  r.section(withForecast ? t.forecastTitle : t.targets, 40);
  if (fc.targets.length === 0) {
    r.paragraph(t.noTargets);
    if (withForecast && fc.state !== 'FORECAST') r.paragraph(t.forecastReason[fc.state]);
    return;
  }
  const reached = (tg: TargetForecast) => (tg.state === 'REACHED' ? f.time(tg.reachedAt) : t.notReached);
  const rows = fc.targets.map((tg) => {
    const base = [targetLabel(tg, f), targetStrength(tg, f), reached(tg)];
    if (!withForecast) return base;
    const expected =
      tg.state === 'FORECAST'
        ? f.time(tg.expectedAt)
        : tg.state === 'REACHED'
          ? MISSING_VALUE
          : t.forecastReason[tg.state];
    const range =
      tg.state === 'FORECAST' && tg.earliestAt !== null && tg.latestAt !== null
        ? `${f.time(tg.earliestAt)} –\n${f.time(tg.latestAt)}`
        : MISSING_VALUE;
    return [...base, expected, range];
  });
  r.table(
    withForecast
      ? [
          { head: t.target, width: 2 },
          { head: t.strength, width: 2 },
          { head: t.reachedAt, width: 1.6 },
          { head: t.expectedAt, width: 2 },
          { head: t.range, width: 2 },
        ]
      : [
          { head: t.target, width: 2 },
          { head: t.strength, width: 2 },
          { head: t.reachedAt, width: 2 },
        ],
    rows,
  );
  if (withForecast) {
    if (fc.recent) {
      r.paragraph(
        t.forecastFrom(
          formatNumber(FORECAST_WINDOW_MS / HOUR_MS, 0),
          f.temperature(fc.recent.meanC),
          f.temperature(fc.recent.lowC),
          f.temperature(fc.recent.highC),
        ),
        { size: SIZE.small },
      );
    }
    if (fc.state !== 'FORECAST') r.paragraph(t.forecastReason[fc.state], { size: SIZE.small });
    r.paragraph(t.computedAt(f.time(fc.computedAt)), { size: SIZE.small, color: INK.muted });
  }
}

function signoffsSection(r: ReportDoc, d: JobReportData, f: Fmt): void {
  const t = f.t;
  r.section(t.signoffs, 40);
  const list = d.signoffs ?? [];
  if (list.length === 0) {
    r.paragraph(t.noSignoffs);
    return;
  }
  // Without strength (module spec): no "at strength" column.
  const withStrength = d.strengthShown;
  r.table(
    [
      { head: t.decisionHead, width: 2 },
      { head: t.by, width: 1.8 },
      { head: t.when, width: 1.8 },
      ...(withStrength ? [{ head: t.atStrength, width: 1.4, align: 'right' as const }] : []),
      { head: t.note, width: 3 },
    ],
    list.map((s) => [
      `${t.decision[s.decision]}${s.supersededById !== null ? `\n(${t.superseded})` : ''}`,
      s.userName,
      f.time(s.createdAt),
      ...(withStrength ? [f.strength(s.strengthMpa)] : []),
      s.note || MISSING_VALUE,
    ]),
  );
}

function profileSection(r: ReportDoc, d: JobReportData, f: Fmt, withChart: boolean): void {
  const t = f.t;
  const p = d.job.concreteProfile;
  r.section(t.profileTitle, withChart ? 190 : 60);
  if (!p) {
    r.paragraph(t.noProfile);
    return;
  }
  const ea = p.maturityFunction === 'EQUIVALENT_AGE';
  const mUnitMetric = ea ? 'h' : unitLabel('Maturity', 'Metric');
  const curve = (a: number, b: number, decimals: number) =>
    `S = ${formatNumber(a, decimals)} ${b < 0 ? '-' : '+'} ${formatNumber(Math.abs(b), decimals)} · log10(M)`;
  const lines = [`${curve(p.a, p.b, 2)}  (${t.curveIn('MPa', mUnitMetric)})`];
  if (f.units === 'Imperial') {
    // The same curve with M in °F·h and S in psi: log10(M °C·h) = log10(M °F·h) − log10(1.8).
    const k = CONVERSION.PSI_PER_MPA;
    const shift = ea ? 0 : p.b * Math.log10(CONVERSION.FAHRENHEIT_PER_CELSIUS);
    lines.push(
      `${curve((p.a - shift) * k, p.b * k, 0)}  (${t.curveIn('psi', ea ? 'h' : unitLabel('Maturity', 'Imperial'))})`,
    );
  }
  const mText = (m: number | null) =>
    ea ? withUnitText(formatNumber(m, 1), 'h') : formatMeasurementWithUnit('Maturity', m, f.units);
  r.facts([
    { label: t.profileName, value: p.name },
    { label: t.functionLabel, value: t.maturityFunction[p.maturityFunction] },
    ea
      ? {
          label: `${t.activationEnergy} / ${t.referenceTemperature}`,
          value: `${formatNumber(p.activationEnergy, 0)} J/mol / ${f.temperature(p.referenceTemperature)}`,
        }
      : { label: t.datumTemperature, value: f.temperature(p.datumTemperature) },
    ...(d.strengthShown
      ? [{ label: t.r2, value: p.r2 === null ? MISSING_VALUE : formatNumber(p.r2, 3) }]
      : []),
    { label: t.calibratedRange, value: `${mText(p.minMaturity)} – ${mText(p.maxMaturity)}` },
  ]);
  // Without strength (module spec): the maturity facts only, no strength curve nor lab breaks.
  if (!d.strengthShown) return;
  // The curve on its own full-width lines: a formula broken across a narrow column reads badly.
  r.paragraph(t.curve, { size: SIZE.tiny, color: INK.muted, gap: 1 });
  for (const line of lines) r.paragraph(line, { kind: 'bold', gap: 2 });
  r.y += 4;
  if (!withChart || p.breaks.length === 0) return;
  const ms = p.breaks.map((b) => b.maturity);
  const lo = Math.min(...ms) / 2;
  const hi = Math.max(...ms) * 2;
  const mConv = (m: number) => (ea ? m : convert('Maturity', m, f.units));
  const fitXs = Array.from({ length: 60 }, (_, i) => lo * (hi / lo) ** (i / 59));
  r.ensure(180);
  const top = r.y;
  // The lab breaks as figures, beside the chart.
  const listX = r.left + r.width * 0.68;
  const listW = r.width * 0.32;
  breaksList(
    r,
    { x: listX, y: top, width: listW, height: 170 },
    t.labBreaks,
    [t.maturity, t.strength],
    [...p.breaks]
      .sort((a, b) => a.maturity - b.maturity)
      .map((b) => [mText(b.maturity), f.strength(b.strength)]),
  );
  r.y = top;
  r.y += drawChart(r.doc, {
    title: t.profileChart,
    x: r.left,
    y: r.y,
    width: r.width * 0.62,
    height: 170,
    xAxis: {
      kind: 'log',
      from: mConv(lo),
      to: mConv(hi),
      label: `${t.maturity} (${ea ? 'h' : unitLabel('Maturity', f.units)})`,
      format: (v) => formatNumber(v, v < 10 ? 1 : 0),
    },
    yLabel: `${t.strength} (${unitLabel('Strength', f.units)})`,
    yFromZero: true,
    series: [
      {
        label: t.curve,
        color: FORECAST_COLOR,
        width: 1.4,
        xs: fitXs.map(mConv),
        ys: fitXs.map((m) => convert('Strength', p.a + p.b * Math.log10(m), f.units)),
      },
    ],
    dots: [
      {
        label: t.labBreaks,
        color: '#b00020',
        xs: p.breaks.map((b) => mConv(b.maturity)),
        ys: p.breaks.map((b) => convert('Strength', b.strength, f.units)),
      },
    ],
    emptyText: t.noData,
  });
}

/** Two columns of figures in a box of the page, as many rows as fit, then how many more there are. */
function breaksList(
  r: ReportDoc,
  box: { x: number; y: number; width: number; height: number },
  title: string,
  heads: readonly [string, string],
  rows: readonly [string, string][],
): void {
  const { doc } = r;
  const rowH = 10.5;
  const fit = Math.max(1, Math.floor((box.height - 2 * rowH - 4) / rowH));
  const shown = rows.length > fit ? rows.slice(0, fit - 1) : rows;
  const half = box.width / 2;
  r.font('bold', 9.5);
  doc.text(printable(title), box.x, box.y, { width: box.width, lineBreak: false });
  let y = box.y + 14;
  r.font('bold', SIZE.tiny, INK.muted);
  doc.text(printable(heads[0]), box.x, y, { width: half - 4, align: 'right', lineBreak: false });
  doc.text(printable(heads[1]), box.x + half, y, { width: half - 4, align: 'right', lineBreak: false });
  y += rowH;
  r.font('regular', SIZE.small);
  for (const [a, b] of shown) {
    doc.text(printable(a), box.x, y, { width: half - 4, align: 'right', lineBreak: false });
    doc.text(printable(b), box.x + half, y, { width: half - 4, align: 'right', lineBreak: false });
    y += rowH;
  }
  if (shown.length < rows.length) {
    r.font('italic', SIZE.tiny, INK.muted);
    doc.text(`+ ${rows.length - shown.length}`, box.x, y, {
      width: half - 4,
      align: 'right',
      lineBreak: false,
    });
  }
}

function disclaimerSection(r: ReportDoc, d: JobReportData, f: Fmt): void {
  const h = r.heightOf(d.disclaimer, r.width - 16, 'regular', SIZE.small);
  r.y += 10;
  r.ensure(h + 30);
  const top = r.y;
  r.doc
    .rect(r.left, top, r.width, h + 26)
    .lineWidth(0.7)
    .strokeColor(INK.rule)
    .stroke();
  r.y += 6;
  r.paragraph(f.t.disclaimerTitle, {
    kind: 'bold',
    size: SIZE.body,
    x: r.left + 8,
    width: r.width - 16,
    gap: 2,
  });
  r.paragraph(d.disclaimer, { size: SIZE.small, x: r.left + 8, width: r.width - 16 });
  r.y = top + h + 32;
}

/** Makes one PDF report of a maturity job into ctx.out. */
export async function generateJobPdf(ctx: ReportContext, type: PdfReportType): Promise<void> {
  const t = pdfText(ctx.attributes.language);
  const content = CONTENT[type];
  ctx.signal.throwIfAborted();
  const d = await loadJobReport(ctx, t, { wholeJob: content.wholeJob, signoffs: content.signoffs });
  const f = formatters(ctx, t);

  const r = new ReportDoc({
    size: paperFor(ctx.attributes.units, ctx.attributes.timeZone),
    title: `${t.title[type]}: ${d.job.channelJobName}`,
    author: ctx.site.companyName,
    subject: `${ctx.site.name} · ${d.projectName ?? ''} · ${d.job.channelJobName}`,
    runningHead: `${ctx.site.companyName} · ${ctx.site.name} · ${d.job.channelJobName} · ${t.title[type]}`,
  });
  const done = finished(ctx.out);
  r.doc.pipe(ctx.out);

  header(r, ctx, d, f, type);
  summary(r, d, f);
  ctx.signal.throwIfAborted();
  if (content.strengthChart) strengthChart(r, ctx, d, f, content.forecast);
  temperatureChart(r, ctx, d, f, content.differentials ? 230 : 200);
  if (content.differentials) differentials(r, ctx, d, f);
  ctx.signal.throwIfAborted();
  sensorTable(r, d, f, content.differentials);
  ctx.signal.throwIfAborted();
  // The targets and their forecast are strengths: left out when the module spec turns strength off.
  if (d.strengthShown) targetsSection(r, d, f, content.forecast);
  if (content.signoffs) signoffsSection(r, d, f);
  profileSection(r, d, f, content.strengthChart);
  disclaimerSection(r, d, f);
  ctx.signal.throwIfAborted();

  r.footers(t.page, `${ctx.request.name} · ${f.time(ctx.request.createdAt)}`);
  r.doc.end();
  await done;
}
