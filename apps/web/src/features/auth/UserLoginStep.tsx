import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Alert, Box, Button, IconButton, InputAdornment, Link, Stack, Tab, Tabs } from '@mui/material';
import type { UserDetail } from '@sitepulse/contracts';
import { phoneLoginUsername } from '@sitepulse/domain';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type LoginInput, login } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { lazyZodResolver } from '../../components/lazy-resolver.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { emptyLoginPhone, loadPhone } from './phone.ts';
import { StepHeading } from './StepHeading.tsx';
import type { LoginFormValues, LoginMethod } from './validation.ts';

// The form's checks (zod) are fetched at its first check (docs/decisions/web-bundle.md).
const loginResolver = lazyZodResolver(() => import('./validation.ts').then((m) => m.loginSchema));

export interface UserLoginStepProps {
  companyName?: string | null;
  onSignedIn: (detail: UserDetail, username: string) => void;
  onForgotPassword: () => void;
}

/** The phone tab's input, loaded with libphonenumber-js when the tab is about to be used (phone.ts). */
const PhoneInput = lazy(() => loadPhone().then((m) => ({ default: m.PhoneInput })));

/** The username a login sends: the typed one, or the phone number in E.164 form ('+' prefixed). */
export async function loginUsername(values: LoginFormValues): Promise<string> {
  if (values.method !== 'phone') return values.username.trim();
  const { phoneToE164 } = await loadPhone();
  return phoneLoginUsername(phoneToE164(values.phone) ?? '');
}

/**
 * Step 2 of the login screen (spec sections 2, 5, 8): tabs 'Username or Email' and 'phone', a password with a
 * show/hide toggle, the forgot-password link and the login button.
 */
export function UserLoginStep({ companyName, onSignedIn, onForgotPassword }: UserLoginStepProps) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const { control, register, handleSubmit, setValue, clearErrors, watch, formState } =
    useForm<LoginFormValues>({
      resolver: loginResolver,
      defaultValues: { method: 'username', username: '', phone: emptyLoginPhone(), password: '' },
    });
  const method = watch('method');
  const { errors } = formState;

  const mutation = useMutation({
    mutationFn: (input: LoginInput) => login(input),
    onSuccess: (detail, input) => onSignedIn(detail, input.username),
  });

  const onSubmit = handleSubmit(async (values) => {
    mutation.reset();
    mutation.mutate({ username: await loginUsername(values), password: values.password });
  });

  const failure = mutation.error
    ? mutation.error instanceof ApiError && mutation.error.status === 429
      ? t('auth.login.tooMany')
      : t('auth.login.failed')
    : null;

  return (
    <Stack spacing={2.5}>
      <StepHeading
        title={t('auth.login.title')}
        subtitle={
          companyName ? t('auth.login.subtitle', { company: companyName }) : t('auth.login.subtitleGeneric')
        }
      />
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Tabs
          value={method}
          onChange={(_, next: LoginMethod) => {
            setValue('method', next);
            clearErrors();
          }}
          variant="fullWidth"
          aria-label={t('auth.login.methods')}
          sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="username" label={t('auth.login.tabUsername')} />
          <Tab
            value="phone"
            label={t('auth.login.tabPhone')}
            onPointerEnter={() => void loadPhone()}
            onFocus={() => void loadPhone()}
          />
        </Tabs>
        <Stack spacing={1}>
          {method === 'username' ? (
            <TextInput
              {...register('username')}
              label={t('auth.login.username')}
              autoComplete="username"
              autoCapitalize="none"
              autoFocus
              fullWidth
              error={Boolean(errors.username)}
              helperText={errors.username?.message ? t(errors.username.message) : ' '}
            />
          ) : (
            <Suspense
              fallback={<Box role="progressbar" aria-label={t('common.loading')} sx={{ height: 79 }} />}
            >
              <Controller
                control={control}
                name="phone"
                render={({ field, fieldState }) => (
                  <PhoneInput
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    name={field.name}
                    autoFocus
                    error={fieldState.error?.message ? t(fieldState.error.message) : null}
                  />
                )}
              />
            </Suspense>
          )}
          <TextInput
            {...register('password')}
            type={showPassword ? 'text' : 'password'}
            label={t('auth.login.password')}
            autoComplete="current-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password?.message ? t(errors.password.message) : ' '}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? t('auth.login.hidePassword') : t('auth.login.showPassword')}
                      onClick={() => setShowPassword((s) => !s)}
                      onMouseDown={(e) => e.preventDefault()}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -0.5, mb: 2 }}>
          <Link component="button" type="button" variant="body2" onClick={onForgotPassword} underline="hover">
            {t('auth.login.forgot')}
          </Link>
        </Box>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
