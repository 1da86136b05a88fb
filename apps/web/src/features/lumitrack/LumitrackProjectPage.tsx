import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import PlaylistAddRoundedIcon from '@mui/icons-material/PlaylistAddRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { LumitrackId, Tenant, TenantGroup } from '@sitepulse/contracts';
import { LUMITRACK_PROJECT_TYPE, projectBreadcrumbHref } from '@sitepulse/domain';
import { useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useCurrentJobSite, useUserDetails } from '../../api/queries.ts';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { NotFoundScreen } from '../../components/NotFound.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useProjectName } from '../../components/project-name.ts';
import { EmptyState, LoadError, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useLatestFills, useProjectIds } from './api.ts';
import { IdCards, IdTable } from './IdList.tsx';
import { LabelFiles } from './Labels.tsx';
import { canChangeSite, searchIds } from './rules.ts';

// The dialogs (forms, validation) are fetched when first opened (docs/decisions/web-bundle.md).
const CreateIdsDialog = lazyDialog(() => import('./IdDialogs.tsx').then((m) => m.CreateIdsDialog));
const AddIdsDialog = lazyDialog(() => import('./IdDialogs.tsx').then((m) => m.AddIdsDialog));
const GpsNodeDialog = lazyDialog(
  () => import('./IdDialogs.tsx').then((m) => m.GpsNodeDialog),
  (p) => p.lumitrackId !== null,
);
const DeleteIdDialog = lazyDialog(
  () => import('./IdDialogs.tsx').then((m) => m.DeleteIdDialog),
  (p) => p.lumitrackId !== null,
);
const FillChecklistDialog = lazyDialog(
  () => import('./FillChecklistDialog.tsx').then((m) => m.FillChecklistDialog),
  (p) => p.lumitrack !== null,
);
const LabelsDialog = lazyDialog(() => import('./LabelsDialog.tsx').then((m) => m.LabelsDialog));

/** A heading: what the page is, small, above its name. */
export function OverTitle({ over, title }: { over: string; title: string }) {
  return (
    <>
      <Typography
        component="span"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', lineHeight: 1.6 }}
      >
        {over}
      </Typography>
      <Box component="span" sx={{ overflowWrap: 'break-word' }}>
        {title}
      </Box>
    </>
  );
}

function ProjectIds({ jobSite, project }: { jobSite: TenantGroup; project: Tenant }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const projectName = useProjectName()(project);
  const user = useUserDetails().data;
  const canChange = canChangeSite(user, jobSite.id) && project.state !== 'TERMINATED';
  const ids = useProjectIds(project.id);
  const latestFills = useLatestFills(project.id);
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [adding, setAdding] = useState(false);
  const [labelling, setLabelling] = useState(false);
  const [gpsFor, setGpsFor] = useState<LumitrackId | null>(null);
  const [fillFor, setFillFor] = useState<LumitrackId | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const all = ids.data ?? [];
  const shown = useMemo(() => searchIds(ids.data ?? [], search), [ids.data, search]);
  const latest = useMemo(
    () => new Map((latestFills.data ?? []).map((f) => [f.lumitrackId, f])),
    [latestFills.data],
  );
  const projectIdSet = useMemo(() => new Set((ids.data ?? []).map((i) => i.lumitrackId)), [ids.data]);
  // Only IDs still listed count as chosen (a deleted one leaves the choice).
  const chosen = [...selected].filter((id) => projectIdSet.has(id));
  const allShownChosen = shown.length > 0 && shown.every((i) => selected.has(i.lumitrackId));

  const setSearch = (q: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleShown = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const i of shown) {
        if (allShownChosen) next.delete(i.lumitrackId);
        else next.add(i.lumitrackId);
      }
      return next;
    });

  const listProps = {
    ids: shown,
    jobsiteId: jobSite.id,
    tenantId: project.id,
    latest,
    selected,
    onToggle: toggle,
    onToggleAll: toggleShown,
    actions: canChange
      ? {
          fill: (id: LumitrackId) => setFillFor(id),
          gps: (id: LumitrackId) => setGpsFor(id),
          remove: (id: LumitrackId) => setDeleting(id.lumitrackId),
        }
      : null,
  };

  return (
    <PageFrame
      title={<OverTitle over={t('lumitrack.titles.project')} title={projectName} />}
      actions={
        canChange ? (
          // On a phone the actions take their own line under the title.
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
            <Button variant="outlined" startIcon={<PlaylistAddRoundedIcon />} onClick={() => setAdding(true)}>
              {t('lumitrack.add.open')}
            </Button>
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
              {t('lumitrack.create.open')}
            </Button>
          </Box>
        ) : null
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('lumitrack.project.intro')}
      </Typography>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}
        data-testid="id-toolbar"
      >
        <TextField
          size="small"
          label={t('lumitrack.search.label')}
          placeholder={t('lumitrack.search.placeholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 220px' }, maxWidth: { sm: 320 } }}
          slotProps={{
            htmlInput: { 'data-testid': 'id-search', maxLength: 20 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: search ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('lumitrack.search.clear')}
                    onClick={() => setSearch('')}
                  >
                    <ClearRoundedIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
        {/* The table has this in its header; the cards of a phone have it here. */}
        {narrow ? (
          <FormControlLabel
            control={
              <Checkbox
                checked={allShownChosen}
                indeterminate={!allShownChosen && shown.some((i) => selected.has(i.lumitrackId))}
                onChange={toggleShown}
                disabled={shown.length === 0}
              />
            }
            label={t('lumitrack.selectShown')}
          />
        ) : null}
        <Typography variant="body2" color="text.secondary" data-testid="id-count" sx={{ flex: '1 1 auto' }}>
          {search.trim()
            ? t('lumitrack.matching', { shown: shown.length, total: all.length })
            : t('lumitrack.count', { count: all.length })}
          {chosen.length > 0 ? ` · ${t('lumitrack.selected', { count: chosen.length })}` : ''}
        </Typography>
        {ids.isFetching && !ids.isPending ? <InlineSpinner size={14} /> : null}
        <Button
          variant="contained"
          color="secondary"
          startIcon={<QrCode2RoundedIcon />}
          disabled={chosen.length === 0}
          onClick={() => setLabelling(true)}
        >
          {t('lumitrack.labels.open', { count: chosen.length })}
        </Button>
      </Box>
      <QueryState
        query={ids}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState message={t(canChange ? 'lumitrack.emptyCanCreate' : 'lumitrack.empty')} />}
      >
        {() =>
          shown.length === 0 ? (
            <EmptyState message={t('lumitrack.noMatch', { query: search.trim() })} />
          ) : narrow ? (
            <IdCards {...listProps} />
          ) : (
            <IdTable {...listProps} />
          )
        }
      </QueryState>
      <LabelFiles ids={projectIdSet} />

      <CreateIdsDialog
        open={creating}
        tenantId={project.id}
        projectName={projectName}
        onClose={() => setCreating(false)}
        // The new IDs are chosen, ready for their labels.
        onCreated={(made) => setSelected(new Set(made.map((i) => i.lumitrackId)))}
      />
      <AddIdsDialog
        open={adding}
        tenantId={project.id}
        projectName={projectName}
        onClose={() => setAdding(false)}
      />
      <LabelsDialog
        open={labelling}
        lumitrackIds={chosen}
        onClose={() => setLabelling(false)}
        onRequested={() => setSelected(new Set())}
      />
      <GpsNodeDialog
        lumitrackId={gpsFor}
        jobsiteId={jobSite.id}
        projectIds={all}
        onClose={() => setGpsFor(null)}
      />
      <FillChecklistDialog lumitrack={fillFor} tenantId={project.id} onClose={() => setFillFor(null)} />
      <DeleteIdDialog lumitrackId={deleting} onClose={() => setDeleting(null)} />
    </PageFrame>
  );
}

/**
 * A Lumitrack project's own screen `/lumitrack/{jobsiteId}/{tenantId}` (ours, issue 16;
 * docs/decisions/lumitrack-screens.md): its active IDs with their association, GPS node (first 8 characters,
 * section 2), creation date and latest checklist; a search by ID; for those who may change the site, making
 * IDs (one or many, within the annual limit), adding IDs made before, a GPS node, a checklist, deleting; for
 * everyone, QR labels of the chosen IDs in the preferred format, and the label files as they are made.
 */
export default function LumitrackProjectPage() {
  const { t } = useTranslation();
  const params = useParams();
  const sites = useCurrentJobSite(params.jobsiteId);
  const { jobSite } = sites;
  const tenantId = Number(params.tenantId);
  const project = jobSite?.tenantMessages.find((p) => p.id === tenantId);
  const title = <OverTitle over={t('lumitrack.titles.project')} title={t('lumitrack.titles.project')} />;

  if (!jobSite) {
    return (
      <PageFrame title={title}>
        {sites.isError ? (
          <LoadError error={sites.error} onRetry={() => void sites.refetch()} />
        ) : (
          <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }} data-state="loading">
            <InlineSpinner message={t('common.loading')} />
          </Box>
        )}
      </PageFrame>
    );
  }
  if (!project) {
    return (
      <PageFrame title={title}>
        <NotFoundScreen what="project" />
      </PageFrame>
    );
  }
  // Another type of project has its own screen.
  if (project.type !== LUMITRACK_PROJECT_TYPE) {
    return (
      <Navigate
        replace
        to={projectBreadcrumbHref({ jobsiteId: jobSite.id, tenantId: project.id, projectType: project.type })}
      />
    );
  }
  return <ProjectIds key={project.id} jobSite={jobSite} project={project} />;
}
