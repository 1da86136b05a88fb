import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import GpsFixedRoundedIcon from '@mui/icons-material/GpsFixedRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import { Box, Button, Paper, Typography } from '@mui/material';
import type { LumitrackId } from '@sitepulse/contracts';
import { MISSING_VALUE, paths } from '@sitepulse/domain';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useCurrentJobSite, useUserDetails } from '../../api/queries.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useProjectName } from '../../components/project-name.ts';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useFills, useLumitrackId, useProjectIds } from './api.ts';
import { FillHistory } from './FillHistory.tsx';
import { StateChip } from './IdList.tsx';
import { LabelFiles } from './Labels.tsx';
import { OverTitle } from './LumitrackProjectPage.tsx';
import { canChangeSite, gpsNodeText } from './rules.ts';

// The dialogs (forms, validation) are fetched when first opened (docs/decisions/web-bundle.md).
const GpsNodeDialog = lazyDialog(
  () => import('./IdDialogs.tsx').then((m) => m.GpsNodeDialog),
  (p) => p.lumitrackId !== null,
);
const FillChecklistDialog = lazyDialog(
  () => import('./FillChecklistDialog.tsx').then((m) => m.FillChecklistDialog),
  (p) => p.lumitrack !== null,
);
const LabelsDialog = lazyDialog(() => import('./LabelsDialog.tsx').then((m) => m.LabelsDialog));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body1', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** The ID's facts: state, project (its association), GPS node with its last fix, and when it was made. */
function IdFacts({ id }: { id: LumitrackId }) {
  const { t } = useTranslation();
  const prefs = useDisplayPreferences();
  const node = id.gpsNode;
  return (
    <Paper
      variant="outlined"
      data-testid="id-facts"
      sx={{
        p: 2,
        borderRadius: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <Fact label={t('lumitrack.columns.state')}>
        <StateChip state={id.state} />
      </Fact>
      <Fact label={t('lumitrack.columns.association')}>
        {id.lumitrackIdAssociationData.map((a) => a.name).join(', ') || MISSING_VALUE}
      </Fact>
      <Fact label={t('lumitrack.columns.gpsNode')}>
        {node ? (
          <>
            <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }} data-testid="gps-node">
              {gpsNodeText(node)}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {node.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {node.latestLocationTs !== null && node.latestLat !== null && node.latestLng !== null
                ? t('lumitrack.id.lastFix', {
                    when: prefs.time(node.latestLocationTs),
                    lat: node.latestLat.toFixed(5),
                    lon: node.latestLng.toFixed(5),
                  })
                : t('lumitrack.id.noFix')}
            </Typography>
          </>
        ) : (
          MISSING_VALUE
        )}
      </Fact>
      <Fact label={t('lumitrack.columns.created')}>{prefs.time(id.creationDate)}</Fact>
    </Paper>
  );
}

/**
 * One Lumitrack ID `/lumitrack/{jobsiteId}/{tenantId}/id/{lumitrackId}` (ours, issue 16): its state, project,
 * GPS node and creation, its checklists (newest first, each readable with the template it filled), and, for
 * those who may change its site, filling a checklist and giving it a GPS node; labels for anyone.
 */
export default function LumitrackIdPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { jobSite } = useCurrentJobSite(params.jobsiteId);
  const projectName = useProjectName();
  const lumitrackId = params.lumitrackId ?? '';
  const routeTenant = Number(params.tenantId);
  const query = useLumitrackId(lumitrackId);
  const fills = useFills(lumitrackId);
  const user = useUserDetails().data;
  const id = query.data;
  const tenantId = id?.tenant ?? routeTenant;
  const projectIds = useProjectIds(tenantId);
  const project = jobSite?.tenantMessages.find((p) => p.id === routeTenant);
  const canChange = !!jobSite && canChangeSite(user, jobSite.id) && id?.state === 'Active';
  const [filling, setFilling] = useState(false);
  const [gps, setGps] = useState(false);
  const [labels, setLabels] = useState(false);

  return (
    <PageFrame
      title={<OverTitle over={t('lumitrack.titles.id')} title={id?.lumitrackId ?? lumitrackId} />}
      actions={
        id ? (
          // On a phone the actions take their own line under the title.
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
            <Button variant="outlined" startIcon={<QrCode2RoundedIcon />} onClick={() => setLabels(true)}>
              {t('lumitrack.id.label')}
            </Button>
            {canChange ? (
              <>
                <Button variant="outlined" startIcon={<GpsFixedRoundedIcon />} onClick={() => setGps(true)}>
                  {t('lumitrack.row.gps')}
                </Button>
                <Button
                  variant="contained"
                  startIcon={<FactCheckOutlinedIcon />}
                  onClick={() => setFilling(true)}
                >
                  {t('lumitrack.row.fill')}
                </Button>
              </>
            ) : null}
          </Box>
        ) : null
      }
    >
      {jobSite && project ? (
        <Button
          component={RouterLink}
          to={paths.lumitrackProject.href(jobSite.id, project.id)}
          startIcon={<ArrowBackRoundedIcon />}
          size="small"
          sx={{ mb: 2 }}
        >
          {t('lumitrack.id.back', { project: projectName(project) })}
        </Button>
      ) : null}
      <QueryState query={query}>
        {(data) => (
          <>
            <IdFacts id={data} />
            <Box component="section" aria-labelledby="id-checklists" sx={{ mt: 4 }}>
              <Typography
                id="id-checklists"
                variant="h6"
                component="h2"
                sx={{ fontWeight: 700, fontSize: 18, mb: 1.5 }}
              >
                {t('lumitrack.history.title')}
              </Typography>
              <QueryState
                query={fills}
                isEmpty={(d) => d.length === 0}
                empty={<EmptyState message={t('lumitrack.history.empty')} />}
              >
                {(list) => <FillHistory fills={list} />}
              </QueryState>
            </Box>
            <LabelFiles ids={new Set([data.lumitrackId])} />
            <FillChecklistDialog
              lumitrack={filling ? data : null}
              tenantId={tenantId}
              onClose={() => setFilling(false)}
            />
            <GpsNodeDialog
              lumitrackId={gps ? data : null}
              jobsiteId={data.tenantGroupId ?? jobSite?.id ?? 0}
              projectIds={projectIds.data ?? []}
              onClose={() => setGps(false)}
            />
            <LabelsDialog open={labels} lumitrackIds={[data.lumitrackId]} onClose={() => setLabels(false)} />
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
