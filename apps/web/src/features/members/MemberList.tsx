import {
  Box,
  Card,
  CardContent,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { TenantGroupMember } from '@sitepulse/contracts';
import { isInvitationPending, paths, personName } from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import { formatPhone } from '../../components/phone-format.ts';
import { useTranslation } from '../../i18n/index.ts';
import {
  MemberBadges,
  RemoveMemberButton,
  ResendInvitationButton,
  RoleChip,
  RoleSelect,
} from './MemberActions.tsx';

interface ListProps {
  members: readonly TenantGroupMember[];
  tenantGroupId: number;
  siteName: string;
  /** Whether the signed-in user manages this site's members (role select, remove, resend). */
  canManage: boolean;
  /** The signed-in user's username: their own row has no actions. */
  me: string | undefined;
}

/** The actions on one member, for a manager; nothing on their own row (they cannot lock themself out). */
function Actions({
  member,
  tenantGroupId,
  siteName,
  isMe,
}: {
  member: TenantGroupMember;
  tenantGroupId: number;
  siteName: string;
  isMe: boolean;
}) {
  if (isMe) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {isInvitationPending(member) ? <ResendInvitationButton member={member} /> : null}
      <RemoveMemberButton member={member} tenantGroupId={tenantGroupId} siteName={siteName} />
    </Stack>
  );
}

function NameLink({ member, tenantGroupId }: { member: TenantGroupMember; tenantGroupId: number }) {
  return (
    <Link
      component={RouterLink}
      to={paths.jobSiteMemberProfile.href(tenantGroupId, member.id)}
      underline="hover"
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {personName(member)}
    </Link>
  );
}

/**
 * A job site's members: a table at tablet width and up, cards on a phone. Each name opens the member's
 * profile; a manager changes a role, removes a member or sends a pending invitation again from here.
 */
export function MemberList({ members, tenantGroupId, siteName, canManage, me }: ListProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const missing = t('common.missing');

  if (phone) {
    return (
      <Stack spacing={1.25} data-testid="member-cards">
        {members.map((m) => {
          const isMe = m.username === me;
          return (
            <Card key={m.id} variant="outlined" data-testid="member-row" data-username={m.username}>
              <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 }, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <NameLink member={m} tenantGroupId={tenantGroupId} />
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {m.username}
                    </Typography>
                  </Box>
                  {canManage && !isMe ? null : <RoleChip access={m.access} />}
                </Box>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
                  {m.email || missing}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {formatPhone(m.phone) || missing}
                </Typography>
                <Box sx={{ mt: 1 }}>
                  <MemberBadges member={m} isMe={isMe} />
                </Box>
                {canManage && !isMe ? (
                  <Stack spacing={1} sx={{ mt: 1.5 }}>
                    <RoleSelect member={m} tenantGroupId={tenantGroupId} fullWidth />
                    <Actions member={m} tenantGroupId={tenantGroupId} siteName={siteName} isMe={isMe} />
                  </Stack>
                ) : null}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('members.listLabel', { site: siteName })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('members.columns.name')}</TableCell>
            <TableCell>{t('members.columns.email')}</TableCell>
            <TableCell>{t('members.columns.phone')}</TableCell>
            <TableCell>{t('members.columns.role')}</TableCell>
            <TableCell>{t('members.columns.status')}</TableCell>
            {canManage ? <TableCell align="right">{t('members.columns.actions')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((m) => {
            const isMe = m.username === me;
            return (
              <TableRow key={m.id} hover data-testid="member-row" data-username={m.username}>
                <TableCell sx={{ minWidth: 160, maxWidth: 280 }}>
                  <NameLink member={m} tenantGroupId={tenantGroupId} />
                  <Typography variant="caption" color="text.secondary" component="div">
                    {m.username}
                  </Typography>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 260 }}>{m.email || missing}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(m.phone) || missing}</TableCell>
                <TableCell>
                  {canManage && !isMe ? (
                    <RoleSelect member={m} tenantGroupId={tenantGroupId} />
                  ) : (
                    <RoleChip access={m.access} />
                  )}
                </TableCell>
                <TableCell>
                  <MemberBadges member={m} isMe={isMe} />
                </TableCell>
                {canManage ? (
                  <TableCell align="right">
                    <Box sx={{ display: 'inline-flex' }}>
                      <Actions member={m} tenantGroupId={tenantGroupId} siteName={siteName} isMe={isMe} />
                    </Box>
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
