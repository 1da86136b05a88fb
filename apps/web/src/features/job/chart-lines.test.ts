import { describe, expect, it } from 'vitest';
import { projectionLines, sensorLines, shortSensorName } from './chart-lines.ts';

const HOUR = 3_600_000;

describe('sensor lines of a job chart', () => {
  it('names each sensor without the job’s name in front (the page’s title says it)', () => {
    const lines = sensorLines(
      [
        { sensorId: 1, sensorAlias: 'Level 4 Slab - Pour 2 - T1', values: [1] },
        { sensorId: 2, sensorAlias: 'North edge', values: [2] },
        { sensorId: 3, sensorAlias: null, values: [3] },
      ],
      0,
      new Set(),
      'Level 4 Slab - Pour 2',
    );
    expect(lines.map((l) => l.label)).toEqual(['T1', 'North edge', 'Sensor 3']);
  });

  it('keeps a name whole when nothing would be left, or it only looks like the job’s', () => {
    expect(shortSensorName('DT-102', 'DT-102')).toBe('DT-102');
    expect(shortSensorName('DT-1021 - T1', 'DT-102')).toBe('1 - T1');
    expect(shortSensorName('dt-102: T2', 'DT-102')).toBe('T2');
    expect(shortSensorName('T1', undefined)).toBe('T1');
  });
});

describe('projectionLines: the forecast on the strength chart', () => {
  const grid = { start: 0, bucketMs: HOUR, points: 5 };
  const projection = [
    { t: 4 * HOUR, low: 10, mid: 10, high: 10 },
    { t: 8 * HOUR, low: 14, mid: 18, high: 22 },
  ];
  const labels = { mid: 'Forecast', low: 'Forecast (cold)', high: 'Forecast (warm)' };

  it('carries the grid on to the last point and draws the band from the readings’ end', () => {
    const { grid: g, lines, bands } = projectionLines(grid, projection, labels);
    expect(g).toEqual({ start: 0, bucketMs: HOUR, points: 9 });
    const [high, mid, low] = lines;
    expect(mid.values).toEqual([null, null, null, null, 10, 12, 14, 16, 18]);
    expect(low.values.slice(4)).toEqual([10, 11, 12, 13, 14]);
    expect(high.values.slice(4)).toEqual([10, 13, 16, 19, 22]);
    expect(lines.every((l) => l.projected && l.dash)).toBe(true);
    expect(bands).toEqual([{ upper: 'projection-high', lower: 'projection-low', fill: expect.any(String) }]);
  });

  it('starts in the bucket holding the first point, and draws nothing without a projection', () => {
    const late = [{ ...projection[0], t: 4.5 * HOUR }, projection[1]];
    expect(projectionLines(grid, late, labels).lines[1].values[4]).toBe(10);
    expect(projectionLines(grid, [], labels)).toEqual({ grid, lines: [], bands: [] });
  });
});
