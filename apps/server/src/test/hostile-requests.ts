/**
 * Hostile requests for every route of the OpenAPI document, generated from its schemas with
 * fast-check: wrong types, non-finite and huge numbers, integers past 32 and 53 bits, NUL
 * characters, long strings, deep nesting, missing and extra fields, and mostly-valid requests with
 * one field mutated. Used by `npm run fuzz` (fuzz/run.ts) and by hostile-input.test.ts.
 */

import fc from 'fast-check';
import { sql } from 'kysely';
import type { App } from '../app.ts';
import type { Db } from '../db/index.ts';
import { DEMO } from '../demo/seed.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema of the OpenAPI document
type Schema = Record<string, any>;

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/companies/{id} */
  path: string;
  params: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema }[];
  body?: Schema;
}

/** Every method and path of the app's OpenAPI document. */
export async function loadOperations(app: App): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, Schema>> };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p: Schema) => ({
          name: p.name,
          in: p.in,
          required: !!p.required,
          schema: p.schema ?? {},
        })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------- values

/** A string in a JSON body that is replaced by raw JSON text (numbers JSON.stringify cannot write). */
const RAW = '~RAW~';
const raw = (text: string) => `${RAW}${text}${RAW}`;
const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Hostile JSON values: non-finite, huge, past 32 and 53 bits, NUL, long, deep, wrong types. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  // The known-hostile values first and most often; random ones around them.
  {
    weight: 8,
    arbitrary: fc.constantFrom<unknown>(
      raw('1e309'),
      raw('-1e309'),
      raw('1e-400'),
      raw('9007199254740993'),
      raw('99999999999999999999'),
      raw('-99999999999999999999'),
      raw(deepArray(5000)),
      raw(deepObject(1000)),
      'Infinity',
      '-Infinity',
      'NaN',
      2 ** 31,
      2 ** 31 - 1,
      -(2 ** 31) - 1,
      2 ** 32,
      2 ** 53,
      -(2 ** 53),
      Number.MAX_VALUE,
      -1,
      0,
      1.5,
      '\u0000',
      'a\u0000b',
      '',
      ' ',
      'x'.repeat(10_000),
      '\ud800',
      '😀',
      "'; DROP TABLE company; --",
      null,
      true,
      false,
      {},
      [],
      [null],
      { __proto__: null, constructor: { prototype: { polluted: 1 } } },
    ),
  },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => raw(n.toString())),
  fc.double(),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 5 }),
);

/** Hostile text for a query value or a path segment. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      'Infinity',
      '-Infinity',
      'NaN',
      '1e309',
      '-1e309',
      '2147483648',
      '-2147483649',
      '4294967296',
      '9007199254740993',
      '99999999999999999999',
      '-1',
      '0',
      '1.5',
      '0x10',
      '1e3',
      '',
      ' ',
      '\u0000',
      '1\u0000',
      'x'.repeat(5000),
      'true',
      'null',
      '[]',
      '{}',
      '\ud800',
      "'; DROP TABLE company; --",
      '../../etc/passwd',
    ),
  },
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

/** Values the demo seed holds, so valid requests reach past "not found". */
const KNOWN_STRINGS: Record<string, string[]> = {
  username: [DEMO.users.editor, DEMO.users.viewer, DEMO.users.inspector, 'nobody'],
  authCode: [DEMO.authCode, 'NOPE'],
  language: ['en', 'es'],
  timezone: ['UTC', 'Europe/Madrid'],
};

const boundsOf = (s: Schema, fallbackMin: number, fallbackMax: number) => {
  let min = typeof s.minimum === 'number' ? s.minimum : fallbackMin;
  let max = typeof s.maximum === 'number' ? s.maximum : fallbackMax;
  if (typeof s.exclusiveMinimum === 'number') min = Math.max(min, s.exclusiveMinimum + 1e-9);
  if (typeof s.exclusiveMaximum === 'number') max = Math.min(max, s.exclusiveMaximum - 1e-9);
  return { min, max };
};

/** A value the schema accepts (mostly: patterns and formats are approximated). */
export function validValue(s: Schema, name = ''): fc.Arbitrary<unknown> {
  const variants = s.anyOf ?? s.oneOf;
  let arb: fc.Arbitrary<unknown>;
  if (variants) arb = fc.oneof(...(variants as Schema[]).map((v) => validValue(v, name)));
  else if (s.enum) arb = fc.constantFrom(...(s.enum as unknown[]));
  else if ('const' in s) arb = fc.constant(s.const);
  else if (s.type === 'integer') {
    const { min, max } = boundsOf(s, -1000, 1_000_000);
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    // Small ids hit the demo rows; epoch-ms fields get times around now.
    const near = /date|from|to|ts|time/i.test(name) ? Date.now() : 1;
    arb = fc.oneof(
      fc.integer({ min: Math.max(lo, Math.min(near, hi)), max: Math.min(hi, Math.max(near, lo) + 20) }),
      fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) }),
      fc.constantFrom(lo, hi),
    );
  } else if (s.type === 'number') {
    const { min, max } = boundsOf(s, -1e6, 1e6);
    arb = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  } else if (s.type === 'boolean') arb = fc.boolean();
  else if (s.type === 'string') arb = validString(s, name);
  else if (s.type === 'array') {
    arb = fc.array(validValue(s.items ?? {}, name), {
      minLength: s.minItems ?? 0,
      maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
    });
  } else if (s.type === 'object' || s.properties) {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, v] of Object.entries(props)) model[k] = validValue(v, k);
    arb = fc.record(model, { requiredKeys: (s.required ?? []) as string[] });
  } else arb = fc.oneof(fc.integer({ min: 1, max: 20 }), fc.string({ maxLength: 10 }), fc.constant(null));
  return s.nullable ? fc.oneof(arb, fc.constant(null)) : arb;
}

function validString(s: Schema, name: string): fc.Arbitrary<string> {
  const maxLength = Math.min(s.maxLength ?? 40, 200);
  const minLength = s.minLength ?? 0;
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
  const known = KNOWN_STRINGS[name]?.filter(fits);
  let arb: fc.Arbitrary<string>;
  if (s.format === 'email') arb = fc.emailAddress().filter(fits);
  else if (s.format === 'date-time') arb = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else if (s.pattern) arb = fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  else arb = fc.string({ minLength, maxLength: Math.min(maxLength, 40) });
  return known?.length ? fc.oneof(fc.constantFrom(...known), arb) : arb;
}

// ---------------------------------------------------------------- requests

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Raw body text, sent as application/json unless contentType says otherwise. */
  payload?: string;
  contentType?: string;
  /** Send the admin's bearer token and company headers. */
  auth: boolean;
  /** How it was made, for the report. */
  kind: string;
}

/** JSON text of a value; RAW strings become raw text (1e309, 2^70, deep nesting). */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
  // The marked string literal (escaped by stringify) becomes its unescaped content, unquoted.
  return text.replace(/"~RAW~(?:[^"\\]|\\.)*?~RAW~"/g, (literal) =>
    (JSON.parse(literal) as string).slice(RAW.length, -RAW.length),
  );
}

/** encodeURIComponent that also takes a lone surrogate (sent as its raw UTF-8-like bytes). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** All paths (key lists) of an object or array value, for one-field mutations. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = [...prefix, Array.isArray(value) ? Number(k) : k];
      out.push(p);
      pathsOf(v, p, out);
    }
  }
  return out;
}

type Mutation = { kind: 'replace' | 'delete' | 'extra'; pick: number; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('replace', 'replace', 'replace', 'delete', 'extra'),
  pick: fc.nat(),
  value: hostileJson,
});

/** A copy of value with one field replaced, deleted or added. */
function mutate(value: unknown, m: Mutation): unknown {
  const copy = structuredClone(value);
  const paths = pathsOf(copy);
  if (copy === null || typeof copy !== 'object' || paths.length === 0 || m.kind === 'extra') {
    if (copy !== null && typeof copy === 'object' && !Array.isArray(copy))
      (copy as Record<string, unknown>)[`extra${m.pick % 3}`] = m.value;
    else if (paths.length === 0) return m.value;
    return copy;
  }
  const path = paths[m.pick % paths.length];
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = m.value;
  return copy;
}

const GARBAGE_BODIES = [
  '',
  '{',
  'null',
  '"text"',
  '[]',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  deepArray(20_000),
  deepObject(5000),
  `[${'1,'.repeat(50_000)}1]`,
  '\u0000',
  '{"x":"\\u0000"}',
];

/** Requests for one operation: valid, one field mutated, all hostile, or a garbage body. */
export function requestFor(op: Operation): fc.Arbitrary<HostileRequest> {
  const byIn = (where: string) => op.params.filter((p) => p.in === where);
  const pathParams = byIn('path');
  const queryParams = byIn('query');
  const headerParams = byIn('header');
  const validParams = (ps: Operation['params']) => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of ps) model[p.name] = validValue(p.schema, p.name);
    return fc.record(model, { requiredKeys: ps.filter((p) => p.required).map((p) => p.name) });
  };
  const hostileParams = (ps: Operation['params']) => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of ps) model[p.name] = hostileText;
    return fc.record(model);
  };
  const body = op.body ? validValue(op.body) : fc.constant(undefined);
  const mode = fc.constantFrom('valid', 'mutate', 'mutate', 'mutate', 'hostile', 'garbage');

  return fc
    .record({
      mode,
      path: validParams(pathParams),
      query: validParams(queryParams),
      headers: validParams(headerParams),
      body,
      hostilePath: hostileParams(pathParams),
      hostileQuery: hostileParams(queryParams),
      hostileBody: hostileJson,
      garbage: fc.constantFrom(...GARBAGE_BODIES),
      m: mutation,
      where: fc.nat(),
      // Now and then a query key twice (it becomes an array).
      repeatKey: fc.constantFrom(false, false, false, false, false, false, false, false, true),
      auth: fc.oneof(
        { weight: 4, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    })
    .map((r): HostileRequest => {
      let path = { ...r.path } as Record<string, unknown>;
      let query = { ...r.query } as Record<string, unknown>;
      let headers = { ...r.headers } as Record<string, unknown>;
      let bodyValue: unknown = r.body;
      let payload: string | undefined;
      // Which part a mutation hits: path params, query, header params, or the body.
      const parts = [
        pathParams.length && 'path',
        queryParams.length && 'query',
        headerParams.length && 'headers',
        op.body && 'body',
      ].filter(Boolean) as string[];
      const part = parts[r.where % Math.max(parts.length, 1)];
      if (r.mode === 'mutate') {
        if (part === 'path') path = mutate(path, r.m) as Record<string, unknown>;
        else if (part === 'query') query = mutate(query, r.m) as Record<string, unknown>;
        else if (part === 'headers') headers = mutate(headers, r.m) as Record<string, unknown>;
        else if (part === 'body') bodyValue = mutate(bodyValue, r.m);
      } else if (r.mode === 'hostile') {
        path = { ...path, ...r.hostilePath };
        query = r.hostileQuery;
        bodyValue = op.body ? r.hostileBody : undefined;
      }
      if (r.mode === 'garbage') payload = r.garbage;
      else if (bodyValue !== undefined) payload = toJsonText(bodyValue);
      else if (op.method === 'POST' || op.method === 'PUT') payload = undefined;

      // A query value or path segment: strings as they are, anything else as its JSON text.
      const text = (v: unknown) =>
        toJsonText(v).replace(/^"(.*)"$/s, (_m, inner: string) => (typeof v === 'string' ? v : inner));
      const url =
        op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          name in path ? encode(text(path[name])) : encode(text(r.hostilePath[name] ?? '1')),
        ) +
        (Object.keys(query).length
          ? `?${Object.entries(query)
              .map(([k, v]) => {
                const one = `${encode(k)}=${encode(text(v))}`;
                return r.repeatKey && r.mode !== 'valid' ? `${one}&${one}` : one;
              })
              .join('&')}`
          : '');
      const headerText: Record<string, string> = {};
      for (const [k, v] of Object.entries(headers)) {
        // A header value cannot hold control characters: HTTP would never deliver them.
        headerText[k] = [...text(v)].filter((c) => c >= ' ' && c <= '~').join('');
      }
      return {
        method: op.method,
        url,
        headers: headerText,
        payload,
        auth: r.auth,
        kind: r.mode === 'mutate' ? `mutate ${part} (${r.m.kind})` : r.mode,
      };
    });
}

// ---------------------------------------------------------------- sending

export interface SentResult {
  status: number;
  /** First characters of the answer (read only for a 5xx). */
  excerpt: string;
  /** No answer within the time limit (a hang is a bug too). */
  timedOut: boolean;
}

/**
 * Sends one request with inject. The answer is taken as a stream and dropped after its status
 * (a 5xx is read for the report): a server-sent event stream never ends.
 */
export async function send(
  app: App,
  req: HostileRequest,
  authHeaders: Record<string, string> | undefined,
  remoteAddress: string,
  timeoutMs = 20_000,
): Promise<SentResult> {
  const abort = new AbortController();
  const headers: Record<string, string> = { ...req.headers };
  if (req.auth && authHeaders) Object.assign(headers, { ...authHeaders, ...req.headers });
  if (req.payload !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const answer = await Promise.race([
      app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers,
        payload: req.payload,
        remoteAddress,
        payloadAsStream: true,
        signal: abort.signal,
      }),
      timeout,
    ]);
    if (answer === 'timeout') return { status: 0, excerpt: '', timedOut: true };
    const stream = answer.stream();
    let excerpt = '';
    if (answer.statusCode >= 500) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) {
        chunks.push(chunk as Buffer);
        if (chunks.length > 16) break;
      }
      excerpt = Buffer.concat(chunks).toString('utf8').slice(0, 300);
    }
    stream.destroy();
    return { status: answer.statusCode, excerpt, timedOut: false };
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

// ---------------------------------------------------------------- change counter

const COUNTER = 'fuzz_change_count';

/**
 * Tables a refusal writes on purpose: gateway items that are not stored are kept, with why, for
 * the admin (the refusal is what is recorded); failed sign-ins are counted, shared by every server
 * process on PostgreSQL, so the rate limit can refuse the next ones (docs/decisions/several-servers.md).
 */
export const WRITTEN_BY_REFUSALS = new Set(['rejected_reading', 'auth_failure']);

/**
 * Counts every row inserted, updated or deleted, per table, with triggers (a rolled-back write is
 * rolled back from the count too). One small query reads it: cheap enough around every request.
 */
export async function installChangeCounter(database: Db): Promise<void> {
  const { db, dialect } = database;
  const tables =
    dialect === 'postgres'
      ? (
          await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db)
        ).rows
      : (
          await sql<{ name: string }>`SELECT name FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db)
        ).rows;
  const names = tables.map((t) => t.name).filter((n) => n !== COUNTER && !n.startsWith('kysely_'));
  await sql.raw(`CREATE TABLE ${COUNTER} (tbl TEXT PRIMARY KEY, n BIGINT NOT NULL DEFAULT 0)`).execute(db);
  if (dialect === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION ${COUNTER}_bump() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE ${COUNTER} SET n = n + 1 WHERE tbl = TG_TABLE_NAME; RETURN NULL; END $$`)
      .execute(db);
  }
  for (const name of names) {
    await sql.raw(`INSERT INTO ${COUNTER} (tbl) VALUES ('${name}')`).execute(db);
    if (dialect === 'postgres') {
      await sql
        .raw(`CREATE TRIGGER ${COUNTER}_${name} AFTER INSERT OR UPDATE OR DELETE ON "${name}"
          FOR EACH ROW EXECUTE FUNCTION ${COUNTER}_bump()`)
        .execute(db);
    } else {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        await sql
          .raw(`CREATE TRIGGER ${COUNTER}_${name}_${event} AFTER ${event} ON "${name}"
            BEGIN UPDATE ${COUNTER} SET n = n + 1 WHERE tbl = '${name}'; END`)
          .execute(db);
      }
    }
  }
}

/** Rows changed so far, per table. */
export async function readChangeCounter(database: Db): Promise<Map<string, number>> {
  const rows = (
    await sql<{ tbl: string; n: number | string }>`SELECT tbl, n FROM ${sql.raw(COUNTER)}`.execute(
      database.db,
    )
  ).rows;
  return new Map(rows.map((r) => [r.tbl, Number(r.n)]));
}

/** Tables whose count differs between two readings, but those refusals write on purpose. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([t, n]) => before.get(t) !== n && !WRITTEN_BY_REFUSALS.has(t)).map(([t]) => t);
}
