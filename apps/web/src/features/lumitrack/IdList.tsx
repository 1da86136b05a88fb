import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import {
  Box,
  Checkbox,
  Chip,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ChecklistLatestFill, LumitrackId } from '@sitepulse/contracts';
import { MISSING_VALUE, paths } from '@sitepulse/domain';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';
import { gpsNodeText } from './rules.ts';

/** What a row offers the user who may change the project's IDs. */
export interface RowActions {
  fill: (id: LumitrackId) => void;
  gps: (id: LumitrackId) => void;
  remove: (id: LumitrackId) => void;
}

export interface IdListProps {
  ids: readonly LumitrackId[];
  jobsiteId: number;
  tenantId: number;
  latest: ReadonlyMap<string, ChecklistLatestFill>;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** selects every ID shown, or none when all are */
  onToggleAll: () => void;
  /** null: the user may not change the IDs (no actions) */
  actions: RowActions | null;
}

function ActionsMenu({ id, actions }: { id: LumitrackId; actions: RowActions }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (f: (id: LumitrackId) => void) => () => {
    setAnchor(null);
    f(id);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('lumitrack.row.actionsFor', { id: id.lumitrackId })}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertRoundedIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={run(actions.fill)}>{t('lumitrack.row.fill')}</MenuItem>
        <MenuItem onClick={run(actions.gps)}>{t('lumitrack.row.gps')}</MenuItem>
        <MenuItem onClick={run(actions.remove)} sx={{ color: 'error.main' }}>
          {t('lumitrack.row.delete')}
        </MenuItem>
      </Menu>
    </>
  );
}

function IdLink({ id, jobsiteId, tenantId }: { id: LumitrackId; jobsiteId: number; tenantId: number }) {
  return (
    <Link
      component={RouterLink}
      to={paths.lumitrackId.href(jobsiteId, tenantId, id.lumitrackId)}
      sx={{ fontFamily: 'monospace', fontWeight: 700, whiteSpace: 'nowrap' }}
    >
      {id.lumitrackId}
    </Link>
  );
}

/** The ID's state as a chip (only active IDs are listed; an inactive one reads so on its own page). */
export function StateChip({ state }: { state: LumitrackId['state'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`lumitrack.states.${state}`)}
      color={state === 'Active' ? 'success' : 'default'}
      variant={state === 'Active' ? 'filled' : 'outlined'}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** The project an ID is tied to (its LUMITRACK_JOB association), or '--'. */
function association(id: LumitrackId): string {
  return id.lumitrackIdAssociationData.map((a) => a.name).join(', ') || MISSING_VALUE;
}

/** The GPS node as shown: its first 8 characters, its name on hover. */
export function GpsNodeCell({ id }: { id: LumitrackId }) {
  if (!id.gpsNode) return <>{MISSING_VALUE}</>;
  return (
    <Tooltip title={id.gpsNode.name}>
      <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="gps-node">
        {gpsNodeText(id.gpsNode)}
      </Box>
    </Tooltip>
  );
}

/** The latest checklist: its template name, who filled it and when; '--' when none. */
function LatestChecklist({ fill }: { fill: ChecklistLatestFill | undefined }) {
  const prefs = useDisplayPreferences();
  if (!fill) return <>{MISSING_VALUE}</>;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {fill.templateName}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {fill.userName} · {prefs.time(fill.creationDate)}
      </Typography>
    </Box>
  );
}

/** The IDs as a table (desktop): select, ID, state, association, GPS node, created, latest checklist, actions. */
export function IdTable({
  ids,
  jobsiteId,
  tenantId,
  latest,
  selected,
  onToggle,
  onToggleAll,
  actions,
}: IdListProps) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const chosen = ids.filter((i) => selected.has(i.lumitrackId)).length;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('lumitrack.list.label')} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={ids.length > 0 && chosen === ids.length}
                indeterminate={chosen > 0 && chosen < ids.length}
                onChange={onToggleAll}
                slotProps={{ input: { 'aria-label': t('lumitrack.selectShown') } }}
              />
            </TableCell>
            <TableCell>{t('lumitrack.columns.id')}</TableCell>
            <TableCell>{t('lumitrack.columns.state')}</TableCell>
            <TableCell>{t('lumitrack.columns.association')}</TableCell>
            <TableCell>{t('lumitrack.columns.gpsNode')}</TableCell>
            <TableCell>{t('lumitrack.columns.created')}</TableCell>
            <TableCell>{t('lumitrack.columns.latest')}</TableCell>
            {actions ? <TableCell align="right">{t('lumitrack.columns.actions')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {ids.map((id) => (
            <TableRow key={id.lumitrackId} hover data-testid="lumitrack-row" data-id={id.lumitrackId}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(id.lumitrackId)}
                  onChange={() => onToggle(id.lumitrackId)}
                  slotProps={{ input: { 'aria-label': t('lumitrack.row.select', { id: id.lumitrackId }) } }}
                />
              </TableCell>
              <TableCell>
                <IdLink id={id} jobsiteId={jobsiteId} tenantId={tenantId} />
              </TableCell>
              <TableCell>
                <StateChip state={id.state} />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>{association(id)}</TableCell>
              <TableCell>
                <GpsNodeCell id={id} />
              </TableCell>
              <TableCell sx={{ minWidth: 110 }}>{prefs.time(id.creationDate)}</TableCell>
              <TableCell>
                <LatestChecklist fill={latest.get(id.lumitrackId)} />
              </TableCell>
              {actions ? (
                <TableCell align="right">
                  <ActionsMenu id={id} actions={actions} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** The IDs as cards (phone): the same fields, one card each. */
export function IdCards({ ids, jobsiteId, tenantId, latest, selected, onToggle, actions }: IdListProps) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  return (
    <Stack spacing={1.5} aria-label={t('lumitrack.list.label')} role="list">
      {ids.map((id) => (
        <Paper
          key={id.lumitrackId}
          variant="outlined"
          role="listitem"
          data-testid="lumitrack-row"
          data-id={id.lumitrackId}
          sx={{ p: 1.5, borderRadius: 2 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Checkbox
              checked={selected.has(id.lumitrackId)}
              onChange={() => onToggle(id.lumitrackId)}
              sx={{ p: 0.5 }}
              slotProps={{ input: { 'aria-label': t('lumitrack.row.select', { id: id.lumitrackId }) } }}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <IdLink id={id} jobsiteId={jobsiteId} tenantId={tenantId} />
            </Box>
            <StateChip state={id.state} />
            {actions ? <ActionsMenu id={id} actions={actions} /> : null}
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
            <Field label={t('lumitrack.columns.association')}>{association(id)}</Field>
            <Field label={t('lumitrack.columns.gpsNode')}>
              <GpsNodeCell id={id} />
            </Field>
            <Field label={t('lumitrack.columns.created')}>{prefs.time(id.creationDate)}</Field>
            <Field label={t('lumitrack.columns.latest')}>
              <LatestChecklist fill={latest.get(id.lumitrackId)} />
            </Field>
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
