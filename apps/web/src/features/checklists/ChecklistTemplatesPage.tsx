import AddRoundedIcon from '@mui/icons-material/AddRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ChecklistAuditEntry, ChecklistTemplate } from '@sitepulse/contracts';
import { MISSING_VALUE } from '@sitepulse/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useChecklistTemplates } from '../../api/checklists.ts';
import { useJobSites, useUserDetails } from '../../api/queries.ts';
import { sessionSnapshot } from '../../api/session.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useChecklistAudits, useToggleTemplate } from './api.ts';
import { canManageTemplates, checklistErrorText } from './rules.ts';

// The editor and the rename and projects dialogs (forms, zod) are fetched when first opened
// (docs/decisions/web-bundle.md).
const TemplateEditorDialog = lazyDialog(() =>
  import('./TemplateEditorDialog.tsx').then((m) => m.TemplateEditorDialog),
);
const RenameDialog = lazyDialog(
  () => import('./parts.tsx').then((m) => m.RenameDialog),
  (p) => p.template !== null,
);
const ProjectsDialog = lazyDialog(
  () => import('./parts.tsx').then((m) => m.ProjectsDialog),
  (p) => p.template !== null,
);

interface Actions {
  edit: (tp: ChecklistTemplate) => void;
  rename: (tp: ChecklistTemplate) => void;
  projects: (tp: ChecklistTemplate) => void;
  audit: (tp: ChecklistTemplate) => void;
}

/** The names of a template's projects (those the admin sees by name; others by id). */
function useProjectNames() {
  const { t } = useTranslation();
  const sites = useJobSites();
  const names = useMemo(
    () => new Map((sites.data ?? []).flatMap((s) => s.tenantMessages.map((p) => [p.id, p.name] as const))),
    [sites.data],
  );
  return (ids: readonly number[]) => ids.map((id) => names.get(id) ?? t('checklists.list.projectId', { id }));
}

function ActiveSwitch({ template, canManage }: { template: ChecklistTemplate; canManage: boolean }) {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const toggle = useToggleTemplate();
  if (!canManage)
    return (
      <Chip
        size="small"
        label={template.isActive ? t('checklists.list.active') : t('checklists.list.inactive')}
        color={template.isActive ? 'success' : 'default'}
      />
    );
  return (
    <FormControlLabel
      sx={{ m: 0 }}
      control={
        <Switch
          checked={template.isActive}
          disabled={toggle.isPending}
          onChange={(e) =>
            toggle.mutate(
              { id: template.id, isActive: e.target.checked },
              {
                onSuccess: (saved) =>
                  showAlert({
                    severity: 'success',
                    message: t(saved.isActive ? 'checklists.list.activated' : 'checklists.list.deactivated', {
                      name: saved.name,
                    }),
                  }),
                onError: (error) => showAlert({ severity: 'error', message: checklistErrorText(t, error) }),
              },
            )
          }
          slotProps={{ input: { 'aria-label': t('checklists.list.activeNamed', { name: template.name }) } }}
        />
      }
      label={template.isActive ? t('checklists.list.active') : t('checklists.list.inactive')}
    />
  );
}

function RowMenu({
  template,
  actions,
  canManage,
}: {
  template: ChecklistTemplate;
  actions: Actions;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (f: (tp: ChecklistTemplate) => void) => () => {
    setAnchor(null);
    f(template);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('checklists.list.actionsFor', { name: template.name })}
        aria-haspopup="menu"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          // The dialogs its items open are fetched as it opens, so they open at once.
          if (canManage)
            for (const dialog of [TemplateEditorDialog, RenameDialog, ProjectsDialog]) dialog.preload();
        }}
      >
        <MoreVertRoundedIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {canManage ? <MenuItem onClick={run(actions.edit)}>{t('checklists.list.editItems')}</MenuItem> : null}
        {canManage ? <MenuItem onClick={run(actions.rename)}>{t('checklists.list.rename')}</MenuItem> : null}
        {canManage ? (
          <MenuItem onClick={run(actions.projects)}>{t('checklists.list.assign')}</MenuItem>
        ) : null}
        <MenuItem onClick={run(actions.audit)}>{t('checklists.list.audit')}</MenuItem>
      </Menu>
    </>
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

function TemplateList({
  templates,
  actions,
  canManage,
}: {
  templates: readonly ChecklistTemplate[];
  actions: Actions;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const prefs = useDisplayPreferences();
  const projectNames = useProjectNames();
  const projects = (tp: ChecklistTemplate) => projectNames(tp.tenants).join(', ') || MISSING_VALUE;
  if (narrow)
    return (
      <Stack spacing={1.5} role="list" aria-label={t('checklists.list.label')}>
        {templates.map((tp) => (
          <Paper
            key={tp.id}
            role="listitem"
            variant="outlined"
            data-testid="template-row"
            data-name={tp.name}
            sx={{ p: 1.5, borderRadius: 2 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {tp.name}
              </Typography>
              <RowMenu template={tp} actions={actions} canManage={canManage} />
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
              <Field label={t('checklists.list.state')}>
                <ActiveSwitch template={tp} canManage={canManage} />
              </Field>
              <Field label={t('checklists.list.items')}>
                {t('checklists.list.itemCount', { count: tp.template.items.length })}
              </Field>
              <Field label={t('checklists.list.projects')}>{projects(tp)}</Field>
              <Field label={t('checklists.list.lastModified')}>{prefs.time(tp.lastModified)}</Field>
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('checklists.list.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('checklists.list.name')}</TableCell>
            <TableCell>{t('checklists.list.state')}</TableCell>
            <TableCell>{t('checklists.list.projects')}</TableCell>
            <TableCell>{t('checklists.list.items')}</TableCell>
            <TableCell>{t('checklists.list.lastModified')}</TableCell>
            <TableCell align="right">{t('checklists.list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {templates.map((tp) => (
            <TableRow key={tp.id} hover data-testid="template-row" data-name={tp.name}>
              <TableCell sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{tp.name}</TableCell>
              <TableCell>
                <ActiveSwitch template={tp} canManage={canManage} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{projects(tp)}</TableCell>
              <TableCell>{t('checklists.list.itemCount', { count: tp.template.items.length })}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{prefs.time(tp.lastModified)}</TableCell>
              <TableCell align="right">
                <RowMenu template={tp} actions={actions} canManage={canManage} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Who did what to the templates, when: every entry of the company or one template's, newest first. */
function AuditSection({
  templates,
  templateId,
  onTemplate,
}: {
  templates: readonly ChecklistTemplate[];
  templateId: number | null;
  onTemplate: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const audits = useChecklistAudits(templateId);
  const row = (a: ChecklistAuditEntry) => ({
    when: prefs.time(a.timestamp),
    what: t(`checklists.operations.${a.operation}`),
  });
  return (
    <Box component="section" aria-labelledby="checklist-audit" sx={{ mt: 4 }} id="audit">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography
          id="checklist-audit"
          variant="h6"
          component="h2"
          sx={{ fontWeight: 700, fontSize: 18, flex: 1, minWidth: 0 }}
        >
          {t('checklists.audit.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('checklists.audit.of')}
          value={templateId === null ? 'all' : String(templateId)}
          onChange={(e) => onTemplate(e.target.value === 'all' ? null : Number(e.target.value))}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'audit-template' } } }}
        >
          <MenuItem value="all">{t('checklists.audit.all')}</MenuItem>
          {templates.map((tp) => (
            <MenuItem key={tp.id} value={String(tp.id)}>
              {tp.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <QueryState
        query={audits}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState message={t('checklists.audit.empty')} />}
      >
        {(entries) =>
          narrow ? (
            <Stack spacing={1} data-testid="audit-list">
              {entries.map((a) => (
                <Paper
                  key={a.id}
                  variant="outlined"
                  sx={{ p: 1.5, borderRadius: 2 }}
                  data-testid="audit-entry"
                >
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {row(a).what} · {a.templateName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('checklists.audit.by', { who: a.username, when: row(a).when })}
                  </Typography>
                  {a.detail ? (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {a.detail}
                    </Typography>
                  ) : null}
                </Paper>
              ))}
            </Stack>
          ) : (
            <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
              <Table size="small" aria-label={t('checklists.audit.title')} data-testid="audit-list">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('checklists.audit.when')}</TableCell>
                    <TableCell>{t('checklists.audit.who')}</TableCell>
                    <TableCell>{t('checklists.audit.template')}</TableCell>
                    <TableCell>{t('checklists.audit.what')}</TableCell>
                    <TableCell>{t('checklists.audit.detail')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {entries.map((a) => (
                    <TableRow key={a.id} data-testid="audit-entry">
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row(a).when}</TableCell>
                      <TableCell>{a.username}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.templateName}</TableCell>
                      <TableCell>{row(a).what}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.detail ?? MISSING_VALUE}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </QueryState>
    </Box>
  );
}

/**
 * The checklist templates `/checklists` (ours, issue 16; docs/decisions/lumitrack-screens.md), for company
 * admins: every template of the company with its state, projects and last change; create, rename, edit the
 * items, assign Lumitrack projects, activate and deactivate (admins with a read-only role or account only
 * read); and the audit of who did what, when.
 */
export default function ChecklistTemplatesPage() {
  const { t } = useTranslation();
  const user = useUserDetails().data;
  const roles = [...new Set([...(user?.roles ?? []), ...sessionSnapshot().roles])];
  const canManage = canManageTemplates(user?.accountType, roles);
  const templates = useChecklistTemplates();
  const [editing, setEditing] = useState<ChecklistTemplate | null | undefined>(undefined);
  const [renaming, setRenaming] = useState<ChecklistTemplate | null>(null);
  const [assigning, setAssigning] = useState<ChecklistTemplate | null>(null);
  const [auditOf, setAuditOf] = useState<number | null>(null);
  const actions: Actions = {
    edit: (tp) => setEditing(tp),
    rename: (tp) => setRenaming(tp),
    projects: (tp) => setAssigning(tp),
    audit: (tp) => {
      setAuditOf(tp.id);
      document.getElementById('audit')?.scrollIntoView?.({ behavior: 'smooth' });
    },
  };
  return (
    <PageFrame
      title={t('checklists.title')}
      actions={
        canManage ? (
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onPointerEnter={() => TemplateEditorDialog.preload()}
            onFocus={() => TemplateEditorDialog.preload()}
            onClick={() => setEditing(null)}
          >
            {t('checklists.list.create')}
          </Button>
        ) : null
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('checklists.intro')}
      </Typography>
      <QueryState
        query={templates}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState message={t('checklists.list.empty')} />}
      >
        {(list) => <TemplateList templates={list} actions={actions} canManage={canManage} />}
      </QueryState>
      <AuditSection templates={templates.data ?? []} templateId={auditOf} onTemplate={setAuditOf} />
      {editing !== undefined ? (
        <TemplateEditorDialog
          key={editing?.id ?? 'new'}
          open
          template={editing}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <RenameDialog template={renaming} onClose={() => setRenaming(null)} />
      <ProjectsDialog template={assigning} onClose={() => setAssigning(null)} />
    </PageFrame>
  );
}
