import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';

/** The Sitepulse mark: a pulse line on the brand's navy tile (the favicon's drawing). */
export function BrandMark({ size = 48 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" sx={{ width: size, height: size, display: 'block' }} aria-hidden>
      <rect width="32" height="32" rx="7" fill="#1b3a57" />
      <path
        d="M4 17h6l3-8 5 15 3-7h7"
        fill="none"
        stroke="#f5a623"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/** The generic logo shown when the company has none, or when it fails to load (spec section 2). */
export function GenericLogo() {
  const { t } = useTranslation();
  return (
    <Box
      role="img"
      aria-label={t('auth.genericLogo')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
    >
      <BrandMark size={44} />
      <Box sx={{ textAlign: 'left' }}>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontWeight: 700,
            fontSize: '1.5rem',
            lineHeight: 1.1,
            color: 'primary.main',
          }}
        >
          {t('auth.brand')}
        </Typography>
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {t('auth.tagline')}
        </Typography>
      </Box>
    </Box>
  );
}

/** The company's logo when it has one that loads, otherwise the generic logo. */
export function CompanyLogo({ src }: { src: string | null | undefined }) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showCompany = Boolean(src) && failedSrc !== src;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 64 }}>
      {showCompany ? (
        <Box
          component="img"
          src={src ?? undefined}
          alt={t('auth.companyLogo')}
          onError={() => setFailedSrc(src ?? null)}
          sx={{ maxHeight: 64, maxWidth: 240, objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <GenericLogo />
      )}
    </Box>
  );
}
