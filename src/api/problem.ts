import { match, P } from "ts-pattern";
import { edgeIssue, issue, issueCodes, type EdgeCode, type Issue, type IssueCode, type NonEmptyArray, type ProblemIssue } from "../shared/issue.js";
import type { RuleId } from "../shared/rule-id.generated.js";

/**
 * A refusal status (ERR-1), plus the ones only the HTTP adapter answers (414, 431) and the 500
 * that a bug would cause (never expected: ERR-2).
 */
export type ProblemStatus = 400 | 401 | 403 | 404 | 405 | 413 | 414 | 415 | 422 | 429 | 431 | 500;

/**
 * The status of an answer the service gives when its storage cannot serve now (a database down,
 * out of connections, too slow): 503 with a `Retry-After` header. Not a refusal of the input
 * and not a bug: ERR-2's "never 500" stands.
 */
export type UnavailableStatus = 503;

/** Every status a problem-details body carries: a {@link ProblemStatus} or the {@link UnavailableStatus}. */
export type ProblemBodyStatus = ProblemStatus | UnavailableStatus;

/** A problem `name` (ERR-1). */
export type ProblemName =
  | "BadRequest" | "NotAuthenticated" | "Forbidden" | "NotFound" | "MethodNotAllowed" | "PayloadTooLarge" | "UriTooLong"
  | "UnsupportedMediaType" | "UnprocessableContent" | "TooManyRequests" | "RequestHeaderFieldsTooLarge" | "InternalServerError" | "ServiceUnavailable";

/** The statuses the API refuses with, each with its problem `name` (ERR-1), and the 503 of an unavailable storage. */
export const problemNames: { readonly [S in ProblemBodyStatus]: ProblemName } = {
  400: "BadRequest",
  401: "NotAuthenticated",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  413: "PayloadTooLarge",
  414: "UriTooLong",
  415: "UnsupportedMediaType",
  422: "UnprocessableContent",
  429: "TooManyRequests",
  431: "RequestHeaderFieldsTooLarge",
  500: "InternalServerError",
  503: "ServiceUnavailable",
};

const titles: { readonly [S in ProblemBodyStatus]: string } = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** An RFC 9457 problem-details body (ERR-1). */
export interface ProblemDetails {
  /** `about:blank`: the status alone says what kind of problem it is (RFC 9457 §4.2.1). */
  readonly type: "about:blank";
  /** The HTTP reason phrase of the status. */
  readonly title: string;
  /** The HTTP status. */
  readonly status: ProblemBodyStatus;
  /** Machine-readable name of the status (ERR-1). */
  readonly name: ProblemName;
  /** Every issue found, with code, JSON path, message and the rule it breaks (GEN-9); an edge answer's issue has no rule. */
  readonly errors: readonly ProblemIssue[];
}

/**
 * Turns a refusal status and its issues into the RFC 9457 body; the one place error
 * bodies are made.
 * @param status - the refusal status
 * @param issues - every issue found (at least one for a useful body)
 * @returns the problem-details body
 * @rule ERR-1
 * @example
 * problem(400, [{ code: "Required", path: "day", message: "day is required.", rule: "ERR-2" }])
 * //=> { type: "about:blank", title: "Bad Request", status: 400, name: "BadRequest", errors: [{ code: "Required", path: "day", message: "day is required.", rule: "ERR-2" }] }
 */
export function problem(status: ProblemBodyStatus, issues: readonly ProblemIssue[]): ProblemDetails {
  return {
    type: "about:blank",
    title: titles[status],
    status,
    name: problemNames[status],
    // Each issue copied field by field, in the order of the OpenAPI schema; the copy keeps its kind.
    errors: issues.map((i) => ({ code: i.code, path: i.path, message: i.message, rule: i.rule }) as ProblemIssue),
  };
}

/**
 * A problem body with a single issue at the body level, for an answer at the service's edges
 * (413, 415, ...), citing the code's rule (HTTP-1, HTTP-2: `edgeRules`).
 * @param status - the refusal status
 * @param code - the edge code
 * @param message - the explanation; defaults to the catalog's description
 * @returns the problem-details body
 * @example
 * simpleProblem(413, "PayloadTooLarge").errors[0].path //=> ""
 * @internal
 */
export function simpleProblem(status: ProblemBodyStatus, code: EdgeCode, message?: string): ProblemDetails;
/**
 * A problem body with a single issue at the body level, for a refusal that concerns the request
 * as a whole (401, 404, 405).
 * @param status - the refusal status
 * @param code - the issue code
 * @param message - the explanation, citing the rule ID; `undefined` for the catalog's description
 * @param rule - the rule the request breaks
 * @returns the problem-details body
 * @example
 * simpleProblem(404, "NotFound", "No order with this ID (GEN-2).", "GEN-2").errors[0].rule //=> "GEN-2"
 * @internal
 */
export function simpleProblem(status: ProblemBodyStatus, code: Exclude<IssueCode, EdgeCode>, message: string | undefined, rule: RuleId): ProblemDetails;
export function simpleProblem(status: ProblemBodyStatus, code: IssueCode, message?: string, rule?: RuleId): ProblemDetails {
  return problem(status, [rule === undefined ? edgeIssue(code as EdgeCode, message ?? issueCodes[code]) : issue(code as Exclude<IssueCode, EdgeCode>, "", rule, message)]);
}

/**
 * The HTTP status an issue code refuses with: every broken rule and every malformed body is
 * 400; the request-level codes have their own status (401, 403, 404, 405, 413, 414, 415, 429, 431,
 * 503 for a storage that cannot serve now, and 500 for a bug, which ERR-2 says never
 * happens). Adding an issue code without placing it here fails to compile.
 * @param code - the issue code
 * @returns the refusal status
 * @rule ERR-2
 * @example
 * issueStatus("Collision") //=> 400
 * issueStatus("MethodNotAllowed") //=> 405
 * issueStatus("Unavailable") //=> 503
 */
export function issueStatus(code: IssueCode): ProblemBodyStatus {
  return match(code)
    .returnType<ProblemBodyStatus>()
    .with("NotAuthenticated", () => 401)
    .with("WrongCredentials", () => 403)
    .with("NotFound", () => 404)
    .with("MethodNotAllowed", () => 405)
    .with("PayloadTooLarge", () => 413)
    .with("UriTooLong", () => 414)
    .with("UnsupportedMediaType", () => 415)
    .with("HeadersTooLarge", () => 431)
    .with("IdempotencyKeyReused", () => 422)
    .with("TooManyLoginFailures", () => 429)
    .with("InternalError", () => 500)
    .with("Unavailable", () => 503)
    .with(
      P.union(
        "Required", "InvalidType", "InvalidEnum", "Blank", "InvalidGuid", "InvalidDate", "InvalidDateTime", "InvalidEmail",
        "InvalidNumber", "NotInteger", "Negative", "OutOfRange", "TooFew", "TooMany", "TooLong", "InvalidText", "InvalidExternalId", "UnknownReference",
        "DuplicateExternalId", "Duplicate", "NotAllowed", "Immutable", "IdMismatch", "InvalidCustomData", "ForeignReference",
        "InvalidState", "UseReplan", "NotTechnician", "Deactivated", "OutsideDay", "StartNotBeforeEnd", "PrimaryNotAssigned",
        "Collision", "NotStocked", "SameStore", "InvalidJson", "InvalidIdempotencyKey",
      ),
      () => 400,
    )
    .exhaustive();
}

/** A refusal as the API answers it: the status and its problem body. 
 * @internal
 */
export interface Refusal {
  /** The status of the first issue ({@link issueStatus}). */
  readonly status: ProblemBodyStatus;
  /** The problem-details body listing every issue. */
  readonly body: ProblemDetails;
}

/**
 * Answers a refused request: the status comes from the first issue's code (a refusal's
 * issues share one kind: a request is either malformed, unauthenticated, unknown, ...), the
 * body lists every issue (GEN-9).
 * @param issues - every issue found, at least one
 * @returns the status and the problem body
 * @example
 * refusal([{ code: "NotFound", path: "", message: "No such route." }]).status //=> 404
 * @internal
 */
export function refusal(issues: NonEmptyArray<Issue>): Refusal {
  const status = issueStatus(issues[0].code);
  return { status, body: problem(status, issues) };
}
