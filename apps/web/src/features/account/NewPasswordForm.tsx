import { Alert, Box, Button, Stack } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '@sitepulse/domain';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { useTranslation } from '../../i18n/index.ts';
import { failureKey } from './messages.ts';
import { PasswordField } from './PasswordField.tsx';
import type { NewPasswordValues } from './validation.ts';

// The form's checks (zod) are fetched at its first check (docs/decisions/web-bundle.md).
const resolver = lazyZodResolver(() => import('./validation.ts').then((m) => m.newPasswordSchema));

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
    resolver,
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
