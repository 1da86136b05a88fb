/**
 * A moment as the server or the browser hands it over: epoch milliseconds, an ISO-8601
 * string, a string of digits holding epoch milliseconds, or a Date.
 */
export type TimeInput = number | string | Date;

/**
 * Epoch milliseconds of a moment, or null when it is missing or cannot be read.
 * The spec sends times both as epoch numbers and as ISO text (ARCHITECTURE conventions), so
 * every rule that compares times goes through this one reader.
 */
export function toEpochMs(t: TimeInput | null | undefined): number | null {
  if (t === null || t === undefined) return null;
  if (t instanceof Date) {
    const ms = t.getTime();
    return Number.isFinite(ms) ? ms : null;
  }
  if (typeof t === 'number') return Number.isFinite(t) ? t : null;
  const text = t.trim();
  if (text === '') return null;
  // A string of digits is epoch ms sent as text (some JSON encoders quote longs).
  if (/^-?\d+$/.test(text)) return Number(text);
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** Milliseconds in a minute, an hour and a day. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
