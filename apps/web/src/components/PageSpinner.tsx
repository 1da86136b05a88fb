import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from '../i18n/index.ts';

/** A centred spinner that fills the page area while a page or its data loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t('common.loading')}
      sx={{ flex: 1, minHeight: 240, display: 'grid', placeItems: 'center', width: '100%', height: '100%' }}
    >
      <CircularProgress aria-hidden size={40} />
    </Box>
  );
}
