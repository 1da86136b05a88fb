import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { SYSTEMS, type UnitSystem, USER_SETTING_TYPES } from '@sitepulse/domain';
import { useSaveUserSetting } from '../../api/queries.ts';
import { writeSession } from '../../api/session.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { changeLanguage, SUPPORTED_LANGUAGES, useTranslation } from '../../i18n/index.ts';
import { useDisplayPreferences } from '../preferences.ts';

const LANGUAGE_NAMES: Record<(typeof SUPPORTED_LANGUAGES)[number], string> = { en: 'English', es: 'Español' };

/**
 * Saves the user's unit system or language and shows it at once (the unit system is kept for the session,
 * the language switched before the save answers); a failed save says so. Used by the account menu's
 * toggles and the settings page.
 */
export function useDisplaySetters() {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const save = useSaveUserSetting();
  const { showAlert } = useAlert();
  const failed = () => showAlert({ severity: 'error', message: t('shell.display.saveFailed') });
  return {
    setUnits: (system: UnitSystem | null) => {
      if (!system || system === prefs.system) return;
      writeSession({ measurementUnits: system });
      save.mutate(
        { userSettingType: USER_SETTING_TYPES.systemOfMeasurement, val: system },
        { onError: failed },
      );
    },
    setLanguage: (language: string | null) => {
      if (!language || language === prefs.language) return;
      void changeLanguage(language);
      save.mutate({ userSettingType: USER_SETTING_TYPES.language, val: language }, { onError: failed });
    },
  };
}

/**
 * Units and language, one tap away on every screen (in the account menu, on a phone too): a
 * superintendent switches to psi or Spanish without leaving the pour they are looking at. Both are
 * saved as the user's settings; every value on screen redraws at once, without a reload.
 */
export function DisplayToggles() {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const { setUnits, setLanguage } = useDisplaySetters();

  return (
    <Box sx={{ px: 2, py: 1, display: 'grid', gap: 1 }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {t('shell.display.units')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        fullWidth
        value={prefs.system}
        onChange={(_, v: UnitSystem | null) => setUnits(v)}
        aria-label={t('shell.display.units')}
      >
        {SYSTEMS.map((s) => (
          <ToggleButton key={s} value={s} sx={{ textTransform: 'none' }}>
            {t(`shell.display.${s}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {t('shell.display.language')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        fullWidth
        value={prefs.language}
        onChange={(_, v: string | null) => setLanguage(v)}
        aria-label={t('shell.display.language')}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <ToggleButton key={lng} value={lng} lang={lng} sx={{ textTransform: 'none' }}>
            {LANGUAGE_NAMES[lng]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
