import NavigateNextRoundedIcon from '@mui/icons-material/NavigateNextRounded';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useCurrentJobSite } from '../../api/queries.ts';
import { defaultProjectKey } from '../../components/project-name.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useBreadcrumbJobName } from './job-name.ts';
import { jobSitePath, projectPath } from './rules.ts';

interface Crumb {
  label: string;
  to?: string;
}

const crumbSx = {
  maxWidth: { xs: 120, sm: 240, md: 320 },
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  display: 'block',
} as const;

/**
 * Job site › project › job, from the route's params and the user's job sites (spec section 2).
 * A Lumimon project leads to its job-site sensors, other projects to their job list; a construction
 * site leads to its dashboard, any other site to the precast dashboard.
 */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const params = useParams();
  const { jobSite } = useCurrentJobSite(params.jobsiteId);
  const jobName = useBreadcrumbJobName(params.jobId ?? params.id);
  if (!jobSite) return null;

  const tenantId = params.tenantId && params.tenantId !== 'undefined' ? Number(params.tenantId) : null;
  const project = tenantId !== null ? jobSite.tenantMessages?.find((p) => p.id === tenantId) : undefined;
  const jobId = params.jobId ?? params.id;

  const crumbs: Crumb[] = [{ label: jobSite.name, to: jobSitePath(jobSite, params.tenantId) }];
  if (project) {
    const key = defaultProjectKey(project);
    crumbs.push({ label: key ? t(key) : project.name, to: projectPath(jobSite.id, project) });
  }
  if (jobId) crumbs.push({ label: jobName ?? t('shell.breadcrumb.job', { id: jobId }) });

  return (
    <Breadcrumbs
      aria-label={t('shell.breadcrumb.label')}
      separator={<NavigateNextRoundedIcon fontSize="small" sx={{ opacity: 0.6 }} />}
      sx={{
        color: 'inherit',
        minWidth: 0,
        // On a phone the crumbs share what is left beside the avatar: each shrinks to an ellipsis.
        '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
        '& .MuiBreadcrumbs-li': { minWidth: 0, flexShrink: 1 },
        '& .MuiBreadcrumbs-li:last-of-type': { flexShrink: 0 },
        '& .MuiBreadcrumbs-separator': { flexShrink: 0, mx: { xs: 0.25, sm: 1 } },
      }}
    >
      {crumbs.map((c, i) => {
        const last = i === crumbs.length - 1;
        return last ? (
          <Typography key={c.label} aria-current="page" variant="body2" sx={{ ...crumbSx, fontWeight: 600 }}>
            {c.label}
          </Typography>
        ) : (
          <Link
            key={c.label}
            component={RouterLink}
            to={c.to ?? '/'}
            underline="hover"
            color="inherit"
            variant="body2"
            sx={{ ...crumbSx, opacity: 0.85 }}
          >
            {c.label}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
