/**
 * The Lumitrack screens' tests: fixtures (IDs, nodes, templates, fills, label files), their routes, and a
 * stubbed server answering the Lumitrack and checklist calls by 'METHOD /path' over the shell's (stubServer).
 */
import type {
  ChecklistFill,
  ChecklistLatestFill,
  ChecklistTemplate,
  IdFileRequest,
  LumitrackId,
  NodeInfo,
  UserDetail,
} from '@sitepulse/contracts';
import { idFileDownloadName, idFileType, type QrFormat } from '@sitepulse/domain';
import { vi } from 'vitest';
import {
  LocationProbe,
  renderRoutes,
  stubServer,
  testSites,
  testUser,
} from '../../components/test-utils.tsx';
import LumitrackIdPage from './LumitrackIdPage.tsx';
import LumitrackProjectPage from './LumitrackProjectPage.tsx';

/** The test sites' Lumitrack project: Beam Line (33) on North Yard Precast Plant (3). */
export const SITE = 3;
export const PROJECT = 33;
export const CREATED = Date.UTC(2026, 0, 15, 17, 30);

export function lumitrackId(text: string, overrides: Partial<LumitrackId> = {}): LumitrackId {
  return {
    id: Number.parseInt(text.replace(/\D/g, '') || '1', 10),
    lumitrackId: text,
    lumiTrackId: text,
    type: 'STANDARD',
    state: 'Active',
    company: 1,
    companyId: 1,
    tenant: PROJECT,
    tenantGroupId: SITE,
    projectName: 'Beam Line',
    creationDate: CREATED,
    gpsNodeId: null,
    gpsNode: null,
    lumitrackIdAssociationData: [{ type: 'LUMITRACK_JOB', name: 'Beam Line', tenant: PROJECT }],
    ...overrides,
  };
}

export const gpsNode = (id: number, name = `GPS-${id}`) => ({
  id,
  name,
  nodeType: 'GPS',
  tenantGroupId: SITE,
  latestLat: 43.27185,
  latestLng: -79.83642,
  latestLocationTs: CREATED,
});

export function node(id: number, overrides: Partial<NodeInfo> = {}): NodeInfo {
  return {
    id,
    name: `GPS-${id}`,
    nodeType: 'GPS',
    companyId: 1,
    tenantGroupId: SITE,
    tenantId: null,
    gatewayId: null,
    cableId: null,
    batteryLevelType: 1,
    latestNodeBattery: null,
    latestNodeSignal: null,
    latestLocation: null,
    runningJobId: null,
    creationDate: CREATED,
    ...overrides,
  } as NodeInfo;
}

export const QA: ChecklistTemplate['template'] = {
  items: [
    { key: 'cover', label: 'Cover checked', kind: 'CHECK', required: true },
    { key: 'slump', label: 'Slump', kind: 'NUMBER', required: true, unit: 'mm', min: 0, max: 250 },
    { key: 'notes', label: 'Notes', kind: 'TEXT', required: false },
    { key: 'photo', label: 'Photo of the element', kind: 'PHOTO', required: false },
  ],
};

export function template(id: number, overrides: Partial<ChecklistTemplate> = {}): ChecklistTemplate {
  return {
    id,
    companyId: 1,
    name: `Template ${id}`,
    template: QA,
    version: 1,
    isActive: true,
    tenants: [PROJECT],
    creationDate: CREATED,
    lastModified: CREATED,
    audits: [],
    ...overrides,
  };
}

export function fill(id: number, overrides: Partial<ChecklistFill> = {}): ChecklistFill {
  return {
    id,
    templateId: 1,
    templateName: 'Precast element QA',
    templateVersion: 1,
    template: QA,
    tenantId: PROJECT,
    tenantGroupId: SITE,
    lumitrackId: 'LT-7K3M-Q9XP',
    answers: [
      { key: 'cover', value: true },
      { key: 'slump', value: 120 },
      { key: 'notes', value: 'Chip on the flange' },
    ],
    userId: 7,
    username: 'admin',
    userName: 'Alex Admin',
    creationDate: CREATED,
    ...overrides,
  };
}

export const latest = (lumitrackIdText: string, overrides: Partial<ChecklistLatestFill> = {}) => ({
  lumitrackId: lumitrackIdText,
  fillId: 1,
  templateId: 1,
  templateName: 'Precast element QA',
  username: 'admin',
  userName: 'Alex Admin',
  creationDate: CREATED,
  ...overrides,
});

export function fileRequest(
  id: number,
  ids: string[],
  format: QrFormat,
  overrides: Partial<IdFileRequest> = {},
): IdFileRequest {
  const status = overrides.status ?? 'DONE';
  const done = status === 'DONE';
  return {
    id,
    creationDate: CREATED,
    type: 'QR_CODE',
    status,
    isUserDefined: true,
    payload: {
      companyName: 'Demo Construction',
      fileType: idFileType(format, ids.length),
      fileFormat: format,
    },
    lumitrackIds: ids,
    companyId: 1,
    ownerUsername: 'admin',
    startedAt: null,
    finishedAt: null,
    error: null,
    fileName: done ? idFileDownloadName(id, format, ids) : null,
    fileSize: done ? 2048 : null,
    downloadPath: done ? `/api/lumitrack/lumitrackid/files/requests/by_id/${id}/file` : null,
    ...overrides,
  };
}

/** A user of the North Yard site with this access (1 admin, 2 editor, 4 viewer). */
export const siteUser = (access: number, accountType = 'USER'): UserDetail =>
  testUser({ username: 'pat', accountType, userTenantGroupData: [{ tenantGroupId: SITE, access }] });

/** An answer: a value (200, or 201 for a POST that makes something), a function of the request, or a refusal. */
type Answer = unknown | ((req: { body: unknown; query: URLSearchParams }) => unknown);
export class Fail {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  contentType: string | null;
}

const LT = '/lumitrack/lumitrackid';
/** Methods and paths whose success answers 201. */
const CREATED_CALLS = new Set([
  `POST ${LT}/type/standard`,
  `POST ${LT}/type/standard/list`,
  `POST ${LT}/files/requests`,
  'POST /checklist/fills',
  'POST /checklist/photos',
]);

/**
 * Serves the shell (user, the test sites) and the Lumitrack and checklist calls: `routes` by 'METHOD /path'
 * (without /api; a trailing * matches a prefix) over sensible defaults. Every request is recorded with its
 * parsed body (a Blob body as itself) and content type; `sent(method, path)` gives those of one route.
 */
export function serveLumitrack({
  user = siteUser(1),
  routes = {},
}: {
  user?: UserDetail;
  routes?: Record<string, Answer>;
} = {}) {
  const shell = stubServer({ user, sites: testSites });
  const defaults: Record<string, Answer> = {
    [`GET ${LT}/by_tenant/list/${PROJECT}`]: [],
    'GET /checklist/fills/latest/by_tenant/*': [],
    [`GET ${LT}/files/requests`]: [],
    [`GET ${LT}/files/preference`]: { fileFormat: 'PDF_LETTER' },
    [`PUT ${LT}/files/preference`]: ({ body }: { body: unknown }) => body,
    [`GET ${LT}/cmd/get_active_lumitrackId`]: {
      companyId: 1,
      intervalInMin: 525600,
      from: 0,
      to: 0,
      count: 8,
      annualLimit: 5000,
      usedThisYear: 8,
      remainingThisYear: 4992,
      yearStart: 0,
    },
    'GET /nodes/list/by_tenant': [],
    'GET /checklist/templates/by_company/1': [template(1, { name: 'Precast element QA' })],
    'GET /checklist/fills/by_lumitrack_id/*': [],
    ...routes,
  };
  const seen: Seen[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = decodeURIComponent(url.pathname.replace(/^\/api/, ''));
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = raw instanceof Blob ? raw : raw ? JSON.parse(String(raw)) : null;
    const headers = new Headers(init?.headers);
    seen.push({ method, path, query: url.searchParams, body, contentType: headers.get('content-type') });
    const key = `${method} ${path}`;
    // The route named exactly, else the longest prefix (a trailing *).
    const route =
      key in defaults
        ? key
        : Object.keys(defaults)
            .filter((k) => k.endsWith('*') && key.startsWith(k.slice(0, -1)))
            .sort((a, b) => b.length - a.length)[0];
    if (!route) return shell(input, init);
    const answer = defaults[route];
    const value = typeof answer === 'function' ? answer({ body, query: url.searchParams }) : answer;
    if (value instanceof Fail)
      return new Response(JSON.stringify({ error: { code: value.code, message: value.message } }), {
        status: value.status,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(JSON.stringify(value ?? { ok: true }), {
      status: CREATED_CALLS.has(key) ? 201 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    sent: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}

/** The Lumitrack screens, and a probe where another project's screen would be. */
export const ROUTES = [
  { path: '/lumitrack/:jobsiteId/:tenantId', element: <LumitrackProjectPage /> },
  { path: '/lumitrack/:jobsiteId/:tenantId/id/:lumitrackId', element: <LumitrackIdPage /> },
  { path: '/construction_job_list/:jobsiteId/:tenantId', element: <LocationProbe /> },
];

export const openAt = (path: string) => renderRoutes(ROUTES, path);
