import { zodResolver } from '@hookform/resolvers/zod';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { paths, personName } from '@sitepulse/domain';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAccessCodes, useInviteUser } from '../../api/users.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { FormPhoneInput } from '../../components/FormPhoneInput.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { PersonNameFields } from '../../components/PersonNameFields.tsx';
import { emptyPhone } from '../../components/PhoneInput.tsx';
import { LoadError } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { type InviteFormValues, type InviteMethod, inviteSchema, toInviteBody } from './invite.ts';
import { peopleErrorText } from './MemberActions.tsx';
import { DEFAULT_INVITE_ROLE, roleKey } from './rules.ts';
import { BackToMembers, SiteHeading, useMembersSite } from './useMembersSite.tsx';

const LANGUAGES = ['en', 'es'] as const;

function InviteForm({ tenantGroupId, siteName }: { tenantGroupId: number; siteName: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const invite = useInviteUser();
  const roleCodes = useAccessCodes();
  const membersHref = paths.jobSiteMembers.href(tenantGroupId);
  const { control, register, handleSubmit, setValue, clearErrors, watch, formState } =
    useForm<InviteFormValues>({
      resolver: zodResolver(inviteSchema),
      defaultValues: {
        method: 'email',
        email: '',
        phone: emptyPhone(),
        firstName: '',
        lastName: '',
        access: String(DEFAULT_INVITE_ROLE),
        // The invitee most likely reads the inviter's language; the inviter can change it.
        language: i18n.language === 'es' ? 'es' : 'en',
      },
    });
  const method = watch('method');
  const access = watch('access');
  const { errors } = formState;
  const message = (key: string | undefined) => (key ? t(key, { max: 60 }) : ' ');

  const onSubmit = handleSubmit((values) => {
    invite.reset();
    invite.mutate(toInviteBody(values, tenantGroupId), {
      onSuccess: (result) => {
        showAlert({
          severity: 'success',
          message: result.existing
            ? t('members.invite.existing', { name: personName(result.user), site: siteName })
            : t('members.invite.sent'),
        });
        navigate(membersHref);
      },
    });
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, maxWidth: 640 }}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('titles.inviteUser')}>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {t('members.invite.intro', { site: siteName })}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={method}
            onChange={(_, next: InviteMethod | null) => {
              if (!next) return;
              setValue('method', next);
              clearErrors(['email', 'phone']);
            }}
            aria-label={t('members.invite.method')}
          >
            <ToggleButton value="email" sx={{ textTransform: 'none', gap: 1 }}>
              <EmailOutlinedIcon fontSize="small" aria-hidden />
              {t('members.invite.byEmail')}
            </ToggleButton>
            <ToggleButton value="phone" sx={{ textTransform: 'none', gap: 1 }}>
              <PhoneIphoneOutlinedIcon fontSize="small" aria-hidden />
              {t('members.invite.byPhone')}
            </ToggleButton>
          </ToggleButtonGroup>
          {method === 'email' ? (
            <TextField
              {...register('email')}
              type="email"
              label={t('members.invite.email')}
              autoComplete="off"
              required
              fullWidth
              error={Boolean(errors.email)}
              helperText={message(errors.email?.message)}
            />
          ) : (
            <Box>
              <FormPhoneInput control={control} label={t('members.invite.phone')} required />
              <Typography variant="caption" color="text.secondary">
                {t('members.invite.phoneNote')}
              </Typography>
            </Box>
          )}
          <PersonNameFields
            register={register}
            errors={errors}
            labels={{ firstName: t('members.invite.firstName'), lastName: t('members.invite.lastName') }}
            message={message}
          />
          <TextField
            {...register('access')}
            select
            label={t('members.invite.role')}
            fullWidth
            error={Boolean(errors.access)}
            helperText={errors.access?.message ? t(errors.access.message) : t(`members.roleHelp.${access}`)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {roleCodes.map((code) => (
              <option key={code} value={String(code)}>
                {t(roleKey(code))}
              </option>
            ))}
          </TextField>
          <TextField
            {...register('language')}
            select
            label={t('members.invite.language')}
            fullWidth
            helperText={t('members.invite.languageHelp')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`members.languages.${l}`)}
              </option>
            ))}
          </TextField>
          {invite.error ? (
            <Alert severity="error" data-testid="invite-error">
              {peopleErrorText(t, invite.error)}
            </Alert>
          ) : null}
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button component={RouterLink} to={membersHref}>
              {t('members.invite.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={invite.isPending}>
              {t('members.invite.submit')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}

/**
 * /job-site-member-invite/{jobsiteId} (spec section 2, 'Invite User'): invites someone to this site by
 * e-mail or phone with a role here (POST /v2/users/invite). Only the site's admins and company admins may;
 * anyone else opening the address is told so instead of seeing the form.
 */
export default function InviteMemberPage() {
  const { t } = useTranslation();
  const { tenantGroupId, siteName, user, canManage } = useMembersSite();
  const backButton = <BackToMembers tenantGroupId={tenantGroupId} />;

  let content: React.ReactNode;
  if (user.isPending) content = <PageSpinner />;
  else if (user.isError && !user.data)
    content = <LoadError error={user.error} onRetry={() => void user.refetch()} />;
  else if (!canManage)
    content = (
      <Alert severity="info" data-testid="invite-not-allowed" sx={{ maxWidth: 640 }}>
        {t('members.invite.notAllowed')}
      </Alert>
    );
  else content = <InviteForm tenantGroupId={tenantGroupId} siteName={siteName} />;

  return (
    <PageFrame
      title={<SiteHeading siteName={siteName} title={t('titles.inviteUser')} />}
      actions={backButton}
    >
      {content}
    </PageFrame>
  );
}
