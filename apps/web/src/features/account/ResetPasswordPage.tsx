import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '@sitepulse/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { confirmResetPassword } from '../../api/users.ts';
import { failureKey, isDeadLink } from './messages.ts';
import { PasswordField } from './PasswordField.tsx';
import { Outcome, PublicFrame } from './PublicFrame.tsx';
import { type NewPasswordValues, newPasswordSchema } from './validation.ts';

/** The dead-link message: reset links work once, for an hour; a new one is asked for on the login page. */
function DeadLink() {
  const { t } = useTranslation();
  return (
    <Outcome
      icon={<LinkOffIcon color="error" sx={{ fontSize: 40 }} aria-hidden />}
      title={t('account.reset.invalidTitle')}
      actions={
        <Button component={RouterLink} to="/login" variant="contained">
          {t('account.reset.askAgain')}
        </Button>
      }
    >
      <Typography color="text.secondary">{t('account.reset.invalid')}</Typography>
    </Outcome>
  );
}

/**
 * `/reset_pwd?token=…` (spec section 2, docs/decisions/people-and-access.md "Passwords"): the new password
 * twice, with a show/hide toggle, sent with the e-mailed token. Success signs out every session and offers
 * the sign-in; an unknown, used or expired link (or none) says so and how to ask for a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const save = useMutation({
    mutationFn: (password: string) => confirmResetPassword({ token, password }),
  });
  const { errors } = formState;

  const dead = !token || (save.isError && isDeadLink(save.error));
  const content = () => {
    if (dead) return <DeadLink />;
    if (save.isSuccess) {
      return (
        <Outcome
          icon={<CheckCircleOutlineIcon color="success" sx={{ fontSize: 40 }} aria-hidden />}
          title={t('account.reset.doneTitle')}
          actions={
            <Button component={RouterLink} to="/login" variant="contained">
              {t('account.public.toLogin')}
            </Button>
          }
        >
          <Typography color="text.secondary">{t('account.reset.done')}</Typography>
        </Outcome>
      );
    }
    return (
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((v) => save.mutate(v.password))}
        aria-label={t('titles.resetPassword')}
      >
        <Stack spacing={1}>
          <PasswordField
            {...register('password')}
            label={t('account.password.new')}
            autoComplete="new-password"
            autoFocus
            error={errors.password?.message}
            helperText={t('account.password.rule', { min: PASSWORD_MIN_LENGTH })}
          />
          <PasswordField
            {...register('confirm')}
            label={t('account.password.confirm')}
            autoComplete="new-password"
            error={errors.confirm?.message}
          />
        </Stack>
        {save.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t(failureKey(save.error))}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" fullWidth loading={save.isPending}>
          {t('account.reset.submit')}
        </Button>
      </Box>
    );
  };

  return (
    <PublicFrame
      title={t('titles.resetPassword')}
      intro={dead || save.isSuccess ? undefined : t('account.reset.intro')}
    >
      {content()}
    </PublicFrame>
  );
}
