import AddRoundedIcon from '@mui/icons-material/AddRounded';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { TenantGroup, UserSummary } from '@sitepulse/contracts';
import { personName } from '@sitepulse/domain';
import { useState } from 'react';
import { useChangeJobSiteRole, useGrantJobSite, useRevokeJobSite } from '../../api/users.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { RoleSelect, SiteSelect } from './AccessFields.tsx';
import { ConfirmDialog, Section } from './parts.tsx';
import { errorText, isArchived, memberRoleText, siteName } from './rules.ts';

type Access = 1 | 2 | 4 | 8;
/** A new grant starts as viewer: the least a job site can give. */
const GRANT_ACCESS: Access = 4;

/**
 * A user's job sites with their role on each: change the role (PUT /v2/users/tenant_groups), remove the
 * access (asks first; DELETE), or grant a job site not yet given (POST).
 */
export function SiteAccessCard({ user, sites }: { user: UserSummary; sites: TenantGroup[] | undefined }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const changeRole = useChangeJobSiteRole();
  const revoke = useRevokeJobSite();
  const grant = useGrantJobSite();
  const [removing, setRemoving] = useState<number | null>(null);
  const [newSite, setNewSite] = useState<number | ''>('');
  const [newAccess, setNewAccess] = useState<number>(GRANT_ACCESS);
  const name = personName(user);
  const granted = user.tenantGroupAccess.map((a) => a.tenantGroupId);
  const failed = (error: unknown) => showAlert({ severity: 'error', message: errorText(t, error) });
  const nameOf = (id: number) => siteName(t, sites, id);

  const setRole = (tenantGroupId: number, access: number) =>
    changeRole.mutate(
      { username: user.username, tenantGroupId, access: access as Access },
      {
        onSuccess: () =>
          showAlert({
            severity: 'success',
            message: t('users.sites.roleChanged', {
              name,
              site: nameOf(tenantGroupId),
              role: memberRoleText(t, access),
            }),
          }),
        onError: failed,
      },
    );

  const removeSite = (tenantGroupId: number) =>
    revoke.mutate(
      { username: user.username, tenantGroupId },
      {
        onSuccess: () => {
          setRemoving(null);
          showAlert({
            severity: 'success',
            message: t('users.sites.removed', { name, site: nameOf(tenantGroupId) }),
          });
        },
        onError: (error) => {
          setRemoving(null);
          failed(error);
        },
      },
    );

  const grantSite = () => {
    if (newSite === '') return;
    grant.mutate(
      { username: user.username, tenantGroupId: newSite, access: newAccess as Access },
      {
        onSuccess: () => {
          showAlert({
            severity: 'success',
            message: t('users.sites.granted', {
              name,
              site: nameOf(newSite),
              role: memberRoleText(t, newAccess),
            }),
          });
          setNewSite('');
          setNewAccess(GRANT_ACCESS);
        },
        onError: failed,
      },
    );
  };

  const left = (sites ?? []).filter((s) => !granted.includes(s.id));

  return (
    <Section title={t('users.sites.title')} help={t('users.sites.rolesHelp')} testId="sites-section">
      <Stack spacing={1.5}>
        {user.tenantGroupAccess.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('users.sites.none')}
          </Typography>
        ) : null}
        {user.tenantGroupAccess.map((a) => {
          const site = sites?.find((s) => s.id === a.tenantGroupId);
          const label = nameOf(a.tenantGroupId);
          return (
            <Box
              key={a.tenantGroupId}
              data-testid="access-row"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            >
              <Box sx={{ flex: { xs: '1 1 100%', sm: '2 1 0' }, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {label}
                </Typography>
                {site && isArchived(site) ? (
                  <Chip size="small" label={t('users.sites.archived')} sx={{ mt: 0.25 }} />
                ) : null}
              </Box>
              <Box sx={{ flex: '1 1 0', minWidth: 140 }}>
                <RoleSelect
                  size="small"
                  label={t('users.sites.roleAt', { site: label })}
                  value={a.access}
                  onChange={(access) => access !== a.access && setRole(a.tenantGroupId, access)}
                  disabled={changeRole.isPending}
                />
              </Box>
              <Tooltip title={t('users.sites.remove')}>
                <IconButton
                  aria-label={t('users.sites.removeSite', { site: label })}
                  onClick={() => setRemoving(a.tenantGroupId)}
                >
                  <LinkOffRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        })}

        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
            pt: 1.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
          role="group"
          aria-label={t('users.sites.grantTitle')}
        >
          <Box sx={{ flex: { xs: '1 1 100%', sm: '2 1 0' }, minWidth: 0 }}>
            <SiteSelect
              sites={sites}
              taken={granted}
              value={newSite}
              onChange={setNewSite}
              size="small"
              label={t('users.sites.grantSite')}
              disabled={left.length === 0}
            />
          </Box>
          <Box sx={{ flex: '1 1 0', minWidth: 140 }}>
            <RoleSelect
              size="small"
              label={t('users.sites.grantRole')}
              value={newAccess}
              onChange={setNewAccess}
            />
          </Box>
          <Button
            variant="outlined"
            startIcon={<AddRoundedIcon />}
            onClick={grantSite}
            disabled={newSite === ''}
            loading={grant.isPending}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('users.sites.grant')}
          </Button>
        </Box>
      </Stack>

      <ConfirmDialog
        open={removing !== null}
        title={t('users.sites.removeTitle', { site: removing === null ? '' : nameOf(removing) })}
        text={t('users.sites.removeText', { name, site: removing === null ? '' : nameOf(removing) })}
        confirmLabel={t('users.sites.remove')}
        busy={revoke.isPending}
        onConfirm={() => removing !== null && removeSite(removing)}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}
