import type { ReportType } from '@sitepulse/domain';
import type { ReportGenerator } from '../types.ts';
import { generateDifferentialPdf } from './layout.ts';

/**
 * The differential PDF reports: pairs of temperature sensors of a maturity job, of a job group's jobs,
 * or chosen on the site, their difference over time against a limit (ACI 301: 19.4 °C / 35 °F).
 */
export const differentialGenerators: Partial<Record<ReportType, ReportGenerator>> = {
  MATURITY_STRENGTH_JOB_DIFFERENTIAL: (ctx) =>
    generateDifferentialPdf(ctx, 'MATURITY_STRENGTH_JOB_DIFFERENTIAL'),
  MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL: (ctx) =>
    generateDifferentialPdf(ctx, 'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL'),
  T_DIFF_PAIR_GROUP_REPORT: (ctx) => generateDifferentialPdf(ctx, 'T_DIFF_PAIR_GROUP_REPORT'),
};
