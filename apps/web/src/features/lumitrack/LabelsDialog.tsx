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
  Radio,
  RadioGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { IdFileRequest } from '@sitepulse/contracts';
import { LUMITRACK_FILE_IDS_MAX, type QrFormat } from '@sitepulse/domain';
import { useId, useState } from 'react';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useLabelPreference, useRequestLabels, useSetLabelPreference } from './api.ts';
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
