import type { UsageCounts } from '@sitepulse/contracts';
import { USAGE_ITEMS_PER_MINUTE_MAX, USAGE_RAW_RETENTION_DAYS, utcDay } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { OTHER, seedOtherCompany } from '../../test/fixtures.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

const ctx = useTestApp();
const DAY_MS = 86_400_000;

type Headers = Record<string, string>;
let admin: Headers;
let editor: Headers;
let viewer: Headers;
let otherAdmin: Headers;
let otherCompanyId: number;
let editorId: number;

const today = () => utcDay(Date.now());

async function send(headers: Headers, payload: unknown, extra: Headers = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/usage/events',
    headers: { ...headers, ...extra, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function counts(headers: Headers, query: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/usage/counts?${query}`, headers });
}

/** Every row of both usage tables, to show a refusal changed nothing. */
async function snapshot() {
  const db = ctx.db.db;
  const [raw, daily] = await Promise.all([
    db.selectFrom('usage_event').selectAll().orderBy('id').execute(),
    db.selectFrom('usage_daily').selectAll().orderBy('day').orderBy('path').orderBy('name').execute(),
  ]);
  return JSON.stringify({ raw, daily });
}

beforeAll(async () => {
  admin = (await signIn(ctx, DEMO.users.admin)).headers;
  editor = (await signIn(ctx, DEMO.users.editor)).headers;
  viewer = (await signIn(ctx, DEMO.users.viewer)).headers;
  ({ companyId: otherCompanyId } = await seedOtherCompany(ctx.db.db));
  otherAdmin = (await signIn(ctx, OTHER.username, OTHER.password, otherCompanyId)).headers;
  const row = await ctx.db.db
    .selectFrom('app_user')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('username', '=', DEMO.users.editor)
    .executeTakeFirstOrThrow();
  editorId = row.id;
});

describe('POST /api/usage/events', () => {
  it('keeps page views as route patterns and events by name, for the signed-in user only', async () => {
    const res = await send(editor, {
      items: [
        { kind: 'page', path: '/' },
        { kind: 'page', path: '/job/Maturity/3/32/6?from=123#chart' },
        { kind: 'page', path: '/job/Maturity/3/32/7/' },
        { kind: 'page', path: '/construction_dashboard/1' },
        { kind: 'page', path: '/somewhere/jane@example.com' },
        { kind: 'event', name: 'help_opened', path: '/construction_dashboard/1' },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 6 });

    const raw = await ctx.db.db
      .selectFrom('usage_event')
      .selectAll()
      .where('user_id', '=', editorId)
      .orderBy('id')
      .execute();
    expect(raw.map((r) => [r.kind, r.path, r.name])).toEqual([
      ['page', '/', ''],
      ['page', '/job/:type/:jobsiteId/:tenantId/:id', ''],
      ['page', '/job/:type/:jobsiteId/:tenantId/:id', ''],
      ['page', '/construction_dashboard/:jobsiteId', ''],
      ['page', '(other)', ''],
      ['event', '/construction_dashboard/:jobsiteId', 'help_opened'],
    ]);
    expect(raw.every((r) => r.company_id === ctx.companyId)).toBe(true);
    // No id, query, hash or e-mail of a path is kept anywhere.
    expect(await snapshot()).not.toMatch(/Maturity\/3|from=|chart|jane/);

    const seen = (await counts(admin, `companyId=${ctx.companyId}&from=${today()}&to=${today()}`)).json();
    expect(seen.pages).toEqual(
      expect.arrayContaining([
        { path: '/job/:type/:jobsiteId/:tenantId/:id', views: 2 },
        { path: '/', views: 1 },
        { path: '/construction_dashboard/:jobsiteId', views: 1 },
      ]),
    );
    expect(seen.events).toEqual(expect.arrayContaining([{ name: 'help_opened', count: 1 }]));
  });

  it('takes the user from the session: a user id in the body is refused, one in a header ignored', async () => {
    const before = await snapshot();
    const inBody = await send(editor, { userId: 1, items: [{ kind: 'page', path: '/' }] });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().error.code).toBe('BAD_REQUEST');
    const inItem = await send(editor, { items: [{ kind: 'page', path: '/', userId: 1 }] });
    expect(inItem.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);

    const adminRow = await ctx.db.db
      .selectFrom('app_user')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('username', '=', DEMO.users.admin)
      .executeTakeFirstOrThrow();
    const res = await send(
      editor,
      { items: [{ kind: 'page', path: '/reports' }] },
      { userid: String(adminRow.id) },
    );
    expect(res.statusCode).toBe(202);
    const last = await ctx.db.db
      .selectFrom('usage_event')
      .select(['user_id', 'path'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ user_id: editorId, path: '/reports' });
  });

  it.each([
    ['more than 50 items', { items: Array.from({ length: 51 }, () => ({ kind: 'page', path: '/' })) }],
    ['no item', { items: [] }],
    ['a path of 201 characters', { items: [{ kind: 'page', path: `/${'a'.repeat(200)}` }] }],
    ['a path not starting with /', { items: [{ kind: 'page', path: 'https://evil.example/' }] }],
    ['an event name not on the list', { items: [{ kind: 'event', name: 'user_jane', path: '/' }] }],
    ['an event without a name', { items: [{ kind: 'event', path: '/' }] }],
    ['a page view with a name', { items: [{ kind: 'page', name: 'help_opened', path: '/' }] }],
    ['another kind', { items: [{ kind: 'click', path: '/' }] }],
    ['an address', { items: [{ kind: 'page', path: '/', ip: '10.0.0.1' }] }],
    ['a list for a body', [{ kind: 'page', path: '/' }]],
    ['items not a list', { items: { kind: 'page', path: '/' } }],
    ['a path with a NUL', { items: [{ kind: 'page', path: '/\u0000' }] }],
  ])('answers 400 and keeps nothing for %s', async (_name, payload) => {
    const before = await snapshot();
    const res = await send(viewer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(await snapshot()).toBe(before);
  });

  it('answers 400 for a body that is not JSON, and 401 without a session', async () => {
    expect((await send(viewer, '{"items": [')).statusCode).toBe(400);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/usage/events',
      payload: { items: [{ kind: 'page', path: '/' }] },
    });
    expect(res.statusCode).toBe(401);
  });

  it(`answers 429 past ${USAGE_ITEMS_PER_MINUTE_MAX} items a minute per user, keeping nothing of that call`, async () => {
    const fifty = { items: Array.from({ length: 50 }, () => ({ kind: 'page', path: '/my-profile' })) };
    for (let i = 0; i < USAGE_ITEMS_PER_MINUTE_MAX / 50; i++) {
      expect((await send(viewer, fifty)).statusCode).toBe(202);
    }
    const before = await snapshot();
    const refused = await send(viewer, { items: [{ kind: 'page', path: '/' }] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(await snapshot()).toBe(before);
    // Another user is not held back.
    expect((await send(editor, { items: [{ kind: 'page', path: '/' }] })).statusCode).toBe(202);
  });
});

describe('GET /api/usage/counts', () => {
  it('answers views per page and per day over the range, every day listed', async () => {
    const from = utcDay(Date.now() - 2 * DAY_MS);
    const res = await counts(admin, `companyId=${ctx.companyId}&from=${from}&to=${today()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as UsageCounts;
    expect(body.days.map((d) => d.day)).toEqual([from, utcDay(Date.now() - DAY_MS), today()]);
    expect(body.days.slice(0, 2).map((d) => d.views)).toEqual([0, 0]);
    expect(body.days[2].views).toBe(body.totalViews);
    expect(body.pages.reduce((n, p) => n + p.views, 0)).toBe(body.totalViews);
    expect(body.daily.every((d) => d.day === today())).toBe(true);
    // Most viewed first: the viewer's 300 profile views.
    expect(body.pages[0]).toEqual({ path: '/my-profile', views: USAGE_ITEMS_PER_MINUTE_MAX });
  });

  it('is for company admins: an editor gets 403', async () => {
    const res = await counts(editor, `companyId=${ctx.companyId}&from=${today()}&to=${today()}`);
    expect(res.statusCode).toBe(403);
  });

  it("does not let another company's admin read ours, and shows them only their own", async () => {
    const theirs = await counts(otherAdmin, `companyId=${ctx.companyId}&from=${today()}&to=${today()}`);
    expect(theirs.statusCode).toBe(403);
    const own = await counts(otherAdmin, `companyId=${otherCompanyId}&from=${today()}&to=${today()}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ totalViews: 0, pages: [], events: [], daily: [] });
  });

  it.each([
    ['a range longer than 366 days', 'from=2024-01-01&to=2025-01-01'],
    ['a range ending first', 'from=2025-01-02&to=2025-01-01'],
    ['a day that is none', 'from=2025-02-30&to=2025-03-01'],
    ['a day in another form', 'from=01/02/2025&to=2025-03-01'],
    ['no range', ''],
  ])('answers 400 for %s', async (_name, range) => {
    const res = await counts(admin, `companyId=${ctx.companyId}&${range}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });
});

describe('retention', () => {
  it(`removes single rows older than ${USAGE_RAW_RETENTION_DAYS} days and keeps the daily counts`, async () => {
    const db = ctx.db.db;
    const old = Date.now() - (USAGE_RAW_RETENTION_DAYS + 1) * DAY_MS;
    await db
      .insertInto('usage_event')
      .values({
        company_id: ctx.companyId,
        user_id: editorId,
        kind: 'page',
        path: '/reports',
        name: '',
        at: old,
      })
      .execute();
    await db
      .insertInto('usage_daily')
      .values({
        company_id: ctx.companyId,
        day: utcDay(old),
        kind: 'page',
        path: '/reports',
        name: '',
        count: 1,
      })
      .execute();
    const rawBefore = await db.selectFrom('usage_event').select('id').execute();

    expect(await ctx.app.services.usage.purge()).toBe(1);

    const rawAfter = await db.selectFrom('usage_event').select('id').execute();
    expect(rawAfter).toHaveLength(rawBefore.length - 1);
    const kept = await counts(admin, `companyId=${ctx.companyId}&from=${utcDay(old)}&to=${utcDay(old)}`);
    expect(kept.json().pages).toEqual([{ path: '/reports', views: 1 }]);
  });
});
