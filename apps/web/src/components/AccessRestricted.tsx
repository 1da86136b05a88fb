import PhonelinkLockRoundedIcon from '@mui/icons-material/PhonelinkLockRounded';
import { useTranslation } from '../i18n/index.ts';
import { StatusScreen } from './StatusScreen.tsx';

/** Shown on job-site pages to a user with inspector access (8) on that site (spec section 2, 6). */
export function AccessRestricted() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<PhonelinkLockRoundedIcon sx={{ fontSize: 56, color: 'warning.main' }} aria-hidden />}
      title={t('shell.accessRestricted.title')}
      message={t('shell.accessRestricted.message')}
    />
  );
}
