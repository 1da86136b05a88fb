import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import type { AlarmEvent } from '@sitepulse/contracts';
import { ACK_NOTE_MAX } from '@sitepulse/domain';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useAcknowledgeAlarm } from './api.ts';

/**
 * Acknowledges one alarm with an optional note (at most ACK_NOTE_MAX characters). When someone else was
 * first (409), the server's words are shown and the list is read again, so the row shows who it was.
 */
export function AckDialog({
  alarm,
  what,
  tenantGroupId,
  onClose,
}: {
  alarm: AlarmEvent | null;
  /** the alarm in words, for the dialog's text */
  what: string;
  tenantGroupId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const ack = useAcknowledgeAlarm(tenantGroupId);
  const [note, setNote] = useState('');
  const tooLong = note.length > ACK_NOTE_MAX;

  const close = () => {
    if (ack.isPending) return;
    ack.reset();
    setNote('');
    onClose();
  };
  const submit = () => {
    if (!alarm || tooLong) return;
    ack.mutate(
      { id: alarm.id, note },
      {
        onSuccess: () => {
          showAlert({ severity: 'success', message: t('alarms.ack.done') });
          ack.reset();
          setNote('');
          onClose();
        },
      },
    );
  };
  const error = ack.error;
  const errorText =
    error instanceof ApiError && (error.status === 409 || error.status === 400) && error.message
      ? error.message
      : error
        ? t('alarms.ack.failed')
        : null;

  return (
    <Dialog open={alarm !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="alarm-ack-title">
      <DialogTitle id="alarm-ack-title">{t('alarms.ack.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{what}</DialogContentText>
        {errorText ? (
          <Alert
            severity={error instanceof ApiError && error.status === 409 ? 'info' : 'error'}
            sx={{ mb: 2 }}
          >
            {errorText}
          </Alert>
        ) : null}
        <TextField
          label={t('alarms.ack.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          error={tooLong}
          helperText={
            tooLong
              ? t('alarms.ack.tooLong', { max: ACK_NOTE_MAX })
              : t('alarms.ack.noteHelp', { length: note.length, max: ACK_NOTE_MAX })
          }
          slotProps={{ htmlInput: { maxLength: ACK_NOTE_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={ack.isPending}>
          {error instanceof ApiError && error.status === 409 ? t('alarms.ack.close') : t('alarms.ack.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={ack.isPending || tooLong || (error instanceof ApiError && error.status === 409)}
        >
          {t('alarms.ack.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
