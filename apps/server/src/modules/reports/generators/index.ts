import type { ReportType } from '@sitepulse/domain';
import { differentialGenerators } from './differential/index.ts';
import { pdfGenerators } from './pdf/index.ts';
import { rawDataGenerators } from './raw-data.ts';
import type { ReportGenerator } from './types.ts';

/**
 * The generator of each report type that is made. A type without one is not offered
 * (GET .../types/by_company_id) and a request for it is refused with 400.
 */
export const REPORT_GENERATORS: Partial<Record<ReportType, ReportGenerator>> = {
  ...rawDataGenerators,
  ...pdfGenerators,
  ...differentialGenerators,
};
