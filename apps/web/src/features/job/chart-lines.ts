import { combineBands, type SensorBand, sensorDisplayName } from '@sitepulse/domain';
import type { ChartLine } from '../../components/charts/TimeChart.tsx';

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

/** One line per sensor, named by its display name (alias, else 'Sensor {id}'). */
export function sensorLines(
  series: readonly { sensorId: number; sensorAlias: string | null; values: readonly (number | null)[] }[],
  tolerance: number,
  dashed: ReadonlySet<number> = new Set(),
): ChartLine[] {
  return series.map((s, i) => ({
    key: `sensor-${s.sensorId}`,
    label: sensorDisplayName(s),
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
