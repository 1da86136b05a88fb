import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { ChecklistFill, ChecklistItem } from '@sitepulse/contracts';
import { MISSING_VALUE } from '@sitepulse/domain';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { useTranslation } from '../../i18n/index.ts';
import { photoHref } from './api.ts';

/** One answer as read back, by its item's kind: Pass / Fail, the number and its unit, the text, the photo. */
function AnswerValue({ item, value }: { item: ChecklistItem; value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined || value === null) return <>{MISSING_VALUE}</>;
  switch (item.kind) {
    case 'CHECK':
      return (
        <Chip
          size="small"
          label={value === true ? t('lumitrack.fill.pass') : t('lumitrack.fill.fail')}
          color={value === true ? 'success' : 'error'}
          sx={{ fontWeight: 700 }}
        />
      );
    case 'NUMBER':
      return (
        <>
          {String(value)}
          {item.unit ? ` ${item.unit}` : ''}
        </>
      );
    case 'PHOTO': {
      const href = photoHref(String(value));
      return href ? (
        <Link href={href} target="_blank" rel="noopener">
          <Box
            component="img"
            src={href}
            alt={t('lumitrack.history.photoOf', { item: item.label })}
            sx={{ maxWidth: 160, maxHeight: 120, borderRadius: 1, display: 'block' }}
          />
        </Link>
      ) : (
        t('lumitrack.history.photo')
      );
    }
    default:
      return <Box sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{String(value)}</Box>;
  }
}

/**
 * The checklists filled for an ID, newest first: each with its template (as it was filled: its name and
 * version), who filled it and when; opened, every item of that template with its answer.
 */
export function FillHistory({ fills }: { fills: readonly ChecklistFill[] }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  return (
    <Stack spacing={1} data-testid="fill-history">
      {fills.map((f, i) => {
        const answers = new Map(f.answers.map((a) => [a.key, a.value]));
        return (
          <Accordion
            key={f.id}
            defaultExpanded={i === 0}
            disableGutters
            variant="outlined"
            data-testid="fill"
            sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {t('lumitrack.history.template', { name: f.templateName, version: f.templateVersion })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('lumitrack.history.by', { who: f.userName, when: prefs.time(f.creationDate) })}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails sx={{ pt: 0 }}>
              <Table size="small" aria-label={t('lumitrack.history.answers')}>
                <TableBody>
                  {f.template.items.map((item) => (
                    <TableRow key={item.key}>
                      <TableCell sx={{ width: '50%', verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                        {item.label}
                      </TableCell>
                      <TableCell sx={{ verticalAlign: 'top' }}>
                        <AnswerValue item={item} value={answers.get(item.key)} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Stack>
  );
}
