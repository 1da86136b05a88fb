import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { hasSeen, markSeen } from '../../api/session.ts';
import { useTranslation } from '../../i18n/index.ts';

/**
 * A translated text with one marked part, '<1>…</1>', drawn by `mark` (the policy link). react-i18next's
 * Trans does the same for any markup, at 4 kB gzipped on the first visit (docs/decisions/web-bundle.md).
 */
export function markedText(text: string, mark: (inner: string) => ReactNode): ReactNode {
  const found = /^([\s\S]*?)<1>([\s\S]*?)<\/1>([\s\S]*)$/.exec(text);
  if (!found) return text;
  return (
    <>
      {found[1]}
      {mark(found[2])}
      {found[3]}
    </>
  );
}

/**
 * The privacy-policy agreement overlay (spec section 2): a modal over the login screen until the user
 * agrees. Escape and backdrop clicks do not close it (no onClose); once agreed it never shows again.
 */
export function PrivacyPolicyDialog({ privacyPolicyUrl }: { privacyPolicyUrl?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(() => !hasSeen('privacyPolicy'));

  const agree = () => {
    markSeen('privacyPolicy');
    setOpen(false);
  };

  return (
    <Dialog open={open} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <PolicyOutlinedIcon color="primary" />
        {t('auth.privacy.title')}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('auth.privacy.intro')}
        </Typography>
        <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'grey.100' }}>
          <Typography>
            {markedText(t('auth.privacy.text'), (inner) =>
              privacyPolicyUrl ? (
                <Link href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
                  {inner}
                </Link>
              ) : (
                <strong>{inner}</strong>
              ),
            )}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={agree} autoFocus sx={{ minWidth: 120 }}>
          {t('auth.privacy.agree')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
