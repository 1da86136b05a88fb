import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import { Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { confirmResetPassword } from '../../api/users.ts';
import { useTranslation } from '../../i18n/index.ts';
import { isDeadLink } from './messages.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { Outcome, PublicFrame } from './PublicFrame.tsx';

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
  const save = useMutation({
    mutationFn: (password: string) => confirmResetPassword({ token, password }),
  });

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
      <NewPasswordForm
        label={t('titles.resetPassword')}
        submitLabel={t('account.reset.submit')}
        onSubmit={(password) => save.mutate(password)}
        pending={save.isPending}
        failure={save.error}
      />
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
