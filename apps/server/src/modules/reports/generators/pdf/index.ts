import type { ReportType } from '@sitepulse/domain';
import type { ReportGenerator } from '../types.ts';
import { generateJobPdf } from './reports.ts';

/** The PDF reports of one maturity job: the whole job, a pour, and a pour's temperatures. */
export const pdfGenerators: Partial<Record<ReportType, ReportGenerator>> = {
  CS_JOB_REPORT: (ctx) => generateJobPdf(ctx, 'CS_JOB_REPORT'),
  CS_POUR_REPORT: (ctx) => generateJobPdf(ctx, 'CS_POUR_REPORT'),
  T_POUR_REPORT: (ctx) => generateJobPdf(ctx, 'T_POUR_REPORT'),
};
