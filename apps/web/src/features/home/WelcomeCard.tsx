import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import StraightenRoundedIcon from '@mui/icons-material/StraightenRounded';
import WavingHandRoundedIcon from '@mui/icons-material/WavingHandRounded';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useSaveUserSetting, useUserDetails } from '../../api/queries.ts';
import { hasSeen, markSeen, writeSession } from '../../api/session.ts';
import { useAlert } from '../../components/AlertBanner.tsx';
import { useTranslation } from '../../i18n/index.ts';

type Units = 'Metric' | 'Imperial';

/**
 * The map's first-visit note, in two steps (spec section 2): a welcome, then the intro of the
 * unit-of-measure setting (Metric or Imperial, saved with PUT /settings/user and kept in the
 * session). Shown once: the mapWelcome 'seen' flag. It sits beside the map (below it on a phone),
 * never over it, so it covers no pin (issue 13).
 */
export function WelcomeCard() {
  const { t } = useTranslation();
  const { showAlert } = useAlert();
  const [step, setStep] = useState<'welcome' | 'units' | 'done'>(() =>
    hasSeen('mapWelcome') ? 'done' : 'welcome',
  );
  const { data: user } = useUserDetails();
  const current = user?.userSettingData?.find((s) => s.type === 'SystemOfMeasurement')?.val;
  const [choice, setChoice] = useState<Units | null>(null);
  const units: Units = choice ?? (current === 'Imperial' ? 'Imperial' : 'Metric');
  const save = useSaveUserSetting();

  if (step === 'done') return null;

  const finish = () => {
    markSeen('mapWelcome');
    setStep('done');
  };

  const submit = () => {
    save.mutate(
      { userSettingType: 'SystemOfMeasurement', val: units },
      {
        onSuccess: () => {
          writeSession({ measurementUnits: units });
          showAlert({ severity: 'success', message: t('home.units.saved') });
          finish();
        },
        onError: () => showAlert({ severity: 'error', message: t('home.units.failed') }),
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      role="region"
      data-testid="welcome-card"
      aria-label={step === 'welcome' ? t('home.welcome.title') : t('home.units.title')}
      sx={{
        position: 'relative',
        p: { xs: 2, sm: 2.5 },
        borderRadius: 3,
        borderColor: 'secondary.main',
        bgcolor: '#fffaf0',
      }}
    >
      <IconButton
        size="small"
        aria-label={t('home.welcome.close')}
        onClick={finish}
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <CloseRoundedIcon fontSize="small" />
      </IconButton>
      {step === 'welcome' ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, pr: 4 }}>
            <WavingHandRoundedIcon sx={{ color: 'secondary.main' }} aria-hidden />
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
              {t('home.welcome.title')}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('home.welcome.body')}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button variant="contained" onClick={() => setStep('units')}>
              {t('home.welcome.next')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, pr: 4 }}>
            <StraightenRoundedIcon sx={{ color: 'primary.main' }} aria-hidden />
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
              {t('home.units.title')}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('home.units.body')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            color="primary"
            value={units}
            onChange={(_e, v: Units | null) => v && setChoice(v)}
            aria-label={t('home.units.title')}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="Metric" sx={{ flexDirection: 'column', textTransform: 'none', py: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {t('home.units.metric')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                °C · MPa · km/hr
              </Typography>
            </ToggleButton>
            <ToggleButton value="Imperial" sx={{ flexDirection: 'column', textTransform: 'none', py: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {t('home.units.imperial')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                °F · psi · mph
              </Typography>
            </ToggleButton>
          </ToggleButtonGroup>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button onClick={finish}>{t('home.units.later')}</Button>
            <Button
              variant="contained"
              onClick={submit}
              disabled={save.isPending}
              startIcon={
                save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
              }
            >
              {t('home.units.save')}
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}
