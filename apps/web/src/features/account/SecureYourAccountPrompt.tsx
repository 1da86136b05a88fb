import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useUserDetails } from '../../api/queries.ts';
import { hasSeen, markSeen } from '../../api/session.ts';
import { useTranslation } from '../../i18n/index.ts';

/**
 * The secure-your-account prompt (spec section 2 "Other visible pieces"): a signed-in user with no phone
 * number on file is asked once to add one, so they can sign in with it and recover their account. 'Add
 * phone' (to my profile) and 'Not now' both set the secureYourAccount 'seen' flag, which survives logout,
 * so it never shows again on this browser. A banner above the page, not a dialog: it does not cover the
 * map's own first-visit note.
 */
export default function SecureYourAccountPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: user } = useUserDetails();
  const [seen, setSeen] = useState(() => hasSeen('secureYourAccount'));
  // On my profile the phone field is already in front of them.
  if (seen || !user || user.phone || pathname === '/my-profile') return null;

  const close = (then?: () => void) => {
    markSeen('secureYourAccount');
    setSeen(true);
    then?.();
  };
  return (
    <Alert
      severity="info"
      icon={<ShieldOutlinedIcon />}
      role="region"
      aria-label={t('account.secure.title')}
      sx={{ borderRadius: 0 }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{t('account.secure.title')}</AlertTitle>
      {t('account.secure.body')}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button variant="contained" size="small" onClick={() => close(() => navigate('/my-profile'))}>
          {t('account.secure.add')}
        </Button>
        <Button color="inherit" size="small" onClick={() => close()}>
          {t('account.secure.later')}
        </Button>
      </Stack>
    </Alert>
  );
}
