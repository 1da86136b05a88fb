import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { TenantGroup, UserDetail } from '@sitepulse/contracts';
import { canManageUsers } from '@sitepulse/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useJobSites, useUserDetails } from '../../api/queries.ts';
import { useAssignPhone, useChangePassword, useUpdateUserDetails } from '../../api/users.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PersonNameFields } from '../../components/PersonNameFields.tsx';
import { isPhoneEmpty, PhoneInput, type PhoneValue, phoneToE164 } from '../../components/PhoneInput.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { failureKey, useFieldMessage } from './messages.ts';
import { NewPasswordFields } from './NewPasswordForm.tsx';
import { PasswordField } from './PasswordField.tsx';
import { accountTypeKey, phoneFromE164, roleKey } from './rules.ts';
import {
  type ChangePasswordValues,
  changePasswordSchema,
  type DetailsValues,
  detailsSchema,
  MESSAGES,
} from './validation.ts';

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {help ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {help}
        </Typography>
      ) : (
        <Box sx={{ mb: 1.5 }} />
      )}
      {children}
    </Paper>
  );
}

/** Name and e-mail (PUT /v2/users/details); the username and account type are shown, not changed here. */
function DetailsSection({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const { showAlert } = useAlert();
  const save = useUpdateUserDetails();
  const { register, handleSubmit, formState, reset } = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema(Boolean(user.email))),
    values: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = formState;
  const submit = handleSubmit((v) => {
    const email = v.email.trim();
    save.mutate(
      {
        username: user.username,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        ...(email ? { email } : {}),
      },
      {
        onSuccess: () => {
          reset(v);
          showAlert({ severity: 'success', message: t('account.profile.saved') });
        },
      },
    );
  });

  return (
    <Section title={t('account.profile.details')}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          mb: 2.5,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>{t('account.profile.username')}</dt>
        <dd>{user.username}</dd>
        <dt>{t('account.profile.accountType')}</dt>
        <dd>{t(accountTypeKey(user.accountType))}</dd>
      </Box>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.profile.details')}>
        <PersonNameFields
          register={register}
          errors={errors}
          labels={{ firstName: t('account.fields.firstName'), lastName: t('account.fields.lastName') }}
          message={message}
          ownName
        />
        <TextField
          {...register('email')}
          type="email"
          label={t('account.fields.email')}
          autoComplete="email"
          fullWidth
          sx={{ mt: 1 }}
          error={Boolean(errors.email)}
          helperText={message(errors.email?.message)}
        />
        {save.isError ? (
          <Alert severity="error" sx={{ my: 1 }}>
            {t(failureKey(save.error, { 409: 'account.errors.emailTaken', 400: 'account.errors.refused' }))}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" disabled={!isDirty} loading={save.isPending} sx={{ mt: 1 }}>
          {t('account.profile.save')}
        </Button>
      </Box>
    </Section>
  );
}

/** The phone number (PUT .../assign_phone): a new one is set, an emptied field removes it. */
function PhoneSection({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const assign = useAssignPhone();
  const [phone, setPhone] = useState<PhoneValue>(() => phoneFromE164(user.phone));
  const [invalid, setInvalid] = useState(false);
  const current = user.phone || null;
  const next = isPhoneEmpty(phone) ? null : phoneToE164(phone);
  // Nothing to save: still empty, or the same number. A number that is not valid can be sent, to say so.
  const unchanged = isPhoneEmpty(phone) ? current === null : next !== null && next === current;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isPhoneEmpty(phone) && next === null) {
      setInvalid(true);
      return;
    }
    assign.mutate(
      { username: user.username, phone: next },
      {
        onSuccess: () =>
          showAlert({
            severity: 'success',
            message: t(next ? 'account.profile.phoneSaved' : 'account.profile.phoneRemoved'),
          }),
      },
    );
  };

  return (
    <Section title={t('account.profile.phone')} help={t('account.profile.phoneHelp')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.profile.phone')}>
        <PhoneInput
          value={phone}
          onChange={(v) => {
            setPhone(v);
            setInvalid(false);
          }}
          error={invalid ? t(MESSAGES.invalidPhone) : null}
        />
        {assign.isError ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t(
              failureKey(assign.error, {
                409: 'account.errors.phoneTaken',
                400: 'account.errors.invalidPhone',
              }),
            )}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" disabled={unchanged} loading={assign.isPending}>
          {current && isPhoneEmpty(phone) ? t('account.profile.removePhone') : t('account.profile.savePhone')}
        </Button>
      </Box>
    </Section>
  );
}

/** The job sites the user was granted and their role on each (read-only: administrators change them). */
function JobSitesSection({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const sites = useJobSites();
  const grants = user.userTenantGroupData ?? [];
  const byId = new Map<number, TenantGroup>((sites.data ?? []).map((s) => [s.id, s]));
  return (
    <Section title={t('account.profile.sites')} help={t('account.profile.sitesHelp')}>
      {canManageUsers(user.accountType) ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('account.profile.adminSites')}
        </Typography>
      ) : null}
      {grants.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('account.profile.noSites')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('account.profile.sites')}>
          {grants.map((g) => {
            const site = byId.get(g.tenantGroupId);
            return (
              <ListItem key={g.tenantGroupId} disableGutters divider sx={{ gap: 1, flexWrap: 'wrap' }}>
                <ListItemText
                  primary={site?.name ?? t('account.profile.siteFallback', { id: g.tenantGroupId })}
                  secondary={site?.state === 'TERMINATED' ? t('account.profile.archived') : null}
                  sx={{ minWidth: 0, '& .MuiListItemText-primary': { overflowWrap: 'anywhere' } }}
                />
                <Chip size="small" label={t(roleKey(g.access))} />
              </ListItem>
            );
          })}
        </List>
      )}
    </Section>
  );
}

/**
 * Change password (POST .../init_change_pwd): the current one, then the new one twice. The other sessions
 * are signed out, this one stays; a wrong current password changes nothing and says so.
 */
function PasswordSection() {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit((v) =>
    change.mutate(
      { currentPassword: v.current, newPassword: v.password },
      {
        onSuccess: () => {
          reset();
          showAlert({ severity: 'success', message: t('account.profile.passwordChanged') });
        },
      },
    ),
  );
  return (
    <Section title={t('account.profile.password')} help={t('account.profile.passwordHelp')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('account.profile.password')}>
        <Stack spacing={1} sx={{ maxWidth: 420 }}>
          <PasswordField
            {...register('current')}
            label={t('account.password.current')}
            autoComplete="current-password"
            error={errors.current?.message}
          />
          <NewPasswordFields register={register} errors={errors} />
        </Stack>
        {change.isError ? (
          <Alert severity="error" sx={{ mb: 1, maxWidth: 420 }}>
            {t(
              failureKey(change.error, {
                400: 'account.errors.wrongCurrent',
                403: 'account.errors.wrongCurrent',
              }),
            )}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t('account.profile.changePassword')}
        </Button>
      </Box>
    </Section>
  );
}

/**
 * `/my-profile` (spec section 2): the signed-in user's name, e-mail and phone number, their account type
 * and job sites with their role on each, the password change, and the way to their settings.
 */
export default function MyProfilePage() {
  const { t } = useTranslation();
  const user = useUserDetails();
  return (
    <PageFrame title={t('titles.myProfile')}>
      <QueryState query={user}>
        {(u) => (
          <Stack spacing={2} sx={{ maxWidth: 720 }}>
            <DetailsSection user={u} />
            <PhoneSection key={u.phone ?? ''} user={u} />
            <JobSitesSection user={u} />
            <PasswordSection />
            <Section title={t('account.profile.settings')} help={t('account.profile.settingsHelp')}>
              <Button component={RouterLink} to="/settings/user" variant="outlined">
                {t('account.profile.openSettings')}
              </Button>
            </Section>
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
