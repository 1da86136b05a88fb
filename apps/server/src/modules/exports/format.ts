import { REPORT_DATE_FORMAT, REPORT_TIME_FORMAT } from '@sitepulse/domain';

/** The time format of the files: the spec's report formats, `YYYY-MM-DD hh:mm:ss A` (dayjs tokens). */
export const FILE_TIME_FORMAT = `${REPORT_DATE_FORMAT} ${REPORT_TIME_FORMAT}`;

/** Whether a name is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const SLOT_MS = 15 * 60_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * The offset (ms) of an IANA zone's clock from UTC at a time. It is looked up (with Intl, as dayjs's
 * timezone plugin does) once per 15 minutes of UTC time and cached: every zone changes offset only on a
 * quarter hour, and a file of millions of rows then costs one Intl call per quarter hour, not per row.
 */
export function zoneOffset(timeZone: string): (ts: number) => number {
  const dtf = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  return (ts: number): number => {
    const slot = Math.floor(ts / SLOT_MS);
    let off = offsets.get(slot);
    if (off === undefined) {
      const probe = slot * SLOT_MS;
      const p: Record<string, number> = {};
      for (const part of dtf.formatToParts(probe)) {
        if (part.type !== 'literal') p[part.type] = Number(part.value);
      }
      off = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - probe;
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(slot, off);
    }
    return off;
  };
}

/** A formatter of epoch ms as `YYYY-MM-DD hh:mm:ss A` in an IANA zone (the spec's report formats). */
export function zonedFormatter(timeZone: string): (ts: number) => string {
  const offsetAt = zoneOffset(timeZone);
  return (ts: number) => {
    const d = new Date(ts + offsetAt(ts));
    const h = d.getUTCHours();
    const h12 = h % 12 === 0 ? 12 : h % 12;
    return (
      `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
      `${pad(h12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`
    );
  };
}

/**
 * A file name safe in a Content-Disposition header and on every file system: no path separators,
 * reserved or control characters, at most 120 characters, without a trailing .csv/.xlsx (the
 * right extension is added by the caller). Empty when nothing usable is left.
 */
export function sanitizeFilename(name: string | undefined): string {
  if (!name) return '';
  return (
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
      .replace(/\s+/g, ' ')
      .replace(/\.(csv|xlsx)$/i, '')
      .replace(/^[\s.]+|[\s.]+$/g, '')
      .slice(0, 120)
      .trim()
  );
}

/**
 * Text a person typed (a sensor alias), made safe for spreadsheets: a cell starting with =, +, -, @,
 * tab or carriage return would be read as a formula by Excel (CSV injection), so it gets a leading '.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
