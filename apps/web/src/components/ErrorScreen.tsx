import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../i18n/index.ts';

/**
 * The general error screen (spec section 2): 'Oops!' and a message, with 'Try Again' (a spinner
 * while retrying) when `onRetry` is given, otherwise 'Go to homepage'.
 */
export function ErrorScreen({ onRetry }: { onRetry?: () => unknown }) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    if (!onRetry) return;
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Box
      role="alert"
      sx={{ flex: 1, display: 'grid', placeItems: 'center', p: { xs: 2, sm: 4 }, minHeight: 320 }}
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 460, width: '100%', textAlign: 'center', borderRadius: 3 }}
      >
        <ErrorOutlineRoundedIcon sx={{ fontSize: 56, color: 'error.main', mb: 1 }} aria-hidden />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('shell.error.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('shell.error.message')}
        </Typography>
        {onRetry ? (
          <Button
            variant="contained"
            onClick={retry}
            disabled={retrying}
            aria-busy={retrying}
            startIcon={retrying ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('shell.error.tryAgain')}
          </Button>
        ) : (
          <Button variant="contained" href="/">
            {t('shell.error.goHome')}
          </Button>
        )}
      </Paper>
    </Box>
  );
}
