import { equivalentAge, HOUR_MS, nurseSaulMaturity, strengthFromMaturity } from '@sitepulse/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO } from '../../demo/seed.ts';
import { addGateway, addMaturityJob, addNode, addProfile, projectOf } from '../../test/sensor-fixtures.ts';
import { testConfig, useTestApp } from '../../test/test-app.ts';

const T0 = Date.UTC(2026, 9, 1, 6, 0, 0);
const MIN15 = 15 * 60_000;

/** Concrete temperature with a heat-of-hydration peak about a day in, on a cool ambient. */
const concreteTemp = (i: number, channel: number) =>
  Math.round((8 + 22 * Math.exp(-(((i - 96) / 60) ** 2)) + 3 * Math.sin(i / 16) + channel * 0.7) * 100) / 100;

describe('maturity engine through ingest', () => {
  const ctx = useTestApp();
  let key: string;
  let nodeId: number;
  let jobId: number;
  const A = -20;
  const B = 12;

  beforeAll(async () => {
    const site = await projectOf(ctx.db.db, ctx.companyId, DEMO.firstSiteName);
    key = (await addGateway(ctx.db.db, ctx.companyId, site.tenantGroupId)).key;
    nodeId = await addNode(ctx.db.db, { companyId: ctx.companyId, ...site });
    const profileId = await addProfile(ctx.db.db, ctx.companyId, A, B);
    jobId = await addMaturityJob(ctx.db.db, {
      companyId: ctx.companyId,
      ...site,
      nodeId,
      profileId,
      startDate: T0,
      singularTarget: 18,
    });
  });

  const send = (app: typeof ctx.app, readings: object[]) =>
    app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { authorization: `Bearer ${key}` },
      payload: { readings },
    });
  const reading = (i: number, channel: number) => ({
    nodeId,
    channelId: channel,
    sensorType: 'Temperature',
    ts: T0 + i * MIN15,
    value: concreteTemp(i, channel),
  });
  const states = () =>
    ctx.db.db
      .selectFrom('maturity_state as m')
      .innerJoin('sensor as s', 's.id', 'm.sensor_id')
      .select(['s.channel_id', 'm.maturity', 'm.equivalent_age', 'm.last_ts', 'm.n'])
      .where('m.job_id', '=', jobId)
      .orderBy('s.channel_id')
      .execute();
  const expected = (indexes: number[], channel: number) => {
    const rs = indexes.map((i) => ({ ts: T0 + i * MIN15, tempC: concreteTemp(i, channel) }));
    return { maturity: nurseSaulMaturity(rs, -10), equivalentAge: equivalentAge(rs) };
  };
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

  it('keeps maturity equal to the domain functions, batch after batch, to the last bit', async () => {
    for (let start = 0; start < 200; start += 50) {
      const res = await send(
        ctx.app,
        range(start, start + 50).flatMap((i) => [reading(i, 1), reading(i, 2)]),
      );
      expect(res.json()).toMatchObject({ accepted: 100, duplicates: 0 });
      if (start === 0) {
        // Half a day in, the pour is far from its target: no MATURED bit yet.
        const job = await ctx.db.db
          .selectFrom('job')
          .select('job_alarm_triggered')
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow();
        expect(job.job_alarm_triggered).toBe(0);
      }
    }
    const s = await states();
    for (const ch of [1, 2]) {
      const e = expected(range(0, 200), ch);
      const row = s.find((r) => r.channel_id === ch);
      expect(row?.maturity).toBe(e.maturity);
      expect(row?.equivalent_age).toBe(e.equivalentAge);
      expect(row?.n).toBe(200);
    }
  });

  it('a late reading recomputes from its time onward, still equal to the domain functions', async () => {
    // Readings 200..260, except 230 which arrives last.
    await send(
      ctx.app,
      range(200, 260)
        .filter((i) => i !== 230)
        .map((i) => reading(i, 1)),
    );
    const before = (await states()).find((r) => r.channel_id === 1);
    expect(before?.maturity).toBe(
      expected(
        range(0, 260).filter((i) => i !== 230),
        1,
      ).maturity,
    );
    await send(ctx.app, [reading(230, 1)]);
    const after = (await states()).find((r) => r.channel_id === 1);
    expect(after?.maturity).toBe(expected(range(0, 260), 1).maturity);
    expect(after?.equivalent_age).toBe(expected(range(0, 260), 1).equivalentAge);
    expect(after?.last_ts).toBe(T0 + 259 * MIN15);
  });

  it('keeps an hourly checkpoint at the last reading of each hour, matching the domain up to that reading', async () => {
    const hours = await ctx.db.db
      .selectFrom('maturity_hour as h')
      .innerJoin('sensor as s', 's.id', 'h.sensor_id')
      .select(['h.hour', 'h.last_ts', 'h.maturity'])
      .where('h.job_id', '=', jobId)
      .where('s.channel_id', '=', 1)
      .orderBy('h.hour')
      .execute();
    expect(hours).toHaveLength(65);
    const tenth = hours[10];
    expect(tenth.hour).toBe(T0 + 10 * HOUR_MS);
    expect(tenth.last_ts).toBe(T0 + 10 * HOUR_MS + 3 * MIN15);
    expect(tenth.maturity).toBe(expected(range(0, 44), 1).maturity);
  });

  it('after a restart, resends count as duplicates and nothing is counted twice', async () => {
    const restarted = await buildApp({ config: testConfig(), db: ctx.db, logger: false });
    await restarted.ready();
    try {
      const resend = await send(
        restarted,
        range(180, 260).map((i) => reading(i, 1)),
      );
      expect(resend.json()).toMatchObject({ accepted: 0, duplicates: 80 });
      await send(
        restarted,
        range(260, 300).map((i) => reading(i, 1)),
      );
      const row = (await states()).find((r) => r.channel_id === 1);
      expect(row?.maturity).toBe(expected(range(0, 300), 1).maturity);
      expect(row?.n).toBe(300);
    } finally {
      await restarted.close();
    }
  });

  it('sets the MATURED bit once the average strength of the sensors reaches the target', async () => {
    const s = await states();
    const strengths = s.map((r) => strengthFromMaturity(r.maturity, { a: A, b: B }));
    const avg = strengths.reduce((x, y) => x + y, 0) / strengths.length;
    const job = await ctx.db.db
      .selectFrom('job')
      .select('job_alarm_triggered')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(avg >= 18).toBe(true);
    expect(job.job_alarm_triggered & 1).toBe(1);
  });

  it('ignores readings before the job started', async () => {
    const before = (await states()).find((r) => r.channel_id === 2);
    await send(ctx.app, [{ ...reading(0, 2), ts: T0 - MIN15 }]);
    expect((await states()).find((r) => r.channel_id === 2)).toEqual(before);
  });

  it('recomputeJob rebuilds the same state from stored readings, and honours a termination date', async () => {
    const before = await states();
    await ctx.db.db.deleteFrom('maturity_state').where('job_id', '=', jobId).execute();
    const engine = (await import('./engine.ts')).createMaturityEngine(ctx.db);
    await engine.recomputeJob(jobId);
    expect(await states()).toEqual(before);

    await ctx.db.db
      .updateTable('job')
      .set({ termination_date: T0 + 99 * MIN15 })
      .where('id', '=', jobId)
      .execute();
    await engine.recomputeJob(jobId);
    const stopped = (await states()).find((r) => r.channel_id === 1);
    expect(stopped?.maturity).toBe(expected(range(0, 100), 1).maturity);
    expect(stopped?.last_ts).toBe(T0 + 99 * MIN15);
  });
});
