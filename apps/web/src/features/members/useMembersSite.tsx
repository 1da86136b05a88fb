import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { Button, Typography } from '@mui/material';
import { paths } from '@sitepulse/domain';
import { Link as RouterLink, useParams } from 'react-router';
import { useCurrentJobSite, useUserDetails } from '../../api/queries.ts';
import { useTranslation } from '../../i18n/index.ts';
import { canManageSite } from './rules.ts';

/**
 * The job site of a members route (:jobsiteId; RequireJobSite has checked it is the user's) and whether
 * the signed-in user manages its members.
 */
export function useMembersSite() {
  const { jobsiteId } = useParams();
  const tenantGroupId = Number(jobsiteId);
  const { jobSite } = useCurrentJobSite(jobsiteId);
  const user = useUserDetails();
  return {
    tenantGroupId,
    siteName: jobSite?.name ?? '',
    user,
    me: user.data?.username,
    canManage: canManageSite(user.data, tenantGroupId),
  };
}

/** A page heading: the site's name small above the page's title. */
export function SiteHeading({ siteName, title }: { siteName: string; title: string }) {
  return (
    <>
      {siteName ? (
        <Typography
          component="span"
          variant="overline"
          color="text.secondary"
          sx={{ display: 'block', lineHeight: 1.6, overflowWrap: 'anywhere' }}
        >
          {siteName}
        </Typography>
      ) : null}
      {title}
    </>
  );
}

/** The way back from a member's page or the invitation to the site's members list. */
export function BackToMembers({ tenantGroupId }: { tenantGroupId: number }) {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={paths.jobSiteMembers.href(tenantGroupId)}
      startIcon={<ArrowBackRoundedIcon />}
      size="small"
    >
      {t('members.back')}
    </Button>
  );
}
