import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { databaseRefusal, isUniqueViolation } from '../lib/errors.ts';
import { hostileInputProblem, MAX_INPUT_DEPTH } from '../lib/input-guard.ts';
import { addSiteData } from './fixtures.ts';
import {
  changedTables,
  installChangeCounter,
  loadOperations,
  type Operation,
  readChangeCounter,
  requestFor,
  send,
} from './hostile-requests.ts';
import { projectOf } from './sensor-fixtures.ts';
import { freshIp, signIn, useTestApp } from './test-app.ts';

/** Names of integer and number fields of a schema that lack a lower or an upper bound. */
function unbounded(s: Record<string, unknown> | undefined, name: string, out: string[] = []): string[] {
  if (!s || typeof s !== 'object') return out;
  const schema = s as Record<string, never>;
  if ((schema.type === 'integer' || schema.type === 'number') && !schema.enum) {
    const low = schema.minimum ?? schema.exclusiveMinimum;
    const high = schema.maximum ?? schema.exclusiveMaximum;
    if (low === undefined || high === undefined) out.push(name);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const v of (schema[key] ?? []) as Record<string, unknown>[]) unbounded(v, name, out);
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>))
    unbounded(v, k, out);
  if (schema.items) unbounded(schema.items, name, out);
  return out;
}

describe('hostile input on every route', () => {
  const ctx = useTestApp();
  let admin: Record<string, string>;
  let ops: Operation[];

  beforeAll(async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    await addSiteData(ctx.db.db, {
      companyId: ctx.companyId,
      siteId: site.tenantGroupId,
      tenantId: site.tenantId,
    });
    await installChangeCounter(ctx.db);
    admin = (await signIn(ctx)).headers;
    ops = await loadOperations(ctx.app);
  });

  /** Sends a request; expects 400 in the error shape, with no row of any table changed. */
  const expectRefused = async (method: string, url: string, payload?: string, signedIn = true) => {
    const before = await readChangeCounter(ctx.db);
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: {
        ...(signedIn ? admin : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(changedTables(before, await readChangeCounter(ctx.db))).toEqual([]);
  };

  it.each([
    ['GET', '/api/servers/alfred?companyId=Infinity', undefined, false],
    ['GET', '/api/servers/alfred?companyId=-Infinity', undefined, false],
    ['GET', '/api/servers/alfred?companyId=1e309', undefined, false],
    ['GET', '/api/servers/alfred?companyId=4294967296', undefined, false],
    ['GET', '/api/tenants?companyId=9007199254740993', undefined, true],
    ['GET', '/api/companies/2147483648', undefined, true],
    ['GET', '/api/ingest/rejected?page=99999999999999999999&rpp=10', undefined, true],
    ['GET', '/api/resources/text/a%00b', undefined, true],
    ['GET', '/api/v2/users/details?username=a%00&companyId=1', undefined, true],
    ['POST', '/api/auth/company_code', '{"authCode":"\\u0000"}', false],
    ['POST', '/api/auth/company_code', `{"authCode":"a","x":{"y":["\\u0000"]}}`, false],
    ['POST', '/api/analytics/concrete/maturity/jobs/cmd/start', '{"id":1,"startDate":1e309}', true],
    ['POST', '/api/analytics/concrete/maturity/jobs/cmd/start', '{"id":99999999999999999999}', true],
    ['POST', '/api/auth/company_code', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, false],
    [
      'POST',
      '/api/analytics/microweather/node/jobs/paged',
      `{"tenantGroupId":1,"extra":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      true,
    ],
    [
      'POST',
      '/api/auth/company_code',
      `{"authCode":"a","x":${'['.repeat(MAX_INPUT_DEPTH + 1)}${']'.repeat(MAX_INPUT_DEPTH + 1)}}`,
      false,
    ],
  ] as const)('%s %s %s answers 400 and changes nothing', async (method, url, payload, signedIn) => {
    await expectRefused(method, url, payload, signedIn);
  });

  it('refuses a series over a range too long to hold in memory, with 400', async () => {
    const sensor = await ctx.db.db.selectFrom('sensor').select('id').orderBy('id').executeTakeFirstOrThrow();
    const body = JSON.stringify({ sensorId: sensor.id, from: 0, to: 8_640_000_000_000_000 });
    await expectRefused('POST', '/api/data/warehouse/measurement/time/by_sid', body);
  });

  it('bounds every integer and number of every request', () => {
    const found: string[] = [];
    for (const op of ops) {
      const route = `${op.method} ${op.path}`;
      for (const p of op.params)
        for (const n of unbounded(p.schema, p.name)) found.push(`${route} ${p.in} ${n}`);
      for (const n of unbounded(op.body, 'body')) found.push(`${route} body ${n}`);
    }
    expect(found).toEqual([]);
  });

  it('answers no generated request with a 5xx, and no refusal changes data', async () => {
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (req) => {
          // E-mails are sent after their call answered: their writes belong to the call before.
          await ctx.app.services.mail.idle();
          const before = await readChangeCounter(ctx.db);
          const result = await send(ctx.app, req, admin, freshIp());
          expect(result.timedOut, `${req.method} ${req.url} answered in time`).toBe(false);
          expect(result.status, `${req.method} ${req.url} ${req.payload?.slice(0, 200)}`).toBeLessThan(500);
          if (result.status >= 400) {
            await ctx.app.services.mail.idle();
            expect(
              changedTables(before, await readChangeCounter(ctx.db)),
              `${req.method} ${req.url}`,
            ).toEqual([]);
          }
          // A call may sign the admin out (logout): later requests need a fresh token.
          if (result.status === 401 && req.auth) admin = (await signIn(ctx)).headers;
        }),
        { numRuns: 3 },
      );
    }
    const health = await ctx.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
  });
});

describe('hostileInputProblem', () => {
  it('finds NUL in values and keys, non-finite numbers and deep nesting, at any depth', () => {
    expect(hostileInputProblem({ a: [{ b: 'x\u0000' }] })).toMatch(/NUL/);
    expect(hostileInputProblem({ 'k\u0000': 1 })).toMatch(/NUL/);
    expect(hostileInputProblem({ a: [1, Number.POSITIVE_INFINITY] })).toMatch(/non-finite/);
    expect(hostileInputProblem({ a: Number.NaN })).toMatch(/non-finite/);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hostileInputProblem(deep)).toMatch(/nested/);
  });

  it('passes ordinary input', () => {
    expect(hostileInputProblem({ a: [1, 'text', null, true, { b: -2.5 }], c: '😀' })).toBeUndefined();
    expect(hostileInputProblem(undefined)).toBeUndefined();
  });
});

describe('databaseRefusal', () => {
  const withCode = (code: string) => Object.assign(new Error('refused'), { code });

  it('maps the database refusals a request can cause to a 4xx', () => {
    expect(databaseRefusal(withCode('23505'))?.statusCode).toBe(409);
    expect(databaseRefusal(withCode('SQLITE_CONSTRAINT_UNIQUE'))?.statusCode).toBe(409);
    expect(databaseRefusal(withCode('23503'))?.statusCode).toBe(409);
    expect(databaseRefusal(withCode('SQLITE_CONSTRAINT_FOREIGNKEY'))?.statusCode).toBe(409);
    for (const code of ['22003', '22P02', '22021', '23502', 'SQLITE_CONSTRAINT_NOTNULL', 'SQLITE_TOOBIG'])
      expect(databaseRefusal(withCode(code))?.statusCode, code).toBe(400);
    expect(
      databaseRefusal(new RangeError('The bound string, buffer, or bigint is too big'))?.statusCode,
    ).toBe(400);
    expect(
      databaseRefusal(new TypeError('SQLite3 can only bind numbers, strings, bigints, buffers, and null'))
        ?.statusCode,
    ).toBe(400);
  });

  it('leaves other errors to be 5xx: they are bugs', () => {
    expect(databaseRefusal(new Error('boom'))).toBeUndefined();
    expect(
      databaseRefusal(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBeUndefined();
    expect(databaseRefusal(withCode('57P01'))).toBeUndefined();
    expect(databaseRefusal(null)).toBeUndefined();
  });

  it('keeps isUniqueViolation to unique keys', () => {
    expect(isUniqueViolation(withCode('23505'))).toBe(true);
    expect(isUniqueViolation(withCode('SQLITE_CONSTRAINT_PRIMARYKEY'))).toBe(true);
    expect(isUniqueViolation(withCode('23503'))).toBe(false);
  });
});
