import { FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import type { EmailNotification } from '@sitepulse/contracts';
import { useMyEmailNotifications, useToggleEmailNotification } from '../../api/notifications.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';

/**
 * User settings, 'Alarm e-mails' (spec section 7): a switch per job site the user can see, saved when
 * switched (POST /emailnotifications/cmd/toggle for the signed-in user).
 */
export function AlarmEmailSettings() {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const mine = useMyEmailNotifications();
  const toggle = useToggleEmailNotification();
  const pendingSite = toggle.isPending ? toggle.variables?.tenantGroupId : undefined;

  const onToggle = (n: EmailNotification, enabled: boolean) =>
    toggle.mutate(
      { tenantGroupId: n.tenantGroupId, enabled },
      {
        onSuccess: () =>
          showAlert({
            severity: 'success',
            message: t(enabled ? 'alarms.emails.on' : 'alarms.emails.off', { site: n.name }),
          }),
        onError: () => showAlert({ severity: 'error', message: t('alarms.emails.failed') }),
      },
    );

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
      component="section"
      aria-labelledby="alarm-emails-title"
      data-testid="alarm-email-settings"
    >
      <Typography id="alarm-emails-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('alarms.emails.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('alarms.emails.help')}
      </Typography>
      <QueryState
        query={mine}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState message={t('alarms.emails.noSites')} />}
      >
        {(list) => (
          <Stack>
            {[...list]
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((n) => {
                // While a switch is being saved it shows the asked-for state.
                const checked =
                  pendingSite === n.tenantGroupId ? (toggle.variables?.enabled ?? n.enabled) : n.enabled;
                return (
                  <FormControlLabel
                    key={n.tenantGroupId}
                    sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                    control={
                      <Switch
                        checked={checked}
                        disabled={pendingSite === n.tenantGroupId}
                        onChange={(e) => onToggle(n, e.target.checked)}
                      />
                    }
                    label={n.name}
                  />
                );
              })}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}
