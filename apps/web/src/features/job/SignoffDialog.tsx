import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { JobSignoff } from '@sitepulse/contracts';
import { SIGNOFF_DECISIONS, SIGNOFF_NOTE_MAX, type SignoffDecision } from '@sitepulse/domain';
import { useEffect, useState } from 'react';
import { failureText } from '../../api/client.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { type SignoffJob, shortName } from './Signoffs.tsx';
import { useRecordSignoff } from './signoffs-api.ts';

/**
 * Records a decision: the decision, a note and, optionally, the earlier decision it replaces. The strength
 * the server will record (the job's latest strength, as the page shows it) is shown before confirming.
 */
export function RecordDialog({
  open,
  onClose,
  job,
  previous,
}: {
  open: boolean;
  onClose: () => void;
  job: SignoffJob;
  previous: JobSignoff[];
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { showAlert } = useAlert();
  const record = useRecordSignoff(job.id);
  const [decision, setDecision] = useState<SignoffDecision | ''>('');
  const [note, setNote] = useState('');
  const [replaces, setReplaces] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const replaceable = previous.filter((s) => s.supersededById === null);

  // Every opening starts from an empty form.
  useEffect(() => {
    if (!open) return;
    setDecision('');
    setNote('');
    setReplaces('');
    setError(null);
  }, [open]);

  const submit = () => {
    if (decision === '') {
      setError(t('signoffs.dialog.chooseDecision'));
      return;
    }
    setError(null);
    record.mutate(
      { decision, note: note.trim(), ...(replaces === '' ? {} : { supersedesId: replaces }) },
      {
        onSuccess: () => {
          showAlert({ severity: 'success', message: t('signoffs.dialog.recorded') });
          onClose();
        },
        onError: (err) => setError(failureText(err, t('signoffs.dialog.failed'))),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={record.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      data-testid="signoff-dialog"
    >
      <DialogTitle>{t('signoffs.dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box
            data-testid="signoff-current-strength"
            sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}
          >
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {t('signoffs.dialog.currentStrength', {
                strength: prefs.withUnit('Strength', job.latestStrength),
              })}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {job.latestStrength === null
                ? t('signoffs.dialog.noStrength')
                : t('signoffs.dialog.strengthKept')}
            </Typography>
          </Box>
          <TextField
            select
            required
            label={t('signoffs.dialog.decision')}
            value={decision}
            onChange={(e) => setDecision(e.target.value as SignoffDecision)}
            slotProps={{ htmlInput: { 'data-testid': 'signoff-decision' } }}
          >
            {SIGNOFF_DECISIONS.map((d) => (
              <MenuItem key={d} value={d} data-testid={`signoff-decision-${d}`}>
                {t(`signoffs.decision.${d}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('signoffs.dialog.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={3}
            helperText={t('signoffs.dialog.noteCount', { length: note.length, max: SIGNOFF_NOTE_MAX })}
            slotProps={{ htmlInput: { maxLength: SIGNOFF_NOTE_MAX, 'data-testid': 'signoff-note-input' } }}
          />
          {replaceable.length > 0 ? (
            <TextField
              select
              label={t('signoffs.dialog.replaces')}
              value={replaces}
              onChange={(e) => setReplaces(e.target.value === '' ? '' : Number(e.target.value))}
              helperText={t('signoffs.dialog.replacesHelp')}
              slotProps={{
                htmlInput: { 'data-testid': 'signoff-replaces-select' },
                select: {
                  displayEmpty: true,
                  renderValue: (v) => {
                    const s = replaceable.find((x) => x.id === v);
                    return s ? shortName(s, t, prefs) : t('signoffs.dialog.replacesNone');
                  },
                  // On a phone the menu stays within the screen and its lines wrap.
                  MenuProps: { slotProps: { paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } } },
                },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">{t('signoffs.dialog.replacesNone')}</MenuItem>
              {replaceable.map((s) => (
                <MenuItem
                  key={s.id}
                  value={s.id}
                  data-testid={`signoff-replaces-${s.id}`}
                  sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
                >
                  {`${shortName(s, t, prefs)} · ${s.userName}`}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {t('signoffs.dialog.permanent')}
          </Typography>
          {error ? (
            <Alert severity="error" data-testid="signoff-error">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={record.isPending}>
          {t('signoffs.dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={record.isPending}
          data-testid="signoff-confirm"
        >
          {t('signoffs.dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
