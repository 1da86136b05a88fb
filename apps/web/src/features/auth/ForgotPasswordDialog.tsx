import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Snackbar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  canSendForgotPassword,
  FORGOT_PASSWORD_CLEAR_DELAY_MS,
  validateForgotPasswordEmail,
} from '@sitepulse/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { requestPasswordReset } from '../../api/auth.ts';
import { useTranslation } from '../../i18n/index.ts';
import { messageKey } from './messages.ts';

/** The dialog's states of spec section 4 ('closed' is the `open` prop being false). */
export type ForgotPasswordStatus = 'open' | 'sending' | 'success' | 'error';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  supportPhone?: string;
  supportEmail?: string;
}

/**
 * Forgot password (spec sections 2, 4, 5, 8): an Email field, Cancel and Send. Send is disabled while the
 * address is empty, invalid or being sent. Success (also a 401 from the server) confirms and shows the
 * support contacts; another failure shows an error snackbar. Closing clears the fields 0.5 s later.
 */
export function ForgotPasswordDialog({
  open,
  onClose,
  supportPhone,
  supportEmail,
}: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [status, setStatus] = useState<ForgotPasswordStatus>('open');
  const [sentTo, setSentTo] = useState('');
  const [snackbar, setSnackbar] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { register, handleSubmit, watch, reset, formState } = useForm<{ email: string }>({
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const email = watch('email');
  const sending = status === 'sending';
  const canSend = canSendForgotPassword(email, sending);

  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    },
    [],
  );

  const close = () => {
    if (sending) return;
    onClose();
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => {
      reset({ email: '' });
      setStatus('open');
      setSentTo('');
      clearTimer.current = null;
    }, FORGOT_PASSWORD_CLEAR_DELAY_MS);
  };

  const send = handleSubmit(async ({ email: address }) => {
    const trimmed = address.trim();
    setStatus('sending');
    try {
      await requestPasswordReset(trimmed);
      setSentTo(trimmed);
      setStatus('success');
    } catch {
      setStatus('error');
      setSnackbar(true);
    }
  });

  const emailError = formState.errors.email?.message;

  return (
    <>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>
          {status === 'success' ? t('auth.forgot.successTitle') : t('auth.forgot.title')}
        </DialogTitle>
        {status === 'success' ? (
          <>
            <DialogContent>
              <Alert icon={<CheckCircleOutlineIcon />} severity="success" sx={{ mb: 2 }}>
                {t('auth.forgot.success', { email: sentTo })}
              </Alert>
              {(supportPhone || supportEmail) && (
                <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'grey.100' }}>
                  <Typography variant="subtitle2" sx={{ mb: 1 }}>
                    {t('auth.forgot.support')}
                  </Typography>
                  <Stack spacing={0.75}>
                    {supportPhone && (
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <PhoneOutlinedIcon
                          fontSize="small"
                          color="action"
                          aria-label={t('auth.forgot.supportPhone')}
                        />
                        <Link href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</Link>
                      </Stack>
                    )}
                    {supportEmail && (
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <EmailOutlinedIcon
                          fontSize="small"
                          color="action"
                          aria-label={t('auth.forgot.supportEmail')}
                        />
                        <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
                      </Stack>
                    )}
                  </Stack>
                </Box>
              )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2.5 }}>
              <Button variant="contained" onClick={close}>
                {t('auth.forgot.close')}
              </Button>
            </DialogActions>
          </>
        ) : (
          <Box component="form" noValidate onSubmit={send}>
            <DialogContent sx={{ pt: 0 }}>
              <DialogContentText sx={{ mb: 2 }}>{t('auth.forgot.text')}</DialogContentText>
              <TextField
                {...register('email', {
                  validate: (v) => validateForgotPasswordEmail(v) ?? true,
                })}
                type="email"
                label={t('auth.forgot.email')}
                autoComplete="email"
                autoFocus
                fullWidth
                disabled={sending}
                error={Boolean(emailError)}
                helperText={emailError ? t(messageKey(emailError)) : ' '}
              />
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2.5 }}>
              <Button onClick={close} disabled={sending} color="inherit">
                {t('auth.forgot.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={!canSend} loading={sending}>
                {t('auth.forgot.send')}
              </Button>
            </DialogActions>
          </Box>
        )}
      </Dialog>
      <Snackbar
        open={snackbar}
        autoHideDuration={6000}
        onClose={() => setSnackbar(false)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setSnackbar(false)} sx={{ width: '100%' }}>
          {t('auth.forgot.error')}
        </Alert>
      </Snackbar>
    </>
  );
}
