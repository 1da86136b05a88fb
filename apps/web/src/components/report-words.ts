import type { ReportFormat, ReportType } from '@sitepulse/domain';
import type { TFunction } from '../i18n/index.ts';

/** A type in words with its format: 'Pour report (PDF)'. */
export function typeLabel(t: TFunction, type: ReportType, format: ReportFormat): string {
  return t('reports.typeOption', {
    name: t(`reports.types.${type}`),
    format: t(`reports.formats.${format}`),
  });
}
