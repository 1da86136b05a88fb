import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import { Alert, AlertTitle, Button, IconButton, Stack } from '@mui/material';
import {
  SITE_TIME_ZONE,
  shouldOfferTimeZone,
  TIME_ZONE_OFFERED_SETTING,
  type TimeZoneOfferAnswer,
  USER_SETTING_TYPES,
} from '@sitepulse/domain';
import { useState } from 'react';
import { useUserDetails } from '../../api/queries.ts';
import { useAnswerTimeZoneOffer } from '../../api/site-time.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { browserTimeZone } from '../preferences.ts';

/**
 * The first-sign-in time zone offer (docs/decisions/site-time.md): a user who still shows times in the
 * spec's default UTC, whose browser is in another zone, is asked once whether to use their own time or each
 * job site's. A banner above the page, not a dialog: nothing is blocked. Any answer, closing included, is
 * saved as the TimeZoneOffered setting, so it never shows again, on any device.
 */
export function TimeZoneOffer() {
  const { t } = useTranslation();
  const { data: user } = useUserDetails();
  const answer = useAnswerTimeZoneOffer();
  const { showAlert } = useAlert();
  const [answered, setAnswered] = useState(false);
  const browser = browserTimeZone();
  const setting = (type: string) => user?.userSettingData?.find((s) => s.type === type)?.val;
  if (
    answered ||
    !user ||
    !shouldOfferTimeZone({
      setting: setting(USER_SETTING_TYPES.displayTimeZone),
      offered: setting(TIME_ZONE_OFFERED_SETTING),
      browserZone: browser,
    })
  ) {
    return null;
  }

  const choose = (choice: TimeZoneOfferAnswer) => {
    setAnswered(true);
    const zone = choice === 'BROWSER' ? browser : choice === 'SITE' ? SITE_TIME_ZONE : null;
    answer.mutate(
      { answer: choice, zone },
      {
        onSuccess: () => {
          if (choice === 'DISMISSED') return;
          showAlert({
            severity: 'success',
            message:
              choice === 'SITE'
                ? t('siteTime.offer.savedSite')
                : t('siteTime.offer.saved', { zone: browser }),
          });
        },
        onError: () => showAlert({ severity: 'error', message: t('siteTime.offer.failed') }),
      },
    );
  };

  return (
    <Alert
      severity="info"
      icon={<ScheduleRoundedIcon />}
      role="region"
      aria-label={t('siteTime.offer.title')}
      data-testid="time-zone-offer"
      sx={{ borderRadius: 0 }}
      action={
        <IconButton
          color="inherit"
          size="small"
          aria-label={t('siteTime.offer.dismiss')}
          onClick={() => choose('DISMISSED')}
        >
          <CloseRoundedIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{t('siteTime.offer.title')}</AlertTitle>
      {t('siteTime.offer.body', { zone: browser })}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button variant="contained" size="small" onClick={() => choose('BROWSER')}>
          {t('siteTime.offer.browser')}
        </Button>
        <Button variant="outlined" size="small" color="inherit" onClick={() => choose('SITE')}>
          {t('siteTime.offer.site')}
        </Button>
        <Button size="small" color="inherit" onClick={() => choose('DISMISSED')}>
          {t('siteTime.offer.keep')}
        </Button>
      </Stack>
    </Alert>
  );
}
