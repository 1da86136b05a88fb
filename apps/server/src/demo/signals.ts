/**
 * Signal models of the simulator: what each kind of sensor reads at a given time. Deterministic:
 * the same node, channel and time always give the same value, so a regenerated or resent reading
 * is a duplicate rather than a different one.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A repeatable pseudo-random number in [0, 1) from integers (a small integer hash). */
export function noise(...keys: number[]): number {
  let h = 2166136261;
  for (const k of keys) {
    let x = Math.floor(k) | 0;
    for (let i = 0; i < 4; i++) {
      h ^= x & 0xff;
      h = Math.imul(h, 16777619);
      x >>>= 8;
    }
    // Mix the high part of large numbers (epoch ms) too.
    h ^= Math.floor(k / 4294967296) & 0xffff;
    h = Math.imul(h, 16777619);
  }
  return ((h >>> 0) % 1_000_000) / 1_000_000;
}

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
const localHour = (ts: number, utcOffsetH: number) => (((ts / HOUR + utcOffsetH) % 24) + 24) % 24;

/** Ambient air temperature, °C: a daily cycle peaking mid-afternoon, a slow weather swing, noise. */
export function ambientTemperature(
  ts: number,
  site: { meanC: number; swingC: number; utcOffsetH: number },
): number {
  const daily = Math.sin(((localHour(ts, site.utcOffsetH) - 9) / 24) * 2 * Math.PI);
  const weather = 2.5 * Math.sin((ts / (5.3 * DAY)) * 2 * Math.PI);
  return round(site.meanC + site.swingC * daily + weather + (noise(ts, 7) - 0.5) * 0.6, 2);
}

/**
 * The daily mean air temperature under a cold front, °C: `fromC` when the pour is placed, falling
 * steadily to `toC` over `hours`, then staying there.
 */
export function frontMeanC(
  ts: number,
  placedAt: number,
  front: { fromC: number; toC: number; hours: number },
): number {
  const f = Math.min(1, Math.max(0, (ts - placedAt) / (front.hours * HOUR)));
  return front.fromC + (front.toC - front.fromC) * f;
}

/**
 * Concrete temperature, °C, after placing: the heat of hydration rises to a peak some hours in
 * and decays; the mass damps the ambient cycle. Deeper channels run warmer.
 */
export function concreteTemperature(
  ts: number,
  pour: { placedAt: number; peakRiseC: number; peakAfterH: number; ambient: (ts: number) => number },
  channel: number,
  nodeId: number,
): number {
  const h = Math.max(0, (ts - pour.placedAt) / HOUR);
  const x = h / pour.peakAfterH;
  const hydration = pour.peakRiseC * x * Math.exp(1 - x);
  const depth = 1 - 0.12 * (channel - 1);
  const damped = pour.ambient(ts) * 0.35 + pour.ambient(ts - 3 * HOUR) * 0.45 + 4;
  return round(damped + hydration * depth + (noise(nodeId, channel, ts) - 0.5) * 0.3, 2);
}

/** Relative humidity, %: inverse to the daily temperature cycle. */
export function relativeHumidity(ts: number, nodeId: number, utcOffsetH: number): number {
  const daily = Math.sin(((localHour(ts, utcOffsetH) - 9) / 24) * 2 * Math.PI);
  return round(Math.min(100, Math.max(20, 72 - 16 * daily + (noise(nodeId, ts, 3) - 0.5) * 6)), 1);
}

/** Wind speed, km/h: gusty, stronger in the afternoon. */
export function windSpeed(ts: number, nodeId: number, utcOffsetH: number): number {
  const daily = 0.5 + 0.5 * Math.sin(((localHour(ts, utcOffsetH) - 10) / 24) * 2 * Math.PI);
  return round(Math.max(0, 6 + 14 * daily + noise(nodeId, ts, 5) * 9), 1);
}

/**
 * Carbon monoxide on a badly ventilated parkade ramp, ppm: never below 30 (idling trucks, the exhaust fan is
 * down), higher while machines run, with short spikes. Always above the 25 ppm alarm bound of the demo.
 */
export function gasPpm(ts: number, nodeId: number, utcOffsetH: number): number {
  const h = localHour(ts, utcOffsetH);
  const working = h >= 7 && h < 17;
  const spike = working && noise(nodeId, Math.floor(ts / HOUR)) > 0.85 ? 20 + noise(nodeId, ts) * 25 : 0;
  return round(30 + (working ? 8 : 0) + spike + noise(nodeId, ts, 11) * 3, 1);
}

/** Water tank level, m: drawn down during the working day, refilled overnight. */
export function liquidLevel(ts: number, nodeId: number, utcOffsetH: number): number {
  const h = localHour(ts, utcOffsetH);
  const level = h < 6 ? 2.1 + 0.15 * h : h < 17 ? 3 - ((h - 6) / 11) * 2.2 : 0.8 + ((h - 17) / 13) * 1.3;
  return round(level + (noise(nodeId, ts, 13) - 0.5) * 0.04, 3);
}

/** Batching plant motor: current (A), voltage (V) and real power (W) by the hour of the day. */
export function electrical(ts: number, nodeId: number, utcOffsetH: number) {
  const h = localHour(ts, utcOffsetH);
  const weekday = new Date(ts + utcOffsetH * HOUR).getUTCDay();
  const working = weekday >= 1 && weekday <= 5 && h >= 6 && h < 18;
  const current = round(working ? 38 + noise(nodeId, ts, 17) * 24 : 1.2 + noise(nodeId, ts, 17) * 0.6, 2);
  const voltage = round(600 + (noise(nodeId, ts, 19) - 0.5) * 12, 1);
  const power = Math.round(Math.sqrt(3) * voltage * current * 0.86);
  return { current, voltage, power };
}

/** A yard loader's position: laps of an oval around the yard in working hours, parked otherwise. */
export function gpsPosition(ts: number, center: { lat: number; lng: number }, utcOffsetH: number) {
  const h = localHour(ts, utcOffsetH);
  if (h < 7 || h >= 17) return { lat: center.lat + 0.0006, lng: center.lng - 0.0009 };
  const a = ((ts / (20 * 60_000)) % 1) * 2 * Math.PI;
  return {
    lat: round(center.lat + 0.0012 * Math.sin(a), 6),
    lng: round(center.lng + 0.002 * Math.cos(a), 6),
  };
}

/** Battery, %: drains slowly from where it was installed. */
export function battery(ts: number, installedAt: number, startPct: number, drainPerDay: number): number {
  return round(Math.max(0, startPct - ((ts - installedAt) / DAY) * drainPerDay), 1);
}

/** Received signal strength, dBm. */
export function signal(ts: number, nodeId: number, baseDbm: number): number {
  return Math.round(baseDbm + (noise(nodeId, ts, 23) - 0.5) * 12);
}
