import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { Button, Chip, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import type { TenantGroupMember } from '@sitepulse/contracts';
import { isInvitationPending, personName } from '@sitepulse/domain';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useAccessCodes, useChangeJobSiteRole, useRevokeJobSite } from '../../api/users.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { ReinviteButton } from '../../components/ReinviteButton.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { isKnownRole, roleKey } from './rules.ts';

// Fetched when first opened (docs/decisions/web-bundle.md).
const ConfirmDialog = lazyDialog(() =>
  import('../../components/ConfirmDialog.tsx').then((m) => m.ConfirmDialog),
);

/** What a refused or failed people call shows: the server's 400/409 in its words, 403/404 explained. */
export function peopleErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 || error.status === 409)
      return t('members.errors.rejected', { message: error.message });
    if (error.status === 403) return t('members.errors.forbidden');
    if (error.status === 404) return t('members.errors.notFound');
  }
  return t('members.errors.failed');
}

/** The member's role on the site as a small chip. */
export function RoleChip({ access }: { access: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(roleKey(access))}
      color={access === 1 ? 'primary' : 'default'}
      data-testid="member-role"
    />
  );
}

/** Pending invitation, inactive account, and "You" for the signed-in user. */
export function MemberBadges({ member, isMe }: { member: TenantGroupMember; isMe: boolean }) {
  const { t } = useTranslation();
  const pending = isInvitationPending(member);
  if (!pending && member.isActive && !isMe) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {isMe ? <Chip size="small" label={t('members.badges.you')} /> : null}
      {pending ? (
        <Chip size="small" color="warning" variant="outlined" label={t('members.badges.pending')} />
      ) : null}
      {member.isActive ? null : <Chip size="small" color="default" label={t('members.badges.inactive')} />}
    </Stack>
  );
}

/** The member's role on this site as a select; choosing another role changes it at once (PUT tenant_groups). */
export function RoleSelect({
  member,
  tenantGroupId,
  fullWidth,
}: {
  member: TenantGroupMember;
  tenantGroupId: number;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const change = useChangeJobSiteRole();
  const roleCodes = useAccessCodes();
  const name = personName(member);
  const known = isKnownRole(member.access);
  return (
    <TextField
      select
      size="small"
      value={known ? String(member.access) : ''}
      disabled={change.isPending}
      fullWidth={fullWidth}
      onChange={(e) => {
        const access = Number(e.target.value) as 1 | 2 | 4 | 8;
        if (!isKnownRole(access) || access === member.access) return;
        change.mutate(
          { username: member.username, tenantGroupId, access },
          {
            onSuccess: () =>
              showAlert({
                severity: 'success',
                message: t('members.actions.roleChanged', { name, role: t(roleKey(access)) }),
              }),
            onError: (error) => showAlert({ severity: 'error', message: peopleErrorText(t, error) }),
          },
        );
      }}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-label': t('members.actions.roleOf', { name }) },
      }}
      sx={{ minWidth: 130 }}
    >
      {known ? null : (
        <option value="" disabled>
          {t('members.roles.unknown')}
        </option>
      )}
      {roleCodes.map((code) => (
        <option key={code} value={String(code)}>
          {t(roleKey(code))}
        </option>
      ))}
    </TextField>
  );
}

/** Sends a new invitation link (the earlier ones stop working), for a member who has not set up yet. */
export function ResendInvitationButton({ member }: { member: TenantGroupMember }) {
  const { t } = useTranslation();
  const name = personName(member);
  return (
    <ReinviteButton
      username={member.username}
      label={t('members.actions.resend')}
      accessibleName={t('members.actions.resendTo', { name })}
      resentMessage={t('members.actions.resent', { name })}
      failureText={(error) => peopleErrorText(t, error)}
    />
  );
}

/**
 * Removes the member from this site after a confirmation (DELETE tenant_groups). Their account stays; they
 * no longer see the site. `variant="icon"` for the list's rows, a labelled button on the profile.
 */
export function RemoveMemberButton({
  member,
  tenantGroupId,
  siteName,
  variant = 'icon',
  onRemoved,
}: {
  member: TenantGroupMember;
  tenantGroupId: number;
  siteName: string;
  variant?: 'icon' | 'button';
  onRemoved?: () => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const revoke = useRevokeJobSite();
  const [open, setOpen] = useState(false);
  const name = personName(member);
  const label = t('members.actions.removeNamed', { name });

  const confirm = () =>
    revoke.mutate(
      { username: member.username, tenantGroupId },
      {
        onSuccess: () => {
          setOpen(false);
          showAlert({ severity: 'success', message: t('members.actions.removed', { name, site: siteName }) });
          onRemoved?.();
        },
        onError: (error) => {
          setOpen(false);
          showAlert({ severity: 'error', message: peopleErrorText(t, error) });
        },
      },
    );

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton size="small" color="error" aria-label={label} onClick={() => setOpen(true)}>
            <PersonRemoveOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<PersonRemoveOutlinedIcon />}
          onClick={() => setOpen(true)}
          aria-label={label}
        >
          {t('members.actions.remove')}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        busy={revoke.isPending}
        title={t('members.remove.title', { name })}
        text={t('members.remove.text', { name, site: siteName })}
        cancelLabel={t('members.remove.cancel')}
        confirmLabel={t('members.remove.confirm')}
        confirmColor="error"
        showBusy="loading"
        onConfirm={confirm}
      />
    </>
  );
}
