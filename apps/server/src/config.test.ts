import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for every setting', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'sqlite:./data/sitepulse.db',
      seed: 'demo',
      jwtSecret: undefined,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      accessTokenTtlS: 900,
      refreshTokenTtlS: 30 * 24 * 3600,
      authRateLimitMax: 10,
      authRateLimitWindowS: 300,
      features: { trackingManager: false, materialTracking: false },
      logLevel: 'info',
    });
    expect(c.webDist).toBe(`${REPO_ROOT}/apps/web/dist`);
  });

  it('reads and checks values', () => {
    const c = loadConfig({
      PORT: '9000',
      SEED: 'none',
      FEATURE_MATERIAL_TRACKING: 'true',
      DATABASE_URL: 'postgres://x/y',
    });
    expect(c).toMatchObject({ port: 9000, seed: 'none', databaseUrl: 'postgres://x/y' });
    expect(c.features.materialTracking).toBe(true);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED: 'lots' })).toThrow(/SEED/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
