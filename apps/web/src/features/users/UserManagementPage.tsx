import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import GroupAddRoundedIcon from '@mui/icons-material/GroupAddRounded';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { matchesPersonSearch } from '@sitepulse/domain';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useJobSites } from '../../api/queries.ts';
import { useCompanyUsers } from '../../api/users.ts';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { OutboxCard } from './OutboxCard.tsx';
import { SORT_KEYS, type SortDirection, type SortKey, sortUsers } from './rules.ts';
import { UserList } from './UserList.tsx';
import { UserManagementIntro } from './UserManagementIntro.tsx';

// Fetched when first opened (docs/decisions/web-bundle.md).
const InviteSeveralDialog = lazyDialog(
  () => import('./InviteSeveralDialog.tsx').then((m) => m.InviteSeveralDialog),
  () => true,
);

/**
 * /user-management (admins; spec sections 2, 3, 6): the company's users with their account type, contact,
 * status, invitation and job-site access; a search box and a sort (column headers on a desktop, a select
 * on a phone); the way to add a user, or to invite several people at once (InviteSeveralDialog); a one-time
 * intro; the messages sent to the users (invitations a person may need to pass on by hand). Each user opens /edit-user/{id}.
 */
export default function UserManagementPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const users = useCompanyUsers();
  const sites = useJobSites();
  const [query, setQuery] = useState('');
  const [invitingSeveral, setInvitingSeveral] = useState(false);
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'name',
    direction: 'asc',
  });
  const shown = useMemo(
    () =>
      sortUsers(
        (users.data ?? []).filter((u) => matchesPersonSearch(u, query)),
        sort.key,
        sort.direction,
      ),
    [users.data, query, sort],
  );

  // A header click sorts by its column, or turns the order round when it already does.
  const sortBy = (key: SortKey) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' }));

  const addButton = (
    <Button
      component={RouterLink}
      to="/add-new-user"
      variant="contained"
      startIcon={<PersonAddAlt1RoundedIcon />}
    >
      {t('users.list.add')}
    </Button>
  );
  const actions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<GroupAddRoundedIcon />} onClick={() => setInvitingSeveral(true)}>
        {t('users.several.open')}
      </Button>
      {addButton}
    </Box>
  );

  return (
    <PageFrame title={t('titles.userManagement')} actions={actions}>
      <UserManagementIntro />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          type="search"
          size="small"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('users.list.searchPlaceholder')}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 360px' } }}
          slotProps={{
            htmlInput: { 'aria-label': t('users.list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {phone ? (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flex: '1 1 100%' }}>
            <TextField
              select
              size="small"
              label={t('users.list.sortBy')}
              value={sort.key}
              onChange={(e) => setSort((s) => ({ ...s, key: e.target.value as SortKey }))}
              sx={{ flex: 1 }}
            >
              {SORT_KEYS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`users.columns.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={t(sort.direction === 'asc' ? 'users.list.ascending' : 'users.list.descending')}>
              <IconButton
                aria-label={t(sort.direction === 'asc' ? 'users.list.ascending' : 'users.list.descending')}
                onClick={() => setSort((s) => ({ ...s, direction: s.direction === 'asc' ? 'desc' : 'asc' }))}
              >
                {sort.direction === 'asc' ? <ArrowUpwardRoundedIcon /> : <ArrowDownwardRoundedIcon />}
              </IconButton>
            </Tooltip>
          </Box>
        ) : null}
        {users.data ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ ml: { sm: 'auto' } }}>
            {query.trim()
              ? t('users.list.matching', { count: shown.length, total: users.data.length })
              : t('users.list.count', { count: users.data.length })}
          </Typography>
        ) : null}
      </Box>
      <QueryState
        query={users}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState message={t('users.list.empty')} action={addButton} />}
      >
        {() =>
          shown.length === 0 ? (
            <EmptyState message={t('users.list.noMatch', { query: query.trim() })} />
          ) : (
            <UserList
              users={shown}
              sites={sites.data}
              phone={phone}
              sort={sort.key}
              direction={sort.direction}
              onSort={sortBy}
            />
          )
        }
      </QueryState>
      <Box sx={{ mt: 3 }}>
        <OutboxCard />
      </Box>
      {invitingSeveral ? <InviteSeveralDialog onClose={() => setInvitingSeveral(false)} /> : null}
    </PageFrame>
  );
}
