import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { Alert, Box, Button, Grid, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { personName } from '@sitepulse/domain';
import { useId } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useJobSites } from '../../api/queries.ts';
import { useInviteUser } from '../../api/users.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PersonNameFields } from '../../components/PersonNameFields.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { RoleSelect, SiteSelect } from './AccessFields.tsx';
import { ContactFields } from './ContactFields.tsx';
import {
  type InviteFormValues,
  inviteDefaults,
  inviteFormSchema,
  LANGUAGE_NAMES,
  LANGUAGES,
  NAME_MAX,
  toInviteBody,
} from './forms.ts';
import { Section } from './parts.tsx';
import { ASSIGNABLE_TYPES, accountTypeText, editUserPath, errorText, invitationTarget } from './rules.ts';
import { type UsernameStatus, useUsernameCheck } from './useUsernameCheck.ts';

/** New rows start as viewers: the least a job site can give. */
const NEW_ROW_ACCESS = 4;

/** The username field's line under it: what the live check found, or how the username is made. */
function usernameHelp(status: UsernameStatus): { key: string; error: boolean } {
  switch (status) {
    case 'checking':
      return { key: 'users.add.username.checking', error: false };
    case 'available':
      return { key: 'users.add.username.available', error: false };
    case 'taken':
      return { key: 'users.validation.usernameTaken', error: true };
    case 'invalid':
      return { key: 'users.validation.usernameInvalid', error: true };
    case 'unknown':
      return { key: 'users.add.username.unknown', error: false };
    default:
      return { key: 'users.add.username.help', error: false };
  }
}

/**
 * /add-new-user (admins): invites a person by e-mail or phone, with their name, an optional username
 * (checked as it is typed), account type, the language of the invitation and their job-site access
 * (POST /v2/users/invite). On success the admin lands on the new user's page; when the e-mail or phone
 * already belonged to a user, that user was given the access instead and the admin is told so.
 */
export default function AddUserPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const sites = useJobSites();
  const invite = useInviteUser();
  const formId = useId();

  const { control, register, handleSubmit, setError, formState } = useForm<InviteFormValues>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: inviteDefaults(i18n.language),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'sites' });
  const username = useWatch({ control, name: 'username' }) ?? '';
  const rows = useWatch({ control, name: 'sites' }) ?? [];
  const accountType = useWatch({ control, name: 'accountType' });
  const usernameCheck = useUsernameCheck(username);
  const { errors } = formState;
  const message = (m: string | undefined) => (m ? t(m) : undefined);
  /** A field's message, or the blank line that keeps its place. */
  const line = (m: string | undefined) => message(m) ?? ' ';

  const onSubmit = handleSubmit(async (values) => {
    invite.reset();
    const name = values.username.trim();
    if (name) {
      const status = await usernameCheck.check(name);
      if (status === 'taken' || status === 'invalid') {
        setError('username', { type: 'server', message: usernameHelp(status).key }, { shouldFocus: true });
        return;
      }
    }
    invite.mutate(toInviteBody(values), {
      onSuccess: ({ user, existing }) => {
        showAlert(
          existing
            ? { severity: 'info', message: t('users.add.existing', { name: personName(user) }) }
            : { severity: 'success', message: t('users.add.sent', { target: invitationTarget(user) }) },
        );
        navigate(editUserPath(user));
      },
      onError: (error) => {
        // A 409 names the username given (taken meanwhile); the banner shows the server's words either way.
        if (error instanceof ApiError && error.status === 409 && name) {
          usernameCheck.remember(name, 'taken');
          setError('username', { type: 'server', message: 'users.validation.usernameTaken' });
        }
      },
    });
  });

  const help = usernameHelp(usernameCheck.status);
  const usernameError = message(errors.username?.message);
  const takenSites = rows.map((r) => r.tenantGroupId).filter((id): id is number => id !== '');

  return (
    <PageFrame title={t('titles.addNewUser')}>
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label={t('titles.addNewUser')}
        sx={{ maxWidth: 960 }}
      >
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('users.add.intro')}
          </Typography>
          <Section title={t('users.add.person')}>
            <PersonNameFields
              register={register}
              errors={errors}
              labels={{ firstName: t('users.fields.firstName'), lastName: t('users.fields.lastName') }}
              message={line}
              required
              maxLength={NAME_MAX + 20}
            >
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...register('username')}
                  label={t('users.fields.username')}
                  fullWidth
                  autoComplete="off"
                  error={Boolean(usernameError) || help.error}
                  helperText={usernameError ?? t(help.key)}
                  slotProps={{
                    htmlInput: { autoCapitalize: 'none', spellCheck: false },
                    formHelperText: { role: help.error || usernameError ? 'alert' : undefined },
                  }}
                  data-username-status={usernameCheck.status}
                />
              </Grid>
            </PersonNameFields>
          </Section>

          <Section title={t('users.add.contact')} help={t('users.add.contactHelp')}>
            <Grid container spacing={2}>
              <ContactFields control={control} register={register} errors={errors} message={line} />
            </Grid>
          </Section>

          <Section title={t('users.add.account')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="accountType"
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      label={t('users.fields.accountType')}
                      name={field.name}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      helperText={t(`users.accountTypeHelp.${accountType}`)}
                    >
                      {ASSIGNABLE_TYPES.map((type) => (
                        <MenuItem key={type} value={type}>
                          {accountTypeText(t, type)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="language"
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      label={t('users.fields.language')}
                      name={field.name}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      helperText={t('users.add.languageHelp')}
                    >
                      {LANGUAGES.map((l) => (
                        <MenuItem key={l} value={l} lang={l}>
                          {LANGUAGE_NAMES[l]}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
            </Grid>
          </Section>

          <Section title={t('users.sites.title')} help={t('users.sites.rolesHelp')}>
            <Stack spacing={1.5} role="group" aria-label={t('users.sites.title')}>
              {fields.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('users.add.noSites')}
                </Typography>
              ) : null}
              {fields.map((field, i) => (
                <Box
                  key={field.id}
                  data-testid="site-row"
                  sx={{
                    display: 'flex',
                    gap: 1,
                    alignItems: 'flex-start',
                    flexWrap: { xs: 'wrap', sm: 'nowrap' },
                  }}
                >
                  <Box sx={{ flex: { xs: '1 1 100%', sm: '2 1 0' }, minWidth: 0 }}>
                    <Controller
                      control={control}
                      name={`sites.${i}.tenantGroupId`}
                      render={({ field: f }) => (
                        <SiteSelect
                          sites={sites.data}
                          value={f.value}
                          onChange={f.onChange}
                          onBlur={f.onBlur}
                          inputRef={f.ref}
                          name={f.name}
                          taken={takenSites}
                          size="small"
                          label={t('users.sites.siteN', { n: i + 1 })}
                          error={Boolean(errors.sites?.[i]?.tenantGroupId)}
                          helperText={message(errors.sites?.[i]?.tenantGroupId?.message)}
                        />
                      )}
                    />
                  </Box>
                  <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
                    <Controller
                      control={control}
                      name={`sites.${i}.access`}
                      render={({ field: f }) => (
                        <RoleSelect
                          value={f.value}
                          onChange={f.onChange}
                          onBlur={f.onBlur}
                          inputRef={f.ref}
                          name={f.name}
                          size="small"
                          label={t('users.sites.roleN', { n: i + 1 })}
                        />
                      )}
                    />
                  </Box>
                  <IconButton
                    aria-label={t('users.sites.removeRow', { n: i + 1 })}
                    onClick={() => remove(i)}
                    sx={{ mt: 0.25 }}
                  >
                    <DeleteOutlineRoundedIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
              <Box>
                <Button
                  startIcon={<AddRoundedIcon />}
                  onClick={() => append({ tenantGroupId: '', access: NEW_ROW_ACCESS })}
                  disabled={!sites.data || fields.length >= sites.data.length}
                >
                  {t('users.sites.addRow')}
                </Button>
              </Box>
            </Stack>
          </Section>

          {invite.error ? (
            <Alert severity="error" role="alert" data-testid="invite-error">
              {errorText(t, invite.error)}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/user-management" disabled={invite.isPending}>
              {t('users.actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SendRoundedIcon />}
              loading={invite.isPending || formState.isSubmitting}
            >
              {t('users.add.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </PageFrame>
  );
}
