/** The company's users as the people calls answer them, and a fetch stub that records what the screens send. */
import type { OutboxMessage, UserAuditEntry, UserSummary } from '@sitepulse/contracts';
import { vi } from 'vitest';
import { stubServer } from '../../components/test-utils.tsx';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 2, 1, 15, 0);

export function summary(id: number, username: string, over: Partial<UserSummary> = {}): UserSummary {
  return {
    id,
    username,
    companyId: 1,
    homeCompanyId: 1,
    accountType: 'USER',
    email: `${username}@demo.example`,
    phone: null,
    firstName: '',
    lastName: '',
    isActive: true,
    invitationStatus: 'ACCEPTED',
    language: 'en',
    tenantGroupAccess: [],
    createdAt: T0 - 30 * DAY,
    invitedAt: T0 - 30 * DAY,
    ...over,
  };
}

/** The signed-in admin of test-utils (testUser: id 7, 'admin'). */
export const adminUser = summary(7, 'admin', {
  firstName: 'Alex',
  lastName: 'Admin',
  accountType: 'ADMIN',
  email: 'admin@demo.example',
});
export const jane = summary(11, 'jdoe', {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@demo.example',
  phone: '+16135550101',
  tenantGroupAccess: [
    { tenantGroupId: 1, access: 1 },
    { tenantGroupId: 3, access: 4 },
  ],
});
/** Invited by phone only, not set up yet. */
export const maria = summary(12, 'mlopez', {
  firstName: 'María',
  lastName: 'López',
  accountType: 'READONLY_MEMBER',
  email: '',
  phone: '+16135550123',
  invitationStatus: 'INVITATION_WELCOME_EMAIL_SENT',
  language: 'es',
  invitedAt: T0,
  tenantGroupAccess: [{ tenantGroupId: 2, access: 4 }],
});
export const bob = summary(13, 'bsmith', {
  firstName: 'Bob',
  lastName: 'Smith',
  accountType: 'ADMIN',
  email: 'bob@demo.example',
  isActive: false,
  tenantGroupAccess: [{ tenantGroupId: 2, access: 2 }],
});
/** No name, a type the dashboard does not know, a site outside the admin's list and an unknown role. */
export const legacy = summary(14, 'legacy.ops', {
  accountType: 'LEGACY_ROLE',
  tenantGroupAccess: [
    { tenantGroupId: 4, access: 8 },
    { tenantGroupId: 99, access: 16 },
  ],
});
export const companyUsers = [jane, maria, bob, adminUser, legacy];

export const janeAudits: UserAuditEntry[] = [
  {
    id: 3,
    createdAt: T0 + 2 * DAY,
    operation: 'CHANGE_ROLE',
    actorUsername: 'admin',
    targetUsername: 'jdoe',
    targetDeleted: false,
    tenantGroupId: 1,
    detail: 'access 4 → 1',
  } as UserAuditEntry,
  {
    id: 2,
    createdAt: T0 + DAY,
    operation: 'ACCOUNT_SETUP',
    actorUsername: null,
    targetUsername: 'jdoe',
    targetDeleted: false,
    tenantGroupId: null,
    detail: '',
  } as UserAuditEntry,
  {
    id: 1,
    createdAt: T0,
    operation: 'INVITE',
    actorUsername: 'admin',
    targetUsername: 'jdoe',
    targetDeleted: false,
    tenantGroupId: null,
    detail: 'jane.doe@demo.example',
  } as UserAuditEntry,
];

export interface Sent {
  method: string;
  path: string;
  /** The query of the call, each value as the text sent. */
  query: Record<string, string>;
  body: unknown;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

/**
 * The shell's answers (test-utils stubServer) plus the people calls: the user list, the audits, the
 * username check (`verify`), and every other non-GET call recorded in `sent` and answered by `write`
 * (by default: the invited user for an invitation, the user for a change, { ok: true } otherwise).
 */
export function serveUsers({
  users = companyUsers,
  audits = [],
  outbox = [],
  verify = (username) => ({ username, available: true }),
  write,
}: {
  users?: UserSummary[];
  audits?: UserAuditEntry[];
  outbox?: OutboxMessage[];
  verify?: (username: string) => unknown;
  write?: (sent: Sent) => Response | undefined;
} = {}) {
  const sent: Sent[] = [];
  const verified: string[] = [];
  const shell = stubServer().getMockImplementation();
  if (!shell) throw new Error('no stub');
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      if (path === '/v2/users/list') return json(users);
      if (path === '/v2/users/audits') return json(audits);
      if (path === '/mail/outbox') return json(outbox);
      return shell(input, init);
    }
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    if (path === '/v2/users/invite/cmd/verify_username') {
      verified.push(body.username);
      return json(verify(body.username));
    }
    const s: Sent = { method, path, query: Object.fromEntries(url.searchParams), body };
    sent.push(s);
    const answer = write?.(s);
    if (answer) return answer;
    if (path === '/v2/users/invite') {
      const user = summary(99, body.username ?? 'new.user', { email: '', phone: null, ...body, id: 99 });
      return json({ user, existing: false });
    }
    if (method === 'DELETE' || path === '/v2/users/reinvite') return json({ ok: true });
    return json(users.find((u) => u.username === body?.username) ?? users[0]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, verified, fetchMock };
}
