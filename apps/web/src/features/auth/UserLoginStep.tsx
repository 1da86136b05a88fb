import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Alert, Box, Button, IconButton, InputAdornment, Link, Stack, Tab, Tabs } from '@mui/material';
import type { UserDetail } from '@sitepulse/contracts';
import { phoneLoginUsername } from '@sitepulse/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { type LoginInput, login } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { emptyLoginPhone, loadPhone } from './phone.ts';
import { StepHeading } from './StepHeading.tsx';
import type { LoginFormValues, LoginMethod } from './validation.ts';

/** The message key of each field the checks refused (the first one of each). */
type LoginErrors = Partial<Record<'username' | 'phone' | 'password', string>>;

/**
 * The login form's checks: its zod schema, fetched with zod at the first check (docs/decisions/web-bundle.md).
 * This form keeps its two or three values in React state rather than in react-hook-form, whose 15 kB would
 * otherwise be most of what a returning user's first visit adds to the code step.
 */
export async function checkLogin(values: LoginFormValues): Promise<LoginErrors> {
  const { loginSchema } = await import('./validation.ts');
  const result = await loginSchema.safeParseAsync(values);
  const errors: LoginErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as keyof LoginErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

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
  const [values, setValues] = useState<LoginFormValues>(() => ({
    method: 'username',
    username: '',
    phone: emptyLoginPhone(),
    password: '',
  }));
  const [errors, setErrors] = useState<LoginErrors>({});
  /** After the first submit, every change is checked again, so a message goes as soon as it is fixed. */
  const submitted = useRef(false);
  /** Only the answer of the latest check is shown (checks are asynchronous). */
  const checks = useRef(0);
  const fields = {
    username: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const method = values.method;

  const check = async (next: LoginFormValues): Promise<LoginErrors> => {
    const mine = ++checks.current;
    const found = await checkLogin(next);
    if (mine === checks.current) setErrors(found);
    return found;
  };
  const change = (part: Partial<LoginFormValues>) => {
    const next = { ...values, ...part };
    setValues(next);
    if (submitted.current) void check(next);
  };

  const mutation = useMutation({
    mutationFn: (input: LoginInput) => login(input),
    onSuccess: (detail, input) => onSignedIn(detail, input.username),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const found = await check(values);
    const first = (['username', 'phone', 'password'] as const).find((f) => found[f]);
    if (first) {
      fields[first].current?.focus();
      return;
    }
    mutation.reset();
    mutation.mutate({ username: await loginUsername(values), password: values.password });
  };

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
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Tabs
          value={method}
          onChange={(_, next: LoginMethod) => {
            setValues((v) => ({ ...v, method: next }));
            checks.current++;
            setErrors({});
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
              name="username"
              value={values.username}
              onChange={(e) => change({ username: e.target.value })}
              inputRef={fields.username}
              label={t('auth.login.username')}
              autoComplete="username"
              autoCapitalize="none"
              autoFocus
              fullWidth
              error={Boolean(errors.username)}
              helperText={errors.username ? t(errors.username) : ' '}
            />
          ) : (
            <Suspense
              fallback={<Box role="progressbar" aria-label={t('common.loading')} sx={{ height: 79 }} />}
            >
              <PhoneInput
                value={values.phone}
                onChange={(phone) => change({ phone })}
                inputRef={fields.phone}
                name="phone"
                autoFocus
                error={errors.phone ? t(errors.phone) : null}
              />
            </Suspense>
          )}
          <TextInput
            name="password"
            value={values.password}
            onChange={(e) => change({ password: e.target.value })}
            inputRef={fields.password}
            type={showPassword ? 'text' : 'password'}
            label={t('auth.login.password')}
            autoComplete="current-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password ? t(errors.password) : ' '}
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
