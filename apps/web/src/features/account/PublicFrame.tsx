import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PublicBackdrop } from '../../components/PublicBackdrop.tsx';
import { useTranslation } from '../../i18n/index.ts';

/**
 * The frame of the account pages a person reaches from an e-mailed link, outside the signed-in shell
 * (/reset_pwd, /create_pwd, /account-setup): the product name, a card with the page's heading, and the
 * language switch of the login card, since the reader may not be signed in yet.
 */
export function PublicFrame({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Account setup has more fields: a wider card on desktop. */
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PublicBackdrop>
      <Typography sx={{ fontWeight: 700, letterSpacing: 0.3, color: 'common.white', mb: { xs: 2, sm: 3 } }}>
        {t('auth.brand')}
      </Typography>
      <Card
        component="main"
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: wide ? 640 : 460,
          borderRadius: 3,
          boxShadow: '0 24px 60px rgba(4, 16, 30, 0.45)',
        }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: intro ? 1 : 3 }}>
            {title}
          </Typography>
          {intro ? (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {intro}
            </Typography>
          ) : null}
          {children}
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
            <LanguageSwitch label={t('account.public.pageLanguage')} />
          </Stack>
        </CardContent>
      </Card>
    </PublicBackdrop>
  );
}

/** A message in place of the form (link used, password set, not signed in): an icon, a title, text, actions. */
export function Outcome({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack spacing={1.5} role="status" sx={{ alignItems: 'flex-start' }}>
      {icon}
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
      {actions ? (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', pt: 1 }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
