import DeleteForeverRoundedIcon from '@mui/icons-material/DeleteForeverRounded';
import {
  Alert,
  Box,
  Button,
  Divider,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { UserSummary } from '@sitepulse/contracts';
import { isInvitationPending, personName } from '@sitepulse/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAssignAccountType, useDeleteUser, useToggleUser } from '../../api/users.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { ConfirmDialog, ResendInvitationButton, Section } from './parts.tsx';
import { ASSIGNABLE_TYPES, type AssignableType, accountTypeText, errorText } from './rules.ts';

type Confirming = 'deactivate' | 'delete' | null;

/**
 * A user's account: the account type, active or not (deactivating asks first), the pending invitation
 * with 'Resend invitation', and deleting the user (asks first, naming them; then back to the list).
 * Admins cannot change the type of, deactivate or delete themselves (the server refuses it too).
 */
export function AccountCard({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const assignType = useAssignAccountType();
  const toggle = useToggleUser();
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const name = personName(user);
  const ref = { username: user.username };
  const failed = (error: unknown) => showAlert({ severity: 'error', message: errorText(t, error) });
  const assignable = (ASSIGNABLE_TYPES as readonly string[]).includes(user.accountType);

  const changeType = (accountType: AssignableType) =>
    assignType.mutate(
      { ...ref, accountType },
      {
        onSuccess: () =>
          showAlert({
            severity: 'success',
            message: t('users.account.typeChanged', { name, type: accountTypeText(t, accountType) }),
          }),
        onError: failed,
      },
    );

  const setActive = (isActive: boolean) =>
    toggle.mutate(
      { ...ref, isActive },
      {
        onSuccess: () => {
          setConfirming(null);
          showAlert({
            severity: 'success',
            message: t(isActive ? 'users.account.activated' : 'users.account.deactivated', { name }),
          });
        },
        onError: (error) => {
          setConfirming(null);
          failed(error);
        },
      },
    );

  // Awaited rather than given callbacks: the reloaded list no longer holds the user, so this card is
  // gone by the time the deletion settles, and the way back to the list must still be taken.
  const deleteUser = async () => {
    try {
      await remove.mutateAsync(ref);
    } catch (error) {
      setConfirming(null);
      failed(error);
      return;
    }
    showAlert({ severity: 'success', message: t('users.account.deleted', { name }) });
    navigate('/user-management');
  };

  return (
    <Section title={t('users.account.title')} testId="account-section">
      <Stack spacing={2}>
        {isSelf ? (
          <Alert severity="info" data-testid="self-note">
            {t('users.account.selfNote')}
          </Alert>
        ) : null}
        <TextField
          select
          label={t('users.fields.accountType')}
          value={user.accountType}
          onChange={(e) => changeType(e.target.value as AssignableType)}
          disabled={isSelf || assignType.isPending}
          helperText={
            assignable ? t(`users.accountTypeHelp.${user.accountType}`) : t('users.account.notAssignable')
          }
          sx={{ maxWidth: 420 }}
        >
          {assignable ? null : (
            <MenuItem value={user.accountType} disabled>
              {accountTypeText(t, user.accountType)}
            </MenuItem>
          )}
          {ASSIGNABLE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {accountTypeText(t, type)}
            </MenuItem>
          ))}
        </TextField>

        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={user.isActive}
                disabled={isSelf || toggle.isPending}
                onChange={(e) => (e.target.checked ? setActive(true) : setConfirming('deactivate'))}
              />
            }
            label={t('users.account.active')}
          />
          <Typography variant="body2" color="text.secondary">
            {t(user.isActive ? 'users.account.activeHelp' : 'users.account.inactiveHelp')}
          </Typography>
        </Box>

        {isInvitationPending(user) ? (
          <Box data-testid="invitation-pending">
            <Divider sx={{ mb: 2 }} />
            <Typography variant="subtitle2" component="h3">
              {t('users.status.pending')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {user.invitedAt
                ? t('users.invitation.sentAt', { when: prefs.time(user.invitedAt) })
                : t('users.invitation.notSetUp')}
            </Typography>
            <ResendInvitationButton user={user} variant="outlined" />
          </Box>
        ) : null}

        <Divider />
        <Box>
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteForeverRoundedIcon />}
            disabled={isSelf}
            onClick={() => setConfirming('delete')}
          >
            {t('users.account.delete')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            {t('users.account.deleteHelp')}
          </Typography>
        </Box>
      </Stack>

      <ConfirmDialog
        open={confirming === 'deactivate'}
        title={t('users.account.deactivateTitle', { name })}
        text={t('users.account.deactivateText', { name })}
        confirmLabel={t('users.account.deactivate')}
        busy={toggle.isPending}
        onConfirm={() => setActive(false)}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t('users.account.deleteTitle', { name })}
        text={t('users.account.deleteText', { name, username: user.username })}
        confirmLabel={t('users.account.delete')}
        busy={remove.isPending}
        onConfirm={() => void deleteUser()}
        onClose={() => setConfirming(null)}
      />
    </Section>
  );
}
