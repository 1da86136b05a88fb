import { Box } from '@mui/material';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { LoadError } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** A dashboard whose job site is not known yet: loading, or the job sites failed to load. */
export function DashboardLoading({
  query,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('titles.dashboard')}>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }} data-state="loading">
          <InlineSpinner message={t('common.loading')} />
        </Box>
      )}
    </PageFrame>
  );
}
