import { Box, Chip, Stack, Typography } from '@mui/material';
import type { NotificationMessage } from '@sitepulse/contracts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useAlarmMessages } from './api.ts';
import { type DeliveryShown, deliveryShown, fallbackReasonKey } from './rules.ts';

const STATE_COLOURS: Record<DeliveryShown, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  queued: 'default',
  sending: 'default',
  retrying: 'warning',
  sent: 'success',
  failed: 'error',
  digested: 'info',
};

/** One message: to whom, about what, by which channel (and why not the one asked for), its state and times. */
function MessageItem({ m }: { m: NotificationMessage }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const shown = deliveryShown(m);
  const reason = fallbackReasonKey(m);
  const by = t(`alarms.messages.by.${m.channel}`);
  const channel = reason
    ? t('alarms.messages.instead', {
        by,
        asked: t(`alarms.messages.channel.${m.requestedChannel}`),
        reason: t(reason),
      })
    : by;
  const times = [
    t('alarms.messages.queuedAt', { time: prefs.time(m.createdAt) }),
    m.sentAt !== null ? t('alarms.messages.sentAt', { time: prefs.time(m.sentAt) }) : null,
    shown === 'retrying' && m.nextAttemptAt !== null
      ? t('alarms.messages.nextAttempt', { time: prefs.time(m.nextAttemptAt) })
      : null,
    m.attempts > 1 || shown === 'retrying' || shown === 'failed'
      ? t('alarms.messages.attempts', { count: m.attempts })
      : null,
  ].filter(Boolean);
  return (
    <Box
      component="li"
      data-testid="alarm-message"
      data-message-id={m.id}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, p: 1.25, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Typography
          variant="body2"
          sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
          data-testid="message-recipient"
        >
          {m.recipientName}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {' · '}
            {t(`alarms.messages.change.${m.change}`)}
          </Box>
        </Typography>
        <Chip
          size="small"
          label={t(`alarms.messages.state.${shown}`)}
          color={STATE_COLOURS[shown]}
          variant={shown === 'queued' || shown === 'sending' ? 'outlined' : 'filled'}
          data-testid="message-state"
          data-state={shown}
        />
      </Box>
      <Typography variant="body2" data-testid="message-channel" sx={{ overflowWrap: 'anywhere' }}>
        {channel}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="message-times">
        {times.join(' · ')}
      </Typography>
      {m.errorCode ? (
        <Box data-testid="message-error" sx={{ mt: 0.5 }}>
          <Typography variant="body2" color={shown === 'failed' ? 'error' : 'warning.dark'}>
            {t(`alarms.messages.error.${m.errorCode}`)}
          </Typography>
          {m.error ? (
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="message-error-detail"
            >
              {m.error}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The messages of one alarm (GET /alarms/events/{id}/messages): one per person, channel and change, with
 * the channel the person asked for and the one used, and where each stands (queued, sending, retrying with
 * the error and the next try, sent, failed with the error in words). Times in the display time zone.
 */
export function AlarmMessages({
  tenantGroupId,
  alarmEventId,
  id,
}: {
  tenantGroupId: number;
  alarmEventId: number;
  id: string;
}) {
  const { t } = useTranslation();
  const query = useAlarmMessages(tenantGroupId, alarmEventId);
  return (
    <Box id={id} component="section" aria-labelledby={`${id}-title`} data-testid="alarm-messages">
      <Typography id={`${id}-title`} variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('alarms.messages.title')}
      </Typography>
      <QueryState
        query={query}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState message={t('alarms.messages.none')} />}
      >
        {(list) => (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {list.map((m) => (
              <MessageItem key={m.id} m={m} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
