import { HOUR_MS } from '@sitepulse/domain';
import type { ReadingHourRow, ReadingRow } from '../../db/sensor-store/index.ts';

/**
 * What a batch's new readings add to the hourly rollups: one row per (sensor, UTC hour) with the
 * count, sum, min and max of its readings (the sum in the batch's order), sensors in the order they
 * first appear and each sensor's hours in the order they first appear. Merged into `reading_hour` by
 * one upsert per row, so a batch writes each (sensor, hour) once however many readings it holds.
 */
export function hourRollups(rows: readonly ReadingRow[]): ReadingHourRow[] {
  const bySensor = new Map<number, Map<number, ReadingHourRow>>();
  const out: ReadingHourRow[] = [];
  for (const r of rows) {
    const hour = Math.floor(r.ts / HOUR_MS) * HOUR_MS;
    let hours = bySensor.get(r.sensorId);
    if (!hours) {
      hours = new Map();
      bySensor.set(r.sensorId, hours);
    }
    const h = hours.get(hour);
    if (h) {
      h.n++;
      h.total += r.value;
      if (r.value < h.min) h.min = r.value;
      if (r.value > h.max) h.max = r.value;
    } else {
      const row = { sensorId: r.sensorId, hour, n: 1, total: r.value, min: r.value, max: r.value };
      hours.set(hour, row);
      out.push(row);
    }
  }
  return out;
}

/** Each sensor's newest reading of the batch (of two at the same time, the later in the batch). */
export function newestPerSensor(rows: readonly ReadingRow[]): ReadingRow[] {
  const latest = new Map<number, ReadingRow>();
  for (const r of rows) {
    const l = latest.get(r.sensorId);
    if (!l || r.ts >= l.ts) latest.set(r.sensorId, r);
  }
  return [...latest.values()];
}
