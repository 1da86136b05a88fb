import QrCodeScannerRoundedIcon from '@mui/icons-material/QrCodeScannerRounded';
import TimelineRoundedIcon from '@mui/icons-material/TimelineRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import {
  Box,
  Button,
  ButtonBase,
  IconButton,
  Pagination,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { MaterialElement, MaterialElementsPage } from '@sitepulse/contracts';
import { MISSING_VALUE } from '@sitepulse/domain';
import { useState } from 'react';
import { useUserDetails } from '../../api/queries.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { ELEMENTS_RPP, type StageChoice, useElements, useStages } from './api.ts';
import { ProjectFilter } from './ProjectFilter.tsx';
import { mayManageStages, mayRecord } from './rules.ts';

// The dialogs are fetched when first opened (docs/decisions/web-bundle.md).
const RecordStageDialog = lazyDialog(() =>
  import('./RecordStageDialog.tsx').then((m) => m.RecordStageDialog),
);
const StagesDialog = lazyDialog(() => import('./StagesDialog.tsx').then((m) => m.StagesDialog));
const TimelineDialog = lazyDialog(
  () => import('./TimelineDialog.tsx').then((m) => m.TimelineDialog),
  (p) => p.lumitrackId !== null,
);

/** Read by screen readers only (the actions column's heading). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One box of the board: a stage (or "No stage yet", or "All") and its count; choosing it filters the list. */
function StageBox({
  label,
  count,
  position,
  active,
  onClick,
  testId,
}: {
  label: string;
  count: number;
  position?: number;
  active: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-pressed={active}
      data-testid={testId}
      data-stage={label}
      sx={{
        flex: '0 0 auto',
        minWidth: 112,
        p: 1.5,
        borderRadius: 2,
        border: 2,
        borderColor: active ? 'primary.main' : 'divider',
        bgcolor: active ? 'action.selected' : 'background.paper',
        display: 'block',
        textAlign: 'left',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {position !== undefined ? `${position}. ${label}` : label}
      </Typography>
      <Typography variant="h5" component="div" sx={{ fontWeight: 700 }} data-testid="stage-count-value">
        {count}
      </Typography>
    </ButtonBase>
  );
}

/** The board: every stage with the elements now there, the elements with no stage yet, and all of them. */
function StageBoard({
  data,
  stage,
  onStage,
}: {
  data: MaterialElementsPage;
  stage: StageChoice;
  onStage: (s: StageChoice) => void;
}) {
  const { t } = useTranslation();
  const all = data.notStarted + data.stages.reduce((n, s) => n + s.count, 0);
  return (
    <Box
      role="group"
      aria-label={t('tracking.material.board')}
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, mb: 2 }}
    >
      <StageBox
        label={t('tracking.material.all')}
        count={all}
        active={stage === 'all'}
        onClick={() => onStage('all')}
        testId="stage-all"
      />
      <StageBox
        label={t('tracking.material.notStarted')}
        count={data.notStarted}
        active={stage === 'none'}
        onClick={() => onStage('none')}
        testId="stage-none"
      />
      {data.stages.map((s) => (
        <StageBox
          key={s.stageId}
          label={s.name}
          position={s.position}
          count={s.count}
          active={stage === s.stageId}
          onClick={() => onStage(s.stageId)}
          testId="stage-count"
        />
      ))}
    </Box>
  );
}

/** The elements of the chosen stage: ID and project, stage and since when, by whom; timeline and record. */
function ElementTable({
  items,
  canRecord,
  onTimeline,
  onRecord,
}: {
  items: readonly MaterialElement[];
  canRecord: boolean;
  onTimeline: (id: string) => void;
  onRecord: (id: string) => void;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const wide = { display: { xs: 'none', md: 'table-cell' } };
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table
        size="small"
        aria-label={t('tracking.material.tableLabel')}
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('tracking.material.columns.id')}</TableCell>
            <TableCell sx={wide}>{t('tracking.material.columns.project')}</TableCell>
            <TableCell>{t('tracking.material.columns.stage')}</TableCell>
            <TableCell sx={wide}>{t('tracking.material.columns.by')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('tracking.material.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((e) => (
            <TableRow key={e.lumitrackId} data-testid="element-row" data-lumitrack-id={e.lumitrackId}>
              <TableCell>
                <Typography sx={{ fontFamily: 'monospace', fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {e.lumitrackId}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: { md: 'none' } }}>
                  {e.projectName ?? t('tracking.noProject')}
                </Typography>
              </TableCell>
              <TableCell sx={wide}>{e.projectName ?? t('tracking.noProject')}</TableCell>
              <TableCell data-testid="element-stage">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {e.stage?.name ?? t('tracking.material.notStarted')}
                </Typography>
                {e.stage ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {prefs.time(e.stage.since)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={wide}>{e.stage?.userName ?? MISSING_VALUE}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('tracking.material.timeline')}>
                  <IconButton
                    size="small"
                    aria-label={t('tracking.material.timelineOf', { id: e.lumitrackId })}
                    onClick={() => onTimeline(e.lumitrackId)}
                  >
                    <TimelineRoundedIcon />
                  </IconButton>
                </Tooltip>
                {canRecord ? (
                  <Tooltip title={t('tracking.material.recordFor', { id: e.lumitrackId })}>
                    <IconButton
                      size="small"
                      aria-label={t('tracking.material.recordFor', { id: e.lumitrackId })}
                      onClick={() => onRecord(e.lumitrackId)}
                    >
                      <QrCodeScannerRoundedIcon />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Material tracking `/materials-tracking` (spec section 1, behind its build flag; issue 16): the company's
 * elements (Lumitrack IDs) followed through the stages it defines. A board of the stages with the elements now
 * at each (filtered by project), the elements of the chosen stage with their timeline, "Record a stage" by
 * scanning a label or typing an ID, and for company admins the stages themselves.
 */
export default function MaterialTrackingPage() {
  const { t } = useTranslation();
  const user = useUserDetails().data;
  const [tenantId, setTenantId] = useState<number | null>(null);
  const [stage, setStage] = useState<StageChoice>('all');
  const [page, setPage] = useState(0);
  const stages = useStages();
  const elements = useElements(tenantId, stage, page);
  const [recording, setRecording] = useState<{ id: string | null } | null>(null);
  const [timeline, setTimeline] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const canRecord = mayRecord(user);

  return (
    <PageFrame
      title={t('titles.materialTracking')}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ProjectFilter
            value={tenantId}
            onChange={(v) => {
              setTenantId(v);
              setPage(0);
            }}
          />
          {mayManageStages(user) ? (
            <Button variant="outlined" startIcon={<TuneRoundedIcon />} onClick={() => setEditing(true)}>
              {t('tracking.material.editStages')}
            </Button>
          ) : null}
          {canRecord ? (
            <Button
              variant="contained"
              startIcon={<QrCodeScannerRoundedIcon />}
              onClick={() => setRecording({ id: null })}
              disabled={!stages.data}
            >
              {t('tracking.material.record')}
            </Button>
          ) : null}
        </Box>
      }
    >
      <QueryState query={elements}>
        {(data) => (
          <>
            <StageBoard
              data={data}
              stage={stage}
              onStage={(s) => {
                setStage(s);
                setPage(0);
              }}
            />
            {data.items.length === 0 ? (
              <EmptyState
                message={stage === 'all' ? t('tracking.material.empty') : t('tracking.material.emptyStage')}
              />
            ) : (
              <ElementTable
                items={data.items}
                canRecord={canRecord && !!stages.data}
                onTimeline={setTimeline}
                onRecord={(id) => setRecording({ id })}
              />
            )}
            {data.total > ELEMENTS_RPP ? (
              <Pagination
                sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
                count={Math.ceil(data.total / ELEMENTS_RPP)}
                page={page + 1}
                onChange={(_e, p) => setPage(p - 1)}
              />
            ) : null}
          </>
        )}
      </QueryState>
      <RecordStageDialog
        open={recording !== null}
        initialId={recording?.id ?? null}
        stages={stages.data ?? []}
        onClose={() => setRecording(null)}
      />
      <TimelineDialog lumitrackId={timeline} onClose={() => setTimeline(null)} />
      <StagesDialog open={editing} stages={stages.data ?? []} onClose={() => setEditing(false)} />
    </PageFrame>
  );
}
