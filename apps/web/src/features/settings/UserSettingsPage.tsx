import {
  Autocomplete,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { UserSettingType } from '@sitepulse/contracts';
import { DEFAULT_TIME_ZONE, SITE_TIME_ZONE, SYSTEMS, type UnitSystem } from '@sitepulse/domain';
import type { ReactNode } from 'react';
import { useSaveUserSetting, useUserDetails } from '../../api/queries.ts';
import { useSettingValues } from '../../api/users.ts';
import { useDisplaySetters } from '../../app/layout/DisplayToggles.tsx';
import { browserTimeZone, useDisplayPreferences } from '../../app/preferences.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SUPPORTED_LANGUAGES, useTranslation } from '../../i18n/index.ts';
import { AlarmEmailSettings } from './AlarmEmailSettings.tsx';
import { PushSettings } from './PushSettings.tsx';

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español' };

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {help ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {help}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/**
 * `/settings/user` (spec sections 3 and 7): the user's unit system, language, display time zone, default
 * notification delivery and help overlay. Each choice is saved when made (PUT /settings/user), with the
 * values GET /v2/users/settings/values offers; units and language redraw every screen at once.
 */
export default function UserSettingsPage() {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { setUnits, setLanguage } = useDisplaySetters();
  const user = useUserDetails();
  const save = useSaveUserSetting();
  const { showAlert } = useAlert();
  const values = useSettingValues();
  const saved = (type: UserSettingType) =>
    user.data?.userSettingData?.find((s) => s.type === type)?.val ?? null;
  const put = (userSettingType: UserSettingType, val: string) =>
    save.mutate(
      { userSettingType, val },
      {
        onSuccess: () => showAlert({ severity: 'success', message: t('settings.saved') }),
        onError: () => showAlert({ severity: 'error', message: t('shell.display.saveFailed') }),
      },
    );

  return (
    <PageFrame title={t('titles.settings')}>
      <QueryState query={values}>
        {(v) => (
          <Stack spacing={2} sx={{ maxWidth: 720 }}>
            <Section title={t('settings.units.title')} help={t('settings.units.help')}>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={prefs.system}
                onChange={(_, s: UnitSystem | null) => setUnits(s)}
                aria-label={t('settings.units.title')}
              >
                {SYSTEMS.map((s) => (
                  <ToggleButton key={s} value={s} sx={{ textTransform: 'none', px: 2 }}>
                    {t(`shell.display.${s}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Section>
            <Section title={t('settings.language.title')}>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={prefs.language}
                onChange={(_, l: string | null) => setLanguage(l)}
                aria-label={t('settings.language.title')}
              >
                {SUPPORTED_LANGUAGES.filter((l) => v.Language.includes(l)).map((l) => (
                  <ToggleButton key={l} value={l} lang={l} sx={{ textTransform: 'none', px: 2 }}>
                    {LANGUAGE_NAMES[l] ?? l}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Section>
            <Section title={t('settings.timeZone.title')} help={t('settings.timeZone.help')}>
              <Autocomplete
                options={v.DisplayTimeZone}
                value={
                  v.DisplayTimeZone.includes(prefs.timeZoneSetting)
                    ? prefs.timeZoneSetting
                    : DEFAULT_TIME_ZONE
                }
                disableClearable
                // "Job site's time" first, then the fixed zones (docs/decisions/site-time.md).
                getOptionLabel={(zone) => (zone === SITE_TIME_ZONE ? t('siteTime.siteOption') : zone)}
                groupBy={(zone) => (zone === SITE_TIME_ZONE ? '' : t('siteTime.fixedZones'))}
                onChange={(_, zone) => zone && zone !== prefs.timeZoneSetting && put('DisplayTimeZone', zone)}
                renderInput={(params) => <TextField {...params} label={t('settings.timeZone.title')} />}
                sx={{ maxWidth: 420 }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="zone-help">
                {t('siteTime.settingsHelp', { browser: browserTimeZone() })}{' '}
                {t('siteTime.nowShowing', { zone: prefs.timeZone, label: prefs.zoneLabel() })}
              </Typography>
            </Section>
            <Section title={t('settings.delivery.title')} help={t('settings.delivery.help')}>
              <RadioGroup
                row
                value={saved('DefaultNotificationDelivery') ?? 'EMAIL'}
                onChange={(e) => put('DefaultNotificationDelivery', e.target.value)}
                aria-label={t('settings.delivery.title')}
              >
                {v.DefaultNotificationDelivery.map((d) => (
                  <FormControlLabel
                    key={d}
                    value={d}
                    control={<Radio />}
                    label={t(`settings.delivery.${d}`, d)}
                  />
                ))}
              </RadioGroup>
            </Section>
            <PushSettings delivery={saved('DefaultNotificationDelivery') ?? 'EMAIL'} />
            <AlarmEmailSettings />
            <Section title={t('settings.help.title')}>
              <FormControlLabel
                control={
                  <Switch
                    checked={saved('HelpOverlay') === 'true'}
                    onChange={(e) => put('HelpOverlay', String(e.target.checked))}
                  />
                }
                label={t('settings.help.label')}
              />
            </Section>
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
