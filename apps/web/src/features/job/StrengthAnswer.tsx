import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import { Alert, Box, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import type { StrengthTarget, StrengthVerdict } from '@sitepulse/domain';
import { useConfig } from '../../api/queries.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';

const LOOK: Record<StrengthVerdict['kind'], { colour: string; icon: typeof CheckCircleRoundedIcon }> = {
  REACHED: { colour: '#2e7d32', icon: CheckCircleRoundedIcon },
  NOT_REACHED: { colour: '#ef6c00', icon: HourglassTopRoundedIcon },
  NO_TARGET: { colour: '#1565c0', icon: HelpOutlineRoundedIcon },
  NO_PROFILE: { colour: '#757575', icon: HelpOutlineRoundedIcon },
  NO_DATA: { colour: '#757575', icon: HourglassTopRoundedIcon },
  NOT_STARTED: { colour: '#757575', icon: HourglassTopRoundedIcon },
};

/** One target with when the average strength reached it (null: not yet). */
export interface TargetProgress extends StrengthTarget {
  reachedBy: number | null;
}

/**
 * The answer in words at the top of a maturity job: has the pour reached its target strength, and since
 * when (section 5 progress bar, the MATURED bit and the strength series crossing the target).
 */
export function StrengthAnswer({
  verdict,
  targets,
  outsideCalibration,
  inError,
  lastReading,
  stoppedAt,
  targetText,
  forecastLine,
}: {
  verdict: StrengthVerdict;
  targets: TargetProgress[];
  outsideCalibration: boolean;
  inError: boolean;
  lastReading: number | null;
  stoppedAt: number | null;
  /** the job's target as it was entered ("3000 psi"), from the forecast; else the user's figure */
  targetText?: string | null;
  /** when the target is expected, or why there is no forecast (issue 13); shown while it is not reached */
  forecastLine?: string | null;
}) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const helpUrl = useConfig().data?.helpUrl;
  const { colour, icon: Icon } = LOOK[verdict.kind];
  const strength = (v: number | null) => prefs.withUnit('Strength', v);
  const target = (v: number | null) => targetText ?? strength(v);
  const hasPercent = verdict.kind === 'REACHED' || verdict.kind === 'NOT_REACHED';

  let detail: string;
  switch (verdict.kind) {
    case 'REACHED':
      detail =
        verdict.strength === null
          ? t('job.answer.reachedMatured', { target: target(verdict.target) })
          : t('job.answer.progress', {
              strength: strength(verdict.strength),
              target: target(verdict.target),
              percent: verdict.percent,
            });
      break;
    case 'NOT_REACHED':
      detail = t('job.answer.progress', {
        strength: strength(verdict.strength),
        target: target(verdict.target),
        percent: verdict.percent,
      });
      break;
    case 'NO_TARGET':
      detail = t('job.answer.noTargetDetail', { strength: strength(verdict.strength) });
      break;
    default:
      detail = t(`job.answer.detail.${verdict.kind}`);
  }

  return (
    <Paper
      variant="outlined"
      data-testid="strength-answer"
      data-verdict={verdict.kind}
      sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, borderLeft: `6px solid ${colour}`, height: '100%' }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {t('job.answer.question')}
      </Typography>
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Icon sx={{ color: colour, fontSize: 32 }} aria-hidden />
        <Typography
          variant="h5"
          component="p"
          data-testid="strength-answer-title"
          sx={{ fontWeight: 800, lineHeight: 1.2 }}
        >
          {t(`job.answer.title.${verdict.kind}`)}
        </Typography>
      </Stack>
      <Typography variant="body1" data-testid="strength-answer-detail">
        {detail}
      </Typography>
      {forecastLine && verdict.kind === 'NOT_REACHED' ? (
        <Typography variant="body1" data-testid="strength-answer-forecast" sx={{ fontWeight: 600, mt: 0.5 }}>
          {forecastLine}
        </Typography>
      ) : null}
      {verdict.kind === 'REACHED' && verdict.reachedBy !== null && targets.length <= 1 ? (
        <Typography variant="body2" color="text.secondary" data-testid="strength-reached-by">
          {t('job.answer.reachedBy', { time: prefs.time(verdict.reachedBy) })}
        </Typography>
      ) : null}
      {hasPercent ? (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={Math.max(0, Math.min(100, verdict.percent))}
            aria-label={t('job.answer.progressLabel')}
            data-testid="strength-progress"
            data-value={verdict.percent}
            sx={{
              height: 10,
              borderRadius: 5,
              bgcolor: '#eceff1',
              '& .MuiLinearProgress-bar': { bgcolor: colour, borderRadius: 5 },
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {t('job.answer.percentOfTarget', { percent: verdict.percent })}
          </Typography>
        </Box>
      ) : null}
      {targets.length > 1 ? (
        <Box component="ul" data-testid="strength-targets" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {targets.map((target) => (
            <Typography component="li" variant="body2" key={target.level} data-level={target.level}>
              {t('job.answer.targetLine', {
                level: t(`job.targets.${target.level}`),
                target: strength(target.value),
              })}{' '}
              {target.reachedBy !== null
                ? t('job.answer.targetReachedBy', { time: prefs.time(target.reachedBy) })
                : t('job.answer.targetNotYet')}
            </Typography>
          ))}
        </Box>
      ) : null}
      {stoppedAt !== null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('job.answer.stopped', { time: prefs.time(stoppedAt) })}
        </Typography>
      ) : null}
      {inError ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="job-in-error">
          {t('job.answer.inError', { time: prefs.time(lastReading) })}
          {helpUrl ? (
            <>
              {' '}
              {/* Spec section 8: a help link for a cable error (a job's cable or node in error). */}
              <Link href={helpUrl} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 700 }}>
                {t('job.answer.errorHelp')}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {outsideCalibration ? (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="outside-calibration">
          {t('job.answer.outsideCalibration')}
        </Alert>
      ) : null}
    </Paper>
  );
}
