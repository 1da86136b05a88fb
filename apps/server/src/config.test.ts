import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';
import { openDb } from './db/index.ts';

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
      sessionMaxAgeS: 30 * 24 * 3600,
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

  it('DATABASE_POOL_MAX sizes the PostgreSQL pool: 10 by default, 1 to 200', async () => {
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
    for (const bad of ['0', '201', '-1', '2.5', 'ten']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
    }
    const store = openDb('postgres://127.0.0.1:1/none', { poolMax: 3 });
    try {
      expect(store.raw.dialect === 'postgres' && store.raw.pool.options.max).toBe(3);
    } finally {
      await store.close();
    }
  });

  it('PUBLIC_URL is always set (default http://localhost:PORT) and gives the announced host and port', () => {
    expect(loadConfig({})).toMatchObject({
      publicUrl: 'http://localhost:8080',
      publicHost: 'localhost',
      publicPort: 8080,
    });
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://sp.example/app//' })).toMatchObject({
      publicUrl: 'https://sp.example/app',
      publicHost: 'sp.example',
      publicPort: 443,
    });
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:3000', PUBLIC_HOST: 'h.example' })).toMatchObject({
      publicUrl: 'http://[::1]:3000',
      publicHost: 'h.example',
      publicPort: 3000,
    });
    expect(loadConfig({ PUBLIC_URL: 'http://sp.example', PUBLIC_PORT: '8443' }).publicPort).toBe(8443);
    for (const bad of [
      'sp.example',
      'ftp://sp.example',
      'https://sp.example/?a=1',
      'https://u:p@sp.example',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(() => loadConfig({ PUBLIC_PORT: '70000' })).toThrow(/PUBLIC_PORT/);
    expect(() => loadConfig({ PUBLIC_PORT: '0' })).toThrow(/PUBLIC_PORT/);
  });

  it('several servers (issue 17): a client id per process on PostgreSQL, the share group, bounded windows', () => {
    expect(loadConfig({})).toMatchObject({
      mqttClientId: 'sitepulse-server',
      mqttShareGroup: 'sitepulse',
      mqttSessionExpiryS: 60,
      tokenTrustMs: 5000,
    });
    const pg = loadConfig({ DATABASE_URL: 'postgres://x/y', PORT: '9001' });
    expect(pg.mqttClientId).toBe(`sitepulse-server-${hostname()}-9001`);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', MQTT_CLIENT_ID: 'edge-2' }).mqttClientId).toBe(
      'edge-2',
    );
    expect(loadConfig({ MQTT_SHARE_GROUP: 'plant', AUTH_TOKEN_TRUST_MS: '0' })).toMatchObject({
      mqttShareGroup: 'plant',
      tokenTrustMs: 0,
    });
    for (const bad of ['a/b', 'a+', '#']) {
      expect(() => loadConfig({ MQTT_SHARE_GROUP: bad }), bad).toThrow(/MQTT_SHARE_GROUP/);
    }
    expect(() => loadConfig({ AUTH_TOKEN_TRUST_MS: '3600001' })).toThrow(/AUTH_TOKEN_TRUST_MS/);
    expect(() => loadConfig({ MQTT_SESSION_EXPIRY_S: '4294967296' })).toThrow(/MQTT_SESSION_EXPIRY_S/);
    expect(() => loadConfig({ MQTT_SESSION_EXPIRY_S: '-1' })).toThrow(/MQTT_SESSION_EXPIRY_S/);
  });
});
