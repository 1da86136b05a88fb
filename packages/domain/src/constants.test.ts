import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import { REPORT_TYPES } from './reports.ts';

const c = { ...constants, REPORT_TYPES };

// Looked up by name so each row reads as the spec states it.
const byName = new Map<string, unknown>(Object.entries(c));

describe('business constants (section 9)', () => {
  it.each([
    ['AUTH_CODE_LENGTH', 5],
    ['USERNAME_MAX_LENGTH', 45],
    ['SITES_POLL_MS', 300_000],
    ['USER_DETAILS_POLL_MS', 120_000],
    ['RETRY_LIMIT', 10],
    ['POST_LOGIN_REDIRECT_MS', 3000],
    ['FETCH_MORE_STEP', 5],
    ['ALERT_AUTO_HIDE_MS', 7000],
    ['ANIMATION_FRAMES', 20],
    ['ANIMATION_FPS', 30],
    ['LOADING_FADE_IN_MS', 100],
    ['LOADING_FADE_OUT_MS', 500],
    ['FORGOT_PASSWORD_CLEAR_DELAY_MS', 500],
    ['REPORT_CREATION_TIMEOUT_MS', 30_000],
    ['LOGIN_TIMEOUT_MS', 60_000],
    ['LOGIN_TIMEOUT_SHORT_MS', 30_000],
    ['LOGOUT_TIMEOUT_MS', 10_000],
    ['DRAWER_WIDTH_OPEN', 328],
    ['DRAWER_WIDTH_CLOSED', 52],
    ['DRAWER_TOOLTIP_MIN_LENGTH', 16],
    ['FALLBACK_LANGUAGE', 'en'],
    ['APP_VERSION', '6.2.3'],
    ['ENVIRONMENT', 'production'],
    ['LATITUDE_LIMIT', 85],
    ['DEFAULT_DECIMALS', 1],
    ['DEFAULT_QR_FORMAT', 'PDF_LETTER'],
    ['DEFAULT_ACTIVE_ID_INTERVAL_MIN', 525_600],
    ['GRAPH_GRANULARITY', '5min'],
    ['SIGNAL_STALE_MS', 7_200_000],
    ['DEFAULT_SYSTEM', 'Metric'],
    ['DEFAULT_TIME_ZONE', 'UTC'],
    ['REPORT_DATE_FORMAT', 'YYYY-MM-DD'],
    ['REPORT_TIME_FORMAT', 'hh:mm:ss A'],
    ['DEFAULT_REPORT_STATUS', 'NEW'],
    ['DEFAULT_ID_FILE_REQUEST_STATUS', 'NEW'],
    ['INVITATION_WELCOME_EMAIL_SENT', 'INVITATION_WELCOME_EMAIL_SENT'],
    ['AOMS_MATURITY_STRENGTH_DISCLAIMER', 'AOMS_MATURITY_STRENGTH_DISCLAIMER'],
    ['PRODUCT_NAME', 'Concrete'],
    ['LOGO_ASSET_TYPE', 'LOGO_IMG'],
    ['DASHBOARD_APPLICATION_TYPE', '1'],
    ['DEFAULT_MDM_SENSOR_TYPE', 'Temperature'],
    ['ALARM_TYPE_SENSOR_THRESHOLD', 'SENSOR_THRESHOLD'],
    ['DEFAULT_PHONE_COUNTRY', 'CA'],
  ] as const)('%s is %j', (name, value) => {
    expect(byName.get(name)).toBe(value);
  });

  it('default active-ID interval is one year in minutes', () => {
    expect(c.DEFAULT_ACTIVE_ID_INTERVAL_MIN).toBe(365 * 24 * 60);
  });

  it('has the breakpoints', () => {
    expect(c.BREAKPOINTS).toEqual({ xs: 0, sm: 768, md: 992, lg: 1280, xl: 1300 });
  });

  it('has the languages and both build flags off', () => {
    expect(c.LANGUAGES).toEqual(['en', 'es']);
    expect(c.FEATURE_FLAGS).toEqual({ trackingManager: false, materialTracking: false });
  });

  it('has the QR formats with the default among them', () => {
    expect(c.QR_FORMATS).toEqual(['PNG', 'PDF_A4', 'PDF_LETTER']);
    expect(c.QR_FORMATS).toContain(c.DEFAULT_QR_FORMAT);
  });

  it('has the ten report types of section 3', () => {
    expect(c.REPORT_TYPES).toEqual([
      'CS_JOB_REPORT',
      'MATURITY_STRENGTH_JOB_DIFFERENTIAL',
      'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL',
      'CS_POUR_REPORT',
      'T_POUR_REPORT',
      'RAW_DATA_EXCEL_DW',
      'RAW_DATA_CSV_DW',
      'RAW_DATA_EXCEL',
      'RAW_DATA_CSV',
      'T_DIFF_PAIR_GROUP_REPORT',
    ]);
  });

  it('has the user setting types', () => {
    expect(c.USER_SETTING_TYPES).toEqual({
      language: 'Language',
      displayTimeZone: 'DisplayTimeZone',
      systemOfMeasurement: 'SystemOfMeasurement',
    });
  });

  it('has five distinct seen flags, all kept on company reset', () => {
    expect(Object.keys(c.SEEN_FLAGS)).toEqual([
      'privacyPolicy',
      'mapWelcome',
      'userManagementIntro',
      'dashboardWelcome',
      'secureYourAccount',
    ]);
    expect(new Set(c.SEEN_FLAG_KEYS).size).toBe(5);
    expect(c.SEEN_FLAG_KEYS).toContain(c.SEEN_FLAGS.privacyPolicy);
  });

  it('has the project, module and job-site types', () => {
    expect(c.PROJECT_TYPES).toEqual(['Concrete', 'Lumitrack', 'Lumimon']);
    expect(c.MODULE_TYPES).toEqual(['Concrete', 'Lumimon', 'Lumitrack']);
    expect(c.JOBSITE_TYPES).toEqual(['Construction Site', 'Precast Plant']);
  });
});
