import { describe, expect, it } from 'vitest';
import {
  DIFFERENTIAL_LIMIT_C,
  defaultReportName,
  REPORT_TYPE_NAMES,
  REPORT_TYPE_RULES,
  REPORT_TYPES,
  reportFileName,
  scheduleCron,
} from './reports.ts';

describe('report types', () => {
  it('has a rule and a name in each language for each of the ten types of the spec', () => {
    expect(REPORT_TYPES).toHaveLength(10);
    for (const type of REPORT_TYPES) {
      expect(REPORT_TYPE_RULES[type]).toBeDefined();
      expect(REPORT_TYPE_NAMES.en[type]).not.toBe('');
      expect(REPORT_TYPE_NAMES.es[type]).not.toBe('');
    }
    expect(REPORT_TYPE_RULES.RAW_DATA_EXCEL_DW).toMatchObject({ format: 'xlsx', downsampled: true });
    expect(REPORT_TYPE_RULES.RAW_DATA_CSV).toMatchObject({ format: 'csv', downsampled: false });
    expect(REPORT_TYPE_RULES.T_DIFF_PAIR_GROUP_REPORT).toMatchObject({ format: 'pdf', differential: true });
  });

  it('keeps the ACI 301 practice limit of 19.4 °C (35 °F)', () => {
    // 19.4 °C is 34.92 °F: Imperial readers get exactly 35 °F (the generators say so).
    expect(Math.round(DIFFERENTIAL_LIMIT_C * 1.8)).toBe(35);
  });

  it('names an unnamed request by its type in words, then its job', () => {
    expect(defaultReportName('CS_POUR_REPORT', 'en', 'Level 4 Slab - Pour 2')).toBe(
      'Pour report · Level 4 Slab - Pour 2',
    );
    expect(defaultReportName('RAW_DATA_CSV', 'es', null)).toBe('Datos completos (CSV)');
  });

  it('stores a file under its id, type and UTC day, with the extension of its format', () => {
    expect(reportFileName(12, 'RAW_DATA_EXCEL_DW', Date.UTC(2026, 10, 27, 23, 59))).toBe(
      'report-12-raw-data-excel-dw-2026-11-27.xlsx',
    );
    expect(reportFileName(3, 'CS_POUR_REPORT', 0)).toBe('report-3-cs-pour-report-1970-01-01.pdf');
  });
});

describe('scheduleCron', () => {
  it('fires daily at the time, weekly on the chosen days in order, monthly on the day', () => {
    expect(scheduleCron({ frequency: 'DAILY', timeOfDay: '07:05' })).toBe('5 7 * * *');
    expect(scheduleCron({ frequency: 'WEEKLY', timeOfDay: '07:00', weekDays: [5, 1, 1] })).toBe(
      '0 7 * * 1,5',
    );
    expect(scheduleCron({ frequency: 'MONTHLY', timeOfDay: '23:59', monthDay: 28 })).toBe('59 23 28 * *');
  });

  it('reads a weekly schedule without days as Mondays, a monthly one without a day as the 1st', () => {
    expect(scheduleCron({ frequency: 'WEEKLY', timeOfDay: '06:30', weekDays: [] })).toBe('30 6 * * 1');
    expect(scheduleCron({ frequency: 'MONTHLY', timeOfDay: '06:30', monthDay: null })).toBe('30 6 1 * *');
  });
});
