import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { changeLanguage, SUPPORTED_LANGUAGES, useTranslation } from '../i18n/index.ts';

/**
 * The small EN/ES switch of the screens outside the signed-in shell (the login card, the e-mailed-link
 * pages): the language of the page, for someone who may not be signed in yet. `label` names the group.
 */
export function LanguageSwitch({ label }: { label: string }) {
  const { i18n } = useTranslation();
  const language = (SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={language}
      onChange={(_, lng: string | null) => lng && void changeLanguage(lng)}
      aria-label={label}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <ToggleButton key={lng} value={lng} lang={lng} sx={{ px: 1.25, py: 0.25, fontSize: '0.75rem' }}>
          {lng.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
