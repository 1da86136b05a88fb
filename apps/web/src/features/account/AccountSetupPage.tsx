import { zodResolver } from '@hookform/resolvers/zod';
import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControl,
  FormLabel,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { UserDetail, UserSettingValues } from '@sitepulse/contracts';
import { INVITATION_STATUS, isSignedIn, USER_SETTING_TYPES } from '@sitepulse/domain';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useUserDetails } from '../../api/queries.ts';
import { sessionSnapshot, writeSession } from '../../api/session.ts';
import {
  useAssignPhone,
  useSettingValues,
  useUpdateUserDetails,
  useUpdateUserSettings,
} from '../../api/users.ts';
import { FormPhoneInput } from '../../components/FormPhoneInput.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { PersonNameFields } from '../../components/PersonNameFields.tsx';
import { isPhoneEmpty, phoneToE164 } from '../../components/PhoneInput.tsx';
import { LoadError } from '../../components/QueryState.tsx';
import { changeLanguage, useTranslation } from '../../i18n/index.ts';
import { failureKey, useFieldMessage } from './messages.ts';
import { Outcome, PublicFrame } from './PublicFrame.tsx';
import { phoneFromE164, setupDefaults } from './rules.ts';
import { type SetupValues, setupSchema } from './setup-validation.ts';

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };

function SetupForm({ user, offered }: { user: UserDetail; offered: UserSettingValues }) {
  const { t, i18n } = useTranslation();
  const message = useFieldMessage();
  const navigate = useNavigate();
  const saveSettings = useUpdateUserSettings();
  const assignPhone = useAssignPhone();
  const saveDetails = useUpdateUserDetails();
  const { control, register, handleSubmit, formState } = useForm<SetupValues>({
    resolver: zodResolver(setupSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: phoneFromE164(user.phone),
      ...setupDefaults(user, offered, i18n.language),
    },
  });
  const { errors } = formState;

  // Settings first, then the phone, and the details with completeSetup last: the account is ACCEPTED only
  // once everything else is saved, so a failure part-way leaves it in setup and a retry repeats every step.
  const save = useMutation({
    mutationFn: async (v: SetupValues) => {
      const { username } = user;
      await saveSettings.mutateAsync({
        username,
        settings: [
          { type: USER_SETTING_TYPES.language, val: v.language },
          { type: USER_SETTING_TYPES.systemOfMeasurement, val: v.system },
          { type: USER_SETTING_TYPES.displayTimeZone, val: v.timeZone },
        ],
      });
      // The settings are saved: the screens follow them from now on.
      writeSession({ measurementUnits: v.system });
      await changeLanguage(v.language);
      const phone = isPhoneEmpty(v.phone) ? null : phoneToE164(v.phone);
      // What the form shows is saved: a new number, or none when the field was emptied.
      if (phone !== (user.phone || null)) await assignPhone.mutateAsync({ username, phone });
      await saveDetails.mutateAsync({
        username,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        completeSetup: true,
      });
    },
    onSuccess: () => navigate('/', { replace: true }),
  });

  const choice = (
    name: 'language' | 'system',
    label: string,
    options: string[],
    text: (o: string) => string,
  ) => (
    <FormControl>
      <FormLabel sx={{ mb: 0.5, fontSize: 14 }}>{label}</FormLabel>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={field.value}
            onChange={(_, next: string | null) => next && field.onChange(next)}
            aria-label={label}
            sx={{ flexWrap: 'wrap' }}
          >
            {options.map((o) => (
              <ToggleButton key={o} value={o} sx={{ textTransform: 'none', px: 2 }}>
                {text(o)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      />
    </FormControl>
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('account.setup.formLabel')}
      onSubmit={handleSubmit((v) => save.mutate(v))}
    >
      <Stack spacing={1}>
        <PersonNameFields
          register={register}
          errors={errors}
          labels={{ firstName: t('account.fields.firstName'), lastName: t('account.fields.lastName') }}
          message={message}
          ownName
        />
        {user.email ? (
          <TextField
            label={t('account.fields.email')}
            value={user.email}
            fullWidth
            helperText={t('account.setup.emailHelp')}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        ) : null}
        <FormPhoneInput control={control} label={t('account.setup.phone')} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5, pb: 1 }}>
          {t('account.setup.phoneHelp')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pb: 2 }}>
          {choice('language', t('account.setup.language'), offered.Language, (l) => LANGUAGE_NAMES[l] ?? l)}
          {choice('system', t('account.setup.units'), offered.SystemOfMeasurement, (s) =>
            t(`shell.display.${s}`, s),
          )}
        </Stack>
        <Controller
          control={control}
          name="timeZone"
          render={({ field }) => (
            <Autocomplete
              options={offered.DisplayTimeZone}
              value={field.value}
              disableClearable
              onChange={(_, zone) => zone && field.onChange(zone)}
              renderInput={(params) => (
                <TextField {...params} label={t('account.setup.timeZone')} helperText=" " />
              )}
            />
          )}
        />
      </Stack>
      {save.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(failureKey(save.error, { 409: 'account.errors.phoneTaken', 400: 'account.errors.refused' }))}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={save.isPending}>
        {t('account.setup.submit')}
      </Button>
    </Box>
  );
}

/**
 * `/account-setup/{companyId}/{username}/{email}` (spec section 2): where the guards send a signed-in user
 * whose invitation is at INVITATION_WELCOME_EMAIL_SENT. They confirm their name, phone, language, units and
 * display time zone; saving completes the setup (the invitation becomes ACCEPTED) and goes home. Someone not
 * signed in as that user is told what the account is waiting for.
 */
export default function AccountSetupPage() {
  const { t } = useTranslation();
  const params = useParams();
  const session = sessionSnapshot();
  const signedIn = isSignedIn(session);
  const forThisUser =
    signedIn && String(session.companyId) === params.companyId && session.username === params.username;
  const user = useUserDetails();
  const offered = useSettingValues(forThisUser);

  const content = () => {
    if (!signedIn) {
      return (
        <Outcome
          icon={<LockClockOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />}
          title={t('account.setup.signedOutTitle')}
          actions={
            <Button component={RouterLink} to="/login" variant="contained">
              {t('account.public.toLogin')}
            </Button>
          }
        >
          <Typography color="text.secondary">{t('account.setup.signedOut')}</Typography>
        </Outcome>
      );
    }
    if (!forThisUser) {
      return (
        <Outcome
          icon={<PersonOffOutlinedIcon color="warning" sx={{ fontSize: 40 }} aria-hidden />}
          title={t('account.setup.otherUserTitle')}
          actions={
            <Button component={RouterLink} to="/" variant="contained">
              {t('account.setup.toDashboard')}
            </Button>
          }
        >
          <Typography color="text.secondary">
            {t('account.setup.otherUser', { current: session.username, username: params.username })}
          </Typography>
        </Outcome>
      );
    }
    const failed = user.isError ? user : offered.isError ? offered : null;
    if (failed) return <LoadError error={failed.error} onRetry={() => void failed.refetch()} />;
    if (!user.data || !offered.data) {
      return (
        <Box sx={{ minHeight: 240, display: 'grid', placeItems: 'center' }}>
          <InlineSpinner message={t('common.loading')} />
        </Box>
      );
    }
    // Already set up (another tab, or an old link): nothing to confirm.
    if (user.data.userInvitationData?.status !== INVITATION_STATUS.welcomeSent) {
      return <Navigate to="/" replace />;
    }
    return <SetupForm user={user.data} offered={offered.data} />;
  };

  return (
    <PublicFrame
      wide={forThisUser}
      title={t('titles.accountSetup')}
      intro={forThisUser ? t('account.setup.intro') : undefined}
    >
      {content()}
    </PublicFrame>
  );
}
