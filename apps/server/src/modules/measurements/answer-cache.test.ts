import { crc32, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { crc32Combine, createAnswerCache, splitAtTo } from './answer-cache.ts';

describe('answer cache pieces', () => {
  it('combines CRC-32s of two parts into the CRC-32 of their concatenation', () => {
    for (const [a, b] of [
      ['', 'x'],
      ['{"to":', '123}'],
      ['a'.repeat(1000), 'b'.repeat(77_777)],
      ['ü€', '\u0000\u00ff'.repeat(513)],
    ]) {
      const ba = Buffer.from(a);
      const bb = Buffer.from(b);
      expect(crc32Combine(crc32(ba), crc32(bb), bb.length)).toBe(crc32(Buffer.concat([ba, bb])));
    }
  });

  it('splits an answer around its `to` so that the parts rebuild JSON.stringify of it', () => {
    const answer = { msjId: 4, bucket: '1h', from: 10, to: 99, start: 0, series: [{ a: '"to":1' }] };
    const { pre, post } = splitAtTo(answer);
    expect(`${pre}99${post}`).toBe(JSON.stringify(answer));
    expect(`${pre}123456${post}`).toBe(JSON.stringify({ ...answer, to: 123456 }));
    const first = { to: 5, x: [1] };
    const p = splitAtTo(first);
    expect(`${p.pre}5${p.post}`).toBe(JSON.stringify(first));
    const last = { x: [1], to: 5 };
    const q = splitAtTo(last);
    expect(`${q.pre}7${q.post}`).toBe(JSON.stringify({ x: [1], to: 7 }));
  });

  it('serves a later "now" from the kept answer as valid gzip (a new head joined to the kept rest), and text', async () => {
    const cache = createAnswerCache();
    let computed = 0;
    const big = Array.from({ length: 20_000 }, (_, i) => (i * 0.37) % 50);
    const app = Fastify();
    app.get('/chart', async (req, reply) => {
      const to = Number((req.query as { to: string }).to);
      const a = await cache.answer('job 1', { mark: 'm1', grid: 'g', to, extendable: true }, async () => {
        computed++;
        return { from: 1, to, points: big.length, series: big };
      });
      await cache.send(req, reply, a);
      return reply;
    });
    const ask = (to: number, gzip: boolean) =>
      app.inject({ url: `/chart?to=${to}`, headers: gzip ? { 'accept-encoding': 'gzip' } : {} });
    for (const to of [1000, 1000, 2000, 2000, 987654321]) {
      const z = await ask(to, true);
      expect(z.headers['content-encoding']).toBe('gzip');
      // gunzip checks the combined CRC-32 and the length
      expect(gunzipSync(z.rawPayload).toString()).toBe(
        JSON.stringify({ from: 1, to, points: big.length, series: big }),
      );
      const t = await ask(to, false);
      expect(t.headers['content-encoding']).toBeUndefined();
      expect(t.body).toBe(JSON.stringify({ from: 1, to, points: big.length, series: big }));
    }
    expect(computed).toBe(1);
    // an earlier "now" is never served from an answer made for a later one
    await ask(999, true);
    expect(computed).toBe(2);
    await app.close();
  });

  it('computes afresh when the mark or the grid moved, and shares one computation between identical misses', async () => {
    const cache = createAnswerCache();
    let computed = 0;
    const run = (mark: string, grid: string, to: number, extendable: boolean) =>
      cache.answer('k', { mark, grid, to, extendable }, async () => {
        computed++;
        await new Promise((r) => setTimeout(r, 5));
        return { to, mark };
      });
    await Promise.all([run('a', 'g', 10, true), run('a', 'g', 10, true), run('a', 'g', 10, true)]);
    expect(computed).toBe(1);
    await run('b', 'g', 10, true);
    expect(computed).toBe(2);
    await run('b', 'h', 10, true);
    expect(computed).toBe(3);
    // not extendable: a later `to` is computed
    await run('b', 'h', 11, false);
    expect(computed).toBe(4);
    await run('b', 'h', 11, false);
    expect(computed).toBe(4);
  });
});
