/**
 * The calls of the tracking manager and material tracking (issue 16; apps/server/src/modules/tracking), and the
 * checklists filled for a scanned ID (apps/server/src/modules/checklists). Keys under queryKeys.tracking;
 * recording a stage or saving the stages invalidates tracking.all.
 */
import type {
  ChecklistFill,
  MaterialElementsPage,
  MaterialEvent,
  MaterialEventBody,
  MaterialStage,
  MaterialStageInput,
  MaterialTimeline,
  TrackingManagerPage,
} from '@sitepulse/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/client.ts';
import { currentIdentity } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** IDs a page of the tracking manager holds (the map shows the page's positioned IDs). */
export const MANAGER_RPP = 200;
/** Elements a page of material tracking holds. */
export const ELEMENTS_RPP = 50;
/** How often the tracking manager reads positions again (GPS nodes report every few minutes). */
const MANAGER_REFRESH_MS = 60_000;

const companyIdNow = () => currentIdentity().companyId ?? 0;

/** GET /tracking/manager: one page of the company's IDs with location, state, latest checklist and stage. */
export function useTrackingManager(tenantId: number | null, page: number) {
  const companyId = companyIdNow();
  return useQuery({
    queryKey: queryKeys.tracking.manager(companyId, tenantId, page, MANAGER_RPP),
    queryFn: ({ signal }) =>
      apiFetch<TrackingManagerPage>('/tracking/manager', {
        signal,
        query: { companyId, tenantId, page, rpp: MANAGER_RPP },
      }),
    enabled: companyId > 0,
    placeholderData: keepPreviousData,
    refetchInterval: MANAGER_REFRESH_MS,
  });
}

/** GET /tracking/material/stages: the company's stages, in order. */
export function useStages() {
  const companyId = companyIdNow();
  return useQuery({
    queryKey: queryKeys.tracking.stages(companyId),
    queryFn: ({ signal }) =>
      apiFetch<MaterialStage[]>('/tracking/material/stages', { signal, query: { companyId } }),
    enabled: companyId > 0,
  });
}

/** Which elements the list shows: all, those at a stage, or those with no stage yet. */
export type StageChoice = number | 'none' | 'all';

/** GET /tracking/material/elements: counts per stage and one page of elements. */
export function useElements(tenantId: number | null, stage: StageChoice, page: number) {
  const companyId = companyIdNow();
  return useQuery({
    queryKey: queryKeys.tracking.elements(companyId, tenantId, stage, page),
    queryFn: ({ signal }) =>
      apiFetch<MaterialElementsPage>('/tracking/material/elements', {
        signal,
        query: {
          companyId,
          tenantId,
          page,
          rpp: ELEMENTS_RPP,
          stageId: typeof stage === 'number' ? stage : undefined,
          notStarted: stage === 'none' ? true : undefined,
        },
      }),
    enabled: companyId > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /tracking/material/events/by_lumitrack_id/{id}: an element and its stage events, newest first. */
export function useTimeline(lumitrackId: string | null) {
  return useQuery({
    queryKey: queryKeys.tracking.timeline(lumitrackId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<MaterialTimeline>(
        `/tracking/material/events/by_lumitrack_id/${encodeURIComponent(lumitrackId ?? '')}`,
        {
          signal,
        },
      ),
    enabled: !!lumitrackId,
    retry: false,
  });
}

/** GET /checklist/fills/by_lumitrack_id/{id}: the checklists filled for an ID, newest first (to back a stage). */
export function useIdFills(lumitrackId: string | null) {
  return useQuery({
    queryKey: queryKeys.checklists.fills(lumitrackId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<ChecklistFill[]>(`/checklist/fills/by_lumitrack_id/${encodeURIComponent(lumitrackId ?? '')}`, {
        signal,
      }),
    enabled: !!lumitrackId,
  });
}

/** POST /tracking/material/events: records a stage of an element (201). */
export function useRecordStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MaterialEventBody) =>
      apiFetch<MaterialEvent>('/tracking/material/events', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tracking.all }),
  });
}

/** PUT /tracking/material/stages: the company admin's whole ordered list of stages. */
export function useSaveStages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (stages: MaterialStageInput[]) =>
      apiFetch<MaterialStage[]>('/tracking/material/stages', {
        method: 'PUT',
        body: { companyId: companyIdNow(), stages },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tracking.all }),
  });
}
