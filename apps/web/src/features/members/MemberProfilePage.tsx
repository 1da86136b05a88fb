import { Box, Paper, Stack, Typography } from '@mui/material';
import type { TenantGroupMember } from '@sitepulse/contracts';
import { accountTypeLabel, isInvitationPending, paths, personName } from '@sitepulse/domain';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useJobSiteMembers } from '../../api/users.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { formatPhone } from '../../components/phone-format.ts';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import {
  MemberBadges,
  RemoveMemberButton,
  ResendInvitationButton,
  RoleChip,
  RoleSelect,
} from './MemberActions.tsx';
import { BackToMembers, SiteHeading, useMembersSite } from './useMembersSite.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Profile({
  member,
  tenantGroupId,
  siteName,
  canManage,
  isMe,
}: {
  member: TenantGroupMember;
  tenantGroupId: number;
  siteName: string;
  canManage: boolean;
  isMe: boolean;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const navigate = useNavigate();
  const missing = t('common.missing');
  const pending = isInvitationPending(member);
  const manage = canManage && !isMe;

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }} data-testid="member-profile">
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {personName(member)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {member.username}
            </Typography>
          </Box>
          <MemberBadges member={member} isMe={isMe} />
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Field label={t('members.profile.email')}>{member.email || missing}</Field>
          <Field label={t('members.profile.phone')}>{formatPhone(member.phone) || missing}</Field>
          <Field label={t('members.profile.role', { site: siteName })}>
            <RoleChip access={member.access} />
          </Field>
          <Field label={t('members.profile.accountType')}>
            {t(`members.accountTypes.${member.accountType}`, {
              defaultValue: accountTypeLabel(member.accountType),
            })}
          </Field>
          <Field label={t('members.profile.invitation')}>
            {pending
              ? member.invitedAt
                ? t('members.profile.pendingSince', { time: prefs.time(member.invitedAt) })
                : t('members.profile.pending')
              : t('members.profile.accepted')}
          </Field>
          <Field label={t('members.profile.status')}>
            {member.isActive ? t('members.profile.active') : t('members.profile.inactive')}
          </Field>
          <Field label={t('members.profile.language')}>{t(`members.languages.${member.language}`)}</Field>
          <Field label={t('members.profile.created')}>{prefs.time(member.createdAt)}</Field>
        </Box>
      </Paper>
      {manage ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }} data-testid="member-manage">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
            {t('members.profile.manage')}
          </Typography>
          <Stack spacing={2}>
            <Box sx={{ maxWidth: 320 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {t('members.profile.role', { site: siteName })}
              </Typography>
              <RoleSelect member={member} tenantGroupId={tenantGroupId} fullWidth />
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {pending ? <ResendInvitationButton member={member} /> : null}
              <RemoveMemberButton
                member={member}
                tenantGroupId={tenantGroupId}
                siteName={siteName}
                variant="button"
                onRemoved={() => navigate(paths.jobSiteMembers.href(tenantGroupId))}
              />
            </Stack>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * /job-site-member-profile/{jobsiteId}/{userId} (spec section 2): one member of the site (userId is the
 * user's id): their details, role here and invitation state, with the manage actions for a manager.
 */
export default function MemberProfilePage() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const { tenantGroupId, siteName, me, canManage } = useMembersSite();
  const members = useJobSiteMembers(tenantGroupId);
  const backButton = <BackToMembers tenantGroupId={tenantGroupId} />;

  return (
    <PageFrame
      title={<SiteHeading siteName={siteName} title={t('titles.jobSiteMemberProfile')} />}
      actions={backButton}
    >
      <QueryState query={members}>
        {(list) => {
          const member = list.find((m) => String(m.id) === userId);
          if (!member) return <EmptyState message={t('members.profile.notMember')} action={backButton} />;
          return (
            <Profile
              member={member}
              tenantGroupId={tenantGroupId}
              siteName={siteName}
              canManage={canManage}
              isMe={member.username === me}
            />
          );
        }}
      </QueryState>
    </PageFrame>
  );
}
