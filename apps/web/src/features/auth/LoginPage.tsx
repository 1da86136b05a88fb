import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, Button, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import type { UserDetail } from '@sitepulse/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { fetchCompanyLogo, resetCompany } from '../../api/auth.ts';
import { useConfig } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { readNumber, readSession } from '../../api/session.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PUBLIC_BACKGROUND, PublicBackdrop } from '../../components/PublicBackdrop.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { CompanyCodeStep } from './CompanyCodeStep.tsx';
import { BrandMark, CompanyLogo } from './CompanyLogo.tsx';
import { scheduleLandingRedirect } from './landing.ts';
import { PrivacyPolicyDialog } from './PrivacyPolicyDialog.tsx';

type Step = 'code' | 'user';

/** The public backdrop with a warm and a cool glow and a faint site-plan grid over it. */
const LOGIN_BACKGROUND = [
  'radial-gradient(circle at 12% 8%, rgba(245,166,35,0.10), transparent 35%)',
  'radial-gradient(circle at 85% 90%, rgba(80,140,200,0.25), transparent 45%)',
  'linear-gradient(rgba(255,255,255,0.035) 1px, transparent 1px) 0 0 / 32px 32px',
  'linear-gradient(90deg, rgba(255,255,255,0.035) 1px, transparent 1px) 0 0 / 32px 32px',
  PUBLIC_BACKGROUND,
].join(', ');

/**
 * The user-login step (react-hook-form, zod) and the forgot-password dialog are chunks of their own: a first
 * visit starts at the code step and downloads neither (docs/decisions/web-bundle.md). The user step is fetched
 * as soon as a code is being typed, so it is there when the code is accepted.
 */
const loadUserStep = () => import('./UserLoginStep.tsx');
const UserLoginStep = lazy(() => loadUserStep().then((m) => ({ default: m.UserLoginStep })));
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog.tsx').then((m) => ({ default: m.ForgotPasswordDialog })),
);

function StepSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t('common.loading')}
      sx={{ minHeight: 240, display: 'grid', placeItems: 'center' }}
    >
      <CircularProgress aria-hidden size={32} />
    </Box>
  );
}

/** With a company token and a server address stored, the flow starts at the user-login step (spec section 2). */
export const initialStep = (): Step =>
  readSession('loginToken') && readSession('baseUrl') ? 'user' : 'code';

/** Where the RequireAuth guard says the visitor came from (router state `from`), else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: string | Partial<Location> } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login')) return from;
  if (
    from &&
    typeof from === 'object' &&
    typeof from.pathname === 'string' &&
    !from.pathname.startsWith('/login')
  ) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return '/';
}

/** The login screen (spec section 2): company auth code, then user login, under the privacy overlay. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(initialStep);
  const [companyId, setCompanyId] = useState<number | null>(() => readNumber('companyId'));
  const [forgotOpen, setForgotOpen] = useState(false);
  // Mounted from the first opening on, so closing it still animates and clears its fields.
  const [forgotUsed, setForgotUsed] = useState(false);

  const config = useConfig();
  const logo = useQuery({
    queryKey: queryKeys.company.logo(companyId ?? 0),
    queryFn: ({ signal }) => fetchCompanyLogo(companyId ?? 0, signal),
    enabled: companyId !== null && Boolean(readSession('loginToken')),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const onSignedIn = (detail: UserDetail) => {
    const username = readSession('username') ?? detail.username;
    queryClient.setQueryData(queryKeys.users.details(detail.companyId, username), detail);
    navigate(returnPath(location.state), { replace: true });
    scheduleLandingRedirect((url) => navigate(url));
  };

  return (
    <PublicBackdrop background={LOGIN_BACKGROUND}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', mb: { xs: 2, sm: 3 }, color: 'common.white' }}
      >
        <BrandMark size={28} />
        <Typography sx={{ fontWeight: 700, letterSpacing: 0.3 }}>{t('auth.brand')}</Typography>
      </Stack>
      <Card
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 460,
          borderRadius: 3,
          boxShadow: '0 24px 60px rgba(4, 16, 30, 0.45)',
        }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Box sx={{ mb: 3 }}>
            <CompanyLogo src={step === 'user' ? logo.data : null} />
          </Box>
          {step === 'code' ? (
            <CompanyCodeStep
              helpUrl={config.data?.helpUrl}
              onTyping={() => void loadUserStep()}
              onDone={(id) => {
                setCompanyId(id);
                setStep('user');
              }}
            />
          ) : (
            <Suspense fallback={<StepSpinner />}>
              <UserLoginStep
                companyName={readSession('companyName')}
                onSignedIn={onSignedIn}
                onForgotPassword={() => {
                  setForgotUsed(true);
                  setForgotOpen(true);
                }}
              />
            </Suspense>
          )}
          <Divider sx={{ my: 3 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Button
              size="small"
              color="inherit"
              startIcon={<RestartAltIcon />}
              onClick={resetCompany}
              sx={{ color: 'text.secondary', textTransform: 'none' }}
            >
              {t('auth.reset')}
            </Button>
            <LanguageSwitch label={t('auth.language')} />
          </Stack>
        </CardContent>
      </Card>
      <Typography variant="caption" sx={{ mt: 2, color: 'rgba(255,255,255,0.6)' }}>
        © {new Date().getFullYear()} {t('auth.brand')}
      </Typography>
      {forgotUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            onClose={() => setForgotOpen(false)}
            supportPhone={config.data?.supportPhone}
            supportEmail={config.data?.supportEmail}
          />
        </Suspense>
      ) : null}
      <PrivacyPolicyDialog privacyPolicyUrl={config.data?.privacyPolicyUrl} />
    </PublicBackdrop>
  );
}
