import { Chip, Typography } from '@mui/material';
import type { ReportFormat, ReportStatus, ReportType } from '@sitepulse/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { STATUS_COLOURS } from './rules.ts';

/** A type in words with its format: 'Pour report (PDF)'. */
export function typeLabel(t: TFunction, type: ReportType, format: ReportFormat): string {
  return t('reports.typeOption', {
    name: t(`reports.types.${type}`),
    format: t(`reports.formats.${format}`),
  });
}

/** What a refused or failed report call shows: the server's own words for a 400/409, 403 and 404 explained. */
export function reportErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 || error.status === 409)
      return t('reports.errors.rejected', { message: error.message });
    if (error.status === 403) return t('reports.errors.forbidden');
    if (error.status === 404) return t('reports.errors.notFound');
    if (error.message) return t('reports.errors.failedWith', { message: error.message });
  }
  return t('reports.errors.failed');
}

/** A request's status as a chip: Queued, Being made, Ready, Failed. */
export function ReportStatusChip({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`reports.status.${status}`)}
      color={STATUS_COLOURS[status]}
      variant={status === 'NEW' ? 'outlined' : 'filled'}
      data-status={status}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** A page heading: the site's name small above the page's title. */
export function SiteTitle({ siteName, title }: { siteName?: string; title: string }) {
  return (
    <>
      {siteName ? (
        <Typography
          component="span"
          variant="overline"
          color="text.secondary"
          sx={{ display: 'block', lineHeight: 1.6, overflowWrap: 'anywhere' }}
        >
          {siteName}
        </Typography>
      ) : null}
      {title}
    </>
  );
}
