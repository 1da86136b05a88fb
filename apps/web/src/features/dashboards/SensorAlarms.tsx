import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import type { TenantGroup } from '@sitepulse/contracts';
import { paths } from '@sitepulse/domain';
import { Link as RouterLink } from 'react-router';
import { useLumimonOverview } from '../../api/queries.ts';
import { useTranslation } from '../../i18n/index.ts';

/**
 * The site's sensor nodes in alarm (gas over its bound, a tank out of range...), named, with a way to the
 * job-site sensors screen: the dashboard answers "is anything alarming?" before the pours. Nothing when all
 * is clear, or when the overview cannot be read (the pours below still show).
 */
export function SensorAlarms({ jobSite }: { jobSite: TenantGroup }) {
  const { t } = useTranslation();
  const { data } = useLumimonOverview(jobSite.id);
  const alarming = data?.nodes.filter((c) => c.alarming) ?? [];
  if (alarming.length === 0) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      icon={<NotificationsActiveRoundedIcon />}
      data-testid="sensor-alarms"
      sx={{ mb: 3 }}
    >
      <AlertTitle sx={{ mb: 0.25 }}>
        {t('dashboards.sensorAlarms.title', { count: alarming.length })}
      </AlertTitle>
      {alarming.map((c) => `${c.channelJobName} (${c.channelJobTypeName})`).join(', ')}
      <Box sx={{ mt: 1 }}>
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          component={RouterLink}
          to={paths.jobSiteSensors.href(jobSite.id, alarming[0].tenantId)}
        >
          {t('dashboards.sensorAlarms.open')}
        </Button>
      </Box>
    </Alert>
  );
}
