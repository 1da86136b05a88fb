/**
 * The calls of the Lumitrack screens (spec section 7 "Lumitrack IDs"; apps/server/src/modules/lumitrack) and
 * the checklist calls of one ID (ours: fills and photos; apps/server/src/modules/checklists). Keys under
 * queryKeys.lumitrack and queryKeys.checklists; a Lumitrack mutation invalidates lumitrack.all (and the
 * latest checklists), a fill checklists.all.
 */
import type {
  ActiveLumitrackIds,
  AssignGpsNodeBody,
  AssignTenantBody,
  ChecklistFill,
  ChecklistFillBody,
  ChecklistLatestFill,
  ChecklistPhoto,
  IdFileRequest,
  IdFileRequestBody,
  LabelPreference,
  LumitrackId,
  NodeInfo,
} from '@sitepulse/contracts';
import { buildDownloadLink, DEFAULT_QR_FORMAT, QR_FORMATS, type QrFormat } from '@sitepulse/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiFetch } from '../../api/client.ts';
import { currentIdentity } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { pollWhileInFlight } from '../../api/reports.ts';
import { readSession, writeSession } from '../../api/session.ts';

export const LT = '/lumitrack/lumitrackid';

/** GET .../by_tenant/list/{tenantId}: a project's active IDs (inactive ones are hidden), newest first. */
export function useProjectIds(tenantId: number) {
  return useQuery({
    queryKey: queryKeys.lumitrack.project(tenantId),
    queryFn: ({ signal }) => apiFetch<LumitrackId[]>(`${LT}/by_tenant/list/${tenantId}`, { signal }),
    enabled: Number.isSafeInteger(tenantId) && tenantId > 0,
  });
}

/** GET .../by_companyId/list/{companyId}: the company's active IDs the user may read (to add some to a project). */
export function useCompanyIds(enabled: boolean) {
  const companyId = currentIdentity().companyId ?? 0;
  return useQuery({
    queryKey: queryKeys.lumitrack.company(companyId),
    queryFn: ({ signal }) => apiFetch<LumitrackId[]>(`${LT}/by_companyId/list/${companyId}`, { signal }),
    enabled: enabled && companyId > 0,
  });
}

/** GET .../by_lumitrack_id/{id}: one ID, Active or Inactive, with its project and GPS node. */
export function useLumitrackId(lumitrackId: string) {
  return useQuery({
    queryKey: queryKeys.lumitrack.id(lumitrackId),
    queryFn: ({ signal }) =>
      apiFetch<LumitrackId>(`${LT}/by_lumitrack_id/${encodeURIComponent(lumitrackId)}`, { signal }),
  });
}

/** GET .../cmd/get_active_lumitrackId: where the company stands against its annual ID limit. */
export function useAnnualRoom(enabled: boolean) {
  const companyId = currentIdentity().companyId ?? 0;
  return useQuery({
    queryKey: queryKeys.lumitrack.annual(companyId),
    queryFn: ({ signal }) =>
      apiFetch<ActiveLumitrackIds>(`${LT}/cmd/get_active_lumitrackId`, { signal, query: { companyId } }),
    enabled: enabled && companyId > 0,
  });
}

/** The site's nodes (GET /nodes/list/by_tenant?tenantGroupId=): the GPS nodes an ID may be given are among them. */
export function useSiteNodes(tenantGroupId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.lumitrack.gpsNodes(tenantGroupId),
    queryFn: ({ signal }) =>
      apiFetch<NodeInfo[]>('/nodes/list/by_tenant', { signal, query: { tenantGroupId } }),
    enabled,
  });
}

function useLumitrackMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.lumitrack.all });
      void client.invalidateQueries({ queryKey: queryKeys.checklists.all });
    },
  });
}

/**
 * POST .../type/standard (one) or .../type/standard/list (several), made in the project `tenantId` (ours):
 * within the company's annual limit, else 409 LUMITRACK_ID_ANNUAL_LIMIT and nothing is made.
 */
export function useCreateIds(tenantId: number) {
  return useLumitrackMutation((count: number) => {
    const companyId = currentIdentity().companyId ?? 0;
    return count === 1
      ? apiFetch<LumitrackId>(`${LT}/type/standard`, { method: 'POST', body: { companyId, tenantId } }).then(
          (id) => [id],
        )
      : apiFetch<LumitrackId[]>(`${LT}/type/standard/list`, {
          method: 'POST',
          body: { companyId, numLumitrackIds: count, tenantId },
        });
  });
}

/** PUT .../cmd/assign_tenant: an ID into a Lumitrack project (null: out of its project). */
export const useAssignTenant = () =>
  useLumitrackMutation((body: AssignTenantBody) =>
    apiFetch<LumitrackId>(`${LT}/cmd/assign_tenant`, { method: 'PUT', body }),
  );

/** PUT .../cmd/assign_gps_node: a GPS node with no cable and no project (section 4), or null for none. */
export const useAssignGpsNode = () =>
  useLumitrackMutation((body: AssignGpsNodeBody) =>
    apiFetch<LumitrackId>(`${LT}/cmd/assign_gps_node`, { method: 'PUT', body }),
  );

/** DELETE .../lumitrackid {lumitrackId}: the ID becomes Inactive and leaves the lists. */
export const useDeleteId = () =>
  useLumitrackMutation((lumitrackId: string) =>
    apiFetch<unknown>(LT, { method: 'DELETE', body: { lumitrackId } }),
  );

// ---------------------------------------------------------------- QR labels

const isFormat = (v: unknown): v is QrFormat => (QR_FORMATS as readonly unknown[]).includes(v);

/**
 * GET .../files/preference: the user's preferred label format (default PDF Letter, section 9), kept by the
 * server per user and mirrored in the session's qrFormat (section 3), which answers until the server has.
 */
export function useLabelPreference() {
  const stored = readSession('qrFormat');
  return useQuery({
    queryKey: queryKeys.lumitrack.preference(),
    queryFn: async ({ signal }) => {
      const p = await apiFetch<LabelPreference>(`${LT}/files/preference`, { signal });
      writeSession({ qrFormat: p.fileFormat });
      return p.fileFormat;
    },
    placeholderData: isFormat(stored) ? stored : DEFAULT_QR_FORMAT,
  });
}

/** PUT .../files/preference: keeps the format the user chose. */
export function useSetLabelPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileFormat: QrFormat) =>
      apiFetch<LabelPreference>(`${LT}/files/preference`, { method: 'PUT', body: { fileFormat } }),
    onSuccess: (p) => {
      writeSession({ qrFormat: p.fileFormat });
      client.setQueryData(queryKeys.lumitrack.preference(), p.fileFormat);
    },
  });
}

/**
 * GET .../files/requests?isUserDefined=true: the label files users asked for that the user may read, newest
 * first; read every 3 s while one is queued or being made (as the report lists).
 */
export function useLabelRequests() {
  return useQuery({
    queryKey: queryKeys.lumitrack.files(),
    queryFn: ({ signal }) =>
      apiFetch<IdFileRequest[]>(`${LT}/files/requests`, { signal, query: { isUserDefined: true } }),
    refetchInterval: (query) => pollWhileInFlight(query.state.data),
  });
}

/** POST .../files/requests: labels of some IDs in one format, stored NEW (201) and made by the label worker. */
export function useRequestLabels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IdFileRequestBody) =>
      apiFetch<IdFileRequest>(`${LT}/files/requests`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.lumitrack.files() }),
  });
}

/** A link to a file of ours under /api carrying the access token (domain buildDownloadLink): '' while it is expired. */
function tokenLink(path: string): string {
  return buildDownloadLink({
    baseUrl: readSession('baseUrl') || `${window.location.origin}${API_BASE}`,
    path: path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path,
    token: readSession('accessToken'),
    tokenExpiry: readSession('accessTokenExpiration'),
  });
}

/** The download link of a DONE label request (its downloadPath with the token). */
export const labelFileHref = (request: Pick<IdFileRequest, 'downloadPath'>): string =>
  request.downloadPath ? tokenLink(request.downloadPath) : '';

// ---------------------------------------------------------------- checklists of an ID (ours)

/** GET /checklist/fills/latest/by_tenant/{id}: each ID's latest checklist in a project. */
export function useLatestFills(tenantId: number) {
  return useQuery({
    queryKey: queryKeys.checklists.latest(tenantId),
    queryFn: ({ signal }) =>
      apiFetch<ChecklistLatestFill[]>(`/checklist/fills/latest/by_tenant/${tenantId}`, { signal }),
  });
}

/** GET /checklist/fills/by_lumitrack_id/{id}: the checklists filled for an ID, newest first. */
export function useFills(lumitrackId: string) {
  return useQuery({
    queryKey: queryKeys.checklists.fills(lumitrackId),
    queryFn: ({ signal }) =>
      apiFetch<ChecklistFill[]>(`/checklist/fills/by_lumitrack_id/${encodeURIComponent(lumitrackId)}`, {
        signal,
      }),
  });
}

/** POST /checklist/photos: the photo itself as the body (JPEG, PNG or WebP, 5 MiB at most); answers its id. */
export const uploadPhoto = (file: File) =>
  apiFetch<ChecklistPhoto>('/checklist/photos', { method: 'POST', body: file });

/** POST /checklist/fills: a filled checklist, checked by the server against the template (201). */
export function useFillChecklist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChecklistFillBody) =>
      apiFetch<ChecklistFill>('/checklist/fills', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.checklists.all }),
  });
}

/** The link of a checklist photo for an <img> (GET /checklist/photos/{id}?token=). */
export const photoHref = (photoId: string): string =>
  tokenLink(`/checklist/photos/${encodeURIComponent(photoId)}`);
