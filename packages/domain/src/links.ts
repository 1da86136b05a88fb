import { PRODUCT_NAME } from './constants.ts';
import { isTokenExpired } from './session.ts';
import type { TimeInput } from './time.ts';

/** Name of the query parameter that carries the auth token in download links (our choice). */
export const DOWNLOAD_TOKEN_PARAM = 'token';

/**
 * File download paths (section 7). The spec gives "/data/measurement/.../file" for humidity,
 * temperature and wind speed; the middle segment is our choice.
 */
export const DOWNLOAD_PATHS = {
  humidity: '/data/measurement/humidity/file',
  temperature: '/data/measurement/temperature/file',
  windSpeed: '/data/measurement/wind_speed/file',
  maturity: `/analytics/${PRODUCT_NAME.toLowerCase()}/data/maturity/file`,
} as const;

/** Query parameter values of a download link; null and undefined are left out. */
export type LinkParams = Record<string, string | number | boolean | null | undefined>;

/** Inputs of buildDownloadLink. */
export interface DownloadLinkInput {
  /** Base URL of the data server, e.g. 'https://host/api'. */
  baseUrl?: string | null;
  /** Path under the base URL, e.g. DOWNLOAD_PATHS.humidity. */
  path: string;
  token?: string | null;
  tokenExpiry?: TimeInput | null;
  now?: TimeInput;
  /** customFilename, from, to, format, timezone, sortdir, ... (section 7). */
  params?: LinkParams;
}

/**
 * An authenticated file-download link (section 5, 7): '' when the base URL or token is
 * missing or the token has expired (expiry at or before now, or missing); otherwise
 * base URL + path with `token` and then the params in the query, in the given order.
 */
export function buildDownloadLink(input: DownloadLinkInput): string {
  const { baseUrl, path, token, tokenExpiry, now = Date.now(), params = {} } = input;
  if (!baseUrl || !token) return '';
  if (isTokenExpired(tokenExpiry, now)) return '';
  const base = baseUrl.replace(/\/+$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  const pairs: string[] = [`${DOWNLOAD_TOKEN_PARAM}=${encodeURIComponent(token)}`];
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return `${base}${rel}${rel.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}
