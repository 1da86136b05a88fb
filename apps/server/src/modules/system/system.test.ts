import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/test-app.ts';

describe('system calls', () => {
  const ctx = useTestApp({
    HELP_URL: 'https://help.example/desk',
    HELP_CENTRE_URL: 'https://help.example/centre',
    SHOP_URL: 'https://shop.example/store',
    FEATURE_TRACKING_MANAGER: 'true',
  });

  it('GET /api/health answers ok', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/config gives the public configuration without sign-in', async () => {
    const res = await ctx.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      version: '6.2.3',
      environment: 'production',
      helpUrl: 'https://help.example/desk',
      helpCentreUrl: 'https://help.example/centre',
      shopUrl: 'https://shop.example/store',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      features: { materialTracking: false, trackingManager: true },
    });
  });

  it('unknown /api calls answer 404 NOT_FOUND in the error shape', async () => {
    const res = await ctx.app.inject('/api/no/such/call');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(typeof res.json().error.message).toBe('string');
  });

  it('/api/docs/json lists the calls', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/health',
      '/api/config',
      '/api/auth/company_code',
      '/api/servers/alfred',
      '/api/login',
      '/api/auth/refresh_token',
      '/api/logout',
      '/api/v2/users/cmd/init_reset_pwd/by_email',
      '/api/companies/{id}',
      '/api/companies/modules/by_companyId',
      '/api/companies/modules/by_companyId/by_module_type',
      '/api/companies/assets/by_companyId',
      '/api/resources/text/{name}',
      '/api/tenants',
      '/api/tenants/groups/by_companyId/list',
      '/api/tenants/by_tenant_group/list',
      '/api/tenants/groups/{id}',
      '/api/tenants/by_tenant_group_type/list',
      '/api/tenants/groups/list/by_user',
      '/api/tenants/groups/ids/by_application_type',
      '/api/v2/users/details',
      '/api/settings/user',
      '/api/v2/users/settings/values',
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.paths['/api/settings/user'].put).toBeDefined();
    const html = await ctx.app.inject('/api/docs');
    expect(html.statusCode).toBeLessThan(400);
  });
});

describe('web app serving', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitepulse-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Sitepulse</title><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for app routes, keeps 404 JSON for /api', async () => {
    t = await createTestApp({ WEB_DIST: dir });
    const root = await t.app.inject('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const asset = await t.app.inject('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    const deep = await t.app.inject('/construction_dashboard/12');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.body).toContain('<div id="root">');
    const withDot = await t.app.inject('/account-setup/1/bob/bob@example.com');
    expect(withDot.statusCode).toBe(200);
    expect(withDot.body).toContain('<div id="root">');
    const missingAsset = await t.app.inject('/assets/missing.js');
    expect(missingAsset.statusCode).toBe(404);
    const api = await t.app.inject('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });
});

describe('request log', () => {
  it('never writes a token from the query', async () => {
    const { redactToken } = await import('../../app.ts');
    expect(redactToken('/api/data/measurement/temperature/file?jobId=3&token=eyJhbGci.x.y&format=csv')).toBe(
      '/api/data/measurement/temperature/file?jobId=3&token=[redacted]&format=csv',
    );
    expect(redactToken('/api/x?token=abc')).toBe('/api/x?token=[redacted]');
    expect(redactToken('/api/x?tokens=1')).toBe('/api/x?tokens=1');
  });
});
