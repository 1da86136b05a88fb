import { describe, expect, it } from 'vitest';
import { buildDownloadLink, DOWNLOAD_PATHS } from './links.ts';

const NOW = Date.UTC(2024, 4, 1);
const base = {
  baseUrl: 'https://data.example.com/api',
  path: '/data/measurement/humidity/file',
  token: 'tok',
};

describe('buildDownloadLink (section 5, 7)', () => {
  it.each([
    ['expiry before now', { ...base, tokenExpiry: NOW - 1, now: NOW }],
    ['expiry equal to now', { ...base, tokenExpiry: NOW, now: NOW }],
    ['missing expiry', { ...base, tokenExpiry: null, now: NOW }],
    ['missing base URL', { ...base, baseUrl: '', tokenExpiry: NOW + 1, now: NOW }],
    ['null base URL', { ...base, baseUrl: null, tokenExpiry: NOW + 1, now: NOW }],
    ['missing token', { ...base, token: null, tokenExpiry: NOW + 1, now: NOW }],
  ])('is empty when %s', (_name, input) => {
    expect(buildDownloadLink(input)).toBe('');
  });

  it('builds the link with the token and params when the token is valid', () => {
    expect(
      buildDownloadLink({
        ...base,
        tokenExpiry: NOW + 1,
        now: NOW,
        params: {
          customFilename: 'Pour 1 & 2',
          from: 1,
          to: 2,
          format: 'csv',
          timezone: 'America/Toronto',
          sortdir: 'asc',
          skipped: undefined,
          alsoSkipped: null,
        },
      }),
    ).toBe(
      'https://data.example.com/api/data/measurement/humidity/file?token=tok&customFilename=Pour%201%20%26%202&from=1&to=2&format=csv&timezone=America%2FToronto&sortdir=asc',
    );
  });

  it('accepts ISO expiry, a trailing slash on the base and a path without a leading slash', () => {
    expect(
      buildDownloadLink({
        baseUrl: 'https://h/api/',
        path: 'x/file',
        token: 'a b',
        tokenExpiry: new Date(NOW + 60_000).toISOString(),
        now: new Date(NOW),
      }),
    ).toBe('https://h/api/x/file?token=a%20b');
  });

  it('has the download paths', () => {
    expect(DOWNLOAD_PATHS).toEqual({
      humidity: '/data/measurement/humidity/file',
      temperature: '/data/measurement/temperature/file',
      windSpeed: '/data/measurement/wind_speed/file',
      maturity: '/analytics/concrete/data/maturity/file',
    });
  });
});
