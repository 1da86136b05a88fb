/** Fixtures of the members screens' tests: a site's members and a server stub that records every change. */
import type { TenantGroupMember, UserDetail } from '@sitepulse/contracts';
import { vi } from 'vitest';
import { renderRoutes, stubServer, testUser } from '../../components/test-utils.tsx';
import InviteMemberPage from './InviteMemberPage.tsx';
import JobSiteMembersPage from './JobSiteMembersPage.tsx';
import MemberProfilePage from './MemberProfilePage.tsx';

export function member(over: Partial<TenantGroupMember> & Pick<TenantGroupMember, 'id' | 'username'>) {
  return {
    companyId: 1,
    homeCompanyId: 1,
    accountType: 'USER',
    email: `${over.username}@demo.example`,
    phone: null,
    firstName: '',
    lastName: '',
    isActive: true,
    invitationStatus: 'ACCEPTED',
    language: 'en',
    tenantGroupAccess: [{ tenantGroupId: 1, access: over.access ?? 4 }],
    createdAt: Date.UTC(2025, 0, 5, 12),
    invitedAt: Date.UTC(2025, 0, 5, 12),
    access: 4,
    ...over,
  } satisfies TenantGroupMember as TenantGroupMember;
}

/** Site 1 (Harbourfront Tower): one member of each role, one pending, one inactive, one unknown code. */
export const siteMembers: TenantGroupMember[] = [
  member({ id: 7, username: 'admin', firstName: 'Alex', lastName: 'Admin', accountType: 'ADMIN', access: 1 }),
  member({
    id: 11,
    username: 'bea',
    firstName: 'Bea',
    lastName: 'Builder',
    access: 2,
    phone: '+16135550101',
  }),
  member({
    id: 12,
    username: 'carl',
    firstName: 'Carl',
    lastName: 'Cole',
    access: 4,
    email: '',
    phone: '+16135550142',
    invitationStatus: 'INVITATION_WELCOME_EMAIL_SENT',
  }),
  member({ id: 13, username: 'dana', firstName: 'Dana', lastName: 'Diaz', access: 8, isActive: false }),
  member({ id: 14, username: 'eve.old', access: 16 }),
];

/** A user of the company with `access` on site 1 and the given account type. */
export const siteUser = (access: number, accountType = 'USER', username = 'bea'): UserDetail =>
  testUser({ username, accountType, userTenantGroupData: [{ tenantGroupId: 1, access }] });

export interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The shell's answers, the members of site 1, and every change recorded in `sent`. A change answers
 * `write(sent)` when given, else what the server answers: the invite result, or { ok: true }.
 */
export function membersServer({
  user = testUser({ userTenantGroupData: [{ tenantGroupId: 1, access: 1 }] }),
  members = siteMembers,
  accessTypes,
  write,
}: {
  user?: UserDetail;
  members?: TenantGroupMember[];
  /** The server's job-site roles (GET /v2/users/tenant_groups/access_types); unanswered (404) when left out. */
  accessTypes?: { code: number; name: string; label: string }[];
  write?: (sent: Sent) => Response | undefined;
} = {}) {
  const sent: Sent[] = [];
  const shell = stubServer({ user }).getMockImplementation();
  if (!shell) throw new Error('no stub');
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const s: Sent = {
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(s);
      const answer = write?.(s);
      if (answer) return answer;
      if (path === '/v2/users/invite') {
        const body = s.body as { email?: string; phone?: string };
        return json({
          user: member({
            id: 99,
            username: 'new.person',
            email: body.email ?? '',
            phone: body.phone ?? null,
          }),
          existing: false,
        });
      }
      return json({ ok: true });
    }
    if (path === '/v2/users/tenant_groups/access_types' && accessTypes) return json(accessTypes);
    if (path === '/v2/users/list/by_tenant_group') {
      return url.searchParams.get('tenantGroupId') === '1' ? json(members) : json([]);
    }
    return shell(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}

/** The three members routes, so a test can follow links between them; starts at `path`. */
export const renderMembers = (path: string) =>
  renderRoutes(
    [
      { path: '/job-site-members/:jobsiteId', element: <JobSiteMembersPage /> },
      { path: '/job-site-member-profile/:jobsiteId/:userId', element: <MemberProfilePage /> },
      { path: '/job-site-member-invite/:jobsiteId', element: <InviteMemberPage /> },
    ],
    path,
  );
