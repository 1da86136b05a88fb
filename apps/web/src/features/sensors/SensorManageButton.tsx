import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import { Box, Button } from '@mui/material';
import type { LumimonNodeCard } from '@sitepulse/contracts';
import { canEditJobSite } from '@sitepulse/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useUserDetails } from '../../api/queries.ts';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { useTranslation } from '../../i18n/index.ts';

// Fetched when first opened (docs/decisions/web-bundle.md).
const SensorManageDialog = lazyDialog(() =>
  import('./SensorManageDialog.tsx').then((m) => m.SensorManageDialog),
);

/**
 * The 'Manage sensors' button of a sensor details page and its dialog: only for those who may change the
 * job site (domain canEditJobSite: its admins and editors, company admins; never a Read-Only account).
 */
export function SensorManageButton({ card }: { card: LumimonNodeCard }) {
  const { t } = useTranslation();
  const { jobsiteId } = useParams();
  const { data: user } = useUserDetails();
  const [open, setOpen] = useState(false);
  const access = user?.userTenantGroupData?.find((g) => g.tenantGroupId === Number(jobsiteId))?.access;
  if (!user || !canEditJobSite(access, user.accountType)) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
      <Button variant="outlined" size="small" startIcon={<TuneRoundedIcon />} onClick={() => setOpen(true)}>
        {t('sensorManage.open')}
      </Button>
      <SensorManageDialog card={card} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
