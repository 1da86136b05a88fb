import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import InboxRoundedIcon from '@mui/icons-material/InboxRounded';
import { Box, Button, Paper, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { useTranslation } from '../i18n/index.ts';
import { InlineSpinner } from './InlineSpinner.tsx';
import { isNotFound, isRetryable } from './NotFound.tsx';

/** A quiet card for an empty list or chart: an icon and one line of text. */
export function EmptyState({ message, action }: { message?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      data-state="empty"
      sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed', color: 'text.secondary', borderRadius: 2 }}
    >
      <InboxRoundedIcon sx={{ fontSize: 36, color: 'text.disabled' }} aria-hidden />
      <Typography variant="body2">{message ?? t('widgets.state.empty')}</Typography>
      {action ? <Box sx={{ mt: 1.5 }}>{action}</Box> : null}
    </Paper>
  );
}

/**
 * A failed load. 'Try again' only where trying again may help (a network failure, a timeout, a server
 * error): a 404 says the thing is not there or no longer visible, other refusals just that it failed. The
 * HTTP status, when the server answered, is shown small.
 */
export function LoadError({ error, onRetry: retry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : undefined;
  const onRetry = isRetryable(error) ? retry : undefined;
  return (
    <Paper
      variant="outlined"
      role="alert"
      data-state="error"
      sx={{ p: 3, textAlign: 'center', borderRadius: 2, borderColor: 'error.light' }}
    >
      <ErrorOutlineRoundedIcon color="error" sx={{ fontSize: 36 }} aria-hidden />
      <Typography variant="body2" sx={{ mb: onRetry ? 1.5 : 0 }}>
        {isNotFound(error) ? t('notFound.inline') : t('widgets.state.loadFailed')}
        {status ? ` (${status})` : ''}
      </Typography>
      {onRetry ? (
        <Button size="small" variant="outlined" onClick={onRetry}>
          {t('widgets.state.retry')}
        </Button>
      ) : null}
    </Paper>
  );
}

/**
 * The three states of every screen part that loads data: a spinner while the first answer is on its way,
 * an error card when it failed (with retry when that may help; `notFound` for a 404), an empty state when
 * `isEmpty` says so, otherwise the content.
 * A cancelled request never reaches here as an error: TanStack Query drops it (spec section 7).
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  loadingMessage,
  notFound,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loadingMessage?: string;
  /** What a 404 shows instead of the error card: a screen's main call passes <NotFoundScreen />. */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }} data-state="loading">
        <InlineSpinner message={loadingMessage ?? t('common.loading')} />
      </Box>
    );
  }
  if (query.isError && notFound !== undefined && isNotFound(query.error)) return <>{notFound}</>;
  if (query.isError || query.data === undefined) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(query.data)}</>;
}
