import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import PersonOffRoundedIcon from '@mui/icons-material/PersonOffRounded';
import { Box, Button, Chip, Grid, Paper, Stack, Typography } from '@mui/material';
import type { UserSummary } from '@sitepulse/contracts';
import { personName } from '@sitepulse/domain';
import { useIsMutating } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { currentIdentity, useJobSites, useUserDetails } from '../../api/queries.ts';
import { useCompanyUsers } from '../../api/users.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { AccountCard } from './AccountCard.tsx';
import { ContactForm } from './ContactForm.tsx';
import { StatusChips } from './parts.tsx';
import { accountTypeText } from './rules.ts';
import { SiteAccessCard } from './SiteAccessCard.tsx';
import { UserHistory } from './UserHistory.tsx';

function BackButton() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to="/user-management" startIcon={<ArrowBackRoundedIcon />}>
      {t('users.edit.back')}
    </Button>
  );
}

/** The address names no user of the company (or one since deleted). */
function UserNotFound() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      data-testid="user-not-found"
      sx={{ p: 4, textAlign: 'center', borderRadius: 2, borderStyle: 'dashed' }}
    >
      <PersonOffRoundedIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('users.edit.notFound')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('users.edit.notFoundHelp')}
      </Typography>
      <BackButton />
    </Paper>
  );
}

function UserEditor({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  const { t } = useTranslation();
  const sites = useJobSites();
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.username}
        </Typography>
        <Chip size="small" label={accountTypeText(t, user.accountType)} />
        <StatusChips user={user} />
        {isSelf ? <Chip size="small" color="primary" variant="outlined" label={t('users.edit.you')} /> : null}
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
          <Stack spacing={2}>
            <ContactForm user={user} />
            <SiteAccessCard user={user} sites={sites.data} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
          <Stack spacing={2}>
            <AccountCard user={user} isSelf={isSelf} />
            <UserHistory username={user.username} sites={sites.data} />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

/**
 * /edit-user/{userId} (admins): one user of the company, found in the company's users by id. Their
 * name, e-mail and phone; account type, active state, invitation and deletion; job-site access; and the
 * history of what was done to them. An admin editing themself cannot change their type, deactivate or
 * delete themself.
 */
export default function EditUserPage() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const users = useCompanyUsers();
  const me = useUserDetails();
  const id = Number(userId);
  const found = Number.isInteger(id) ? users.data?.find((u) => u.id === id) : undefined;
  // While a change is on its way (a deletion reloads the list before the page leaves), the user stays shown.
  const mutating = useIsMutating();
  const lastFound = useRef<UserSummary | undefined>(undefined);
  if (found) lastFound.current = found;
  const user = found ?? (mutating > 0 && lastFound.current?.id === id ? lastFound.current : undefined);
  const isSelf = Boolean(user && (user.id === me.data?.id || user.username === currentIdentity().username));

  return (
    <PageFrame
      title={user ? personName(user) : users.data ? t('users.edit.notFound') : t('titles.userManagement')}
      actions={<BackButton />}
    >
      <QueryState query={users}>
        {() => (user ? <UserEditor key={user.id} user={user} isSelf={isSelf} /> : <UserNotFound />)}
      </QueryState>
    </PageFrame>
  );
}
