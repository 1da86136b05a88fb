import { Alert, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { PushError, type PushState, usePushDevice, usePushSwitch } from '../../api/push.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** What the card says in place of the switch when this browser cannot take push notifications. */
const BLOCKED: Partial<Record<PushState, string>> = {
  unsupported: 'push.unsupported',
  noWorker: 'push.noWorker',
  denied: 'push.denied',
};

/**
 * User settings, 'Push notifications on this device' (issue 15, docs/decisions/web-push-offline.md): a switch
 * that subscribes this browser to the signed-in user's alarm messages (Web Push) or drops it, shown beside the
 * default notification delivery. Says when the browser cannot (no Push API, the app's worker not running,
 * notifications blocked: how to allow them) and, in words, why switching failed.
 */
export function PushSettings({ delivery }: { delivery: string }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const device = usePushDevice();
  const toggle = usePushSwitch();
  const state = device.data?.state;
  const blocked = state ? BLOCKED[state] : undefined;
  const checked = toggle.isPending ? toggle.variables : state === 'on';
  // Anything unforeseen is said too, as a failure of the step the switch was at.
  const failure =
    toggle.error === null
      ? null
      : toggle.error instanceof PushError
        ? toggle.error
        : new PushError(toggle.variables ? 'pushService' : 'removing', toggle.error.message);

  const onSwitch = (on: boolean) =>
    toggle.mutate(on, {
      onSuccess: (d) => {
        if (d.state === 'on' || d.state === 'off')
          showAlert({
            severity: 'success',
            message: t(d.state === 'on' ? 'push.switchedOn' : 'push.switchedOff'),
          });
      },
    });

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
      component="section"
      aria-labelledby="push-settings-title"
      data-testid="push-settings"
      data-state={state ?? 'loading'}
    >
      <Typography id="push-settings-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('push.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('push.help')}
      </Typography>
      {!state ? (
        <InlineSpinner />
      ) : blocked ? (
        <Alert severity={state === 'denied' ? 'warning' : 'info'} data-testid="push-blocked">
          {t(blocked)}
        </Alert>
      ) : (
        <Stack spacing={1}>
          <FormControlLabel
            sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
            control={
              <Switch
                checked={checked}
                disabled={toggle.isPending}
                onChange={(e) => onSwitch(e.target.checked)}
              />
            }
            label={t('push.switch')}
          />
          <Typography variant="body2" color="text.secondary">
            {t(state === 'on' ? 'push.on' : 'push.off')}
          </Typography>
          {state === 'on' && delivery !== 'PUSH' ? (
            <Typography variant="body2" data-testid="push-not-default">
              {t('push.notPush', { delivery: t(`settings.delivery.${delivery}`, delivery) })}
            </Typography>
          ) : null}
        </Stack>
      )}
      {failure ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="push-error">
          {t(`push.failed.${failure.failure}`, { detail: failure.detail })}
        </Alert>
      ) : null}
    </Paper>
  );
}
