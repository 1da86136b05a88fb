import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../lib/download-token.ts';
import { FILE_TIME_FORMAT, isTimeZone, safeText, sanitizeFilename, zonedFormatter } from './format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('zonedFormatter', () => {
  it('writes YYYY-MM-DD hh:mm:ss A in the zone, as dayjs does, across offset changes', () => {
    const zones = [
      'UTC',
      'America/Toronto',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Europe/London',
    ];
    const start = Date.UTC(2024, 0, 1);
    const end = Date.UTC(2026, 0, 1);
    const step = 12 * 3_600_000 + 7 * 60_000 + 13_000;
    const offsetOf = (zone: string) => {
      const dtf = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
      return (ts: number) => dtf.format(ts).split(' ').at(-1);
    };
    let transitions = 0;
    for (const zone of zones) {
      const fmt = zonedFormatter(zone);
      const offset = offsetOf(zone);
      const check = (ts: number) => {
        const expected = dayjs(ts).tz(zone).format(FILE_TIME_FORMAT);
        if (fmt(ts) !== expected) expect(`${zone} ${new Date(ts).toISOString()} ${fmt(ts)}`).toBe(expected);
      };
      for (let ts = start; ts < end; ts += step) {
        check(ts);
        // Around each offset change (DST, found by bisection), every 59 seconds for an hour each side.
        if (offset(ts) !== offset(ts + step)) {
          transitions += 1;
          let lo = ts;
          let hi = ts + step;
          while (hi - lo > 1000) {
            const mid = Math.floor((lo + hi) / 2);
            if (offset(mid) === offset(lo)) lo = mid;
            else hi = mid;
          }
          for (let t = hi - 3_600_000; t < hi + 3_600_000; t += 59_000) check(t);
        }
      }
    }
    // Toronto, London, Lord Howe (30 minutes) and Chatham change twice a year.
    expect(transitions).toBe(16);
  });

  it('writes midnight and noon as 12 AM and 12 PM', () => {
    const fmt = zonedFormatter('UTC');
    expect(fmt(Date.UTC(2025, 2, 4, 0, 0, 5))).toBe('2025-03-04 12:00:05 AM');
    expect(fmt(Date.UTC(2025, 2, 4, 12, 30, 0))).toBe('2025-03-04 12:30:00 PM');
    expect(fmt(Date.UTC(2025, 2, 4, 23, 59, 59))).toBe('2025-03-04 11:59:59 PM');
  });

  it('knows IANA zones only', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('file names', () => {
  it('strip what is unsafe in a header or a path, and the extension', () => {
    expect(sanitizeFilename('Pour 12 temps.csv')).toBe('Pour 12 temps');
    expect(sanitizeFilename('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(sanitizeFilename('a"b<c>:d|e?f*g\\h\r\ni.XLSX')).toBe('a_b_c_d_e_f_g_h_i');
    expect(sanitizeFilename('  ..  ')).toBe('');
    expect(sanitizeFilename(undefined)).toBe('');
    expect(sanitizeFilename('x'.repeat(300))).toHaveLength(120);
  });

  it('give an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Pour 12 – temps.csv')).toBe(
      `attachment; filename="Pour 12 _ temps.csv"; filename*=UTF-8''Pour%2012%20%E2%80%93%20temps.csv`,
    );
  });

  it('keep a typed alias from being read as a spreadsheet formula', () => {
    expect(safeText('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(safeText('+1')).toBe("'+1");
    expect(safeText('-5 top')).toBe("'-5 top");
    expect(safeText('@cmd')).toBe("'@cmd");
    expect(safeText('Sensor 12')).toBe('Sensor 12');
  });
});
