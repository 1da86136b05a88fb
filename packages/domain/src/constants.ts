/**
 * Business constants and limits of the specification (section 9 unless stated).
 * Named here once so the server and the web app cannot disagree about them.
 */

/** The concrete-maturity module's name: `{product}` in the spec (ARCHITECTURE). */
export const PRODUCT_NAME = 'Concrete';

/** Company auth code length (section 5, 9). */
export const AUTH_CODE_LENGTH = 5;
/** Login username maximum length (section 5, 9). */
export const USERNAME_MAX_LENGTH = 45;

/** Job sites, modules and presets reload interval (section 7). */
export const SITES_POLL_MS = 300_000;
/** User details reload interval (section 7). */
export const USER_DETAILS_POLL_MS = 120_000;
/** Server-info retries before giving up (section 8). */
export const RETRY_LIMIT = 10;
/** Delay of the redirect to the saved job address after sign-in (section 2). */
export const POST_LOGIN_REDIRECT_MS = 3000;
/** "Fetch more" multiplicand: each fetch-more asks for this many more rows. */
export const FETCH_MORE_STEP = 5;
/** Alert banner auto-hide delay (section 2). */
export const ALERT_AUTO_HIDE_MS = 7000;
/** Animation length in frames, and its frame rate. */
export const ANIMATION_FRAMES = 20;
export const ANIMATION_FPS = 30;
/** Full-screen loading overlay fades (section 2). */
export const LOADING_FADE_IN_MS = 100;
export const LOADING_FADE_OUT_MS = 500;
/** Forgot-password dialog: fields clear this long after cancel (section 4). */
export const FORGOT_PASSWORD_CLEAR_DELAY_MS = 500;

/** Report creation call timeout (section 7). */
export const REPORT_CREATION_TIMEOUT_MS = 30_000;
/** Login call timeout; the spec gives two values, 60 s and 30 s (section 7). */
export const LOGIN_TIMEOUT_MS = 60_000;
export const LOGIN_TIMEOUT_SHORT_MS = 30_000;
/** Logout call timeout (section 7). */
export const LOGOUT_TIMEOUT_MS = 10_000;

/** Left drawer widths in px. */
export const DRAWER_WIDTH_OPEN = 328;
export const DRAWER_WIDTH_CLOSED = 52;
/** Layout breakpoints in px. */
export const BREAKPOINTS = { xs: 0, sm: 768, md: 992, lg: 1280, xl: 1300 } as const;
/** Drawer names longer than this many characters get a tooltip (section 2). */
export const DRAWER_TOOLTIP_MIN_LENGTH = 16;

/** Languages, and the one used when a text is missing. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Application version and environment. */
export const APP_VERSION = '6.2.3';
export const ENVIRONMENT = 'production';
/** Build flags: both off, so their routes show the no-access page (section 1). */
export const FEATURE_FLAGS = { trackingManager: false, materialTracking: false } as const;

/** Latitude clamp limit in degrees (section 3, 9). */
export const LATITUDE_LIMIT = 85;
/** Default number formatting: one decimal. */
export const DEFAULT_DECIMALS = 1;

/** QR export formats, and the default (section 2). */
export const QR_FORMATS = ['PNG', 'PDF_A4', 'PDF_LETTER'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
export const DEFAULT_QR_FORMAT: QrFormat = 'PDF_LETTER';

/** Default interval for the active-ID call: one year in minutes. */
export const DEFAULT_ACTIVE_ID_INTERVAL_MIN = 525_600;
/** Graph granularity used by one call. */
export const GRAPH_GRANULARITY = '5min';
/** A node signal older than this is unknown (section 4, 9). */
export const SIGNAL_STALE_MS = 2 * 60 * 60 * 1000;

/** Default system of measurement. */
export const DEFAULT_SYSTEM = 'Metric';
/**
 * Default display time zone. The spec says GMT+0 in one place and UTC in another; both are
 * the zero offset, and 'UTC' is the IANA name dayjs and Intl understand.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Report date and time formats (dayjs format strings). */
export const REPORT_DATE_FORMAT = 'YYYY-MM-DD';
export const REPORT_TIME_FORMAT = 'hh:mm:ss A';

// The report request types and their rules: reports.ts.
/** A new report request starts as NEW (section 3). */
export const DEFAULT_REPORT_STATUS = 'NEW';
/** A new ID file request starts as NEW (section 4). */
export const DEFAULT_ID_FILE_REQUEST_STATUS = 'NEW';

/** User setting types (section 3, 7). 'Language' is our name: the spec does not show it. */
export const USER_SETTING_TYPES = {
  language: 'Language',
  displayTimeZone: 'DisplayTimeZone',
  systemOfMeasurement: 'SystemOfMeasurement',
} as const;

/** Invitation status that sends the user to account initial setup (section 2). */
export const INVITATION_WELCOME_EMAIL_SENT = 'INVITATION_WELCOME_EMAIL_SENT';
/** Text resource holding the maturity-strength disclaimer (section 7). */
export const AOMS_MATURITY_STRENGTH_DISCLAIMER = 'AOMS_MATURITY_STRENGTH_DISCLAIMER';

/**
 * 'Seen' flags kept on the client (section 3). A company-reset logout clears local storage
 * except these (section 4).
 */
export const SEEN_FLAGS = {
  privacyPolicy: 'seenPrivacyPolicy',
  mapWelcome: 'seenMapWelcome',
  userManagementIntro: 'seenUserManagementIntro',
  dashboardWelcome: 'seenDashboardWelcome',
  secureYourAccount: 'seenSecureYourAccount',
} as const;
/** The storage keys a company-reset logout keeps. */
export const SEEN_FLAG_KEYS: readonly string[] = Object.values(SEEN_FLAGS);

/** Project (tenant) types (section 3). */
export const PROJECT_TYPES = [PRODUCT_NAME, 'Lumitrack', 'Lumimon'] as const;
/** Company module types (section 3). */
export const MODULE_TYPES = [PRODUCT_NAME, 'Lumimon', 'Lumitrack'] as const;
/** Job site (tenant group) types (section 3). */
export const JOBSITE_TYPES = ['Construction Site', 'Precast Plant'] as const;
/** Company asset type holding the logo (section 3). */
export const LOGO_ASSET_TYPE = 'LOGO_IMG';
/** Application type sent when listing job sites for the dashboard (section 7). */
export const DASHBOARD_APPLICATION_TYPE = '1';
/** Default sensor type of the mdm by_cjg call (section 7). */
export const DEFAULT_MDM_SENSOR_TYPE = 'Temperature';
/** Alarm type of sensor-threshold alarms (section 3). */
export const ALARM_TYPE_SENSOR_THRESHOLD = 'SENSOR_THRESHOLD';
/** Phone input default country (section 5). */
export const DEFAULT_PHONE_COUNTRY = 'CA';
