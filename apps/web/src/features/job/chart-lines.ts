import { combineBands, type JobTargetKind, type SensorBand, sensorDisplayName } from '@sitepulse/domain';
import type { ChartBand, ChartGrid, ChartLine } from '../../components/charts/TimeChart.tsx';

/** Per-sensor line colours (colour-blind safe, Okabe–Ito), reused in turn. */
export const SENSOR_COLOURS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
];
/** The job average line, and the lowest/highest sensor lines drawn beside it. */
export const AVERAGE_COLOUR = '#1b3a57';
export const MIN_COLOUR = '#1e88e5';
export const MAX_COLOUR = '#e53935';
/** Target lines: singular/high in green, medium amber, low grey-blue. */
export const TARGET_COLOURS = {
  singular: '#2e7d32',
  high: '#2e7d32',
  medium: '#f57c00',
  low: '#607d8b',
} as const;

/** The line of each kind of strength target (the forecast's targets), in the order a pour reaches them. */
export const TARGET_KIND_COLOURS: Record<JobTargetKind, string> = {
  STRIPPING: '#2e7d32',
  POST_TENSIONING: '#6a1b9a',
  OPEN_TO_TRAFFIC: '#f57c00',
  DESIGN: '#607d8b',
};
/** The projected strength: a dashed mid line in a light band from the recent low to high temperature. */
export const PROJECTION_COLOUR = '#ef6c00';
export const PROJECTION_FILL = 'rgba(239, 108, 0, 0.18)';

/** How a chart shows a job: its average with the lowest and highest sensor, or one line per sensor. */
export type ChartMode = 'average' | 'sensors';

export interface LineLabels {
  average: string;
  min: string;
  max: string;
}

/**
 * The average, min and max lines of a band (min and max thin and dashed). `tolerance` smooths what is
 * drawn (section 9); min and max are left out where they equal the average everywhere (one sensor).
 */
export function bandLines(
  band: {
    avg: readonly (number | null)[];
    min?: readonly (number | null)[] | null;
    max?: readonly (number | null)[] | null;
  },
  labels: LineLabels,
  tolerance: number,
): ChartLine[] {
  const lines: ChartLine[] = [
    {
      key: 'avg',
      label: labels.average,
      values: band.avg,
      color: AVERAGE_COLOUR,
      width: 2.5,
      tolerance,
    },
  ];
  const differs = (other: readonly (number | null)[] | null | undefined) =>
    !!other && other.some((v, i) => v !== band.avg[i]);
  if (differs(band.max))
    lines.push({
      key: 'max',
      label: labels.max,
      values: band.max as (number | null)[],
      color: MAX_COLOUR,
      width: 1.25,
      dash: [4, 3],
      tolerance,
    });
  if (differs(band.min))
    lines.push({
      key: 'min',
      label: labels.min,
      values: band.min as (number | null)[],
      color: MIN_COLOUR,
      width: 1.25,
      dash: [4, 3],
      tolerance,
    });
  return lines;
}

/**
 * A sensor's name without its job's name in front ('Level 4 Slab - Pour 2 - T1' → 'T1'), as the legend of
 * a job's chart shows it: the job is the page's title already. Names that do not start with the job's
 * name, or would be left empty, stay whole.
 */
export function shortSensorName(name: string, jobName: string | null | undefined): string {
  const job = jobName?.trim();
  if (!job || !name.toLowerCase().startsWith(job.toLowerCase())) return name;
  const rest = name.slice(job.length).replace(/^[\s\-–—:·/|,]+/, '');
  return rest === '' ? name : rest;
}

/** One line per sensor, named by its display name (alias, else 'Sensor {id}') without the job's name. */
export function sensorLines(
  series: readonly { sensorId: number; sensorAlias: string | null; values: readonly (number | null)[] }[],
  tolerance: number,
  dashed: ReadonlySet<number> = new Set(),
  jobName?: string,
): ChartLine[] {
  return series.map((s, i) => ({
    key: `sensor-${s.sensorId}`,
    label: shortSensorName(sensorDisplayName(s), jobName),
    values: s.values,
    color: SENSOR_COLOURS[i % SENSOR_COLOURS.length],
    width: 1.5,
    dash: dashed.has(s.sensorId) ? [2, 3] : undefined,
    tolerance,
  }));
}

/** The job's band of a reading series (temperature, humidity) from its sensors' bands. */
export function jobBand(series: readonly SensorBand[], points: number) {
  return combineBands(series, points);
}

export interface ProjectionLabels {
  mid: string;
  low: string;
  high: string;
}

/**
 * The strength chart's grid carried on to the projection's last point, with the projection drawn on it:
 * the expected strength (dashed) in a band from the recent low to high temperature's, each value placed
 * on the grid's buckets by straight lines between the projection's points. Nothing before its first
 * point. Unchanged (no lines) when the projection is empty.
 */
export function projectionLines(
  grid: ChartGrid,
  projection: readonly { t: number; low: number; mid: number; high: number }[],
  labels: ProjectionLabels,
): { grid: ChartGrid; lines: ChartLine[]; bands: ChartBand[] } {
  const points = [...projection].sort((a, b) => a.t - b.t);
  if (points.length === 0 || grid.bucketMs <= 0) return { grid, lines: [], bands: [] };
  const last = points[points.length - 1].t;
  const wanted = Math.ceil((last - grid.start) / grid.bucketMs) + 1;
  const extended: ChartGrid = { ...grid, points: Math.max(grid.points, wanted) };
  const column = (field: 'low' | 'mid' | 'high') => {
    const values = new Array<number | null>(extended.points).fill(null);
    let k = 0;
    for (let i = 0; i < extended.points; i++) {
      const t = grid.start + i * grid.bucketMs;
      if (t < points[0].t || t > last) {
        // The bucket holding the projection's first point starts it, so the band meets the readings.
        if (t < points[0].t && t + grid.bucketMs > points[0].t) values[i] = points[0][field];
        continue;
      }
      while (k < points.length - 2 && points[k + 1].t < t) k++;
      const a = points[k];
      const b = points[Math.min(k + 1, points.length - 1)];
      const f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 0;
      values[i] = a[field] + (b[field] - a[field]) * Math.max(0, Math.min(1, f));
    }
    return values;
  };
  const dash = [6, 4];
  const lines: ChartLine[] = [
    {
      key: 'projection-high',
      label: labels.high,
      values: column('high'),
      color: PROJECTION_COLOUR,
      width: 1,
      dash: [2, 4],
      projected: true,
      joinGaps: 0,
      legend: false,
    },
    {
      key: 'projection-mid',
      label: labels.mid,
      values: column('mid'),
      color: PROJECTION_COLOUR,
      width: 2,
      dash,
      projected: true,
      joinGaps: 0,
    },
    {
      key: 'projection-low',
      label: labels.low,
      values: column('low'),
      color: PROJECTION_COLOUR,
      width: 1,
      dash: [2, 4],
      projected: true,
      joinGaps: 0,
      legend: false,
    },
  ];
  return {
    grid: extended,
    lines,
    bands: [{ upper: 'projection-high', lower: 'projection-low', fill: PROJECTION_FILL }],
  };
}
