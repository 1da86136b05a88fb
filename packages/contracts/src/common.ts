import Type from 'typebox';

/** The one error shape of every failed call: HTTP 4xx/5xx with this body. */
export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String({ description: 'Stable machine code, e.g. BAD_REQUEST, UNAUTHORIZED, NOT_FOUND' }),
    message: Type.String({ description: 'Human readable message' }),
  }),
});
export type ErrorBody = Type.Static<typeof ErrorBody>;

// Bounds. Every integer a request carries is bounded by what the database column holds, so an
// out-of-range value answers 400 at validation instead of a database error (a 500) later. Bounds
// also keep a coerced query string like `Infinity` out: Ajv's coercion does not check finiteness.

/** Ids are PostgreSQL `integer` (serial) columns. */
export const ID_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
/** The latest time a JavaScript Date holds (+275760-09-13); epoch-ms columns are `bigint`. */
export const EPOCH_MS_MAX = 8_640_000_000_000_000;
/** Page numbers and page sizes: (page + 1) * rpp stays far below 2^53, so OFFSET never overflows. */
export const PAGE_MAX = 1_000_000;
export const RPP_MAX = 1000;

type IntegerOptions = Parameters<typeof Type.Integer>[0];
type NumberOptions = Parameters<typeof Type.Number>[0];

/** A row id (1..2^31-1), with a description or other options. */
export const id = (options?: IntegerOptions) => Type.Integer({ minimum: 1, maximum: ID_MAX, ...options });
/** Any 32-bit integer (what an `integer` column stores). */
export const int32 = (options?: IntegerOptions) =>
  Type.Integer({ minimum: INT32_MIN, maximum: INT32_MAX, ...options });
/** A UTC epoch-ms time from 1970 to the last time a Date holds. */
export const epochMs = (options?: IntegerOptions) =>
  Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, description: 'UTC epoch milliseconds', ...options });
/** A page number counted from 0. */
export const page = (options?: IntegerOptions) =>
  Type.Integer({ minimum: 0, maximum: PAGE_MAX, default: 0, description: 'page number, from 0', ...options });
/** Rows per page. */
export const rpp = (options?: IntegerOptions) =>
  Type.Integer({ minimum: 1, maximum: RPP_MAX, description: 'rows per page', ...options });
/** A finite number: keeps a coerced `Infinity` query value out (JSON bodies cannot carry one). */
export const finite = (options?: NumberOptions) =>
  Type.Number({ minimum: -Number.MAX_VALUE, maximum: Number.MAX_VALUE, ...options });

/** Epoch milliseconds, UTC. Every time on the wire is one of these. */
export const EpochMs = epochMs();
export const Id = id();
export const Int32 = int32();

/** The `tenant` query parameter nearly every call carries (spec section 7); accepted and ignored where unused. */
export const TenantQuery = Type.Object({ tenant: Type.Optional(Type.String()) });

export const IdParams = Type.Object({ id: Id });
export type IdParams = Type.Static<typeof IdParams>;

export const OkResult = Type.Object({ ok: Type.Boolean() });
export type OkResult = Type.Static<typeof OkResult>;
