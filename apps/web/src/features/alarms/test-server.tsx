/**
 * The stubbed server of the alarm screens' tests: the shell's calls, then the alarm calls of contracts
 * alarm-events.ts, kept as state so an acknowledgement shows on the next read. The e-mail subscriptions'
 * stub is test/notification-server.ts.
 */
import type {
  AlarmEvent,
  LumimonOverview,
  MaturityJob,
  NotificationMessage,
  UserDetail,
} from '@sitepulse/contracts';
import { vi } from 'vitest';
import { renderRoutes, stubServer, testSites, testUser } from '../../components/test-utils.tsx';
import AlarmsPage from './AlarmsPage.tsx';

export const RAISED = Date.UTC(2026, 0, 15, 17, 30);
const MIN = 60_000;

export function alarm(id: number, over: Partial<AlarmEvent> = {}): AlarmEvent {
  return {
    id,
    kind: 'SENSOR_THRESHOLD',
    state: 'ACTIVE',
    tenantGroupId: 1,
    siteName: 'Harbourfront Tower',
    jobId: 11,
    jobName: 'Level 4 Slab',
    sensorId: 101,
    sensorName: 'Slab T1',
    nodeId: 1,
    secondSensorId: null,
    secondSensorName: null,
    gatewayId: null,
    gatewayName: null,
    jobGroupId: null,
    jobGroupName: null,
    quantity: 'Temperature',
    side: 'high',
    value: 31.2,
    bound: 30,
    raisedAt: RAISED,
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedNote: null,
    clearedAt: null,
    ...over,
  };
}

/** A message about alarm 3, as GET /alarms/events/{id}/messages answers it. */
export function message(id: number, over: Partial<NotificationMessage> = {}): NotificationMessage {
  return {
    id,
    alarmEventId: 3,
    userId: 20 + id,
    recipientName: 'Erin Editor',
    change: 'RAISED',
    channel: 'EMAIL',
    requestedChannel: 'EMAIL',
    state: 'SENT',
    attempts: 1,
    createdAt: RAISED,
    sentAt: RAISED + MIN,
    nextAttemptAt: null,
    error: null,
    errorCode: null,
    ...over,
  };
}

/** A site's alarms as the server lists them (in no particular order: the screen orders them). */
export const siteAlarms = (): AlarmEvent[] => [
  alarm(1, {
    kind: 'MATURED',
    state: 'CLEARED',
    side: null,
    quantity: 'Strength',
    value: 20.5,
    bound: 20,
    raisedAt: RAISED - 600 * MIN,
    clearedAt: RAISED - 60 * MIN,
  }),
  alarm(2, {
    state: 'ACKNOWLEDGED',
    side: 'low',
    value: 4.1,
    bound: 5,
    raisedAt: RAISED - 30 * MIN,
    acknowledgedAt: RAISED - 20 * MIN,
    acknowledgedBy: 'Sam Super',
    acknowledgedNote: 'Blankets on',
  }),
  alarm(3),
  alarm(4, {
    kind: 'NODE_SILENT',
    jobId: null,
    jobName: null,
    sensorId: null,
    sensorName: null,
    nodeId: 5,
    quantity: null,
    side: null,
    value: null,
    bound: null,
    raisedAt: RAISED - 5 * MIN,
  }),
];

/** Maturity job 11 of project 32: its link is /job/Maturity/1/32/11/. */
const maturityJob = {
  id: 11,
  tenant: 32,
  kind: 'MATURITY',
  channelJobTypeName: 'Maturity',
  channelJobName: 'Level 4 Slab',
} as unknown as MaturityJob;

/** Node 5, a microweather node of project 31 (job 21): its link is the sensor details of job 21. */
const overview = {
  tenantGroupId: 1,
  nodes: [
    { jobId: 21, nodeId: 5, tenantId: 31, kind: 'MICROWEATHER', channelJobTypeName: 'Microweather Node' },
  ],
} as unknown as LumimonOverview;

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
}

const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status: body === undefined ? 204 : status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * Serves the shell (user, sites), the site's jobs and node cards (for the links), and the alarm calls from
 * `state`. `ack(id, note)` decides an acknowledgement: by default the alarm becomes ACKNOWLEDGED by the
 * signed-in user; a Fail answers with that error instead.
 */
export function serveAlarms({
  user = testUser({ userTenantGroupData: [{ tenantGroupId: 1, access: 1 }] }),
  alarms = siteAlarms(),
  messages = {},
  ack,
  extra,
}: {
  user?: UserDetail;
  alarms?: AlarmEvent[];
  /** GET /alarms/events/{id}/messages by alarm id (none: an empty list); a Fail answers that error */
  messages?: Record<number, NotificationMessage[] | Fail>;
  ack?: (id: number, note: string | undefined) => Fail | undefined;
  /** Other answers by path (GET, without /api), as stubServer takes them. */
  extra?: Record<string, unknown>;
} = {}) {
  const state = { alarms, messages };
  const shell = stubServer({ user, sites: testSites, extra }).getMockImplementation();
  if (!shell) throw new Error('no stub');
  const seen: Seen[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    seen.push({ method, path, query: url.searchParams, body });
    const key = `${method} ${path}`;
    if (key === 'GET /alarms/events') {
      const activeOnly = url.searchParams.get('activeOnly') === 'true';
      const tg = Number(url.searchParams.get('tenantGroupId'));
      return json(
        state.alarms.filter((a) => a.tenantGroupId === tg && (!activeOnly || a.state !== 'CLEARED')),
      );
    }
    const messagesMatch = /^GET \/alarms\/events\/(\d+)\/messages$/.exec(key);
    if (messagesMatch) {
      const answer = state.messages[Number(messagesMatch[1])] ?? [];
      if (answer instanceof Fail)
        return json({ error: { code: answer.code, message: answer.message } }, answer.status);
      return json(answer);
    }
    const ackMatch = /^POST \/alarms\/events\/(\d+)\/ack$/.exec(key);
    if (ackMatch) {
      const id = Number(ackMatch[1]);
      const note = (body as { note?: string } | undefined)?.note;
      const refused = ack?.(id, note);
      if (refused) return json({ error: { code: refused.code, message: refused.message } }, refused.status);
      const i = state.alarms.findIndex((a) => a.id === id);
      const done: AlarmEvent = {
        ...state.alarms[i],
        state: 'ACKNOWLEDGED',
        acknowledgedAt: RAISED + 10 * MIN,
        acknowledgedBy: `${user.firstName} ${user.lastName}`,
        acknowledgedNote: note ?? null,
      };
      state.alarms[i] = done;
      return json(done);
    }
    if (key === 'POST /analytics/concrete/maturity/jobs/paged')
      return json({ total: 1, content: [maturityJob] });
    if (key === 'GET /analytics/lumimon/jobs/overview/by_tenant_group/1') return json(overview);
    return shell(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    state,
    fetchMock,
    sent: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}

export const openAlarms = (path = '/alarms/1') =>
  renderRoutes([{ path: '/alarms/:jobsiteId', element: <AlarmsPage /> }], path);
