import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import { Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { matchesPersonSearch, paths } from '@sitepulse/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useJobSiteMembers } from '../../api/users.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { MemberAlarmEmails } from './MemberAlarmEmails.tsx';
import { MemberList } from './MemberList.tsx';
import { sortMembers } from './rules.ts';
import { SiteHeading, useMembersSite } from './useMembersSite.tsx';

/**
 * /job-site-members/{jobsiteId} (spec sections 2, 6): the site's members with their contact, role and
 * invitation state, and a search. Job-site admins and company admins (domain canManageMembers) also invite,
 * change roles, remove members and send pending invitations again; everyone else reads the list.
 */
export default function JobSiteMembersPage() {
  const { t, i18n } = useTranslation();
  const { tenantGroupId, siteName, user, me, canManage } = useMembersSite();
  const members = useJobSiteMembers(tenantGroupId);
  const [search, setSearch] = useState('');

  const inviteButton = canManage ? (
    <Button
      component={RouterLink}
      to={paths.jobSiteMemberInvite.href(tenantGroupId)}
      variant="contained"
      startIcon={<PersonAddAlt1OutlinedIcon />}
    >
      {t('members.invite.button')}
    </Button>
  ) : null;

  return (
    <PageFrame
      title={<SiteHeading siteName={siteName} title={t('titles.jobSiteMembers')} />}
      actions={inviteButton}
    >
      {user.data && !canManage ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="members-read-only">
          {t('members.readOnly')}
        </Typography>
      ) : null}
      <QueryState
        query={members}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState message={t('members.empty')} action={inviteButton} />}
      >
        {(list) => {
          const shown = sortMembers(
            list.filter((m) => matchesPersonSearch(m, search)),
            i18n.language,
          );
          return (
            <Stack spacing={2}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              >
                <TextField
                  type="search"
                  size="small"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  placeholder={t('members.search')}
                  sx={{ width: { xs: '100%', sm: 320 } }}
                  slotProps={{
                    htmlInput: { 'aria-label': t('members.search') },
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <SearchIcon fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <Typography variant="body2" color="text.secondary" data-testid="member-count">
                  {search.trim()
                    ? t('members.countFiltered', { count: shown.length, total: list.length })
                    : t('members.count', { count: list.length })}
                </Typography>
              </Stack>
              {shown.length === 0 ? (
                <EmptyState message={t('members.noMatch', { search: search.trim() })} />
              ) : (
                <MemberList
                  members={shown}
                  tenantGroupId={tenantGroupId}
                  siteName={siteName}
                  canManage={canManage}
                  me={me}
                />
              )}
            </Stack>
          );
        }}
      </QueryState>
      <MemberAlarmEmails tenantGroupId={tenantGroupId} canManage={canManage} />
    </PageFrame>
  );
}
