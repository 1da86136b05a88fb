import { Box, List, ListItem, Typography } from '@mui/material';
import type { TenantGroup, UserAuditEntry } from '@sitepulse/contracts';
import { useUserAudits } from '../../api/users.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';
import { Section } from './parts.tsx';
import { siteName } from './rules.ts';

/** An audit operation in words ('Invited', 'Role changed', …); an operation we do not know shows as sent. */
export function operationText(t: TFunction, operation: string): string {
  return t(`users.history.operations.${operation}`, { defaultValue: operation });
}

/** Who did it: the admin's username, or the user themself through an e-mailed link. */
function actorText(t: TFunction, entry: UserAuditEntry): string {
  return entry.actorUsername ?? t('users.history.byLink');
}

/**
 * What was done to the user, newest first (GET /v2/users/audits?username): the operation, who did it,
 * when, and what changed (with the job site when there is one).
 */
export function UserHistory({ username, sites }: { username: string; sites: TenantGroup[] | undefined }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const audits = useUserAudits(username);
  return (
    <Section title={t('users.history.title')} testId="history-section">
      <QueryState
        query={audits}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState message={t('users.history.empty')} />}
      >
        {(list) => (
          <List disablePadding aria-label={t('users.history.title')}>
            {list.map((entry) => (
              <ListItem
                key={entry.id}
                divider
                disableGutters
                data-testid="history-entry"
                sx={{ display: 'block', py: 1 }}
              >
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
                    {operationText(t, entry.operation)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {prefs.time(entry.createdAt)}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('users.history.by', { who: actorText(t, entry) })}
                  {entry.tenantGroupId !== null ? ` · ${siteName(t, sites, entry.tenantGroupId)}` : ''}
                  {entry.detail ? ` · ${entry.detail}` : ''}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
    </Section>
  );
}
