import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { StatusScreen } from './StatusScreen.tsx';

/** The no-access page's content: used by /no-access and by the feature and admin guards. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<BlockRoundedIcon sx={{ fontSize: 56, color: 'error.main' }} aria-hidden />}
      title={t('shell.noAccess.title')}
      message={t('shell.noAccess.message')}
      action={
        <Button component={RouterLink} to="/" variant="contained">
          {t('shell.noAccess.goHome')}
        </Button>
      }
    />
  );
}
