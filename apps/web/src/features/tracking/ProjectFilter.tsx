import { MenuItem, TextField } from '@mui/material';
import { LUMITRACK_PROJECT_TYPE } from '@sitepulse/domain';
import { useMemo } from 'react';
import { useJobSites } from '../../api/queries.ts';
import { useTranslation } from '../../i18n/index.ts';

/** The Lumitrack projects (not archived) of the job sites the user reads, with their site's name. */
export function useTrackedProjects() {
  const sites = useJobSites();
  return useMemo(
    () =>
      (sites.data ?? []).flatMap((site) =>
        site.tenantMessages
          .filter((p) => p.type === LUMITRACK_PROJECT_TYPE && p.state !== 'TERMINATED')
          .map((p) => ({ id: p.id, name: p.name, siteName: site.name })),
      ),
    [sites.data],
  );
}

/** "Project: All projects / <project> (<site>)": the filter of both tracking screens. */
export function ProjectFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (tenantId: number | null) => void;
}) {
  const { t } = useTranslation();
  const projects = useTrackedProjects();
  return (
    <TextField
      select
      size="small"
      label={t('tracking.project')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">{t('tracking.allProjects')}</MenuItem>
      {projects.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {t('tracking.projectOfSite', { project: p.name, site: p.siteName })}
        </MenuItem>
      ))}
    </TextField>
  );
}
