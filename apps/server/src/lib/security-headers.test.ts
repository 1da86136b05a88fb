import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, signIn, testConfig } from '../test/test-app.ts';
import { createTestDb } from '../test/test-db.ts';
import { tileSource } from './security-headers.ts';

/** The CSP's directives by name. */
const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values] as const),
  );

describe('security headers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitepulse-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: dir, MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the web app: a CSP with no inline script and no framing, nosniff, a referrer policy', async () => {
    for (const url of ['/', '/job/maturity/1/2/3/', '/login']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('img-src')).toContain('https://*.tiles.example.org');
      // Plain http here: upgrading every request to https would break the site.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the API: nosniff and the same policy on answers, errors and sign-in', async () => {
    const { headers } = await signIn(t);
    const answers = [
      await t.app.inject('/api/health'),
      await t.app.inject('/api/nothing-here'),
      await t.app.inject({ url: `/api/tenants?companyId=${t.companyId}`, headers }),
      await t.app.inject({ url: `/api/tenants?companyId=${t.companyId}` }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 200, 401]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('over https: HSTS and upgrade-insecure-requests', async () => {
    const db = await createTestDb();
    const app = await buildApp({
      config: testConfig({ PUBLIC_URL: 'https://sitepulse.example.com' }),
      db,
      logger: false,
    });
    try {
      const res = await app.inject('/api/health');
      expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

describe('tileSource', () => {
  it('gives the origin of a tile template, subdomain placeholders as a wildcard', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8081');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource('https://a{s}.example.org/{z}.png')).toBeNull();
  });
});

describe('request log', () => {
  /** An app whose log lines (JSON) are collected; `slow` ms is what counts as a slow request. */
  async function appWithLog(level: string, slowMs: number) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
        done();
      },
    });
    const db = await createTestDb();
    const config = testConfig({ LOG_LEVEL: level, SLOW_REQUEST_MS: String(slowMs) });
    const app = await buildApp({ config, db, logStream: stream });
    await app.ready();
    return {
      app,
      lines,
      async close() {
        await app.close();
        await db.destroy();
      },
    };
  }
  const requestLines = (lines: Record<string, unknown>[]) =>
    lines.filter(
      (l) => l.msg === 'request completed' || l.msg === 'slow request' || l.msg === 'incoming request',
    );

  it('at info, a quick request writes nothing', async () => {
    const a = await appWithLog('info', 60_000);
    try {
      for (let i = 0; i < 5; i++) expect((await a.app.inject('/api/health')).statusCode).toBe(200);
      expect(requestLines(a.lines)).toEqual([]);
    } finally {
      await a.close();
    }
  });

  it('at info, a slow request is written once, with its time and no token', async () => {
    const a = await appWithLog('info', 0);
    try {
      await a.app.inject('/api/health?token=secret-token');
      const logged = requestLines(a.lines);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ msg: 'slow request', statusCode: 200 });
      expect(typeof logged[0].responseTimeMs).toBe('number');
      expect(JSON.stringify(logged[0])).not.toContain('secret-token');
    } finally {
      await a.close();
    }
  });

  it('at debug, every request is written', async () => {
    const a = await appWithLog('debug', 60_000);
    try {
      await a.app.inject('/api/health');
      await a.app.inject('/api/nothing');
      expect(requestLines(a.lines).map((l) => l.statusCode)).toEqual([200, 404]);
    } finally {
      await a.close();
    }
  });
});
