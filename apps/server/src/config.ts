import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (apps/server/src/config.ts → ../../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** `sqlite:<path>` (relative to the process cwd), `sqlite::memory:`, or `postgres://...` */
  databaseUrl: string;
  /** PostgreSQL: connections in this process's pool (DATABASE_POOL_MAX, 1 to 200; docs/capacity.md) */
  databasePoolMax: number;
  seed: 'demo' | 'none';
  /** When undefined, a secret is generated once and kept in the app_secret table. */
  jwtSecret: string | undefined;
  /**
   * Host and port announced by GET /api/servers/alfred: PUBLIC_HOST / PUBLIC_PORT, else those of
   * publicUrl. Never taken from a request (a Host header is the client's to choose).
   */
  publicHost: string;
  publicPort: number;
  /**
   * Base URL (no trailing slash) of e-mailed links (password reset, invitations): PUBLIC_URL, default
   * `http://localhost:${PORT}`. Never taken from a request, so a forged Host cannot redirect a link.
   */
  publicUrl: string;
  trustProxy: boolean;
  helpUrl: string;
  /** the help centre (articles and guides), beside the help desk of helpUrl (issue 16) */
  helpCentreUrl: string;
  shopUrl: string;
  supportPhone: string;
  supportEmail: string;
  privacyPolicyUrl: string;
  mapTileUrl: string;
  mapAttribution: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** the HTTP SMS gateway alarm texts are POSTed to; unset: texts stay unsent in the mail outbox */
  smsGatewayUrl: string | undefined;
  /** bearer token sent to the SMS gateway */
  smsGatewayToken: string | undefined;
  /** the sender (number or name) the gateway shows */
  smsSender: string;
  /** MQTT broker to take gateway uplinks from (sitepulse/gateways/{id}/up); off when unset */
  mqttUrl: string | undefined;
  /**
   * the server's MQTT client id: its persistent session at the broker. On PostgreSQL, where several
   * processes may run, each needs its own: the default is then `sitepulse-server-<host>-<PORT>`.
   */
  mqttClientId: string;
  /** first topic level of gateway uplinks: {root}/gateways/{id}/up */
  mqttTopicRoot: string;
  /**
   * Issue 17, several servers: on PostgreSQL the processes take uplinks through the MQTT 5 shared
   * subscription $share/{group}/{root}/gateways/+/up, so each uplink goes to one of them
   */
  mqttShareGroup: string;
  /** on PostgreSQL (MQTT 5): how long the broker keeps a stopped process's session and its queued uplinks, s */
  mqttSessionExpiryS: number;
  /** the demo gateway's key; when unset the demo start makes one and prints it */
  demoGatewayKey: string | undefined;
  /** with SEED=demo: keep the demo sensors live (14 days of history, then a reading cadence) */
  demoFeed: boolean;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** absolute session lifetime from sign-in: refreshes never extend a session past it */
  sessionMaxAgeS: number;
  companyTokenTtlS: number;
  authRateLimitMax: number;
  authRateLimitWindowS: number;
  /**
   * how long a checked access token is trusted without reading its session again, ms; a session
   * ended on another process is forgotten as soon as the cluster bus says so, at the latest after this
   */
  tokenTrustMs: number;
  webDist: string;
  features: { trackingManager: boolean; materialTracking: boolean };
  logLevel: LogLevel;
  /** a request that takes at least this long is logged at info as slow (every request is logged at debug) */
  slowRequestMs: number;
  /** the folder report files are stored in (REPORTS_DIR, default ./data/reports beside the default database) */
  reportsDir: string;
  /** how often the report worker looks for new requests and the scheduler for due schedules (ms) */
  reportPollMs: number;
  /**
   * the bearer token Prometheus sends to GET /metrics (16 to 1024 visible characters); unset: /metrics
   * answers 404 and no metrics are kept (docs/decisions/metrics.md)
   */
  metricsToken: string | undefined;
}

type Env = Record<string, string | undefined>;

const str = (env: Env, key: string, def: string): string => {
  const v = env[key];
  return v === undefined || v === '' ? def : v;
};
const optStr = (env: Env, key: string): string | undefined => {
  const v = env[key];
  return v === undefined || v === '' ? undefined : v;
};
const int = (env: Env, key: string, def: number): number => {
  const v = env[key];
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${key} must be a non-negative integer, got '${v}'`);
  return n;
};
const bool = (env: Env, key: string, def: boolean): boolean => {
  const v = env[key];
  if (v === undefined || v === '') return def;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  throw new Error(`${key} must be true or false, got '${v}'`);
};

/** An integer within [min, max]. */
const bounded = (env: Env, key: string, def: number, min: number, max: number): number => {
  const n = int(env, key, def);
  if (n < min || n > max) throw new Error(`${key} must be from ${min} to ${max}, got '${env[key]}'`);
  return n;
};

/** One MQTT topic level: no '/', '+', '#' (a shared subscription's group name). */
const mqttTopicLevel = (env: Env, key: string, def: string): string => {
  const v = str(env, key, def);
  if (/[/+#]/.test(v) || v.includes('\u0000'))
    throw new Error(`${key} must be one topic level (no / + #), got '${v}'`);
  return v;
};

const tcpPort = (env: Env, key: string): number => {
  const n = int(env, key, 0);
  if (n < 1 || n > 65535) throw new Error(`${key} must be a port number from 1 to 65535, got '${env[key]}'`);
  return n;
};

/** An optional http(s) URL, checked at start so a typo does not fail each message later. */
const optHttpUrl = (env: Env, key: string): string | undefined => {
  const v = optStr(env, key);
  if (v === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`${key} must be an http(s) URL, got '${v}'`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new Error(`${key} must be an http(s) URL, got '${v}'`);
  return v;
};

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Builds the configuration from an environment (process.env in main.ts; a plain object in tests). */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = str(env, 'DATABASE_URL', 'sqlite:./data/sitepulse.db');
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got '${databaseUrl}'`);
  }
  const seed = str(env, 'SEED', 'demo');
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be demo or none, got '${seed}'`);
  const logLevel = str(env, 'LOG_LEVEL', 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const webDist = str(env, 'WEB_DIST', 'apps/web/dist');
  const port = int(env, 'PORT', 8080);
  const publicUrl = parsePublicUrl(str(env, 'PUBLIC_URL', `http://localhost:${port}`));
  const publicPort = optStr(env, 'PUBLIC_PORT');
  return {
    port,
    host: str(env, 'HOST', '0.0.0.0'),
    databaseUrl,
    databasePoolMax: bounded(env, 'DATABASE_POOL_MAX', 10, 1, 200),
    seed,
    jwtSecret: optStr(env, 'JWT_SECRET'),
    publicHost: optStr(env, 'PUBLIC_HOST') ?? publicUrl.hostname,
    publicPort: publicPort === undefined ? publicUrl.port : tcpPort(env, 'PUBLIC_PORT'),
    publicUrl: publicUrl.base,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    helpUrl: str(env, 'HELP_URL', 'https://help.sitepulse.example'),
    helpCentreUrl: str(env, 'HELP_CENTRE_URL', 'https://help.sitepulse.example/hc'),
    shopUrl: str(env, 'SHOP_URL', 'https://shop.sitepulse.example'),
    supportPhone: str(env, 'SUPPORT_PHONE', '+1 613 234 5600'),
    supportEmail: str(env, 'SUPPORT_EMAIL', 'support@sitepulse.example'),
    privacyPolicyUrl: str(env, 'PRIVACY_POLICY_URL', 'https://sitepulse.example/privacy'),
    mapTileUrl: str(env, 'MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    mapAttribution: str(
      env,
      'MAP_ATTRIBUTION',
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    ),
    smtpUrl: optStr(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM', 'Sitepulse <no-reply@sitepulse.example>'),
    smsGatewayUrl: optHttpUrl(env, 'SMS_GATEWAY_URL'),
    smsGatewayToken: optStr(env, 'SMS_GATEWAY_TOKEN'),
    smsSender: str(env, 'SMS_SENDER', 'Sitepulse'),
    mqttUrl: optStr(env, 'MQTT_URL'),
    mqttClientId: str(
      env,
      'MQTT_CLIENT_ID',
      /^postgres/.test(databaseUrl) ? `sitepulse-server-${hostname()}-${port}` : 'sitepulse-server',
    ),
    mqttTopicRoot: str(env, 'MQTT_TOPIC_ROOT', 'sitepulse'),
    mqttShareGroup: mqttTopicLevel(env, 'MQTT_SHARE_GROUP', 'sitepulse'),
    mqttSessionExpiryS: bounded(env, 'MQTT_SESSION_EXPIRY_S', 60, 0, 2 ** 32 - 1),
    demoGatewayKey: optStr(env, 'DEMO_GATEWAY_KEY'),
    demoFeed: bool(env, 'DEMO_FEED', true),
    accessTokenTtlS: int(env, 'ACCESS_TOKEN_TTL_S', 900),
    refreshTokenTtlS: int(env, 'REFRESH_TOKEN_TTL_S', 30 * 24 * 3600),
    sessionMaxAgeS: int(env, 'SESSION_MAX_AGE_S', 30 * 24 * 3600),
    companyTokenTtlS: int(env, 'COMPANY_TOKEN_TTL_S', 365 * 24 * 3600),
    authRateLimitMax: int(env, 'AUTH_RATE_LIMIT_MAX', 10),
    authRateLimitWindowS: int(env, 'AUTH_RATE_LIMIT_WINDOW_S', 300),
    tokenTrustMs: bounded(env, 'AUTH_TOKEN_TRUST_MS', 5_000, 0, 3_600_000),
    webDist: isAbsolute(webDist) ? webDist : resolve(REPO_ROOT, webDist),
    features: {
      trackingManager: bool(env, 'FEATURE_TRACKING_MANAGER', false),
      materialTracking: bool(env, 'FEATURE_MATERIAL_TRACKING', false),
    },
    logLevel,
    slowRequestMs: int(env, 'SLOW_REQUEST_MS', 1000),
    reportsDir: resolve(str(env, 'REPORTS_DIR', './data/reports')),
    reportPollMs: Math.max(100, int(env, 'REPORT_POLL_MS', 1500)),
    metricsToken: metricsToken(env),
  };
}

/** METRICS_TOKEN: unset, or 16 to 1024 printable ASCII characters without spaces (one bearer token). */
function metricsToken(env: Env): string | undefined {
  const v = optStr(env, 'METRICS_TOKEN');
  if (v !== undefined && !/^[\x21-\x7e]{16,1024}$/.test(v))
    throw new Error('METRICS_TOKEN must be 16 to 1024 printable characters without spaces');
  return v;
}

/** PUBLIC_URL checked (http or https, no query or fragment), without trailing slashes, with its host and port. */
function parsePublicUrl(raw: string): { base: string; hostname: string; port: number } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got '${raw}'`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be an http(s) URL without query, fragment or credentials, got '${raw}'`);
  }
  const base = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  // URL keeps IPv6 brackets in hostname: the announced host is the bare address.
  return { base, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

/** For sqlite URLs: the file path (resolved against cwd) or ':memory:'; creates the folder. */
export function sqlitePath(databaseUrl: string, cwd = process.cwd()): string {
  const raw = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  if (raw === ':memory:' || raw === '') return ':memory:';
  const path = isAbsolute(raw) ? raw : resolve(cwd, raw);
  mkdirSync(dirname(path), { recursive: true });
  return path;
}
