import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import { Alert } from '@mui/material';
import dayjs from 'dayjs';
import { useBrowserOnline, useOfflineSavedAt } from '../api/offline.ts';
import { useDisplayPreferences } from '../app/preferences.ts';
import { useTranslation } from '../i18n/index.ts';

/**
 * The band under the top bar while the app is offline or shows values the service worker saved
 * (docs/decisions/web-push-offline.md): "Offline — showing values last seen at 10:42 AM EST", the time in the
 * user's display zone and time form, with the date when it was not today there. Nothing while online.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useBrowserOnline();
  const savedAt = useOfflineSavedAt();
  const prefs = useDisplayPreferences();
  if (online && savedAt === null) return null;
  let message = t('shell.offline.noSaved');
  if (savedAt !== null) {
    const day = (ms: number) => dayjs(ms).tz(prefs.timeZone).format('YYYY-MM-DD');
    message =
      day(savedAt) === day(Date.now())
        ? t('shell.offline.lastSeen', { time: prefs.clock(savedAt) })
        : t('shell.offline.lastSeenOn', { date: prefs.date(savedAt), time: prefs.clock(savedAt) });
  }
  return (
    <Alert
      severity="warning"
      icon={<CloudOffRoundedIcon fontSize="inherit" />}
      role="status"
      data-testid="offline-banner"
      data-saved-at={savedAt === null ? '' : new Date(savedAt).toISOString()}
      sx={{ borderRadius: 0 }}
    >
      {message}
    </Alert>
  );
}
