/** Node's codes for a connection that failed or was cut (the PostgreSQL server is away). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATE classes of a failure that is the database's state, not the data's:
 * 08 connection, 40 rollback (deadlock, serialization), 53 resources (disk full, too many
 * connections), 55 object not in state (lock not available), 57 operator intervention (shutdown,
 * cancel), 58 system error.
 */
const PG_TRANSIENT_CLASSES = new Set(['08', '40', '53', '55', '57', '58']);

/** SQLite result codes of the same kind: busy or locked, disk full or failing, out of memory. */
const SQLITE_TRANSIENT = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|NOMEM|CANTOPEN|PROTOCOL)/;

/** pg and pg-pool report a lost or unobtainable connection without a code. */
const PG_CONNECTION_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|pool after calling end|connection is not open/i;

/**
 * Whether a database error says the database was unavailable rather than that the data was bad:
 * the same work may succeed when tried again, so its input must not be dropped.
 */
export function isTransientDbError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLITE_TRANSIENT.test(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && PG_TRANSIENT_CLASSES.has(code.slice(0, 2))) return true;
  }
  return typeof message === 'string' && PG_CONNECTION_MESSAGE.test(message);
}
