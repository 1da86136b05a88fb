import Battery1BarRoundedIcon from '@mui/icons-material/Battery1BarRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import WifiOffRoundedIcon from '@mui/icons-material/WifiOffRounded';
import {
  Box,
  Button,
  Chip,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import type { PortfolioAttentionItem, PortfolioSite, PortfolioStatus } from '@sitepulse/contracts';
import { type AttentionKind, ageText, quantityOfSensorType } from '@sitepulse/domain';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { type DisplayPreferences, useDisplayPreferences } from '../../app/preferences.ts';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { SiteStateBadge } from '../../components/SiteStateBadge.tsx';
import { SITE_STATE_LOOK, siteStateLabel } from '../../components/site-state.ts';
import { useNow } from '../../components/useNow.ts';
import type { TFunction } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/index.ts';

const KIND_LOOK: Record<AttentionKind, { icon: typeof ErrorRoundedIcon; colour: string }> = {
  ALARM: { icon: NotificationsActiveRoundedIcon, colour: SITE_STATE_LOOK.ALARM.colour },
  ERROR: { icon: ErrorRoundedIcon, colour: SITE_STATE_LOOK.ERROR.colour },
  SILENT: { icon: WifiOffRoundedIcon, colour: '#5f6b7a' },
  BATTERY: { icon: Battery1BarRoundedIcon, colour: '#8d6e00' },
};

/** The line under an item: what is wrong, in the user's units and language. */
export function attentionDetail(
  t: TFunction,
  prefs: Pick<DisplayPreferences, 'withUnit'>,
  item: PortfolioAttentionItem,
  now: number,
  language: string,
): string {
  const ago = item.since === null ? null : ageText(Math.max(0, now - item.since), language);
  switch (item.kind) {
    case 'ALARM': {
      if (item.value === null) return t('portfolio.attention.detail.alarm');
      const q = quantityOfSensorType(item.sensorType) ?? item.sensorType ?? '';
      const above = item.high !== null && item.value > item.high;
      const limit = above ? item.high : item.low;
      return t(`portfolio.attention.detail.${above ? 'alarmAbove' : 'alarmBelow'}`, {
        value: prefs.withUnit(q, item.value),
        limit: prefs.withUnit(q, limit),
      });
    }
    case 'ERROR':
      return ago === null
        ? t('portfolio.attention.detail.noMessage')
        : t('portfolio.attention.detail.error', { ago });
    case 'SILENT':
      return ago === null
        ? t('portfolio.attention.detail.noMessage')
        : t('portfolio.attention.detail.silent', { ago });
    case 'BATTERY': {
      const percent = item.value === null ? '--' : String(Math.round(item.value));
      return t(`portfolio.attention.detail.${item.battery === 'EMPTY' ? 'batteryEmpty' : 'battery'}`, {
        percent,
      });
    }
  }
}

/** The items grouped by job site, in the order of their first (worst) item. */
function bySite(items: readonly PortfolioAttentionItem[]) {
  const groups = new Map<number, { siteId: number; siteName: string; items: PortfolioAttentionItem[] }>();
  for (const i of items) {
    const g = groups.get(i.siteId) ?? { siteId: i.siteId, siteName: i.siteName, items: [] };
    g.items.push(i);
    groups.set(i.siteId, g);
  }
  return [...groups.values()];
}

function AttentionRow({ item, now }: { item: PortfolioAttentionItem; now: number }) {
  const { t, i18n } = useTranslation();
  const prefs = useDisplayPreferences();
  const { icon: Icon, colour } = KIND_LOOK[item.kind];
  const kind = t(`portfolio.attention.kind.${item.kind}`);
  const nodeItem = item.kind === 'SILENT' || item.kind === 'BATTERY';
  const what = nodeItem ? `${item.jobName} (${item.nodeName})` : item.jobName;
  const detail = attentionDetail(t, prefs, item, now, i18n.resolvedLanguage ?? i18n.language);
  return (
    <ListItemButton
      component={RouterLink}
      to={item.href}
      data-testid="attention-item"
      data-kind={item.kind}
      data-job-id={item.jobId}
      aria-label={t('portfolio.attention.itemLabel', { what, kind })}
      sx={{ borderRadius: 1.5, alignItems: 'flex-start', py: 0.75, px: 1 }}
    >
      <ListItemIcon sx={{ minWidth: 34, mt: 0.25, color: colour }} aria-hidden>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        sx={{ my: 0, minWidth: 0 }}
        primary={what}
        secondary={
          <>
            <Box component="span" sx={{ color: colour, fontWeight: 600 }}>
              {kind}
            </Box>
            {' · '}
            <span title={item.since === null ? undefined : prefs.time(item.since)}>{detail}</span>
          </>
        }
        slotProps={{
          primary: { variant: 'body2', sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
          secondary: { variant: 'caption', sx: { display: 'block', overflowWrap: 'anywhere' } },
        }}
      />
    </ListItemButton>
  );
}

export interface AttentionPanelProps {
  status: PortfolioStatus | undefined;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
}

/**
 * "Needs attention" (issue 13): across every job site the user may read, the jobs in alarm or in
 * error, the silent nodes and the low batteries, grouped by site, worst first, each one click from the
 * screen that shows it. "All clear" when there is nothing.
 */
export function AttentionPanel({ status, pending, failed, onRetry }: AttentionPanelProps) {
  const { t } = useTranslation();
  // Relative times tick ("No message for 2 days" moves on without a reload).
  const now = useNow();
  const groups = useMemo(() => bySite(status?.attention ?? []), [status]);
  const siteById = useMemo(
    () => new Map<number, PortfolioSite>((status?.sites ?? []).map((s) => [s.siteId, s])),
    [status],
  );
  const total = status?.attentionTotal ?? 0;

  return (
    <Box component="section" aria-labelledby="attention-title" data-testid="attention">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="attention-title" variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 17 }}>
          {t('portfolio.attention.title')}
        </Typography>
        {total > 0 ? (
          <Chip
            size="small"
            label={total}
            data-testid="attention-total"
            sx={{ bgcolor: SITE_STATE_LOOK.ALARM.colour, color: '#fff', fontWeight: 700, height: 22 }}
          />
        ) : null}
      </Box>
      {pending && !status ? <InlineSpinner message={t('portfolio.attention.loading')} /> : null}
      {failed && !status ? (
        <Box role="alert">
          <Typography variant="body2" color="error" sx={{ mb: 1 }}>
            {t('portfolio.attention.failed')}
          </Typography>
          <Button size="small" variant="outlined" onClick={onRetry}>
            {t('portfolio.attention.retry')}
          </Button>
        </Box>
      ) : null}
      {status && total === 0 ? (
        <Box
          data-testid="all-clear"
          sx={{
            display: 'flex',
            gap: 1.25,
            alignItems: 'flex-start',
            p: 1.5,
            borderRadius: 2,
            bgcolor: '#edf7ee',
          }}
        >
          <CheckCircleRoundedIcon sx={{ color: SITE_STATE_LOOK.AT_TARGET.colour }} aria-hidden />
          <Box>
            <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
              {t('portfolio.attention.allClear')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('portfolio.attention.allClearBody')}
            </Typography>
          </Box>
        </Box>
      ) : null}
      {groups.map((g) => {
        const site = siteById.get(g.siteId);
        return (
          <Box key={g.siteId} sx={{ mb: 1.5 }} data-testid="attention-site" data-site-id={g.siteId}>
            <Typography
              variant="overline"
              component="h3"
              aria-label={site ? siteStateLabel(t, g.siteName, site) : g.siteName}
              sx={{
                display: 'flex',
                alignItems: 'center',
                fontWeight: 700,
                lineHeight: 1.6,
                letterSpacing: 0.5,
                color: 'text.secondary',
              }}
            >
              <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {g.siteName}
              </Box>
              {site ? <SiteStateBadge site={site} /> : null}
            </Typography>
            <List dense disablePadding>
              {g.items.map((i) => (
                <AttentionRow key={`${i.kind}:${i.jobId}:${i.nodeId}`} item={i} now={now} />
              ))}
            </List>
          </Box>
        );
      })}
      {status && status.attention.length < total ? (
        <Typography variant="caption" color="text.secondary">
          {t('portfolio.attention.more', { shown: status.attention.length, total })}
        </Typography>
      ) : null}
    </Box>
  );
}
