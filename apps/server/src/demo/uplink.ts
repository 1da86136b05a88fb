import type { DemoNode } from './hardware.ts';
import {
  ambientTemperature,
  battery,
  concreteTemperature,
  electrical,
  frontMeanC,
  gasPpm,
  gpsPosition,
  liquidLevel,
  relativeHumidity,
  signal,
  windSpeed,
} from './signals.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Where and when a demo node runs: its site's climate and position, and its job's dates. */
export interface NodeSetting {
  site: { lat: number; lng: number; indoor: boolean };
  /** when its job started: the pour time of a maturity node, where battery drain counts from; no data before */
  startDate: number;
  /** no data after */
  terminationDate: number | null;
}

export interface Uplink {
  readings: { nodeId: number; channelId: number; sensorType: string; ts: number; value: number }[];
  status: { nodeId: number; ts: number; battery: number; signal: number }[];
  locations: { nodeId: number; ts: number; lat: number; lng: number }[];
}

/** Eastern time in the season the demo shows (the demo sites are in Ontario). */
const UTC_OFFSET_H = -5;

/**
 * Everything a demo node sends with afterTs < ts <= untilTs, on its reading cadence: readings,
 * an hourly status (battery, signal), and GPS positions. A node whose battery is empty is silent.
 */
export function nodeUplink(node: DemoNode, setting: NodeSetting, afterTs: number, untilTs: number): Uplink {
  const out: Uplink = { readings: [], status: [], locations: [] };
  const step = node.cadenceMin * MINUTE;
  const from = Math.max(afterTs + 1, setting.startDate);
  const until = Math.min(untilTs, setting.terminationDate ?? untilTs);
  const climate = setting.site.indoor
    ? { meanC: 17, swingC: 1.5, utcOffsetH: UTC_OFFSET_H }
    : { meanC: 3, swingC: 4, utcOffsetH: UTC_OFFSET_H };
  // A node under a cold front of its own (demo hardware `weather`): the mean falls from the pour on.
  const front = node.weather;
  const ambient = front
    ? (ts: number) =>
        ambientTemperature(ts, {
          meanC: frontMeanC(ts, setting.startDate, front),
          swingC: front.swingC,
          utcOffsetH: UTC_OFFSET_H,
        })
    : (ts: number) => ambientTemperature(ts, climate);
  const pour = {
    placedAt: setting.startDate,
    peakRiseC: node.hydration?.peakRiseC ?? (setting.site.indoor ? 38 : 24),
    peakAfterH: node.hydration?.peakAfterH ?? (setting.site.indoor ? 9 : 20),
    ambient,
  };
  for (let ts = Math.ceil(from / step) * step; ts <= until; ts += step) {
    const pct = battery(ts, setting.startDate, node.battery.startPct, node.battery.drainPerDay);
    if (pct <= 0) break;
    const id = node.id;
    if (ts % HOUR === 0)
      out.status.push({ nodeId: id, ts, battery: pct, signal: signal(ts, id, node.signalDbm) });
    if (node.type === 'GPS') {
      out.locations.push({ nodeId: id, ts, ...gpsPosition(ts, setting.site, UTC_OFFSET_H) });
      continue;
    }
    const power = node.type === 'Current Transformer' ? electrical(ts, id, UTC_OFFSET_H) : null;
    for (const c of node.channels) {
      let value: number;
      switch (c.sensorType) {
        case 'Temperature':
          value = node.type === 'Maturity' ? concreteTemperature(ts, pour, c.channelId, id) : ambient(ts);
          break;
        case 'Humidity':
          value = relativeHumidity(ts, id, UTC_OFFSET_H);
          break;
        case 'Wind Speed':
          value = windSpeed(ts, id, UTC_OFFSET_H);
          break;
        case 'Gas':
          value = gasPpm(ts, id, UTC_OFFSET_H);
          break;
        case 'Liquid Level':
          value = liquidLevel(ts, id, UTC_OFFSET_H);
          break;
        case 'Current':
          value = power?.current ?? 0;
          break;
        case 'Voltage':
          value = power?.voltage ?? 0;
          break;
        case 'Power':
          value = power?.power ?? 0;
          break;
        default:
          continue;
      }
      out.readings.push({ nodeId: id, channelId: c.channelId, sensorType: c.sensorType, ts, value });
    }
  }
  return out;
}

/** Splits uplinks into bodies of at most `max` items, as a gateway would send them. */
export function* batches(uplinks: Uplink[], max: number): Generator<Uplink> {
  let cur: Uplink = { readings: [], status: [], locations: [] };
  let size = 0;
  const flush = function* () {
    if (size > 0) yield cur;
    cur = { readings: [], status: [], locations: [] };
    size = 0;
  };
  for (const u of uplinks) {
    for (const key of ['readings', 'status', 'locations'] as const) {
      for (const item of u[key]) {
        (cur[key] as unknown[]).push(item);
        if (++size >= max) yield* flush();
      }
    }
  }
  yield* flush();
}
