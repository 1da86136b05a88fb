import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface Answer {
  status: number;
  ms: number;
  /** bytes of the body on the wire (compressed when the server compressed it) */
  wireBytes: number;
  /** content-encoding the server answered with ('' when none) */
  encoding: string;
  /** the body, decompressed */
  body: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request over a kept-alive connection, asking for gzip (`accept-encoding: gzip`) as a browser
 * does; times it until the last byte and counts the body bytes as they came over the wire.
 */
export function call(
  url: string,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; json?: unknown },
): Promise<Answer> {
  const payload = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      url,
      {
        method: opts.method ?? 'GET',
        agent,
        headers: {
          'accept-encoding': 'gzip',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
            : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - start;
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? '');
          try {
            const body = encoding === 'gzip' ? gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, ms, wireBytes: raw.length, encoding, body });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
