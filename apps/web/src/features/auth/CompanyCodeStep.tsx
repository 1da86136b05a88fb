import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  Link,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { RETRY_LIMIT } from '@sitepulse/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { completeCompanySetup, ServerInfoError, submitCompanyCode } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { readNumber } from '../../api/session.ts';
import { useTranslation } from '../../i18n/index.ts';
import { trackAuthCodeFailed } from './analytics.ts';
import { CodeEntry } from './CodeEntry.tsx';
import { StepHeading } from './StepHeading.tsx';

type CodeError = 'wrong' | 'tooMany' | 'unreachable';

export interface CompanyCodeStepProps {
  /** The code was accepted and the company's server is known: go on to the user-login step. */
  onDone: (companyId: number) => void;
  helpUrl?: string;
  /** The first character was typed: a chance to fetch what the next step needs. */
  onTyping?: () => void;
  /** Server-info retry pause, for tests. */
  retryDelayMs?: number;
}

/**
 * Step 1 of the login screen: the 5-character company auth code, submitted by itself once complete (spec
 * sections 2, 4, 8). A wrong code says so word for word, notes a possible firewall and records an analytics
 * event; a server-info failure after every retry shows a retry screen.
 */
export function CompanyCodeStep({ onDone, helpUrl, onTyping, retryDelayMs }: CompanyCodeStepProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [uppercase, setUppercase] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [error, setError] = useState<CodeError | null>(null);
  const [serverInfoFailed, setServerInfoFailed] = useState(false);

  useEffect(() => {
    if (!busy && !serverInfoFailed) inputRef.current?.focus();
  }, [busy, serverInfoFailed]);

  const submit = async (value: string) => {
    setBusy(true);
    setError(null);
    setFailedAttempts(0);
    try {
      const result = await submitCompanyCode(value, { retryDelayMs, onAttemptFailed: setFailedAttempts });
      onDone(result.companyId);
    } catch (err) {
      setBusy(false);
      if (err instanceof ServerInfoError) {
        setServerInfoFailed(true);
        return;
      }
      setCode('');
      if (err instanceof ApiError && err.status === 429) setError('tooMany');
      else if (err instanceof ApiError && err.status !== undefined && err.status < 500) {
        setError('wrong');
        trackAuthCodeFailed();
      } else setError('unreachable');
    }
  };

  const retryServerInfo = async () => {
    const companyId = readNumber('companyId');
    if (companyId === null) {
      setServerInfoFailed(false);
      return;
    }
    setBusy(true);
    setFailedAttempts(0);
    try {
      await completeCompanySetup(companyId, { retryDelayMs, onAttemptFailed: setFailedAttempts });
      setServerInfoFailed(false);
      onDone(companyId);
    } catch {
      setBusy(false);
    }
  };

  if (serverInfoFailed) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CloudOffOutlinedIcon color="action" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h2">
          {t('auth.serverInfo.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.serverInfo.text', { count: RETRY_LIMIT })}</Typography>
        {busy && (
          <Box sx={{ width: '100%' }}>
            <LinearProgress />
            {failedAttempts > 0 && (
              <Typography variant="caption" color="text.secondary">
                {t('auth.serverInfo.retrying', { attempt: failedAttempts + 1 })}
              </Typography>
            )}
          </Box>
        )}
        <Button variant="contained" onClick={retryServerInfo} loading={busy} size="large" fullWidth>
          {t('auth.serverInfo.retry')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <StepHeading title={t('auth.code.title')} subtitle={t('auth.code.subtitle')} />
      <CodeEntry
        label={t('auth.code.label')}
        value={code}
        onChange={(v) => {
          if (v) onTyping?.();
          setCode(v);
          if (v) setError(null);
        }}
        onComplete={submit}
        uppercase={uppercase}
        disabled={busy}
        error={error !== null}
        inputRef={inputRef}
        describedBy={error ? errorId : undefined}
      />
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={uppercase}
              onChange={(e) => {
                setUppercase(e.target.checked);
                if (e.target.checked) setCode((c) => c.toUpperCase());
                inputRef.current?.focus();
              }}
            />
          }
          label={<Typography variant="body2">{t('auth.code.forceUppercase')}</Typography>}
        />
      </Box>
      <Box sx={{ minHeight: 4 }}>{busy && <LinearProgress aria-label={t('auth.code.verifying')} />}</Box>
      {error && (
        <Alert severity={error === 'tooMany' ? 'warning' : 'error'} id={errorId} role="alert">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {error === 'wrong'
              ? t('auth.code.wrong')
              : error === 'tooMany'
                ? t('auth.code.tooMany')
                : t('auth.code.unreachable')}
          </Typography>
          {error !== 'tooMany' && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('auth.code.firewall')}{' '}
              {helpUrl && (
                <Link
                  href={helpUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="inherit"
                  sx={{ fontWeight: 600 }}
                >
                  {t('auth.code.help')}
                </Link>
              )}
            </Typography>
          )}
        </Alert>
      )}
    </Stack>
  );
}
