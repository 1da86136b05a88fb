import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import { Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from './PageFrame.tsx';

/** A registered route whose screen a later release fills in: its title and a short note. */
export function RoutePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderStyle: 'dashed', borderRadius: 3 }}
      >
        <ConstructionRoundedIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} aria-hidden />
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('shell.placeholder.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('shell.placeholder.message')}
        </Typography>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('shell.placeholder.backToMap')}
        </Button>
      </Paper>
    </PageFrame>
  );
}
