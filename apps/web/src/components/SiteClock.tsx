import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { TenantGroup } from '@sitepulse/contracts';
import { DEFAULT_TIME_ZONE, isAdminAccount, isReadOnlyAccount, SITE_TIME_ZONE } from '@sitepulse/domain';
import { useState } from 'react';
import { useUserDetails } from '../api/queries.ts';
import { useSetSiteTimeZone } from '../api/site-time.ts';
import { useSettingValues } from '../api/users.ts';
import { displayPreferences } from '../app/preferences.ts';
import { useTranslation } from '../i18n/index.ts';
import { useAlert } from './AlertBanner.tsx';
import { useNow } from './useNow.ts';

/** The option of the zone dialog that takes the zone from the site's location again (sent as null). */
const FROM_LOCATION = '';

/** An admin's dialog to set a job site's zone, or to take it from the site's location again. */
function SiteZoneDialog({ jobSite, onClose }: { jobSite: TenantGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const values = useSettingValues();
  const save = useSetSiteTimeZone();
  const { showAlert } = useAlert();
  const [zone, setZone] = useState<string>(
    jobSite.timeZoneSource === 'SET' ? (jobSite.timeZone ?? FROM_LOCATION) : FROM_LOCATION,
  );
  const zones = (values.data?.DisplayTimeZone ?? [DEFAULT_TIME_ZONE]).filter((z) => z !== SITE_TIME_ZONE);
  const options = [FROM_LOCATION, ...zones];
  const submit = () =>
    save.mutate(
      { tenantGroupId: jobSite.id, timeZone: zone === FROM_LOCATION ? null : zone },
      {
        onSuccess: () => {
          showAlert({ severity: 'success', message: t('siteTime.site.saved') });
          onClose();
        },
        onError: () => showAlert({ severity: 'error', message: t('siteTime.site.failed') }),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="site-zone-dialog">
      <DialogTitle>{t('siteTime.site.dialogTitle', { site: jobSite.name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('siteTime.site.dialogHelp')}
        </Typography>
        <Autocomplete
          options={options}
          value={zone}
          disableClearable
          getOptionLabel={(z) => (z === FROM_LOCATION ? t('siteTime.site.fromLocation') : z)}
          onChange={(_, z) => setZone(z ?? FROM_LOCATION)}
          renderInput={(params) => <TextField {...params} label={t('siteTime.site.zone')} />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('siteTime.site.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('siteTime.site.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A job site's clock (docs/decisions/site-time.md): its time now, its zone and where the zone comes from
 * (an admin's choice, the site's location, or UTC for a site without one). Company admins change the zone
 * here.
 */
export function SiteClock({ jobSite }: { jobSite: TenantGroup }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUserDetails();
  const now = useNow();
  const [editing, setEditing] = useState(false);
  const zone = jobSite.timeZone ?? DEFAULT_TIME_ZONE;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const clock = displayPreferences({ timeZone: zone, language }).clock(now);
  const admin = !!user && isAdminAccount(user.accountType) && !isReadOnlyAccount(user.accountType);
  const source = jobSite.timeZoneSource ?? 'DEFAULT';
  return (
    <Box
      data-testid="site-clock"
      data-zone={zone}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        flexWrap: 'wrap',
        mb: 2,
        color: 'text.secondary',
      }}
    >
      <ScheduleRoundedIcon fontSize="small" />
      <Typography variant="body2" component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {t('siteTime.site.label')}
      </Typography>
      <Typography variant="body2" component="span">
        {t('siteTime.site.now', { time: clock, zone })}
      </Typography>
      <Typography variant="caption" component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        ({t(`siteTime.site.source.${source}`)})
      </Typography>
      {admin ? (
        <Tooltip title={t('siteTime.site.edit')}>
          <IconButton
            size="small"
            aria-label={t('siteTime.site.edit')}
            onClick={() => setEditing(true)}
            data-testid="site-zone-edit"
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {editing ? <SiteZoneDialog jobSite={jobSite} onClose={() => setEditing(false)} /> : null}
    </Box>
  );
}
