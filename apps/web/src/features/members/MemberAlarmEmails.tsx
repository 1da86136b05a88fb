import { FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import type { SiteEmailNotification } from '@sitepulse/contracts';
import { useSiteEmailNotifications, useToggleEmailNotification } from '../../api/notifications.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';

/**
 * Members page, 'Alarm e-mails': who of the site gets its alarm e-mails, a switch per member. Site admins
 * (`canManage`) switch them for a member (the toggle with that member's userId); everyone else reads them.
 * Shows nothing until the list is in, and nothing when it cannot be read: the members list stands alone.
 */
export function MemberAlarmEmails({
  tenantGroupId,
  canManage,
}: {
  tenantGroupId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const site = useSiteEmailNotifications(tenantGroupId);
  const toggle = useToggleEmailNotification();
  const pendingUser = toggle.isPending ? toggle.variables?.userId : undefined;
  if (!site.data || site.data.length === 0) return null;

  const onToggle = (m: SiteEmailNotification, enabled: boolean) =>
    toggle.mutate(
      { tenantGroupId, enabled, userId: m.userId },
      {
        onSuccess: () =>
          showAlert({
            severity: 'success',
            message: t(enabled ? 'alarms.emails.memberOn' : 'alarms.emails.memberOff', { name: m.name }),
          }),
        onError: () => showAlert({ severity: 'error', message: t('alarms.emails.failed') }),
      },
    );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="member-alarm-emails-title"
      data-testid="member-alarm-emails"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, mt: 3 }}
    >
      <Typography id="member-alarm-emails-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('alarms.emails.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {canManage ? t('alarms.emails.membersHelp') : t('alarms.emails.membersReadOnly')}
      </Typography>
      <Stack>
        {[...site.data]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((m) => {
            const checked = pendingUser === m.userId ? (toggle.variables?.enabled ?? m.enabled) : m.enabled;
            return (
              <FormControlLabel
                key={m.userId}
                sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                control={
                  <Switch
                    checked={checked}
                    disabled={!canManage || pendingUser === m.userId || !m.email}
                    onChange={(e) => onToggle(m, e.target.checked)}
                  />
                }
                label={
                  m.email
                    ? t('alarms.emails.member', { name: m.name, email: m.email })
                    : t('alarms.emails.memberNoEmail', { name: m.name })
                }
              />
            );
          })}
      </Stack>
    </Paper>
  );
}
