/**
 * The checklist templates screen's tests: fixtures, its route, and a stubbed server answering the checklist
 * calls by 'METHOD /path' over the shell's (stubServer), recording each request's parsed body.
 */
import type { ChecklistAuditEntry, ChecklistTemplate, TenantGroup, UserDetail } from '@sitepulse/contracts';
import { vi } from 'vitest';
import { renderRoutes, stubServer, testSites, testUser } from '../../components/test-utils.tsx';
import ChecklistTemplatesPage from './ChecklistTemplatesPage.tsx';

export const CREATED = Date.UTC(2026, 0, 15, 17, 30);

/** The test sites, with a second Lumitrack project on North Yard and an archived one. */
export const sites: TenantGroup[] = testSites.map((s) =>
  s.id === 3
    ? {
        ...s,
        tenantMessages: [
          ...s.tenantMessages,
          { ...s.tenantMessages[2], id: 35, name: 'Yard Asset Tags' },
          { ...s.tenantMessages[2], id: 36, name: 'Old Tags', state: 'TERMINATED' },
        ],
      }
    : s,
);

export const QA: ChecklistTemplate['template'] = {
  items: [
    { key: 'cover', label: 'Cover checked', kind: 'CHECK', required: true },
    { key: 'slump', label: 'Slump', kind: 'NUMBER', required: true, unit: 'mm', min: 0, max: 250 },
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
    tenants: [33],
    creationDate: CREATED,
    lastModified: CREATED,
    audits: [],
    ...overrides,
  };
}

export function audit(id: number, overrides: Partial<ChecklistAuditEntry> = {}): ChecklistAuditEntry {
  return {
    id,
    templateId: 1,
    templateName: 'Precast element QA',
    operation: 'CREATE',
    userId: 7,
    username: 'admin',
    timestamp: CREATED,
    detail: "'Precast element QA', version 1, 3 items, active, projects 'Beam Line'",
    ...overrides,
  };
}

type Answer = unknown | ((req: { body: unknown }) => unknown);
export class Fail {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

/** Serves the shell and the checklist calls: `routes` by 'METHOD /path' (without /api) over the defaults. */
export function serveChecklists({
  user = testUser(),
  routes = {},
}: {
  user?: UserDetail;
  routes?: Record<string, Answer>;
} = {}) {
  const shell = stubServer({ user, sites });
  const defaults: Record<string, Answer> = {
    'GET /checklist/templates/by_company/1': [template(1, { name: 'Precast element QA' })],
    'POST /checklist/templates/audits/users': [audit(1)],
    ...routes,
  };
  const seen: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    seen.push({ method, path, body });
    const answer = defaults[`${method} ${path}`];
    if (answer === undefined) return shell(input, init);
    const value = typeof answer === 'function' ? answer({ body }) : answer;
    if (value instanceof Fail)
      return new Response(JSON.stringify({ error: { code: value.code, message: value.message } }), {
        status: value.status,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(JSON.stringify(value), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    sent: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}

export const openTemplates = () =>
  renderRoutes([{ path: '/checklists', element: <ChecklistTemplatesPage /> }], '/checklists');
