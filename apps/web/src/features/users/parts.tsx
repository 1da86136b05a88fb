import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Typography,
} from '@mui/material';
import type { UserSummary } from '@sitepulse/contracts';
import { isInvitationPending, personName } from '@sitepulse/domain';
import { type ReactNode, useId } from 'react';
import { ReinviteButton } from '../../components/ReinviteButton.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { errorText, invitationTarget } from './rules.ts';

/** A titled card of a user-management page. */
export function Section({
  title,
  help,
  action,
  children,
  testId,
}: {
  title: string;
  help?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: help ? 0.5 : 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {help ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {help}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/** Active or inactive, and 'Invitation pending' while the user has not set up their account. */
export function StatusChips({ user }: { user: UserSummary }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={t(user.isActive ? 'users.status.active' : 'users.status.inactive')}
        color={user.isActive ? 'success' : 'default'}
        variant={user.isActive ? 'outlined' : 'filled'}
        data-testid="user-active"
      />
      {isInvitationPending(user) ? (
        <Chip
          size="small"
          icon={<MailOutlineRoundedIcon />}
          label={t('users.status.pending')}
          color="warning"
          data-testid="user-pending"
        />
      ) : null}
    </Box>
  );
}

/** 'Resend invitation' for a user who has not set up their account: a new link, the old ones stop working. */
export function ResendInvitationButton({
  user,
  variant = 'text',
}: {
  user: UserSummary;
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const { t } = useTranslation();
  return (
    <ReinviteButton
      username={user.username}
      variant={variant}
      label={t('users.invitation.resend')}
      accessibleName={t('users.invitation.resendFor', { name: personName(user) })}
      resentMessage={t('users.invitation.resent', { target: invitationTarget(user) })}
      failureText={(error) => errorText(t, error)}
    />
  );
}

/** Asks before a change that cannot simply be undone (deactivate, delete, remove a job site). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('users.actions.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
