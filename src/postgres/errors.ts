// What PostgreSQL's and the driver's errors mean to the service: a conflict to decide again on,
// a unique violation (GEN-4), a connection lost, a database that cannot serve now (503), or a bug.
import { apiOperations } from "../api/operations.js";
import { DuplicateExternalIdError, StorageSetupError, StorageUnavailableError, type StoredOperation } from "../service/storage.js";

/** PostgreSQL error codes of a conflict with a concurrent transaction: the request is re-run on fresh data. */
export const CONFLICTS: ReadonlySet<string> = new Set(["40001", "40P01"]);
/** Unique violation: re-run once (a concurrent commit took the key); taken again, it is a refusal (GEN-4). */
export const UNIQUE_VIOLATION = "23505";

/** A string property of a driver error, if it has one. */
function field(error: unknown, name: string): string | undefined {
  if (typeof error !== "object" || error === null || !(name in error)) return undefined;
  const value = (error as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The SQLSTATE or Node error code of a driver error.
 * @param error - what the driver threw
 * @returns its code, if any
 */
export function errorCode(error: unknown): string | undefined {
  return field(error, "code");
}

/** Network failures of the driver's socket (Node error codes). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "ETIMEDOUT", "EHOSTUNREACH", "EHOSTDOWN", "ENETUNREACH", "ENETDOWN", "EPIPE", "EAI_AGAIN", "ENOTFOUND"]);
/**
 * What `pg` says, without a code, when a connection timed out, broke or never answered, or when
 * the pool was asked for one after the storage was closed (a request after `close`: 503).
 */
const DRIVER_FAILURE = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|timeout expired|Cannot use a pool after calling end/i;

/**
 * Whether an error means the connection itself failed (no SQL error from the server): the
 * connection cannot be trusted for a `ROLLBACK` and is dropped.
 * @param error - what the driver threw
 * @returns whether the connection failed
 */
export function connectionLost(error: unknown): boolean {
  const code = errorCode(error);
  if (code !== undefined && NETWORK_CODES.has(code)) return true;
  return code === undefined && error instanceof Error && DRIVER_FAILURE.test(error.message);
}

/**
 * Whether a connection whose statement failed with `error` can serve the next one: the server
 * refused the statement with an SQLSTATE (a stale view's 40001, a unique violation, a deadlock
 * chosen, a cancelled statement) and is neither losing the connection (class 08) nor shutting
 * down or starting up (57P01-57P03). Outside a transaction such a refusal leaves the connection
 * ready for the next statement; a driver failure (no SQLSTATE: a read timeout, a broken
 * socket) does not.
 * @param error - what the driver threw
 * @returns whether the connection may go back to the pool
 */
export function connectionReusable(error: unknown): boolean {
  // Stryker disable next-line StringLiteral: an error without a code is no SQLSTATE, nor is any text put in its place here but five digits or capitals
  const code = errorCode(error) ?? "";
  // A Node error code can look like an SQLSTATE (EPIPE): the network failures are ruled out first.
  return !connectionLost(error) && /^[0-9A-Z]{5}$/.test(code) && !/^(?:08|57P0[1-3])/.test(code);
}

/**
 * Whether an error means the database cannot serve now, through no fault of the request: the
 * connection failed (refused, reset, timed out, never answered), the server is out of
 * connections or resources (SQLSTATE classes 08 and 53), shutting down or starting up
 * (57P01-57P03), or cancelled a statement past `statement_timeout` (57014) or a lock wait
 * (55P03).
 * @param error - what the driver threw
 * @returns whether it is the database's fault, not the request's
 */
export function unavailable(error: unknown): boolean {
  if (connectionLost(error)) return true;
  const code = errorCode(error) ?? "";
  return /^(?:08|53)/.test(code) || /^57P0[1-3]$/.test(code) || code === "57014" || code === "55P03";
}

/**
 * Rejects with {@link StorageUnavailableError} for a database that cannot serve now; other errors pass unchanged.
 * @param error - what the driver threw
 * @throws StorageUnavailableError for a database that cannot serve now, else `error` itself
 */
export function classify(error: unknown): never {
  if (error instanceof StorageUnavailableError || error instanceof StorageSetupError || error instanceof DuplicateExternalIdError) throw error;
  if (unavailable(error)) throw new StorageUnavailableError(`PostgreSQL unavailable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  throw error;
}

/** The record kind of each table holding external IDs, as GEN-4's message names it. */
const RECORD_OF_TABLE: Readonly<Record<string, string>> = {
  customers: "customer", orders: "order", interventions: "intervention", stores: "store", materials: "material",
};

/**
 * The GEN-4 refusal of a unique violation that came back on re-run: the constraint's table
 * names the kind of record; when the operation sets that record's external ID from the body,
 * the issue points at the body's `externalId`, else at the body (`""`).
 * @param error - the unique violation
 * @param operation - the operation that ran into it
 * @returns the refusal
 */
export function duplicateOf(error: unknown, operation: StoredOperation | undefined): DuplicateExternalIdError {
  const table = field(error, "table") ?? /^([a-z_]+?)_company_id/.exec(field(error, "constraint") ?? "")?.[1] ?? "";
  const what = RECORD_OF_TABLE[table] ?? "record";
  const body = operation?.body;
  const sent = typeof body === "object" && body !== null && !Array.isArray(body) && Object.hasOwn(body, "externalId") ? (body as Record<string, unknown>)["externalId"] : undefined;
  const named = operation !== undefined && apiOperations[operation.operation].externalIdTable === table && typeof sent === "string";
  const message = named ? `Another ${what} has the external ID ${JSON.stringify(sent)} (GEN-4).` : `Another ${what} has this external ID (GEN-4).`;
  return new DuplicateExternalIdError(named ? "externalId" : "", message, { cause: error });
}
