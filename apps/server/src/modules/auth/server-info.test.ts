import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

/** GET /api/servers/alfred with headers a client chooses: the announced host and port ignore them. */
const alfred = (ctx: ReturnType<typeof useTestApp>) =>
  ctx.app.inject({
    url: `/api/servers/alfred?companyId=${ctx.companyId}`,
    headers: { host: 'evil.example:6666', 'x-forwarded-host': 'evil.example', 'x-forwarded-port': '6666' },
  });

describe('GET /api/servers/alfred announces the host and port of PUBLIC_URL', () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://sitepulse.example', TRUST_PROXY: 'true' });

  it('ignores Host and X-Forwarded-* headers', async () => {
    const res = await alfred(ctx);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ host: 'sitepulse.example', port: 443, companyId: ctx.companyId }]);
  });
});

describe('GET /api/servers/alfred with PUBLIC_HOST and PUBLIC_PORT', () => {
  const ctx = useTestApp({
    PUBLIC_URL: 'https://sitepulse.example',
    PUBLIC_HOST: 'api.sitepulse.example',
    PUBLIC_PORT: '8443',
    TRUST_PROXY: 'true',
  });

  it('announces them, whatever the request says', async () => {
    const res = await alfred(ctx);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ host: 'api.sitepulse.example', port: 8443, companyId: ctx.companyId }]);
  });
});
