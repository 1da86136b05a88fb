import SendRoundedIcon from '@mui/icons-material/SendRounded';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { Invitation } from '@sitepulse/contracts';
import { useId, useMemo, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useJobSites } from '../../api/queries.ts';
import { useInviteUsers } from '../../api/users.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { RoleSelect, SiteSelect } from './AccessFields.tsx';
import { type InvitationLanguage, LANGUAGE_NAMES, LANGUAGES, NAME_MAX } from './forms.ts';
import {
  accountTypeText,
  errorText,
  INVITE_LIST_MAX,
  type InviteLineError,
  lineOfInvitationError,
  type ParsedInvitation,
  parseInviteLines,
} from './rules.ts';

type AccessCode = Invitation['tenantGroupData'][number]['access'];

/** Everyone starts as a viewer: the least a job site can give (as on the add-user form). */
const DEFAULT_ACCESS: AccessCode = 4;
/** The box's problems shown at once; the rest are counted. */
const SHOWN_ERRORS = 10;

function lineErrorText(t: ReturnType<typeof useTranslation>['t'], error: InviteLineError): string {
  return t(`users.several.errors.${error.problem}`, {
    line: error.line,
    firstLine: error.firstLine,
    max: error.problem === 'tooMany' ? INVITE_LIST_MAX : NAME_MAX,
  });
}

/**
 * "Invite several people" on /user-management (company admins): e-mail addresses one per line, each
 * optionally with a name, all given one job site with one role, a user account and the invitation's
 * language; sent at once with POST /v2/users/invite/list. The server checks every invitation first and
 * makes none if one is refused: its message (which names the invitation) is shown here with the line it
 * is, and everything typed stays. The page mounts the dialog while it is open, so each opening starts empty.
 */
export function InviteSeveralDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { showAlert } = useAlert();
  const sites = useJobSites();
  const invite = useInviteUsers();
  const titleId = useId();

  const [text, setText] = useState('');
  const [tenantGroupId, setTenantGroupId] = useState<number | ''>('');
  const [access, setAccess] = useState<AccessCode>(DEFAULT_ACCESS);
  const [language, setLanguage] = useState<InvitationLanguage>(i18n.language === 'es' ? 'es' : 'en');
  /** The invitations of the last send, to find the line a refusal is about. */
  const [sent, setSent] = useState<ParsedInvitation[]>([]);

  const parsed = useMemo(() => parseInviteLines(text), [text]);
  const count = parsed.invitations.length;
  const canSend = parsed.errors.length === 0 && count > 0 && tenantGroupId !== '' && !invite.isPending;

  const close = () => {
    if (!invite.isPending) onClose();
  };

  const send = () => {
    if (!canSend) return;
    const invitations = parsed.invitations;
    setSent(invitations);
    invite.mutate(
      {
        invitations: invitations.map(({ line: _, ...person }) => ({
          ...person,
          language,
          tenantGroupData: [{ tenantGroupId, access }],
        })),
      },
      {
        onSuccess: (results) => {
          const existing = results.filter((r) => r.existing).length;
          const message = t('users.several.sent', { count: results.length });
          showAlert({
            severity: 'success',
            message: existing ? `${message} ${t('users.several.existing', { count: existing })}` : message,
          });
          onClose();
        },
      },
    );
  };

  const refused =
    invite.error instanceof ApiError ? lineOfInvitationError(invite.error.message, sent) : undefined;

  return (
    <Dialog
      open
      // A click beside the dialog does not throw away a typed list.
      onClose={(_, reason) => (reason === 'backdropClick' && text.trim() ? undefined : close())}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      data-testid="invite-several-dialog"
    >
      <DialogTitle id={titleId}>{t('users.several.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('users.several.intro')}
          </Typography>
          <TextField
            label={t('users.several.addresses')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={phone ? 6 : 8}
            maxRows={16}
            fullWidth
            autoFocus={!phone}
            error={parsed.errors.length > 0}
            helperText={t('users.several.addressesHelp')}
            slotProps={{
              htmlInput: { spellCheck: false, autoCapitalize: 'none', autoCorrect: 'off' },
              formHelperText: { sx: { overflowWrap: 'anywhere' } },
            }}
          />
          <Typography variant="body2" role="status" aria-live="polite" data-testid="invite-several-count">
            {t('users.several.count', { count })}
          </Typography>
          {parsed.errors.length > 0 ? (
            <Box data-testid="invite-several-problems">
              <Typography variant="subtitle2" color="error" component="p">
                {t('users.several.problems')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('users.several.problems')}>
                {parsed.errors.slice(0, SHOWN_ERRORS).map((e) => (
                  <Typography
                    component="li"
                    variant="body2"
                    key={`${e.line}-${e.problem}`}
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    <Box component="span" sx={{ color: 'error.main' }}>
                      {lineErrorText(t, e)}
                    </Box>{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      “{e.text}”
                    </Box>
                  </Typography>
                ))}
              </Box>
              {parsed.errors.length > SHOWN_ERRORS ? (
                <Typography variant="body2" color="text.secondary">
                  {t('users.several.errors.more', { count: parsed.errors.length - SHOWN_ERRORS })}
                </Typography>
              ) : null}
            </Box>
          ) : null}

          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SiteSelect
                sites={sites.data}
                value={tenantGroupId}
                onChange={setTenantGroupId}
                disabled={invite.isPending}
                helperText={t('users.several.siteHelp')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <RoleSelect
                value={access}
                onChange={(code) => setAccess(code as AccessCode)}
                disabled={invite.isPending}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                label={t('users.fields.language')}
                value={language}
                onChange={(e) => setLanguage(e.target.value as InvitationLanguage)}
                disabled={invite.isPending}
                helperText={t('users.add.languageHelp')}
              >
                {LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l} lang={l}>
                    {LANGUAGE_NAMES[l]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {/* Fixed: the list gives user accounts only (not sent: USER is the server's default). */}
              <TextField
                fullWidth
                disabled
                label={t('users.fields.accountType')}
                value={accountTypeText(t, 'USER')}
                helperText={t('users.several.accountTypeHelp')}
              />
            </Grid>
          </Grid>

          {invite.error ? (
            <Alert severity="error" role="alert" data-testid="invite-several-error">
              <Typography variant="body2">{errorText(t, invite.error)}</Typography>
              {refused ? (
                <Typography variant="body2">
                  {t('users.several.errorLine', {
                    n: refused.invitation,
                    line: refused.line,
                    email: refused.email,
                  })}
                </Typography>
              ) : null}
              <Typography variant="body2">{t('users.several.nothingSent')}</Typography>
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={invite.isPending}>
          {t('users.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          startIcon={<SendRoundedIcon />}
          onClick={send}
          disabled={!canSend}
          loading={invite.isPending}
        >
          {t('users.several.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
