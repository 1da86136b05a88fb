import { finished } from 'node:stream/promises';
import { CONVERSION, formatNumber, HOUR_MS, MISSING_VALUE, unitLabel, withUnitText } from '@sitepulse/domain';
import { zonedFormatter } from '../../../exports/format.ts';
import { drawChart } from '../pdf/chart.ts';
import { INK, paperFor, ReportDoc, SIZE } from '../pdf/document.ts';
import { drawHeading } from '../pdf/heading.ts';
import type { ReportContext } from '../types.ts';
import { BRIDGE_MS } from './compute.ts';
import { type DifferentialData, type DiffPair, type DiffSensor, loadDifferential } from './data.ts';
import { type DifferentialReportType, type DifferentialText, differentialText } from './text.ts';

const LINE_COLOR = '#1f4e8c';
const LIMIT_COLOR = '#b00020';
const CHART_HEIGHT = 165;
const BUCKET_TEXT: Record<string, string> = { '5min': '5 min', '1h': '1 h', '6h': '6 h', '1d': '24 h' };

/** Formatting in the requester's units, language and zone. */
function formatters(ctx: ReportContext, t: DifferentialText) {
  const units = ctx.attributes.units;
  const full = zonedFormatter(ctx.attributes.timeZone);
  const time = (ts: number | null | undefined) =>
    ts === null || ts === undefined ? MISSING_VALUE : full(ts).replace(/:\d\d (AM|PM)$/, ' $1');
  /** a temperature difference in the reader's units: scaled by 1.8 for °F, never offset by 32 */
  const scale = (c: number) => (units === 'Imperial' ? c * CONVERSION.FAHRENHEIT_PER_CELSIUS : c);
  const unit = unitLabel('Temperature', units);
  const diff = (c: number | null | undefined) =>
    c === null || c === undefined ? MISSING_VALUE : withUnitText(formatNumber(scale(c), 1), unit);
  const hours = (ms: number) => t.hours(formatNumber(ms / HOUR_MS, 1));
  return { units, time, scale, unit, diff, hours, t };
}
type Fmt = ReturnType<typeof formatters>;

const sensorCell = (s: DiffSensor, withJob: boolean) =>
  withJob && s.jobName ? `${s.name}\n${s.jobName}` : s.name;

function header(
  r: ReportDoc,
  ctx: ReportContext,
  d: DifferentialData,
  f: Fmt,
  type: DifferentialReportType,
): void {
  const t = f.t;
  drawHeading(r, {
    logo: d.logo,
    companyName: ctx.site.companyName,
    siteName: ctx.site.name,
    title: t.title[type],
    subject: d.subjectName ?? ctx.request.name,
    dateLine: `${t.reportDate}: ${f.time(ctx.request.createdAt)}`,
  });

  const subject =
    type === 'MATURITY_STRENGTH_JOB_DIFFERENTIAL'
      ? { label: t.job, value: d.subjectName ?? MISSING_VALUE }
      : type === 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL'
        ? { label: t.jobGroup, value: d.subjectName ?? MISSING_VALUE }
        : {
            label: t.sensorsChosen,
            value: String(new Set(d.pairs.flatMap((p) => [p.first.id, p.second.id])).size),
          };
  const facts = [
    { label: t.jobSite, value: ctx.site.name },
    { label: t.project, value: d.projectName ?? MISSING_VALUE },
    subject,
    { label: t.period, value: `${f.time(d.from)} – ${f.time(d.to)}` },
    { label: t.units, value: t.unitSystems[f.units] },
    { label: t.timeZone, value: ctx.attributes.timeZone },
    { label: t.limit, value: t.limitValue(f.diff(d.limitC), d.limitIsDefault) },
    {
      label: t.pairsCount,
      value: `${d.pairs.length} (${t.pairing}: ${!d.pairsChosen ? t.pairingDefault : d.pairsStored ? t.pairingStored : t.pairingChosen})`,
    },
    { label: t.requestedBy, value: ctx.request.ownerUsername },
  ];
  r.facts(facts);
  if (type === 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL')
    r.facts([{ label: t.jobs, value: d.jobNames.join(', ') }], 1);
}

function summaryTable(r: ReportDoc, d: DifferentialData, f: Fmt, withJob: boolean): void {
  const t = f.t;
  r.section(t.summary, 40);
  r.table(
    [
      { head: '#', width: 0.4, align: 'right' },
      { head: t.sensor1, width: 2 },
      { head: t.sensor2, width: 2 },
      { head: t.maxDifference, width: 1.3, align: 'right' },
      { head: t.when, width: 1.9 },
      { head: t.timeAbove, width: 1.2, align: 'right' },
      { head: t.periods, width: 1, align: 'right' },
    ],
    d.pairs.map((p, i) => {
      const m = p.result.max;
      return [
        String(i + 1),
        sensorCell(p.first, withJob),
        sensorCell(p.second, withJob),
        m ? f.diff(m.c) : t.noPairData,
        m ? f.time(m.at) : MISSING_VALUE,
        f.hours(p.result.aboveMs),
        String(p.result.periods.length),
      ];
    }),
  );
  r.paragraph(t.note(BUCKET_TEXT[d.bucket] ?? d.bucket), { size: SIZE.small, color: INK.muted });
}

function pairSection(
  r: ReportDoc,
  ctx: ReportContext,
  d: DifferentialData,
  f: Fmt,
  p: DiffPair,
  n: number,
  withJob: boolean,
): void {
  const t = f.t;
  const res = p.result;
  const name = (s: DiffSensor) => (withJob && s.jobName ? `${s.name} (${s.jobName})` : s.name);
  // The heading kept with the figures and the chart below it.
  r.section(t.pairTitle(n, name(p.first), name(p.second)), 40 + CHART_HEIGHT);
  if (res.max === null) r.paragraph(t.noDifference);
  else {
    r.paragraph(
      t.largest(f.diff(res.max.c), f.time(res.max.at), res.max.firstWarmer ? p.first.name : p.second.name),
      { kind: 'bold' },
    );
    r.paragraph(
      res.periods.length > 0
        ? t.aboveFor(formatNumber(res.aboveMs / HOUR_MS, 1), f.diff(d.limitC), res.periods.length)
        : t.neverAbove(f.diff(d.limitC)),
    );
  }
  r.ensure(CHART_HEIGHT + 16);
  r.y += drawChart(r.doc, {
    title: '',
    x: r.left,
    y: r.y - 8,
    width: r.width,
    height: CHART_HEIGHT,
    xAxis: {
      kind: 'time',
      from: d.from,
      to: d.to,
      timeZone: ctx.attributes.timeZone,
      label: t.time(ctx.attributes.timeZone),
    },
    yLabel: `${t.difference} (${f.unit})`,
    yFromZero: true,
    // Hourly or daily buckets of a long range follow each other without a gap in the data.
    maxGap: Math.max(BRIDGE_MS, 1.5 * d.bucketMs),
    series: [
      {
        label: t.differenceOf(p.first.name, p.second.name),
        color: LINE_COLOR,
        width: 1.2,
        xs: res.xs,
        ys: res.diffs.map((v) => (v === null ? null : f.scale(v))),
      },
    ],
    marks: [{ value: f.scale(d.limitC), label: `${t.limit} ${f.diff(d.limitC)}`, color: LIMIT_COLOR }],
    extraLegend: [{ label: `${t.limit} ${f.diff(d.limitC)}`, color: LIMIT_COLOR, dash: [5, 3] }],
    emptyText: t.noDifference,
  });
  if (res.periods.length === 0) return;
  r.paragraph(t.exceeded, { kind: 'bold', size: SIZE.body, gap: 2 });
  r.table(
    [
      { head: '#', width: 0.4, align: 'right' },
      { head: t.start, width: 2 },
      { head: t.end, width: 2 },
      { head: t.duration, width: 1, align: 'right' },
      { head: t.peak, width: 2.4 },
    ],
    res.periods.map((x, i) => [
      String(i + 1),
      f.time(x.start),
      `${f.time(x.end)}${x.openEnded ? ` ${t.untilEnd}` : ''}`,
      f.hours(x.end - x.start),
      `${f.diff(x.peakC)} · ${f.time(x.peakAt)}`,
    ]),
  );
}

function disclaimerSection(r: ReportDoc, d: DifferentialData, f: Fmt): void {
  const texts = d.disclaimer === f.t.disclaimer ? [d.disclaimer] : [d.disclaimer, f.t.disclaimer];
  const w = r.width - 16;
  const h = texts.reduce((s, x) => s + r.heightOf(x, w, 'regular', SIZE.small) + 4, 0);
  r.y += 10;
  r.ensure(h + 30);
  const top = r.y;
  r.doc
    .rect(r.left, top, r.width, h + 24)
    .lineWidth(0.7)
    .strokeColor(INK.rule)
    .stroke();
  r.y += 6;
  r.paragraph(f.t.disclaimerTitle, { kind: 'bold', size: SIZE.body, x: r.left + 8, width: w, gap: 2 });
  for (const x of texts) r.paragraph(x, { size: SIZE.small, x: r.left + 8, width: w });
  r.y = top + h + 30;
}

/** Makes one differential PDF report into ctx.out. */
export async function generateDifferentialPdf(
  ctx: ReportContext,
  type: DifferentialReportType,
): Promise<void> {
  const t = differentialText(ctx.attributes.language);
  ctx.signal.throwIfAborted();
  const d = await loadDifferential(ctx, type, t);
  const f = formatters(ctx, t);
  const withJob = type === 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL';
  const subject = d.subjectName ?? ctx.request.name;

  const r = new ReportDoc({
    size: paperFor(ctx.attributes.units, ctx.attributes.timeZone),
    title: `${t.title[type]}: ${subject}`,
    author: ctx.site.companyName,
    subject: `${ctx.site.name} · ${d.projectName ?? ''} · ${subject}`,
    runningHead: `${ctx.site.companyName} · ${ctx.site.name} · ${subject} · ${t.title[type]}`,
  });
  const done = finished(ctx.out);
  r.doc.pipe(ctx.out);

  header(r, ctx, d, f, type);
  summaryTable(r, d, f, withJob);
  d.pairs.forEach((p, i) => {
    ctx.signal.throwIfAborted();
    pairSection(r, ctx, d, f, p, i + 1, withJob);
  });
  disclaimerSection(r, d, f);
  ctx.signal.throwIfAborted();

  r.footers(t.page, `${ctx.request.name} · ${f.time(ctx.request.createdAt)}`);
  r.doc.end();
  await done;
}
