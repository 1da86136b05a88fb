import { Typography } from '@mui/material';
import { ApiError } from '../../api/client.ts';
import type { TFunction } from '../../i18n/index.ts';

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
