import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineRounded';
import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import { Button, Typography } from '@mui/material';
import type { UserDetail } from '@sitepulse/contracts';
import { isSignedIn } from '@sitepulse/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { loginToCompany } from '../../api/auth.ts';
import { useConfig } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { readSession, sessionSnapshot } from '../../api/session.ts';
import { createPassword } from '../../api/users.ts';
import { useTranslation } from '../../i18n/index.ts';
import { isDeadLink } from './messages.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { Outcome, PublicFrame } from './PublicFrame.tsx';

interface Created {
  username: string;
  /** The signed-in user, or null when the page could not sign them in (they sign in on /login). */
  detail: UserDetail | null;
}

/**
 * Sets the first password, then signs the invitee in with it. Signing in needs the company token of the
 * company-code step: the answer's, or the one stored for that company. Without one, or if the sign-in
 * fails, the password is still set and the person signs in on /login.
 */
async function createAndSignIn(token: string, password: string): Promise<Created> {
  const result = await createPassword({ token, password });
  const storedToken =
    readSession('companyId') === String(result.companyId) ? readSession('loginToken') : null;
  if (!result.companyToken && !storedToken) return { username: result.username, detail: null };
  try {
    const detail = await loginToCompany(
      result.companyId,
      { username: result.username, password },
      result.companyToken,
    );
    return { username: result.username, detail: isSignedIn(sessionSnapshot()) ? detail : null };
  } catch {
    return { username: result.username, detail: null };
  }
}

/** An invitation link that is unknown, used, expired or replaced by a newer invitation. */
function DeadLink() {
  const { t } = useTranslation();
  const helpUrl = useConfig().data?.helpUrl;
  return (
    <Outcome
      icon={<LinkOffIcon color="error" sx={{ fontSize: 40 }} aria-hidden />}
      title={t('account.create.invalidTitle')}
      actions={
        <>
          {helpUrl ? (
            <Button
              href={helpUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="contained"
              startIcon={<HelpOutlineIcon />}
            >
              {t('account.create.help')}
            </Button>
          ) : null}
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('account.public.toLogin')}
          </Button>
        </>
      }
    >
      <Typography color="text.secondary">{t('account.create.invalid')}</Typography>
      <Typography sx={{ fontWeight: 600 }}>{t('account.create.askAdmin')}</Typography>
    </Outcome>
  );
}

/**
 * `/create_pwd?token=…` (spec section 2, docs/decisions/people-and-access.md "Invitations"): an invited
 * user chooses their password, is signed in with it and goes home, where the guards send them on to account
 * setup. An expired or used link shows the help link for expired create-password links (spec section 8)
 * and asks for a new invitation.
 */
export default function CreatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const create = useMutation({
    mutationFn: (password: string) => createAndSignIn(token, password),
    onSuccess: ({ detail }) => {
      if (!detail) return;
      const username = readSession('username') ?? detail.username;
      queryClient.setQueryData(queryKeys.users.details(detail.companyId, username), detail);
      navigate('/', { replace: true });
    },
  });
  const dead = !token || (create.isError && isDeadLink(create.error));
  const created = create.isSuccess ? create.data : null;

  const content = () => {
    if (dead) return <DeadLink />;
    if (created?.detail) return null; // on the way home
    if (created) {
      return (
        <Outcome
          icon={<CheckCircleOutlineIcon color="success" sx={{ fontSize: 40 }} aria-hidden />}
          title={t('account.create.doneTitle')}
          actions={
            <Button component={RouterLink} to="/login" variant="contained">
              {t('account.public.toLogin')}
            </Button>
          }
        >
          <Typography color="text.secondary">
            {t('account.create.done', { username: created.username })}
          </Typography>
        </Outcome>
      );
    }
    return (
      <NewPasswordForm
        label={t('account.create.title')}
        submitLabel={t('account.create.submit')}
        onSubmit={(password) => create.mutate(password)}
        pending={create.isPending}
        failure={create.error}
      />
    );
  };

  return (
    <PublicFrame
      title={t('account.create.title')}
      intro={dead || created ? undefined : t('account.create.intro')}
    >
      {content()}
    </PublicFrame>
  );
}
