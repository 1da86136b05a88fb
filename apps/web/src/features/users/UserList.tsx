import {
  Box,
  Card,
  CardActionArea,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { TenantGroup, UserSummary } from '@sitepulse/contracts';
import { isInvitationPending, personName } from '@sitepulse/domain';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatPhone } from '../../components/phone-format.ts';
import { useTranslation } from '../../i18n/index.ts';
import { ResendInvitationButton, StatusChips } from './parts.tsx';
import {
  accountTypeText,
  editUserPath,
  memberRoleText,
  type SortDirection,
  type SortKey,
  siteName,
} from './rules.ts';

/** The user's job sites, each with their role there ('Harbourfront Tower · admin'). */
function AccessChips({ user, sites }: { user: UserSummary; sites: TenantGroup[] | undefined }) {
  const { t } = useTranslation();
  if (user.tenantGroupAccess.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('users.sites.none')}
      </Typography>
    );
  }
  return (
    // Lines rather than chips: a long site name wraps instead of hiding the role.
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="user-sites">
      {user.tenantGroupAccess.map((a) => (
        <Typography key={a.tenantGroupId} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {`${siteName(t, sites, a.tenantGroupId)} · ${memberRoleText(t, a.access)}`}
        </Typography>
      ))}
    </Box>
  );
}

const missing = (value: string | null | undefined, t: (k: string) => string) => value || t('common.missing');

/**
 * The company's users: a table with sortable column headers on a tablet or desktop, cards on a phone
 * (sorted by the page's select). Each user links to /edit-user/{id}.
 */
export function UserList({
  users,
  sites,
  phone,
  sort,
  direction,
  onSort,
}: {
  users: UserSummary[];
  sites: TenantGroup[] | undefined;
  phone: boolean;
  sort: SortKey;
  direction: SortDirection;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  if (phone) {
    return (
      <Stack spacing={1.25} data-testid="user-cards">
        {users.map((u) => (
          <Card key={u.id} variant="outlined" data-testid="user-card">
            <CardActionArea component={RouterLink} to={editUserPath(u)} sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }} data-testid="user-name">
                    {personName(u)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {u.username}
                  </Typography>
                </Box>
                <Chip size="small" label={accountTypeText(t, u.accountType)} data-testid="user-type" />
              </Box>
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {missing(u.email, t)}
              </Typography>
              <Typography variant="body2" sx={{ mb: 0.75 }}>
                {missing(formatPhone(u.phone), t)}
              </Typography>
              <StatusChips user={u} />
              <Box sx={{ mt: 0.75 }}>
                <AccessChips user={u} sites={sites} />
              </Box>
            </CardActionArea>
            {isInvitationPending(u) ? (
              <Box sx={{ px: 1, pb: 1 }}>
                <ResendInvitationButton user={u} />
              </Box>
            ) : null}
          </Card>
        ))}
      </Stack>
    );
  }

  const header = (key: SortKey, label: string) => (
    <TableCell sortDirection={sort === key ? direction : false}>
      <TableSortLabel
        active={sort === key}
        direction={sort === key ? direction : 'asc'}
        onClick={() => onSort(key)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('titles.userManagement')}>
        <TableHead>
          <TableRow>
            {header('name', t('users.columns.name'))}
            {header('accountType', t('users.columns.accountType'))}
            <TableCell>{t('users.columns.phone')}</TableCell>
            {header('status', t('users.columns.status'))}
            <TableCell>{t('users.columns.sites')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow
              key={u.id}
              hover
              onClick={() => navigate(editUserPath(u))}
              sx={{ cursor: 'pointer', verticalAlign: 'top' }}
              data-testid="user-row"
            >
              {/* Name, username and e-mail in one cell: a column of e-mail addresses would squeeze to a letter a line. */}
              <TableCell sx={{ minWidth: 220, maxWidth: 280 }}>
                <Link
                  component={RouterLink}
                  to={editUserPath(u)}
                  underline="hover"
                  onClick={(e) => e.stopPropagation()}
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  data-testid="user-name"
                >
                  {personName(u)}
                </Link>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {u.username}
                </Typography>
                <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {missing(u.email, t)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="user-type">
                {accountTypeText(t, u.accountType)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{missing(formatPhone(u.phone), t)}</TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                <StatusChips user={u} />
                {isInvitationPending(u) ? (
                  // A click on the button resends; it does not open the user.
                  <Box onClick={(e) => e.stopPropagation()} sx={{ mt: 0.5, ml: -0.5 }}>
                    <ResendInvitationButton user={u} />
                  </Box>
                ) : null}
              </TableCell>
              <TableCell sx={{ minWidth: 160, maxWidth: 240 }}>
                <AccessChips user={u} sites={sites} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
