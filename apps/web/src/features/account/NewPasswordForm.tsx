import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '@sitepulse/domain';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureKey } from './messages.ts';
import { PasswordField } from './PasswordField.tsx';
import { type NewPasswordValues, newPasswordSchema } from './validation.ts';

/** The new password and its confirmation, each with a show/hide toggle; the rule is said under the first. */
export function NewPasswordFields({
  register,
  errors,
  autoFocus,
}: {
  register: UseFormRegister<NewPasswordValues>;
  errors: FieldErrors<NewPasswordValues>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...register('password')}
        label={t('account.password.new')}
        autoComplete="new-password"
        autoFocus={autoFocus}
        error={errors.password?.message}
        helperText={t('account.password.rule', { min: PASSWORD_MIN_LENGTH })}
      />
      <PasswordField
        {...register('confirm')}
        label={t('account.password.confirm')}
        autoComplete="new-password"
        error={errors.confirm?.message}
      />
    </>
  );
}

/**
 * The form of the e-mailed password links (/create_pwd, /reset_pwd): the new password twice, checked
 * before `onSubmit` gets it, what the call's `failure` was (null while there is none), and the submit.
 */
export function NewPasswordForm({
  label,
  submitLabel,
  onSubmit,
  pending,
  failure,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (password: string) => void;
  pending: boolean;
  failure: unknown;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((v) => onSubmit(v.password))} aria-label={label}>
      <Stack spacing={1}>
        <NewPasswordFields register={register} errors={formState.errors} autoFocus />
      </Stack>
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(failureKey(failure))}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        {submitLabel}
      </Button>
    </Box>
  );
}
