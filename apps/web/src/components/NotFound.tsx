import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { Button } from '@mui/material';
import { jobSiteBreadcrumbHref, projectBreadcrumbHref } from '@sitepulse/domain';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useJobSites } from '../api/queries.ts';
import { useTranslation } from '../i18n/index.ts';
import { useProjectName } from './project-name.ts';
import { StatusScreen } from './StatusScreen.tsx';

/** What could not be found: each has its own sentence ('This job doesn't exist or you no longer have access.'). */
export type NotFoundWhat = 'page' | 'job' | 'node' | 'project' | 'member' | 'user';

/** Where the not-found screen leads back to. */
export interface WayBack {
  to: string;
  label: string;
}

/** Whether an error is the server's 404: the thing asked for does not exist, or the user may not see it. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Whether trying the same call again may help: a network failure or timeout (no status), a server error
 * (5xx), 408 or 429. A 404, 403 or 400 answers the same the next time.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === undefined) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * The way back from a page that is not there, from what its route says: the project of the address when
 * the user can see it, else its job site, else the home page.
 */
export function useWayBack(): WayBack {
  const { t } = useTranslation();
  const { jobsiteId, tenantId } = useParams();
  const sites = useJobSites();
  const projectName = useProjectName();
  const site = jobsiteId === undefined ? undefined : sites.data?.find((s) => String(s.id) === jobsiteId);
  if (site) {
    const project = site.tenantMessages?.find((p) => String(p.id) === tenantId);
    if (project) {
      return {
        to: projectBreadcrumbHref({ jobsiteId: site.id, tenantId: project.id, projectType: project.type }),
        label: t('notFound.backTo', { name: projectName(project) }),
      };
    }
    return {
      // Not the unknown project of the address: the site's own page.
      to: jobSiteBreadcrumbHref({ jobsiteId: site.id, jobsiteType: site.type, tenantId: null }),
      label: t('notFound.backTo', { name: site.name }),
    };
  }
  return { to: '/', label: t('notFound.home') };
}

/**
 * The screen of something that is not there (an unknown address, or a job, node, project or person the
 * server answers 404 for): what is missing, and one button back to where the address came from. No 'Try
 * again': asking again answers the same.
 */
export function NotFoundScreen({ what = 'page', back }: { what?: NotFoundWhat; back?: WayBack }) {
  const { t } = useTranslation();
  const wayBack = useWayBack();
  const to = back ?? wayBack;
  return (
    <div data-testid="not-found" data-what={what} style={{ display: 'contents' }}>
      <StatusScreen
        icon={<SearchOffRoundedIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />}
        title={t('notFound.title')}
        message={t(`notFound.what.${what}`)}
        action={
          <Button component={RouterLink} to={to.to} variant="contained" startIcon={<ArrowBackRoundedIcon />}>
            {to.label}
          </Button>
        }
      />
    </div>
  );
}
