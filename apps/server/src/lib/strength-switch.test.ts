import type { ChannelJob, ConcreteProfile, MaturityJob, MaturityJobDetail } from '@sitepulse/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { addNode, addReadings, demoPlaces, series } from '../modules/maturity/sensor-fixtures.ts';
import { signIn, useTestApp } from '../test/test-app.ts';

const HOUR = 3_600_000;
const JOBS = '/api/analytics/concrete/maturity/jobs';

/** Issue 16: the module spec's disable_maturity_strength (spec section 3). */
describe('disable_maturity_strength', () => {
  const ctx = useTestApp();
  let headers: Record<string, string>;
  let token: string;
  let jobId: number;

  /** The strength column (the last) of the job's maturity file, CSV. */
  const strengthColumn = async () => {
    const res = await ctx.app.inject({
      url: `/api/analytics/concrete/data/maturity/file?token=${token}&jobId=${jobId}`,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body.trim().split(/\r?\n/).slice(1);
    expect(rows.length).toBeGreaterThan(10);
    return rows.map((r) => r.split(',').at(-1)?.replace(/"/g, '') ?? '');
  };

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers });
  const setSpec = (spec: string) =>
    ctx.db.db
      .updateTable('company_module')
      .set({ spec })
      .where('company_id', '=', ctx.companyId)
      .where('module_type', '=', 'Concrete')
      .execute();

  beforeAll(async () => {
    const editor = await signIn(ctx, 'editor');
    headers = editor.headers;
    token = editor.tokens.accessToken;
    const places = await demoPlaces(ctx.db.db, ctx.companyId);
    const profile = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/concrete/conprofiles',
        headers,
        payload: {
          name: 'Switch test',
          breaks: [
            { maturity: 200, strength: 5 },
            { maturity: 2000, strength: 20 },
          ],
        },
      })
    ).json() as ConcreteProfile;
    const node = await addNode(ctx.db.db, {
      companyId: ctx.companyId,
      tenantGroupId: places.site('Harbourfront Tower'),
      channels: [{ channelId: 1, sensorType: 'Temperature' }],
    });
    const t0 = Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR;
    await addReadings(ctx.db.db, series(node.sensorIds, t0, 15 * 60_000, 4 * 40));
    const job = await ctx.app.inject({
      method: 'POST',
      url: JOBS,
      headers,
      payload: {
        tenantId: places.tenant('Harbourfront Tower', 'Default'),
        nodeId: node.nodeId,
        channelJobName: 'Strength switch',
        concreteProfileId: profile.id,
        startDate: t0,
        singularTargetedStrength: 30,
      },
    });
    expect(job.statusCode).toBe(200);
    jobId = (job.json() as ChannelJob).id;
  });

  it('answers strength while the Concrete module spec allows it', async () => {
    await setSpec(JSON.stringify({ disable_maturity_strength: false }));
    const detail = (await get(`${JOBS}/details/${jobId}`)).json() as MaturityJobDetail;
    expect(detail.msjAverageStrength).toBeGreaterThan(0);
    expect(detail.sensors.some((s) => s.strength !== null)).toBe(true);
    const strengths = await strengthColumn();
    expect(strengths.every((v) => v !== '' && Number.isFinite(Number(v)))).toBe(true);
    expect(Number(strengths.at(-1))).toBeGreaterThan(0);
  });

  it('answers every strength as null, and maturity as ever, when the spec turns strength off', async () => {
    await setSpec(JSON.stringify({ disable_maturity_strength: true }));
    const detail = (await get(`${JOBS}/details/${jobId}`)).json() as MaturityJobDetail;
    expect(detail.latestMaturityIndex).toBeGreaterThan(0);
    expect(detail.msjAverageStrength).toBeNull();
    expect(detail.latestStrength).toBeNull();
    expect(detail.latestJobStrength).toBeNull();
    expect(detail.progressBarValue ?? 0).toBe(0);
    expect(detail.maturityStrengthJobData.every((d) => d.msjAverageStrength === null)).toBe(true);
    expect(detail.sensors.every((s) => s.strength === null)).toBe(true);

    const one = (await get(`${JOBS}/${jobId}`)).json() as MaturityJob;
    expect(one.msjAverageStrength).toBeNull();
    expect(one.latestMaturityIndex).toBeGreaterThan(0);

    const forecast = await get(`${JOBS}/forecast/${jobId}`);
    expect(forecast.statusCode).toBe(200);
    expect(forecast.json().strengthMpa).toBeNull();

    // The maturity file keeps its columns; its strength cells are empty.
    expect((await strengthColumn()).every((v) => v === '')).toBe(true);
  });

  it('shows strength again once the spec allows it', async () => {
    await setSpec('{}');
    const detail = (await get(`${JOBS}/details/${jobId}`)).json() as MaturityJobDetail;
    expect(detail.msjAverageStrength).toBeGreaterThan(0);
  });
});
