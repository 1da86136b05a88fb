import { HOUR_MS } from '@sitepulse/domain';
import { describe, expect, it } from 'vitest';
import type { ReadingHourRow } from '../../db/sensor-store/index.ts';
import { hourRollups, newestPerSensor } from './rollup.ts';

const T0 = Date.UTC(2026, 9, 1, 6, 0, 0);
const MIN15 = 15 * 60_000;

describe('hourRollups', () => {
  it('gives each (sensor, hour) once, with what merging its readings one at a time would give', () => {
    const rows = [];
    for (let i = 0; i < 40; i++) {
      for (const sensorId of [7, 3])
        rows.push({ sensorId, ts: T0 + i * MIN15, value: ((i * 37) % 23) / 7 + sensorId });
    }
    const rollups = hourRollups(rows);
    expect(rollups).toHaveLength(2 * 10);
    // One reading at a time, as reading_hour's upsert merges them: n + 1, total + v, min, max.
    const merged = new Map<string, ReadingHourRow>();
    for (const r of rows) {
      const hour = Math.floor(r.ts / HOUR_MS) * HOUR_MS;
      const k = `${r.sensorId}:${hour}`;
      const m = merged.get(k);
      if (!m) merged.set(k, { sensorId: r.sensorId, hour, n: 1, total: r.value, min: r.value, max: r.value });
      else
        merged.set(k, {
          ...m,
          n: m.n + 1,
          total: m.total + r.value,
          min: Math.min(m.min, r.value),
          max: Math.max(m.max, r.value),
        });
    }
    expect(rollups).toEqual([...merged.values()]);
  });

  it('keeps the order in which each (sensor, hour) first appears', () => {
    const rows = [
      { sensorId: 2, ts: T0 + HOUR_MS, value: 1 },
      { sensorId: 1, ts: T0, value: 2 },
      { sensorId: 2, ts: T0, value: 3 },
      { sensorId: 2, ts: T0 + HOUR_MS + 1, value: -4 },
    ];
    expect(hourRollups(rows)).toEqual([
      { sensorId: 2, hour: T0 + HOUR_MS, n: 2, total: -3, min: -4, max: 1 },
      { sensorId: 1, hour: T0, n: 1, total: 2, min: 2, max: 2 },
      { sensorId: 2, hour: T0, n: 1, total: 3, min: 3, max: 3 },
    ]);
  });
});

describe('newestPerSensor', () => {
  it("keeps each sensor's newest reading; of two at one time, the later in the batch", () => {
    const rows = [
      { sensorId: 1, ts: 5, value: 1 },
      { sensorId: 2, ts: 9, value: 2 },
      { sensorId: 1, ts: 3, value: 3 },
      { sensorId: 1, ts: 5, value: 4 },
    ];
    expect(newestPerSensor(rows)).toEqual([
      { sensorId: 1, ts: 5, value: 4 },
      { sensorId: 2, ts: 9, value: 2 },
    ]);
  });
});
