/** The stubbed report server of the report screens' and the job Reports card's tests: the shell's calls, then the report calls by method and path. */
import type {
  MaturityJob,
  ReportNode,
  ReportRequest,
  ReportSchedule,
  ReportSensor,
  ReportTypeInfo,
  TenantGroupMember,
  UserDetail,
} from '@sitepulse/contracts';
import { REPORT_TYPE_RULES, REPORT_TYPES, reportFileName } from '@sitepulse/domain';
import { vi } from 'vitest';
import { stubServer, testSites, testUser } from '../components/test-utils.tsx';

export const CREATED = Date.UTC(2026, 0, 15, 17, 30);

export const allTypes: ReportTypeInfo[] = REPORT_TYPES.map((type) => ({ type, ...REPORT_TYPE_RULES[type] }));

/** A maturity job as the form reads it (the fields it uses; the rest of the row does not matter here). */
export const job = (id: number, name: string, group: number | null, start: number, end: number | null) =>
  ({
    id,
    channelJobName: name,
    kind: 'MATURITY',
    channelGroupId: group,
    channelGroupName: group ? `Level ${group}` : null,
    startDate: start,
    terminationDate: end,
  }) as unknown as MaturityJob;

export const jobs = [
  job(11, 'Level 4 Slab - Pour 2', 4, Date.UTC(2026, 0, 10, 8), Date.UTC(2026, 0, 13, 8)),
  job(12, 'Level 4 Columns', 4, Date.UTC(2026, 0, 11, 8), null),
  { ...job(13, 'Basement humidity', null, Date.UTC(2026, 0, 1), null), kind: 'HUMIDITY' } as MaturityJob,
];

export const sensors: ReportSensor[] = [
  {
    sensorId: 101,
    sensorAlias: 'Slab T1',
    sensorType: 'Temperature',
    nodeId: 1,
    msjId: 11,
    jobName: 'Level 4 Slab - Pour 2',
    blacklisted: false,
  },
  {
    sensorId: 102,
    sensorAlias: 'Slab T2',
    sensorType: 'Temperature',
    nodeId: 1,
    msjId: 11,
    jobName: 'Level 4 Slab - Pour 2',
    blacklisted: true,
  },
  {
    sensorId: 103,
    sensorAlias: null,
    sensorType: 'Temperature',
    nodeId: 2,
    msjId: 12,
    jobName: 'Level 4 Columns',
    blacklisted: false,
  },
];

/** The site's nodes (GET .../nodes/by_tenant_group): one unnamed, to read as 'Node {id}'. */
export const nodes: ReportNode[] = [
  { nodeId: 1, nodeName: 'Slab node', nodeType: 'Maturity', sensorCount: 2 },
  { nodeId: 2, nodeName: null, nodeType: 'Maturity', sensorCount: 1 },
  { nodeId: 5, nodeName: 'Roof weather', nodeType: 'Microweather Node', sensorCount: 3 },
];

const member = (
  id: number,
  username: string,
  firstName: string,
  email: string | null,
  access: number,
  isActive = true,
) =>
  ({
    id,
    username,
    firstName,
    lastName: 'Doe',
    email,
    phone: null,
    access,
    isActive,
  }) as unknown as TenantGroupMember;
export const members = [
  member(7, 'admin', 'Alex', 'admin@demo.example', 1),
  member(8, 'pat', 'Pat', 'pat@demo.example', 2),
  member(9, 'nomail', 'Noel', null, 4),
  // Neither may receive a report: an inspector (no web dashboard) and a deactivated user.
  member(10, 'ines', 'Ines', 'ines@demo.example', 8),
  member(11, 'gone', 'Gil', 'gil@demo.example', 2, false),
];

export function report(id: number, overrides: Partial<ReportRequest> = {}): ReportRequest {
  const type = overrides.type ?? 'CS_POUR_REPORT';
  const status = overrides.status ?? 'DONE';
  return {
    id,
    name: `Report ${id}`,
    tenant: '1',
    tenantGroupId: 1,
    companyId: 1,
    ownerCompanyId: 1,
    ownerUsername: 'admin',
    type,
    format: REPORT_TYPE_RULES[type].format,
    status,
    creationDate: CREATED,
    startedAt: null,
    finishedAt: null,
    error: null,
    cjId: null,
    channelJobName: null,
    channelJobType: null,
    msjId: 11,
    mddId: null,
    deliveryMethods: [],
    recipientIds: [],
    auto: false,
    scheduleId: null,
    attributes: {},
    fileName: status === 'DONE' ? reportFileName(id, type, CREATED) : null,
    fileSize: status === 'DONE' ? 1_572_864 : null,
    ...overrides,
  };
}

export function schedule(id: number, overrides: Partial<ReportSchedule> = {}): ReportSchedule {
  return {
    id,
    isActive: true,
    tenantGroupId: 1,
    tenant: '1',
    companyId: 1,
    ownerUsername: 'admin',
    name: `Weekly ${id}`,
    type: 'RAW_DATA_EXCEL',
    frequency: 'WEEKLY',
    weekDays: [5, 1],
    monthDay: null,
    timeOfDay: '07:00',
    timeZone: 'America/Toronto',
    creationDate: CREATED,
    nextRunAt: Date.UTC(2026, 0, 19, 12),
    lastRunAt: null,
    request: { type: 'RAW_DATA_EXCEL' },
    latestReport: null,
    ...overrides,
  };
}

export const viewer = (): UserDetail =>
  testUser({ username: 'pat', accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 1, access: 4 }] });

/** An answer: a value (200, or 201 for a POST), a function of the request, or an error. */
type Answer = unknown | ((req: { body: unknown; query: URLSearchParams }) => unknown);
export class Fail {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

/**
 * Serves the shell (user, sites) and the report calls: `routes` by 'METHOD /path' (without /api). Every
 * request is recorded; `sent(method, path)` gives the parsed bodies and queries of one route.
 */
export function serveReports({
  user = testUser({ userTenantGroupData: [{ tenantGroupId: 1, access: 1 }] }),
  routes = {},
}: {
  user?: UserDetail;
  routes?: Record<string, Answer>;
} = {}) {
  const shell = stubServer({ user, sites: testSites });
  const defaults: Record<string, Answer> = {
    'GET /analytics/report/requests/types/by_company_id': allTypes,
    'POST /analytics/concrete/maturity/jobs/paged': { total: jobs.length, content: jobs },
    'GET /analytics/report/msj/sensors/by_tenant_group': sensors,
    'GET /analytics/report/msj/sensors/by_cjg': sensors.slice(0, 2),
    'GET /analytics/report/nodes/by_tenant_group': nodes,
    'GET /v2/users/list/by_tenant_group': members,
    'GET /analytics/report/requests/by_tenant_group': [],
    'GET /analytics/report/requests/schedules/by_tenant_group/with_latest_rr': [],
    'POST /analytics/report/requests/list/by_user': [],
    'GET /analytics/report/requests/schedules/tenants/with_active_rrs': [],
    'POST /analytics/report/requests/msj/by_job': ({ body }: { body: unknown }) => ({
      ...report(99, { status: 'NEW' }),
      ...(body as object),
    }),
    'POST /analytics/report/requests/schedules': ({ body }: { body: unknown }) => ({
      ...schedule(98),
      ...(body as object),
    }),
    ...routes,
  };
  const seen: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    seen.push({ method, path, query: url.searchParams, body });
    const key = `${method} ${path}`;
    const route = Object.keys(defaults).find(
      (k) => k === key || (k.endsWith('*') && key.startsWith(k.slice(0, -1))),
    );
    if (!route) return shell(input, init);
    const answer = defaults[route];
    const value = typeof answer === 'function' ? answer({ body, query: url.searchParams }) : answer;
    if (value instanceof Fail)
      return new Response(JSON.stringify({ error: { code: value.code, message: value.message } }), {
        status: value.status,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(value === undefined ? null : JSON.stringify(value), {
      status:
        value === undefined
          ? 204
          : method === 'POST' && !path.includes('/list/') && !path.endsWith('/paged')
            ? 201
            : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    sent: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}
