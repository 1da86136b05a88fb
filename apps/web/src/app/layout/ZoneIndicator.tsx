import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import { Button, Tooltip } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useCurrentJobSite } from '../../api/queries.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useDisplayPreferences } from '../preferences.ts';

/**
 * The zone every time on the screen is shown in, in the top bar ('EST'): its tooltip says which zone and
 * why (a fixed choice, the job site's time, or the browser's), and a click opens the settings to change it
 * (docs/decisions/site-time.md). Hidden on a phone, where the breadcrumb needs the room.
 */
export function ZoneIndicator() {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { jobsiteId } = useParams();
  const { jobSite } = useCurrentJobSite(jobsiteId);
  const label = prefs.zoneLabel();
  const vars = { zone: prefs.timeZone, label, site: jobSite?.name ?? '' };
  const tip = t(`shell.zoneIndicator.${prefs.timeZoneSource}`, vars);
  return (
    <Tooltip title={tip}>
      <Button
        component={RouterLink}
        to="/settings/user"
        color="inherit"
        size="small"
        startIcon={<ScheduleRoundedIcon fontSize="small" />}
        aria-label={t('shell.zoneIndicator.aria', { label })}
        data-testid="zone-indicator"
        data-zone={prefs.timeZone}
        sx={{
          // On a phone the breadcrumb needs the room; every time on screen still names its zone.
          display: { xs: 'none', sm: 'inline-flex' },
          flexShrink: 0,
          minWidth: 0,
          px: 1,
          textTransform: 'none',
          fontWeight: 600,
          whiteSpace: 'nowrap',
          opacity: 0.9,
          '& .MuiButton-startIcon': { mr: 0.5 },
        }}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
