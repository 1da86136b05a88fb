import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { Box, Button, Chip, List, ListItem, Typography } from '@mui/material';
import type { OutboxMessage } from '@sitepulse/contracts';
import { useState } from 'react';
import { useOutbox } from '../../api/users.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Section } from './parts.tsx';

/** Whether a message went out: sent by the mail server, failed, or kept here (no mail server, or a text message). */
function deliveryState(m: OutboxMessage): 'sent' | 'failed' | 'kept' {
  if (m.sentAt !== null) return 'sent';
  return m.error ? 'failed' : 'kept';
}

function DeliveryChip({ message, t }: { message: OutboxMessage; t: TFunction }) {
  const state = deliveryState(message);
  const color = state === 'sent' ? 'success' : state === 'failed' ? 'error' : 'warning';
  return <Chip size="small" variant="outlined" color={color} label={t(`users.outbox.state.${state}`)} />;
}

/**
 * The messages sent to the company's users (GET /mail/outbox), newest first: invitations, resets and notices.
 * A message that did not go out (no mail server configured, a failed send, or a text message: we have no
 * SMS gateway) can be opened and its text copied, so the admin can pass the invitation on by hand.
 */
export function OutboxCard() {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const outbox = useOutbox();
  const { showAlert } = useAlert();
  const [open, setOpen] = useState<number | null>(null);

  const copy = async (m: OutboxMessage) => {
    try {
      await navigator.clipboard.writeText(m.text);
      showAlert({ severity: 'success', message: t('users.outbox.copied') });
    } catch {
      showAlert({ severity: 'error', message: t('users.outbox.copyFailed') });
    }
  };

  return (
    <Section title={t('users.outbox.title')} help={t('users.outbox.help')} testId="outbox-section">
      <QueryState
        query={outbox}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState message={t('users.outbox.empty')} />}
      >
        {(list) => (
          <List disablePadding aria-label={t('users.outbox.title')}>
            {list.map((m) => {
              const unsent = deliveryState(m) !== 'sent';
              return (
                <ListItem
                  key={m.id}
                  divider
                  disableGutters
                  data-testid="outbox-message"
                  sx={{ display: 'block', py: 1 }}
                >
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    {m.channel === 'sms' ? (
                      <SmsOutlinedIcon fontSize="small" aria-label={t('users.outbox.sms')} />
                    ) : (
                      <MailOutlineRoundedIcon fontSize="small" aria-label={t('users.outbox.email')} />
                    )}
                    <Typography
                      variant="body2"
                      sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                    >
                      {m.to}
                    </Typography>
                    <DeliveryChip message={m} t={t} />
                  </Box>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {m.subject}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {prefs.time(m.createdAt)}
                    {m.error ? ` · ${m.error}` : ''}
                  </Typography>
                  {unsent ? (
                    <Box sx={{ mt: 0.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <Button size="small" onClick={() => setOpen(open === m.id ? null : m.id)}>
                        {open === m.id ? t('users.outbox.hide') : t('users.outbox.show')}
                      </Button>
                      <Button size="small" startIcon={<ContentCopyRoundedIcon />} onClick={() => copy(m)}>
                        {t('users.outbox.copy')}
                      </Button>
                    </Box>
                  ) : null}
                  {open === m.id ? (
                    <Typography
                      component="pre"
                      variant="body2"
                      data-testid="outbox-text"
                      sx={{
                        whiteSpace: 'pre-wrap',
                        overflowWrap: 'anywhere',
                        fontFamily: 'inherit',
                        bgcolor: 'action.hover',
                        p: 1.5,
                        borderRadius: 1,
                        m: 0,
                        mt: 0.5,
                      }}
                    >
                      {m.text}
                    </Typography>
                  ) : null}
                </ListItem>
              );
            })}
          </List>
        )}
      </QueryState>
    </Section>
  );
}
