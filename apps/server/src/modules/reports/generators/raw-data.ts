import type { ReportType } from '@sitepulse/domain';
import { csvGenerator } from './raw-data-csv.ts';
import { xlsxGenerator } from './raw-data-xlsx.ts';
import type { ReportGenerator } from './types.ts';

/**
 * The raw-data types (docs/decisions/reports-raw-data.md): the readings of the chosen sensors and of
 * every sensor of the chosen nodes over the range, in the requester's units, language and time zone.
 * The `_DW` types hold one row per sensor per hour (average, min, max, readings) instead of every reading.
 */
export const rawDataGenerators: Partial<Record<ReportType, ReportGenerator>> = {
  RAW_DATA_CSV: csvGenerator(false),
  RAW_DATA_CSV_DW: csvGenerator(true),
  RAW_DATA_EXCEL: xlsxGenerator(false),
  RAW_DATA_EXCEL_DW: xlsxGenerator(true),
};
