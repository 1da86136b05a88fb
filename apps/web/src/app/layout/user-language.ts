import { USER_SETTING_TYPES } from '@sitepulse/domain';
import { useEffect } from 'react';
import { useUserDetails } from '../../api/queries.ts';
import { changeLanguage, SUPPORTED_LANGUAGES } from '../../i18n/index.ts';

/**
 * Applies the signed-in user's saved Language setting when it arrives or changes (another device, or the
 * toggle above). It follows the setting, not the screen's language, so a choice made on the login card
 * stands until the user's saved setting says otherwise.
 */
export function useUserLanguage(): void {
  const { data: user } = useUserDetails();
  const saved = user?.userSettingData?.find((s) => s.type === USER_SETTING_TYPES.language)?.val;
  useEffect(() => {
    if (saved && (SUPPORTED_LANGUAGES as readonly string[]).includes(saved)) void changeLanguage(saved);
  }, [saved]);
}
