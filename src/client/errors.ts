import type { ProblemDetails } from "../api/problem.js";
import type { OperationId } from "../api/operations.generated.js";
import { networkReason } from "./retry.js";

/**
 * A refusal: the API answered 4xx (or 5xx) with a problem-details body (ERR-1), or the client
 * refused the call before sending anything (`local: true`, status 400): its own validation
 * refused the body (the same parser and the same issues the server would answer with), or a
 * record reference is one no URL can carry (`InvalidGuid` or `InvalidExternalId` at the path
 * parameter's name, TXT-2). `problem.errors` lists every issue with its `code`, JSON `path`
 * and the `rule` it breaks (GEN-9), so a caller can key on the rule; every issue has one, the
 * answers at the service's edges included (413, 414, 415, 431: HTTP-1; 500, 503: HTTP-2). A 429
 * or 503 the client did not (or no longer) retry carries the server's `Retry-After` as
 * `retryAfterMs` (CLT-1).
 * @example
 * const e = new FieldServiceError("planIntervention", problem(400, [{ code: "Required", path: "day", message: "day is required.", rule: "INT-1" }]), false);
 * e.status //=> 400
 * e.problem.errors.map((i) => [i.path, i.rule]) //=> [["day", "INT-1"]]
 * e.message //=> "planIntervention: 400 BadRequest: day: day is required."
 */
export class FieldServiceError extends Error {
  /** The operation refused (`"planIntervention"`). */
  readonly operation: OperationId;
  /** The HTTP status (400, 401, 403, 404, ...); 400 for a local validation refusal. */
  readonly status: number;
  /** The problem-details body: `name` and every issue under `errors`, each with its `rule`. */
  readonly problem: ProblemDetails;
  /** `true` when the client refused the call itself (a body, a record reference) and sent nothing. */
  readonly local: boolean;
  /** The answer's `Retry-After`, in milliseconds: when to try again after a 429 or 503; `undefined` when the server sent none. */
  readonly retryAfterMs: number | undefined;

  /**
   * @param operation - the operation refused
   * @param problem - the problem-details body
   * @param local - whether the client refused the call before sending anything
   * @param retryAfterMs - the answer's `Retry-After`, in milliseconds, if it had one
   */
  constructor(operation: OperationId, problem: ProblemDetails, local: boolean, retryAfterMs?: number) {
    const first = problem.errors[0];
    const detail = first === undefined ? "" : `: ${first.path === "" ? "" : `${first.path}: `}${first.message}`;
    const more = problem.errors.length > 1 ? ` (and ${problem.errors.length - 1} more)` : "";
    super(`${operation}: ${problem.status} ${problem.name}${detail}${more}`);
    this.name = "FieldServiceError";
    this.operation = operation;
    this.status = problem.status;
    this.problem = problem;
    this.local = local;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * No answer at all: `fetch` rejected (connection refused, DNS, CORS, a dropped connection) or
 * reading the body failed. The request may or may not have reached the server; `cause` holds
 * what `fetch` threw, and the message quotes its innermost cause ("connection refused", CLT-3).
 * With `maxRetries`, it is the last attempt's failure (CLT-1). An abort is not one: a call whose `signal` aborts or whose `timeout` runs
 * out rejects with the signal's reason as it is (a `DOMException` named `"AbortError"` or
 * `"TimeoutError"`), as `fetch` does.
 * @example
 * new FieldServiceNetworkError("readOrder", new TypeError("fetch failed")).message //=> "readOrder: no answer from the API (fetch failed)"
 * const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
 * new FieldServiceNetworkError("login", new TypeError("fetch failed", { cause: refused })).message //=> "login: no answer from the API (fetch failed: connection refused (connect ECONNREFUSED 127.0.0.1:9))"
 */
export class FieldServiceNetworkError extends Error {
  /** The operation that got no answer. */
  readonly operation: OperationId;

  /**
   * @param operation - the operation that got no answer
   * @param cause - what `fetch` threw
   */
  constructor(operation: OperationId, cause: unknown) {
    super(`${operation}: no answer from the API (${networkReason(cause)})`, { cause });
    this.name = "FieldServiceNetworkError";
    this.operation = operation;
  }
}

/**
 * An answer that is not the API's: a status the operation never answers without a
 * problem-details body, or a body that is not the JSON expected (a proxy's HTML error page,
 * say). `body` holds the first 500 characters of what came back.
 * @example
 * new FieldServiceUnexpectedResponseError("readOrder", 502, "<html>Bad gateway</html>").message //=> "readOrder: unexpected answer 502 from the API"
 */
export class FieldServiceUnexpectedResponseError extends Error {
  /** The operation asked. */
  readonly operation: OperationId;
  /** The HTTP status received. */
  readonly status: number;
  /** The start of the body received (at most 500 characters). */
  readonly body: string;

  /**
   * @param operation - the operation asked
   * @param status - the status received
   * @param body - the body received, as text
   */
  constructor(operation: OperationId, status: number, body: string) {
    super(`${operation}: unexpected answer ${status} from the API`);
    this.name = "FieldServiceUnexpectedResponseError";
    this.operation = operation;
    this.status = status;
    this.body = body.slice(0, 500);
  }
}
