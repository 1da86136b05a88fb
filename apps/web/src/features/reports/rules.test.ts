import { describe, expect, it } from 'vitest';
import { testUser } from '../../components/test-utils.tsx';
import {
  canManageReport,
  canReceiveReports,
  defaultRange,
  formatFileSize,
  formProblem,
  limitToCelsius,
  type ReportFormValues,
  scheduleTimeText,
  toRequestBody,
} from './rules.ts';

const values = (overrides: Partial<ReportFormValues> = {}): ReportFormValues => ({
  type: 'RAW_DATA_CSV',
  name: '',
  msjId: '',
  cjgId: '',
  rawDataOf: 'sensors',
  sensorIds: [1],
  nodeIds: [],
  pairs: [{ row: 0, sid1: '', sid2: '' }],
  limit: '19.4',
  from: 0,
  to: 3_600_000,
  email: false,
  recipientIds: [],
  schedule: false,
  frequency: 'DAILY',
  weekDays: [1],
  monthDay: '1',
  timeOfDay: '07:00',
  ...overrides,
});
const csv = {
  type: 'RAW_DATA_CSV',
  format: 'csv',
  subject: 'SENSORS',
  differential: false,
  downsampled: false,
} as const;

describe('report rules', () => {
  it("writes a schedule's time of day as the app writes times", () => {
    expect(scheduleTimeText('17:04', 'en')).toBe('05:04 PM');
    expect(scheduleTimeText('00:30', 'en')).toBe('12:30 AM');
    expect(scheduleTimeText('17:04', 'es')).toBe('17:04');
    expect(scheduleTimeText('junk', 'en')).toBe('junk');
  });

  it('offers as recipients only active members who may use the web dashboard', () => {
    expect(canReceiveReports({ access: 1, isActive: true })).toBe(true);
    expect(canReceiveReports({ access: 4, isActive: true })).toBe(true);
    expect(canReceiveReports({ access: 8, isActive: true })).toBe(false);
    expect(canReceiveReports({ access: 2, isActive: false })).toBe(false);
  });

  it('writes sizes as people read them', () => {
    expect(formatFileSize(512, 'en')).toBe('512\u00a0B');
    expect(formatFileSize(1536, 'en')).toBe('1.5\u00a0KB');
    expect(formatFileSize(1_572_864, 'es')).toBe('1,5\u00a0MB');
    expect(formatFileSize(25 * 1024 * 1024, 'en')).toBe('25\u00a0MB');
    expect(formatFileSize(null, 'en')).toBeNull();
  });

  it('lets the owner and the site admins delete or stop, no one else', () => {
    const item = { ownerUsername: 'pat', tenantGroupId: 1 };
    const user = (username: string, access: number, accountType = 'USER') =>
      testUser({ username, accountType, userTenantGroupData: [{ tenantGroupId: 1, access }] });
    expect(canManageReport(user('pat', 4), item)).toBe(true);
    expect(canManageReport(user('sam', 1), item)).toBe(true);
    expect(canManageReport(user('sam', 2), item)).toBe(false);
    expect(canManageReport(user('sam', 4), item)).toBe(false);
    expect(canManageReport(user('boss', 4, 'ADMIN'), item)).toBe(true);
    expect(canManageReport(undefined, item)).toBe(false);
  });

  it('starts the range at the job run, else the last 24 hours, at most 366 days', () => {
    const now = Date.UTC(2026, 1, 1);
    expect(defaultRange([], now)).toEqual({ from: now - 86_400_000, to: now });
    expect(defaultRange([{ startDate: 10, terminationDate: 20 }], now)).toEqual({ from: 10, to: 20 });
    expect(defaultRange([{ startDate: now - 5, terminationDate: null }], now)).toEqual({
      from: now - 5,
      to: now,
    });
    const long = defaultRange([{ startDate: Date.UTC(2020, 0, 1), terminationDate: null }], now);
    expect(long.to - long.from).toBe(366 * 86_400_000);
  });

  it('converts a differential limit typed in °F as a difference', () => {
    expect(limitToCelsius('35', 'Imperial')).toBe(19.44);
    expect(limitToCelsius('19,4', 'Metric')).toBe(19.4);
    expect(limitToCelsius('0', 'Metric')).toBeNull();
    expect(limitToCelsius('abc', 'Metric')).toBeNull();
  });

  it('says what is missing before anything is sent', () => {
    expect(formProblem(values(), csv, 'Metric')).toBeNull();
    expect(formProblem(values(), undefined, 'Metric')).toBe('reports.form.errors.type');
    expect(formProblem(values({ from: 5, to: 5 }), csv, 'Metric')).toBe('reports.form.errors.order');
    expect(formProblem(values({ from: 0, to: 400 * 86_400_000 }), csv, 'Metric')).toBe(
      'reports.form.errors.tooLong',
    );
    expect(formProblem(values({ email: true }), csv, 'Metric')).toBe('reports.form.errors.recipients');
    expect(formProblem(values({ schedule: true, frequency: 'WEEKLY', weekDays: [] }), csv, 'Metric')).toBe(
      'reports.form.errors.weekDays',
    );
    // A schedule's range is its period: no range asked.
    expect(formProblem(values({ schedule: true, from: null, to: null }), csv, 'Metric')).toBeNull();
  });

  it('sends whole nodes of a raw data report instead of its sensors, and asks for at least one', () => {
    const onNodes = values({ rawDataOf: 'nodes', sensorIds: [1], nodeIds: [] });
    expect(formProblem(onNodes, csv, 'Metric')).toBe('reports.form.errors.nodes');
    expect(formProblem({ ...onNodes, nodeIds: [4] }, csv, 'Metric')).toBeNull();
    const ctx = { info: csv, system: 'Metric' as const, timeZone: 'UTC', tenantGroupId: 1 };
    const { attributes } = toRequestBody({ ...onNodes, nodeIds: [4, 7] }, ctx);
    expect(attributes?.nodeIds).toEqual([4, 7]);
    expect(attributes?.sensorIds).toBeUndefined();
    // On sensors, the nodes once chosen are not sent.
    const bySensors = toRequestBody(values({ nodeIds: [4] }), ctx).attributes;
    expect(bySensors?.sensorIds).toEqual([1]);
    expect(bySensors?.nodeIds).toBeUndefined();
  });
});
