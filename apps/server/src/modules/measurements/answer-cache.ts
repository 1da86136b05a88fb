/**
 * The answer cache of the job charts (issue 18, docs/decisions/chart-reads.md): an answer is kept per
 * job and request, with the mark of the job's last write it was computed from, and served again, as
 * JSON text and gzip bytes made once, while a request finds the same mark. The mark is read from the
 * database by the request itself (the caller's own reads), never taken from memory, so a write
 * committed before a request started, by this process or any other sharing the database, changes the
 * mark that request reads and the answer is computed afresh.
 *
 * A running job's chart ends at "now": its answer differs from one request to the next only by `to`.
 * An answer is kept as the JSON before and after the value of `to`, and its gzip as the compressed
 * part after `to` (raw deflate, final block) joined behind a freshly compressed head (sync flush):
 * one valid gzip stream whose CRC-32 is combined from the two parts, so a later `to` costs a few
 * hundred bytes of compression, not the whole answer's.
 */
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

const deflateRawAsync = promisify(deflateRaw);
const gzipAsync = promisify(gzip);

/** Bytes of answers kept at most (text and gzip). */
const MAX_BYTES = 64 * 1024 * 1024;
/** An entry nobody asked for in this long is dropped (its memory, not its correctness: marks decide that). */
const IDLE_MS = 15 * 60_000;
/** Smaller answers are sent uncompressed (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;
/** gzip member header: magic, deflate, no flags, no time, no extra flags, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);

// ---- CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine).
const POLY = 0xedb88320;
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p = (p ^ bb) >>> 0;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? ((bb >>> 1) ^ POLY) >>> 0 : bb >>> 1;
  }
  return p >>> 0;
}
const X2N: number[] = [];
{
  let p = 0x40000000; // x^1
  X2N.push(p);
  for (let n = 1; n < 32; n++) {
    p = multmodp(p, p);
    X2N.push(p);
  }
}
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  let len = n;
  let kk = k;
  while (len > 0) {
    if (len % 2 === 1) p = multmodp(X2N[kk & 31], p);
    len = Math.floor(len / 2);
    kk++;
  }
  return p;
}
/** CRC-32 of A followed by B, from crc(A), crc(B) and the length of B in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multmodp(x2nmodp(lengthB, 3), crcA) ^ crcB) >>> 0;
}

/** What decides whether a kept answer may be served for a request. */
export interface AnswerProbe {
  /** the job's last write as the request read it from the database (rows, counts) */
  mark: string;
  /** the answer's grid (bucket, first bucket, number of buckets) */
  grid: string;
  /** the `to` of this request; null for an answer without one (job lists) */
  to: number | null;
  /**
   * The answer may serve a later `to` on the same grid: `to` is "now" (a running job), and no row
   * the answer reads lay after `to` when it was computed (a reading dated ahead of the clock would
   * otherwise enter the range later without a new write).
   */
  extendable: boolean;
}

export interface AnswerEntry {
  mark: string;
  grid: string;
  to: number | null;
  extendable: boolean;
  /** the JSON text before and after the value of `to` (all of it in `pre` without one) */
  pre: string;
  post: string;
  /** compressed once, on first use: the part after `to` (raw deflate, final block), its CRC and length */
  gzPost?: Promise<{ deflated: Buffer; crc: number; length: number }>;
  /** the whole gzip answer for the `to` it was last made for */
  gzWhole?: { to: number | null; bytes: Promise<Buffer> };
}

/** An answer to send: a kept entry and the `to` of this request. */
export interface Answer {
  entry: AnswerEntry;
  to: number | null;
}

/** The JSON text of an answer around the value of its `to` field: pre + String(to) + post is JSON.stringify(answer). */
export function splitAtTo(answer: Record<string, unknown>): { pre: string; post: string } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  let seen = false;
  for (const [k, v] of Object.entries(answer)) {
    if (k === 'to') seen = true;
    else if (seen) after[k] = v;
    else before[k] = v;
  }
  if (!seen || typeof answer.to !== 'number')
    throw new Error('an answer kept by the answer cache has a numeric `to`');
  const b = JSON.stringify(before);
  const a = JSON.stringify(after);
  return {
    pre: `${b.length > 2 ? `${b.slice(0, -1)},` : '{'}"to":`,
    post: a.length > 2 ? `,${a.slice(1)}` : '}',
  };
}

export const answerText = (a: Answer) =>
  a.to === null ? a.entry.pre : `${a.entry.pre}${a.to}${a.entry.post}`;

export function createAnswerCache(opts: { maxBytes?: number } = {}) {
  const lru = new LRUCache<string, AnswerEntry>({
    maxSize: opts.maxBytes ?? MAX_BYTES,
    // the text, and room for its gzip (made later, smaller than the text)
    sizeCalculation: (e) => 2 * (e.pre.length + e.post.length) + 64,
    ttl: IDLE_MS,
    updateAgeOnGet: true,
  });
  const inFlight = new Map<string, Promise<Answer>>();
  const stats = { hits: 0, misses: 0, shared: 0 };

  function usable(e: AnswerEntry | undefined, p: AnswerProbe): e is AnswerEntry {
    if (!e || e.mark !== p.mark || e.grid !== p.grid) return false;
    return p.to === e.to || (e.extendable && p.extendable && p.to !== null && e.to !== null && p.to > e.to);
  }

  function gzPostOf(e: AnswerEntry) {
    e.gzPost ??= (async () => {
      const text = Buffer.from(e.post, 'utf8');
      return { deflated: await deflateRawAsync(text), crc: crc32(text), length: text.length };
    })();
    void e.gzPost.catch(() => {
      e.gzPost = undefined;
    });
    return e.gzPost;
  }

  /** The gzip bytes of the answer: a small compressed head joined to the kept compressed rest. */
  function gzipOf(a: Answer): Promise<Buffer> {
    const e = a.entry;
    if (e.gzWhole?.to === a.to) return e.gzWhole.bytes;
    const bytes = (async () => {
      if (a.to === null) return gzipAsync(e.pre);
      const post = await gzPostOf(e);
      const head = Buffer.from(`${e.pre}${a.to}`, 'utf8');
      // A few hundred bytes: the smallest window and memory (a larger window decodes it all the same).
      const deflatedHead = deflateRawSync(head, {
        finishFlush: constants.Z_SYNC_FLUSH,
        level: 1,
        windowBits: 9,
        memLevel: 1,
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc32Combine(crc32(head), post.crc, post.length), 0);
      trailer.writeUInt32LE((head.length + post.length) % 2 ** 32, 4);
      return Buffer.concat([GZIP_HEADER, deflatedHead, post.deflated, trailer]);
    })();
    e.gzWhole = { to: a.to, bytes };
    void bytes.catch(() => {
      if (e.gzWhole?.bytes === bytes) e.gzWhole = undefined;
    });
    return bytes;
  }

  return {
    stats,

    /**
     * The kept answer of `key` when the probe allows it, else `compute`'s (kept for the next request).
     * Identical requests that miss at once compute it once.
     */
    async answer(key: string, probe: AnswerProbe, compute: () => Promise<unknown>): Promise<Answer> {
      const kept = lru.get(key);
      if (usable(kept, probe)) {
        stats.hits++;
        return { entry: kept, to: probe.to };
      }
      const flightKey = `${probe.mark}|${probe.grid}|${probe.to}|${key}`;
      const flight = inFlight.get(flightKey);
      if (flight) {
        stats.shared++;
        return flight;
      }
      stats.misses++;
      const run = (async () => {
        const answer = await compute();
        const { pre, post } =
          probe.to === null
            ? { pre: JSON.stringify(answer), post: '' }
            : splitAtTo(answer as Record<string, unknown>);
        const entry: AnswerEntry = {
          mark: probe.mark,
          grid: probe.grid,
          to: probe.to,
          extendable: probe.extendable,
          pre,
          post,
        };
        lru.set(key, entry);
        return { entry, to: probe.to };
      })();
      inFlight.set(flightKey, run);
      try {
        return await run;
      } finally {
        inFlight.delete(flightKey);
      }
    },

    /** Sends an answer: gzip when the client takes it (made once per answer), else the JSON text. */
    async send(req: FastifyRequest, reply: FastifyReply, a: Answer): Promise<void> {
      reply.type('application/json; charset=utf-8');
      reply.header('vary', 'accept-encoding');
      const size = a.entry.pre.length + a.entry.post.length;
      const accept = req.headers['accept-encoding'];
      const gzip =
        size >= COMPRESS_THRESHOLD &&
        req.headers['x-no-compression'] === undefined &&
        typeof accept === 'string' &&
        negotiate(accept, ['gzip', 'identity']) === 'gzip';
      if (!gzip) {
        reply.send(answerText(a));
        return;
      }
      const bytes = await gzipOf(a);
      reply.header('content-encoding', 'gzip');
      reply.send(bytes);
    },

    /**
     * Sends an answer as JSON text, leaving compression to what follows (the site read cache of
     * lib/site-read-cache.ts keeps text answers of its calls, then @fastify/compress).
     */
    sendText(reply: FastifyReply, a: Answer): void {
      reply.type('application/json; charset=utf-8');
      reply.send(answerText(a));
    },

    clear: () => lru.clear(),
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;
