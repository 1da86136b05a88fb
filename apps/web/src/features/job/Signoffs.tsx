import AssignmentTurnedInRoundedIcon from '@mui/icons-material/AssignmentTurnedInRounded';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { JobSignoff, MaturityJobDetail } from '@sitepulse/contracts';
import { useState } from 'react';
import { type DisplayPreferences, useDisplayPreferences } from '../../app/preferences.ts';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { Panel } from './parts.tsx';
import { useSignoffs } from './signoffs-api.ts';

// The dialog that records a decision is fetched when first opened (docs/decisions/web-bundle.md).
const RecordDialog = lazyDialog(() => import('./SignoffDialog.tsx').then((m) => m.RecordDialog));

/** What the sign-off card needs of the job page's job. */
export type SignoffJob = Pick<MaturityJobDetail, 'id' | 'kind' | 'startDate' | 'latestStrength'>;

/**
 * The "Sign-offs" card of a maturity job: the decisions recorded on the pour (newest first), each with the
 * strength the job showed then, who and when, and its note; a superseded one is struck through and names the
 * one that replaced it. Writers of the site (canEdit) record a new decision in a dialog that shows the
 * strength to be recorded first. Nothing for humidity jobs. The list is the job's decision history: the
 * server never edits nor deletes a sign-off.
 */
export function Signoffs({ job, canEdit }: { job: SignoffJob; canEdit: boolean }) {
  if (job.kind !== 'MATURITY') return null;
  return <SignoffsCard job={job} canEdit={canEdit} />;
}

function SignoffsCard({ job, canEdit }: { job: SignoffJob; canEdit: boolean }) {
  const { t } = useTranslation();
  const query = useSignoffs(job.id);
  const [open, setOpen] = useState(false);
  const started = job.startDate !== null;
  const action =
    canEdit && started ? (
      <Button
        size="small"
        variant="outlined"
        startIcon={<AssignmentTurnedInRoundedIcon />}
        onClick={() => setOpen(true)}
        data-testid="signoff-record"
      >
        {t('signoffs.record')}
      </Button>
    ) : null;
  return (
    <Box sx={{ mt: 2 }}>
      <Panel title={t('signoffs.title')} action={action} testId="signoffs">
        <QueryState
          query={query}
          isEmpty={(d) => d.length === 0}
          empty={
            <Typography variant="body2" color="text.secondary" data-testid="signoffs-empty">
              {canEdit && !started ? t('signoffs.notStarted') : t('signoffs.none')}
            </Typography>
          }
        >
          {(list) => <SignoffList list={list} />}
        </QueryState>
      </Panel>
      {canEdit && started ? (
        <RecordDialog open={open} onClose={() => setOpen(false)} job={job} previous={query.data ?? []} />
      ) : null}
    </Box>
  );
}

/** "Forms stripped · 2026-05-04 02:15 PM": how a sign-off is named in another's line. */
export function shortName(s: JobSignoff, t: (key: string) => string, prefs: DisplayPreferences): string {
  return `${t(`signoffs.decision.${s.decision}`)} · ${prefs.time(s.createdAt)}`;
}

function SignoffList({ list }: { list: JobSignoff[] }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const byId = new Map(list.map((s) => [s.id, s]));
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="signoff-list">
      {list.map((s) => {
        const replacement = s.supersededById === null ? undefined : byId.get(s.supersededById);
        const replaced = s.supersedesId === null ? undefined : byId.get(s.supersedesId);
        const superseded = s.supersededById !== null;
        return (
          <Box
            component="li"
            key={s.id}
            data-testid="signoff-item"
            data-signoff-id={s.id}
            data-superseded={superseded ? 'true' : 'false'}
            sx={{
              borderLeft: 4,
              borderColor: superseded ? 'divider' : 'success.main',
              pl: 1.5,
              py: 0.25,
              minWidth: 0,
            }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography
                variant="subtitle2"
                component="p"
                data-testid="signoff-decision-text"
                sx={{
                  fontWeight: 700,
                  textDecoration: superseded ? 'line-through' : 'none',
                  color: superseded ? 'text.secondary' : 'text.primary',
                }}
              >
                {t(`signoffs.decision.${s.decision}`)}
              </Typography>
              <Typography
                variant="subtitle2"
                component="p"
                data-testid="signoff-strength"
                sx={{ color: superseded ? 'text.secondary' : 'text.primary' }}
              >
                {t('signoffs.atStrength', { strength: prefs.withUnit('Strength', s.strengthMpa) })}
              </Typography>
              {superseded ? (
                <Chip size="small" variant="outlined" label={t('signoffs.supersededChip')} />
              ) : null}
            </Stack>
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="signoff-by"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {t('signoffs.byWhen', { name: s.userName, time: prefs.time(s.createdAt) })}
            </Typography>
            {s.note ? (
              <Typography
                variant="body2"
                data-testid="signoff-note"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}
              >
                {s.note}
              </Typography>
            ) : null}
            {superseded ? (
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                data-testid="signoff-superseded-by"
                sx={{ fontStyle: 'italic' }}
              >
                {t('signoffs.supersededBy', {
                  what: replacement ? shortName(replacement, t, prefs) : `#${s.supersededById}`,
                  name: replacement?.userName ?? '',
                })}
              </Typography>
            ) : null}
            {s.supersedesId !== null ? (
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                data-testid="signoff-replaces"
              >
                {t('signoffs.replaces', {
                  what: replaced ? shortName(replaced, t, prefs) : `#${s.supersedesId}`,
                })}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
