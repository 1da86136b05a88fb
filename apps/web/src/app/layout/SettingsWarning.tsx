import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { Alert, Button, IconButton } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { useDisplayPreferences } from '../preferences.ts';

/**
 * A saved display time zone or unit system the app cannot use (spec section 8: a configuration flag for a
 * warning): the screens fall back to UTC or Metric, and this says so until the user dismisses it.
 */
export function SettingsWarning() {
  const { t } = useTranslation();
  const { invalidSettings } = useDisplayPreferences();
  const [dismissed, setDismissed] = useState(false);
  if (invalidSettings.length === 0 || dismissed) return null;
  return (
    <Alert
      severity="warning"
      action={
        <>
          <Button color="inherit" size="small" component={RouterLink} to="/settings/user">
            {t('shell.settingsWarning.fix')}
          </Button>
          <IconButton
            color="inherit"
            size="small"
            aria-label={t('shell.settingsWarning.dismiss')}
            onClick={() => setDismissed(true)}
          >
            <CloseRoundedIcon fontSize="small" />
          </IconButton>
        </>
      }
      sx={{ borderRadius: 0 }}
    >
      {invalidSettings.map((s) => t(`shell.settingsWarning.${s}`)).join(' ')}
    </Alert>
  );
}
