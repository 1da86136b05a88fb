import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../i18n/index.ts';

/** Sets document.title to '<page title> | Sitepulse' (page titles of spec section 2) while shown. */
export function TitledPage({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const title = `${t(titleKey)} | ${t('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return children;
}
