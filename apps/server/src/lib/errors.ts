/** An error with an HTTP status and a stable machine code; the app's error handler turns it into
 * `{ "error": { "code", "message" } }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

const errorCode = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

const UNIQUE_VIOLATIONS = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** A unique-key violation of either database (a second insert racing the first): callers answer 409. */
export function isUniqueViolation(e: unknown): boolean {
  return UNIQUE_VIOLATIONS.has(errorCode(e) ?? '');
}

/**
 * Database refusals caused by the values of a request, not by a server fault, by error code
 * (PostgreSQL SQLSTATE, better-sqlite3's SQLITE_* code). Validation should stop such values first;
 * this keeps one that slips through a 4xx, so a 5xx always means a bug.
 */
const REFUSALS: [codes: string[], status: number, message: string][] = [
  [[...UNIQUE_VIOLATIONS], 409, 'This already exists'],
  [['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'], 409, 'This refers to something missing or still in use'],
  [['23502', 'SQLITE_CONSTRAINT_NOTNULL'], 400, 'A required value is missing'],
  [['23514', 'SQLITE_CONSTRAINT_CHECK'], 400, 'A value is not allowed'],
  [['22003'], 400, 'A number is out of range'],
  [['22P02', 'SQLITE_MISMATCH'], 400, 'A value has the wrong form'],
  [['22021'], 400, 'A text holds characters that cannot be stored'],
  [['22001', '54000', 'SQLITE_TOOBIG'], 400, 'A value is too large'],
  [['22007', '22008'], 400, 'A date is out of range'],
];
const REFUSAL_BY_CODE = new Map(
  REFUSALS.flatMap(([codes, status, message]) => codes.map((code) => [code, { status, message }] as const)),
);
/** better-sqlite3 refuses a value it cannot bind with a plain RangeError or TypeError. */
const SQLITE_BIND_REFUSAL =
  /^(The bound string, buffer, or bigint is too big|SQLite3 can only bind |.*a bigint that was too big)/;

/** The 4xx that a database error stands for when the request's values caused it; else undefined. */
export function databaseRefusal(e: unknown): AppError | undefined {
  const refusal = REFUSAL_BY_CODE.get(errorCode(e) ?? '');
  if (refusal) return new AppError(refusal.status, codeForStatus(refusal.status), refusal.message);
  if ((e instanceof RangeError || e instanceof TypeError) && SQLITE_BIND_REFUSAL.test(e.message)) {
    return badRequest('A value is out of range');
  }
  return undefined;
}

export const tooManyRequests = (message = 'Too many failed attempts. Please try again later.') =>
  new AppError(429, 'TOO_MANY_REQUESTS', message);

/** Default code for a bare HTTP status. */
export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}
