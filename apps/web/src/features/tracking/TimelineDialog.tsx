import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { MaterialEvent } from '@sitepulse/contracts';
import { paths } from '@sitepulse/domain';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { InlineSpinner } from '../../components/InlineSpinner.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useTimeline } from './api.ts';
import { trackingErrorText } from './rules.ts';

/** One stage event on the timeline: the stage, who and when, how it moved, its note and checklist. */
function EventItem({ event }: { event: MaterialEvent }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const back = event.move === 'BACKWARD';
  return (
    <Box
      component="li"
      data-testid="timeline-event"
      data-move={event.move}
      sx={{
        position: 'relative',
        pl: 3,
        pb: 2,
        '&::before': {
          content: '""',
          position: 'absolute',
          left: 6,
          top: 6,
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: back ? 'warning.main' : 'primary.main',
        },
        '&:not(:last-of-type)::after': {
          content: '""',
          position: 'absolute',
          left: 10,
          top: 18,
          bottom: 0,
          width: 2,
          bgcolor: 'divider',
        },
      }}
    >
      <Typography sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {back ? (
          <UndoRoundedIcon fontSize="small" color="warning" aria-label={t('tracking.timeline.back')} />
        ) : null}
        {event.stageName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('tracking.timeline.by', { who: event.userName, when: prefs.time(event.creationDate) })}
      </Typography>
      {event.note ? (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {event.note}
        </Typography>
      ) : null}
      {event.checklistFillId ? (
        <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <FactCheckOutlinedIcon fontSize="small" color="action" aria-hidden />
          {t('tracking.timeline.checklist', { template: event.checklistTemplateName ?? '' })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** An element's timeline: its current stage and every stage recorded for it, newest first. */
export function TimelineDialog({
  lumitrackId,
  onClose,
}: {
  lumitrackId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const timeline = useTimeline(lumitrackId);
  const element = timeline.data?.element;
  const idHref =
    element && element.tenant !== null && element.tenantGroupId !== null
      ? paths.lumitrackId.href(element.tenantGroupId, element.tenant, element.lumitrackId)
      : null;
  return (
    <Dialog
      open={lumitrackId !== null}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {t('tracking.timeline.title', { id: lumitrackId ?? '' })}
      </DialogTitle>
      <DialogContent>
        {timeline.isPending ? <InlineSpinner /> : null}
        {timeline.isError ? <Alert severity="error">{trackingErrorText(t, timeline.error)}</Alert> : null}
        {timeline.data ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {timeline.data.element.projectName ?? t('tracking.noProject')}
              {idHref ? (
                <>
                  {' · '}
                  <Link component={RouterLink} to={idHref}>
                    {t('tracking.openId')}
                  </Link>
                </>
              ) : null}
            </Typography>
            {timeline.data.events.length === 0 ? (
              <Typography color="text.secondary">{t('tracking.timeline.empty')}</Typography>
            ) : (
              <Box
                component="ol"
                sx={{ listStyle: 'none', m: 0, p: 0 }}
                aria-label={t('tracking.timeline.listLabel')}
              >
                {timeline.data.events.map((e) => (
                  <EventItem key={e.id} event={e} />
                ))}
              </Box>
            )}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('tracking.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
