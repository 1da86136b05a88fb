import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { IdFileRequest } from '@sitepulse/contracts';
import { LUMITRACK_FILE_IDS_MAX, type QrFormat } from '@sitepulse/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { DownloadLinkButton } from '../../components/DownloadLinkButton.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { ReportStatusChip } from '../../components/ReportStatusChip.tsx';
import {
  labelFileHref,
  useLabelPreference,
  useLabelRequests,
  useRequestLabels,
  useSetLabelPreference,
} from './api.ts';
import { lumitrackErrorText } from './rules.ts';

/** The formats as offered: the two sheets first (the spec's PDF A4, PDF Letter), then PNG. */
const LABEL_FORMAT_ORDER: readonly QrFormat[] = ['PDF_A4', 'PDF_LETTER', 'PNG'];

/**
 * Labels of the chosen IDs in one format: PDF A4, PDF Letter or PNG (a zip of PNGs for several IDs). The
 * user's preferred format is chosen first, and the format asked for becomes the preference (kept by the
 * server per user).
 */
export function LabelsDialog({
  lumitrackIds,
  open,
  onClose,
  onRequested,
}: {
  lumitrackIds: readonly string[];
  open: boolean;
  onClose: () => void;
  onRequested?: (request: IdFileRequest) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { showAlert } = useAlert();
  const titleId = useId();
  const preference = useLabelPreference();
  const keep = useSetLabelPreference();
  const request = useRequestLabels();
  const [choice, setChoice] = useState<QrFormat | null>(null);
  const format = choice ?? (preference.data as QrFormat);
  const tooMany = lumitrackIds.length > LUMITRACK_FILE_IDS_MAX;
  const close = () => {
    setChoice(null);
    request.reset();
    onClose();
  };
  const submit = () => {
    if (tooMany || lumitrackIds.length === 0) return;
    if (format !== preference.data) keep.mutate(format);
    request.mutate(
      { lumitrackIds: [...lumitrackIds], payload: { fileFormat: format } },
      {
        onSuccess: (made) => {
          showAlert({
            severity: 'success',
            message: t('lumitrack.labels.requested', { count: lumitrackIds.length }),
          });
          onRequested?.(made);
          close();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={() => !request.isPending && close()}
      fullWidth
      maxWidth="xs"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('lumitrack.labels.title', { count: lumitrackIds.length })}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t('lumitrack.labels.intro')}</DialogContentText>
        <FormControl>
          <FormLabel id={`${titleId}-format`}>{t('lumitrack.labels.format')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${titleId}-format`}
            value={format}
            onChange={(e) => setChoice(e.target.value as QrFormat)}
          >
            {LABEL_FORMAT_ORDER.map((f) => (
              <FormControlLabel
                key={f}
                value={f}
                control={<Radio />}
                label={
                  <Box>
                    <Typography component="span">{t(`lumitrack.formats.${f}`)}</Typography>
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                    >
                      {t(`lumitrack.formatHelp.${f}`, { count: lumitrackIds.length })}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        {tooMany ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('lumitrack.labels.tooMany', { max: LUMITRACK_FILE_IDS_MAX })}
          </Alert>
        ) : null}
        {request.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {lumitrackErrorText(t, request.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={request.isPending}>
          {t('lumitrack.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={request.isPending} disabled={tooMany}>
          {t('lumitrack.labels.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A ready label file (components/DownloadLinkButton). */
function DownloadButton({ request }: { request: IdFileRequest }) {
  const { t } = useTranslation();
  const { fileName } = request;
  if (!fileName) return null;
  return (
    <DownloadLinkButton
      makeHref={() => labelFileHref(request)}
      fileName={fileName}
      label={t('lumitrack.files.downloadNamed', { name: fileName })}
      text={t('lumitrack.files.download')}
      testId="label-download"
    />
  );
}

/** What a label file holds, in words: its format, and the ID (one) or how many. */
function RequestSummary({ request }: { request: IdFileRequest }) {
  const { t } = useTranslation();
  const format =
    request.payload.fileType === 'ZIP'
      ? t('lumitrack.formats.ZIP')
      : t(`lumitrack.formats.${request.payload.fileFormat}`);
  const what =
    request.lumitrackIds.length === 1
      ? request.lumitrackIds[0]
      : t('lumitrack.files.ids', { count: request.lumitrackIds.length });
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {format} · {what}
    </Typography>
  );
}

const SHOWN = 10;

/**
 * The label files asked for with IDs of this project (`ids`), newest first: queued, being made, ready (with
 * the download) or failed (with the reason). The list is read again every 3 s while a file is on its way.
 */
export function LabelFiles({ ids }: { ids: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const query = useLabelRequests();
  const [all, setAll] = useState(false);
  return (
    <Box component="section" aria-labelledby="label-files" sx={{ mt: 4 }}>
      <Typography
        id="label-files"
        variant="h6"
        component="h2"
        sx={{ fontWeight: 700, fontSize: 18, mb: 1.5 }}
      >
        {t('lumitrack.files.title')}
      </Typography>
      <QueryState query={query}>
        {(requests) => {
          const mine = requests.filter((r) => r.lumitrackIds.some((id) => ids.has(id)));
          if (mine.length === 0) return <EmptyState message={t('lumitrack.files.empty')} />;
          const shown = all ? mine : mine.slice(0, SHOWN);
          return (
            <Stack spacing={1} data-testid="label-files">
              {shown.map((r) => (
                <Paper
                  key={r.id}
                  variant="outlined"
                  data-testid="label-file"
                  data-status={r.status}
                  sx={{
                    p: 1.5,
                    borderRadius: 2,
                    display: 'flex',
                    gap: 1.5,
                    alignItems: 'center',
                    flexWrap: 'wrap',
                  }}
                >
                  <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                    <RequestSummary request={r} />
                    <Typography variant="caption" color="text.secondary">
                      {t('lumitrack.files.asked', { when: prefs.time(r.creationDate), who: r.ownerUsername })}
                    </Typography>
                    {r.status === 'ERROR' ? (
                      <Typography variant="caption" color="error" component="div">
                        {r.error || t('lumitrack.files.noReason')}
                      </Typography>
                    ) : null}
                  </Box>
                  <ReportStatusChip status={r.status} />
                  {r.status === 'DONE' ? <DownloadButton request={r} /> : null}
                </Paper>
              ))}
              {mine.length > SHOWN ? (
                <Button size="small" onClick={() => setAll((v) => !v)} sx={{ alignSelf: 'flex-start' }}>
                  {all
                    ? t('lumitrack.files.showFewer')
                    : t('lumitrack.files.showAll', { count: mine.length })}
                </Button>
              ) : null}
            </Stack>
          );
        }}
      </QueryState>
    </Box>
  );
}
