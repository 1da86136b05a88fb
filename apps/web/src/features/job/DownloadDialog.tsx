import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { buildDownloadLink, DOWNLOAD_PATHS, isTokenExpired, jobDownloadFiles } from '@sitepulse/domain';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { API_BASE, refreshAccessToken } from '../../api/client.ts';
import { readSession } from '../../api/session.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';

/** The value of a datetime-local input: a moment in the display time zone, to the minute. */
const INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

/**
 * CSV and Excel downloads of any range of a job (section 7 "File download links"): from and to (default the
 * job's whole time, in the display time zone), the format, and one link per file of the job (domain
 * jobDownloadFiles). Links carry the access token, customFilename, from, to, format, the display time zone
 * and the unit system; they are not built while the token is expired (section 5), and the dialog refreshes
 * the session first. Files hold every raw reading: exports are never smoothed.
 */
export function DownloadDialog({
  open,
  onClose,
  jobId,
  jobName,
  kind,
  startDate,
  endDate,
}: {
  open: boolean;
  onClose: () => void;
  jobId: number;
  jobName: string;
  kind: 'maturity' | 'humidity' | 'microweather';
  startDate: number | null;
  endDate: number | null;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const zone = prefs.timeZone;
  const toInput = (ms: number) => dayjs(ms).tz(zone).format(INPUT_FORMAT);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [session, setSession] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  // Each opening starts from the job's whole time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening only, not while the dates are edited
  useEffect(() => {
    if (!open) return;
    const now = Date.now();
    setFrom(toInput(startDate ?? now - 7 * 86_400_000));
    setTo(toInput(endDate ?? now));
  }, [open]);

  // An expired access token gets one refresh, so the links can be built.
  useEffect(() => {
    if (!open || !isTokenExpired(readSession('accessTokenExpiration'))) return;
    setRefreshing(true);
    void refreshAccessToken().finally(() => {
      setRefreshing(false);
      setSession((n) => n + 1);
    });
  }, [open]);

  const fromMs = from ? dayjs.tz(from, zone).valueOf() : Number.NaN;
  // 'to' is inclusive of its whole minute.
  const toMs = to ? dayjs.tz(to, zone).valueOf() + 59_999 : Number.NaN;
  const rangeError =
    !Number.isFinite(fromMs) || !Number.isFinite(toMs)
      ? 'job.download.invalid'
      : fromMs > toMs
        ? 'job.download.order'
        : null;

  const links = useMemo(() => {
    void session;
    if (rangeError) return [];
    const stamp = `${dayjs(fromMs).tz(zone).format('YYYY-MM-DD')}_${dayjs(toMs).tz(zone).format('YYYY-MM-DD')}`;
    return jobDownloadFiles(kind).map((file) => ({
      file,
      href: buildDownloadLink({
        baseUrl: readSession('baseUrl') || `${window.location.origin}${API_BASE}`,
        path: DOWNLOAD_PATHS[file],
        token: readSession('accessToken'),
        tokenExpiry: readSession('accessTokenExpiration'),
        params: {
          jobId,
          customFilename: `${jobName} ${t(`job.download.files.${file}`)} ${stamp}`,
          from: fromMs,
          to: toMs,
          format,
          timezone: zone,
          sortdir: 'asc',
          system: prefs.system,
        },
      }),
    }));
  }, [session, rangeError, fromMs, toMs, zone, kind, jobId, jobName, format, prefs.system, t]);
  const expired = !rangeError && links.some((l) => l.href === '');

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="download-dialog">
      <DialogTitle>{t('job.download.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('job.download.intro', { zone })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('job.download.from')}
              type="datetime-local"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'download-from' } }}
            />
            <TextField
              label={t('job.download.to')}
              type="datetime-local"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'download-to' } }}
            />
          </Stack>
          {rangeError ? <Alert severity="error">{t(rangeError)}</Alert> : null}
          <FormControl>
            <FormLabel id="download-format">{t('job.download.format')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="download-format"
              value={format}
              onChange={(e) => setFormat(e.target.value as 'csv' | 'xlsx')}
            >
              <FormControlLabel value="csv" control={<Radio />} label={t('job.download.csv')} />
              <FormControlLabel value="xlsx" control={<Radio />} label={t('job.download.excel')} />
            </RadioGroup>
          </FormControl>
          {expired ? (
            <Alert severity="warning">
              {refreshing ? t('job.download.refreshing') : t('job.download.expired')}
            </Alert>
          ) : null}
          <Stack spacing={1} data-testid="download-links">
            {links
              .filter((l) => l.href !== '')
              .map((l) => (
                <Button
                  key={l.file}
                  component="a"
                  href={l.href}
                  download
                  variant="outlined"
                  startIcon={<DownloadRoundedIcon />}
                  data-file={l.file}
                  sx={{ justifyContent: 'flex-start' }}
                >
                  {t('job.download.link', {
                    file: t(`job.download.files.${l.file}`),
                    format: format === 'csv' ? t('job.download.csv') : t('job.download.excel'),
                  })}
                </Button>
              ))}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('job.download.raw')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('job.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
