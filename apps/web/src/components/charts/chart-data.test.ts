import { describe, expect, it } from 'vitest';
import { buildChartColumns, hasChartData, joinGapsFor, latestIndices } from './chart-data.ts';

const grid = { start: Date.UTC(2026, 0, 1), bucketMs: 3_600_000, points: 4 };

describe('buildChartColumns', () => {
  it('puts x in seconds on the grid and converts every value', () => {
    const cols = buildChartColumns(
      grid,
      [{ key: 't', label: 'T', color: '#000', values: [0, 10, null, 30] }],
      (c) => Math.round((c * 9) / 5 + 32),
    );
    expect(cols[0]).toEqual([0, 3600, 7200, 10800].map((s) => grid.start / 1000 + s));
    expect(cols[1]).toEqual([32, 50, null, 86]);
  });

  it('marks the points smoothing drops as undefined (joined over) and keeps gaps as null', () => {
    const line = { key: 'm', label: 'M', color: '#000', values: [0, 1, 2, 3], tolerance: 0.7 };
    expect(buildChartColumns(grid, [line], (v) => v)[1]).toEqual([0, undefined, undefined, 3]);
    const gap = { ...line, values: [0, null, 2, 3] };
    expect(buildChartColumns(grid, [gap], (v) => v)[1]).toEqual([0, null, 2, 3]);
  });

  it('joins runs of at most joinGaps empty buckets and keeps longer runs as gaps', () => {
    const sparse = { key: 's', label: 'S', color: '#000', values: [1, null, null, 4, null, null, null, 8] };
    const wide = { ...grid, points: 8 };
    expect(buildChartColumns(wide, [{ ...sparse, joinGaps: 2 }], (v) => v)[1]).toEqual([
      1,
      undefined,
      undefined,
      4,
      null,
      null,
      null,
      8,
    ]);
    expect(buildChartColumns(wide, [sparse], (v) => v)[1]).toEqual([1, null, null, 4, null, null, null, 8]);
    // Leading and trailing empty buckets have nothing to join to.
    const edges = { ...sparse, values: [null, 2, null, 3, null], joinGaps: 5 };
    expect(buildChartColumns({ ...grid, points: 5 }, [edges], (v) => v)[1]).toEqual([
      null,
      2,
      undefined,
      3,
      null,
    ]);
  });

  it('joins less than an hour of empty buckets by default, so a 15-minute cadence draws a line on a 5-minute grid', () => {
    expect(joinGapsFor(5 * 60_000)).toBe(11);
    expect(joinGapsFor(3_600_000)).toBe(0);
    const fiveMin = { start: 0, bucketMs: 300_000, points: 20 };
    const every15 = [1, null, null, 2, null, null, 3, ...new Array<null>(12).fill(null), 9];
    const ys = buildChartColumns(
      fiveMin,
      [{ key: 'a', label: 'a', color: '#000', values: every15 }],
      (v) => v,
    )[1];
    expect(ys.slice(0, 7)).toEqual([1, undefined, undefined, 2, undefined, undefined, 3]);
    // A silence of an hour (12 empty buckets) stays a gap.
    expect(ys.slice(7, 19).every((v) => v === null)).toBe(true);
  });

  it('says whether any line has data', () => {
    expect(hasChartData([{ key: 'a', label: 'a', color: '#000', values: [null, null] }])).toBe(false);
    expect(hasChartData([{ key: 'a', label: 'a', color: '#000', values: [null, 1] }])).toBe(true);
  });
});

describe('latestIndices (the legend before the cursor is on the chart)', () => {
  it('gives each reading line its last value’s bucket, and the latest of them for the time row', () => {
    const lines = [
      { key: 'a', label: 'A', color: '#000', values: [1, 2, null, null] },
      { key: 'b', label: 'B', color: '#000', values: [1, null, 3, null] },
      { key: 'c', label: 'C', color: '#000', values: [null, null, null, null] },
    ];
    expect(latestIndices(lines, 4)).toEqual({ overall: 2, perLine: [1, 2, null] });
  });

  it('shows no value for a projection until hovered, and it does not move the latest reading', () => {
    const lines = [
      { key: 'avg', label: 'Average', color: '#000', values: [1, 2, null, null] },
      { key: 'p', label: 'Forecast', color: '#000', values: [null, 2, 3, 4], projected: true },
    ];
    expect(latestIndices(lines, 4)).toEqual({ overall: 1, perLine: [1, null] });
  });
});
