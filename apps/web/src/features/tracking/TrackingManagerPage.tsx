import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import LocationOffOutlinedIcon from '@mui/icons-material/LocationOffOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import {
  Box,
  Chip,
  Link,
  List,
  ListItem,
  ListItemButton,
  Pagination,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { TrackedId } from '@sitepulse/contracts';
import { ageText, LUMITRACK_PROJECT_TYPE, nodeIdShown, paths } from '@sitepulse/domain';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfig } from '../../api/queries.ts';
import { useDisplayPreferences } from '../../app/preferences.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { useNow } from '../../components/useNow.ts';
import { useTranslation } from '../../i18n/index.ts';
import { MANAGER_RPP, useTrackingManager } from './api.ts';
import { ProjectFilter } from './ProjectFilter.tsx';
import { mapPoints } from './rules.ts';

// Leaflet and its styles load with the map only.
const TrackingMap = lazy(() => import('./TrackingMap.tsx').then((m) => ({ default: m.TrackingMap })));

/** One ID of the list: ID and state, project, GPS node and position, latest checklist, stage. */
function TrackedRow({
  item,
  chosen,
  onChoose,
}: {
  item: TrackedId;
  chosen: boolean;
  onChoose: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const prefs = useDisplayPreferences();
  const now = useNow();
  const idHref =
    item.tenant !== null && item.tenantGroupId !== null
      ? paths.lumitrackId.href(item.tenantGroupId, item.tenant, item.lumitrackId)
      : null;
  const fill = item.latestChecklist;
  const ref = useRef<HTMLLIElement | null>(null);
  // A tag chosen on the map brings its row into view.
  useEffect(() => {
    if (chosen) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [chosen]);
  return (
    <ListItem
      ref={ref}
      disablePadding
      divider
      data-testid="tracked-id"
      data-lumitrack-id={item.lumitrackId}
      secondaryAction={
        idHref ? (
          <Link component={RouterLink} to={idHref} variant="body2" sx={{ fontWeight: 600 }}>
            {t('tracking.openId')}
          </Link>
        ) : undefined
      }
    >
      <ListItemButton
        selected={chosen}
        onClick={() => onChoose(item.lumitrackId)}
        sx={{ display: 'block', py: 1.25 }}
        aria-label={t('tracking.manager.showOnMap', { id: item.lumitrackId })}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
            {item.lumitrackId}
          </Typography>
          <Chip
            size="small"
            label={t(`tracking.states.${item.state}`)}
            color={item.state === 'Active' ? 'success' : 'default'}
            sx={{ fontWeight: 700, height: 20 }}
          />
          {item.stage ? (
            <Chip
              size="small"
              variant="outlined"
              label={item.stage.name}
              data-testid="tracked-stage"
              sx={{ height: 20 }}
            />
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {item.projectName ?? t('tracking.noProject')}
        </Typography>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, typography: 'body2' }}
          data-testid="tracked-location"
        >
          {item.location ? (
            <>
              <PlaceOutlinedIcon fontSize="small" color="primary" aria-hidden />
              <span>
                {t('tracking.manager.position', {
                  lat: item.location.lat.toFixed(5),
                  lon: item.location.lng.toFixed(5),
                  age: ageText(now - item.location.timestamp, i18n.language),
                })}
              </span>
            </>
          ) : (
            <>
              <LocationOffOutlinedIcon fontSize="small" color="disabled" aria-hidden />
              <span>{t('tracking.manager.noPosition')}</span>
            </>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {item.gpsNodeId !== null
            ? t('tracking.manager.gpsNode', { node: nodeIdShown(item.gpsNodeId, LUMITRACK_PROJECT_TYPE) })
            : t('tracking.manager.noGpsNode')}
        </Typography>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25, typography: 'body2' }}
          data-testid="tracked-checklist"
        >
          <FactCheckOutlinedIcon fontSize="small" color="action" aria-hidden />
          <span>
            {fill
              ? t('tracking.manager.checklist', {
                  template: fill.templateName,
                  who: fill.userName,
                  when: prefs.time(fill.creationDate),
                })
              : t('tracking.manager.noChecklist')}
          </span>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The tracking manager `/tracking-manager` (spec section 1, behind its build flag; issue 16): the company's
 * active Lumitrack IDs the user reads, each at the last GPS fix of its GPS node on the map, with the list beside
 * it (under it on a phone): project, state, GPS node (first 8 characters), position or "no position", latest
 * checklist (template, who, when) and current stage. One call per page (GET /tracking/manager), read again
 * every minute.
 */
export default function TrackingManagerPage() {
  const { t } = useTranslation();
  const config = useConfig().data;
  const [tenantId, setTenantId] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const query = useTrackingManager(tenantId, page);
  const points = useMemo(() => mapPoints(query.data?.items ?? []), [query.data]);

  return (
    <PageFrame
      title={t('titles.trackingManager')}
      actions={
        <ProjectFilter
          value={tenantId}
          onChange={(v) => {
            setTenantId(v);
            setPage(0);
            setChosen(null);
          }}
        />
      }
    >
      <QueryState
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={<EmptyState message={t('tracking.manager.empty')} />}
      >
        {(data) => (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="manager-summary">
              {t('tracking.manager.summary', { count: data.total, positioned: data.positioned })}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(320px, 2fr)' },
              }}
            >
              <Paper
                variant="outlined"
                sx={{
                  position: 'relative',
                  height: { xs: 300, md: 560 },
                  borderRadius: 2,
                  overflow: 'hidden',
                }}
                data-testid="tracking-map"
              >
                <Suspense fallback={<PageSpinner />}>
                  <TrackingMap
                    points={points}
                    chosen={chosen}
                    onChoose={setChosen}
                    tileUrl={config?.mapTileUrl}
                    attribution={config?.mapAttribution}
                  />
                </Suspense>
                {points.length === 0 ? (
                  <Box
                    sx={{
                      position: 'absolute',
                      inset: 'auto 0 0 0',
                      zIndex: 500,
                      p: 1,
                      bgcolor: 'rgba(255,255,255,0.9)',
                      textAlign: 'center',
                    }}
                  >
                    <Typography variant="body2">{t('tracking.manager.nonePositioned')}</Typography>
                  </Box>
                ) : null}
              </Paper>
              <Stack
                component={Paper}
                variant="outlined"
                sx={{ borderRadius: 2, maxHeight: { md: 560 }, overflow: 'auto' }}
              >
                <List disablePadding aria-label={t('tracking.manager.listLabel')}>
                  {data.items.map((item) => (
                    <TrackedRow
                      key={item.lumitrackId}
                      item={item}
                      chosen={item.lumitrackId === chosen}
                      onChoose={setChosen}
                    />
                  ))}
                </List>
              </Stack>
            </Box>
            {data.total > MANAGER_RPP ? (
              <Pagination
                sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
                count={Math.ceil(data.total / MANAGER_RPP)}
                page={page + 1}
                onChange={(_e, p) => {
                  setPage(p - 1);
                  setChosen(null);
                }}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
