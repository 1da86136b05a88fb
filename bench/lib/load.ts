import { connect, type Socket } from 'node:net';
import { cpuMs } from './report.ts';

export interface LoadResult {
  requests: number;
  /** answers whose status was not 2xx */
  non2xx: number;
  errors: number;
  elapsedMs: number;
  rps: number;
  /** per-request latency, ms (a sample of at most 100,000) */
  latencies: number[];
  /** client CPU time over wall time (1.0 = one core busy): near 1 means the client limits the figure */
  clientCpu: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/**
 * A small HTTP/1.1 load generator (no library is installed for it): `connections` keep-alive
 * sockets, each sending the same GET as soon as the previous answer is complete (one request in
 * flight per socket, as autocannon does by default), for `durationMs`. It reads answers with
 * Content-Length only (what Fastify sends for JSON) and counts statuses, so the client costs far
 * less CPU than fetch or node:http would.
 */
export async function runLoad(opts: {
  url: string;
  path: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
}): Promise<LoadResult> {
  const target = new URL(opts.url);
  const head = [`GET ${opts.path} HTTP/1.1`, `Host: ${target.host}`, 'Connection: keep-alive'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) head.push(`${k}: ${v}`);
  const request = Buffer.from(`${head.join('\r\n')}\r\n\r\n`);
  const port = Number(target.port);

  const result: LoadResult = {
    requests: 0,
    non2xx: 0,
    errors: 0,
    elapsedMs: 0,
    rps: 0,
    latencies: [],
    clientCpu: 0,
  };
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const end = start + opts.durationMs;

  const one = () =>
    new Promise<void>((resolve) => {
      const socket: Socket = connect({ host: target.hostname, port, noDelay: true });
      let buf: Buffer<ArrayBufferLike> = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('error', () => {
        result.errors++;
        resolve();
      });
      socket.on('close', () => resolve());
      socket.on('data', (chunk: Buffer) => {
        buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
        for (;;) {
          const headEnd = buf.indexOf(CRLF2);
          if (headEnd < 0) return;
          const headText = buf.toString('latin1', 0, headEnd);
          const m = /\r\ncontent-length:\s*(\d+)/i.exec(headText);
          if (!m) {
            result.errors++;
            socket.destroy();
            return;
          }
          const total = headEnd + 4 + Number(m[1]);
          if (buf.length < total) return;
          const status = Number(headText.slice(9, 12));
          if (status < 200 || status > 299) result.non2xx++;
          const now = performance.now();
          result.requests++;
          if (result.latencies.length < 100_000) result.latencies.push(now - sentAt);
          buf = buf.subarray(total);
          if (now >= end) {
            socket.end();
            return;
          }
          send();
        }
      });
    });

  await Promise.all(Array.from({ length: opts.connections }, one));
  result.elapsedMs = performance.now() - start;
  result.rps = result.requests / (result.elapsedMs / 1000);
  result.clientCpu = cpuMs(cpu0) / result.elapsedMs;
  return result;
}
