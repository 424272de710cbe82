// The service's entry point as its callers see it: the request, the answer, the options and the
// service (docs/service.md "Entry point"). Types only; `createFieldService` (create.ts) builds it.
import type { LOGIN_THROTTLE, LoginThrottleLimits } from "../auth/throttle.js";
import type { SecretHasher } from "../auth/secret.js";
import type { RequestHeaders } from "../auth/token.js";
import type { Effect } from "../notification/effect.js";
import type { Fixture } from "./fixture.js";
import type { FieldStorage } from "./storage.js";

/** A request to the service, as an HTTP adapter or a test builds it (docs/service.md "Entry point"). */
export interface ServiceRequest {
  /** HTTP method, any case. */
  readonly method: string;
  /** Path relative to the base URL, possibly with `?query`. */
  readonly path: string;
  /** Headers; names in any case. */
  readonly headers?: RequestHeaders;
  /** The parsed JSON body; absent when there is none. */
  readonly body?: unknown;
  /**
   * Where the request came from, as the HTTP adapter knows it (`createHttpServer` sets the
   * socket's remote address): failed logins are also counted per address (CRD-3). Absent: the
   * login is counted per tenant and client only (CRD-2).
   */
  readonly remoteAddress?: string;
}

/** The service's answer (docs/service.md "Entry point"). */
export interface ServiceResponse {
  /** HTTP status; never 500 for any input (ERR-2); 503 when the storage cannot serve now. */
  readonly status: number;
  /**
   * JSON body; absent means none (a 204 has none). A fresh value on every answer: changing it
   * never changes what the service holds.
   */
  readonly body?: unknown;
  /**
   * Effects for the embedding server to deliver, in the order they arise; empty on refusal
   * (GEN-8). Frozen (lists of recipients may be shared between the effects of one answer).
   * When {@link ServiceResponse.dryRun} is `true` they are a preview: deliver nothing.
   */
  readonly effects: readonly Effect[];
  /**
   * Response headers the HTTP layer must send besides the content type, lower-case names
   * (`allow` on a 405, as RFC 9110 §15.5.6 asks; `retry-after` in seconds on a 503, RFC 9110
   * §10.2.3). Absent when there are none.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * `true` when the request was a write with `?dryRun=true`: nothing was committed, and the
   * effects are what the write would cause, not something that happened. Absent otherwise.
   */
  readonly dryRun?: true;
}

/** Options of {@link createFieldService}. */
export interface FieldServiceOptions {
  /** What the interface cannot create; checked whole, a broken one throws. */
  readonly fixture: Fixture;
  /** The clock; the service never reads the time otherwise. Default: the system clock. */
  readonly now?: () => Date;
  /** GUID source for new records. Default: the Web Crypto `crypto.randomUUID`. */
  readonly newId?: () => string;
  /** Access-token source (AUTH-5). Default: 32 random bytes from the Web Crypto `crypto.getRandomValues`, base64url. */
  readonly newToken?: () => string;
  /**
   * How client secrets are stored and checked (CRD-1). Default: the storage's (scrypt on
   * PostgreSQL); in memory, a salted SHA-256 digest that keeps no plain secret but is fast
   * (`digestSecrets`): pass `scryptSecrets()` from `field-service-rules/postgres` for scrypt, as
   * the command-line server does.
   */
  readonly secrets?: SecretHasher;
  /** The login throttle's limits (CRD-2, CRD-3). Default {@link LOGIN_THROTTLE}: 10 failures per client, 50 per address, in 15 minutes. */
  readonly loginThrottle?: LoginThrottleLimits;
  /**
   * Told of an internal failure (a bug: ERR-2 says it never happens) with the incident ID the
   * 500 answer carries, so the server log can name it; the client never sees the error text.
   * Default: `console.error` of the incident ID and the stack.
   */
  readonly onInternalError?: (error: unknown, incidentId: string) => void;
  /**
   * Told why a request was answered 503 (the storage rejected with `StorageUnavailableError` or
   * `StorageSetupError`: a database down, out of connections, too slow, or a schema this build
   * must not serve), so the server log says it; the client sees only the 503. Default:
   * `console.error` of one line.
   */
  readonly onUnavailable?: (error: unknown) => void;
  /**
   * Where the records live (docs/service.md "Storage"). Left out: in memory, and `handle`
   * answers at once; given (e.g. `postgresStorage(...)` from `field-service-rules/postgres`):
   * `handle` answers with a promise.
   */
  readonly storage?: FieldStorage | undefined;
  /**
   * The journal of decisions (JRN-1): `retention` is how many entries the in-memory storage
   * keeps per company (JRN-3; default 1,000; 0 keeps none). A database storage keeps every
   * entry.
   */
  readonly journal?: {
    /** Entries kept per company in memory. */
    readonly retention?: number;
  };
}

/**
 * The reference service: one function from request to response. `R` is what `handle`
 * returns: the response itself in memory, a promise of it with a storage (docs/service.md:
 * "handle may return the response or a promise of it").
 */
export interface FieldService<R extends ServiceResponse | Promise<ServiceResponse> = ServiceResponse | Promise<ServiceResponse>> {
  /**
   * Answers one request. Never throws and never answers 500 (ERR-2); a refused request
   * changes nothing and carries no effects (GEN-8). With a storage that cannot serve now (a
   * database down, out of connections, too slow) it answers 503 with `Retry-After`, and
   * serves again once the storage does, without a restart.
   */
  readonly handle: (request: ServiceRequest) => R;
  /**
   * Resolves once the storage is open (tables created, fixture seeded); rejects with the
   * reason when it cannot be (an unreachable database). In memory: resolved at once.
   */
  readonly ready: () => Promise<void>;
  /**
   * Releases the storage (a database pool); any storage. The requests in flight when it is called
   * are answered first, then the storage is closed. Requests after it are not answered (on
   * PostgreSQL: 503).
   */
  readonly close: () => Promise<void>;
}
