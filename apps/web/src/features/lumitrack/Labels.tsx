import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { IdFileRequest } from '@sitepulse/contracts';
import { useState } from 'react';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { DownloadLinkButton } from '../../components/DownloadLinkButton.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { ReportStatusChip } from '../../components/ReportStatusChip.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { labelFileHref, useLabelPreference, useLabelRequests } from './api.ts';

/** A ready label file (components/DownloadLinkButton). */
function DownloadButton({ request }: { request: IdFileRequest }) {
  const { t } = useTranslation();
  const { fileName } = request;
  if (!fileName) return null;
  return (
    <DownloadLinkButton
      makeHref={() => labelFileHref(request)}
      fileName={fileName}
      label={t('lumitrack.files.downloadNamed', { name: fileName })}
      text={t('lumitrack.files.download')}
      testId="label-download"
    />
  );
}

/** What a label file holds, in words: its format, and the ID (one) or how many. */
function RequestSummary({ request }: { request: IdFileRequest }) {
  const { t } = useTranslation();
  const format =
    request.payload.fileType === 'ZIP'
      ? t('lumitrack.formats.ZIP')
      : t(`lumitrack.formats.${request.payload.fileFormat}`);
  const what =
    request.lumitrackIds.length === 1
      ? request.lumitrackIds[0]
      : t('lumitrack.files.ids', { count: request.lumitrackIds.length });
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {format} · {what}
    </Typography>
  );
}

const SHOWN = 10;

/**
 * The label files asked for with IDs of this project (`ids`), newest first: queued, being made, ready (with
 * the download) or failed (with the reason). The list is read again every 3 s while a file is on its way.
 */
export function LabelFiles({ ids }: { ids: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const query = useLabelRequests();
  // The user's label format, read with the page as before the labels dialog was fetched apart: the dialog
  // opens with it chosen.
  useLabelPreference();
  const [all, setAll] = useState(false);
  return (
    <Box component="section" aria-labelledby="label-files" sx={{ mt: 4 }}>
      <Typography
        id="label-files"
        variant="h6"
        component="h2"
        sx={{ fontWeight: 700, fontSize: 18, mb: 1.5 }}
      >
        {t('lumitrack.files.title')}
      </Typography>
      <QueryState query={query}>
        {(requests) => {
          const mine = requests.filter((r) => r.lumitrackIds.some((id) => ids.has(id)));
          if (mine.length === 0) return <EmptyState message={t('lumitrack.files.empty')} />;
          const shown = all ? mine : mine.slice(0, SHOWN);
          return (
            <Stack spacing={1} data-testid="label-files">
              {shown.map((r) => (
                <Paper
                  key={r.id}
                  variant="outlined"
                  data-testid="label-file"
                  data-status={r.status}
                  sx={{
                    p: 1.5,
                    borderRadius: 2,
                    display: 'flex',
                    gap: 1.5,
                    alignItems: 'center',
                    flexWrap: 'wrap',
                  }}
                >
                  <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                    <RequestSummary request={r} />
                    <Typography variant="caption" color="text.secondary">
                      {t('lumitrack.files.asked', { when: prefs.time(r.creationDate), who: r.ownerUsername })}
                    </Typography>
                    {r.status === 'ERROR' ? (
                      <Typography variant="caption" color="error" component="div">
                        {r.error || t('lumitrack.files.noReason')}
                      </Typography>
                    ) : null}
                  </Box>
                  <ReportStatusChip status={r.status} />
                  {r.status === 'DONE' ? <DownloadButton request={r} /> : null}
                </Paper>
              ))}
              {mine.length > SHOWN ? (
                <Button size="small" onClick={() => setAll((v) => !v)} sx={{ alignSelf: 'flex-start' }}>
                  {all
                    ? t('lumitrack.files.showFewer')
                    : t('lumitrack.files.showAll', { count: mine.length })}
                </Button>
              ) : null}
            </Stack>
          );
        }}
      </QueryState>
    </Box>
  );
}
