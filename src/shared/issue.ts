import type { RuleId } from "./rule-id.generated.js";

/**
 * Machine-readable kinds of problem. {@link issueCodes} describes each one.
 */
export type IssueCode =
  | "Required"
  | "InvalidType"
  | "InvalidEnum"
  | "Blank"
  | "InvalidGuid"
  | "InvalidDate"
  | "InvalidDateTime"
  | "InvalidEmail"
  | "InvalidNumber"
  | "NotInteger"
  | "Negative"
  | "OutOfRange"
  | "TooFew"
  | "TooMany"
  | "TooLong"
  | "InvalidText"
  | "InvalidExternalId"
  | "UnknownReference"
  | "DuplicateExternalId"
  | "Duplicate"
  | "NotAllowed"
  | "Immutable"
  | "IdMismatch"
  | "InvalidCustomData"
  | "ForeignReference"
  | "InvalidState"
  | "UseReplan"
  | "NotTechnician"
  | "Deactivated"
  | "OutsideDay"
  | "StartNotBeforeEnd"
  | "PrimaryNotAssigned"
  | "Collision"
  | "NotStocked"
  | "SameStore"
  | "InvalidJson"
  | "NotAuthenticated"
  | "WrongCredentials"
  | "TooManyLoginFailures"
  | "NotFound"
  | "MethodNotAllowed"
  | "PayloadTooLarge"
  | "UriTooLong"
  | "UnsupportedMediaType"
  | "HeadersTooLarge"
  | "InvalidIdempotencyKey"
  | "IdempotencyKeyReused"
  | "Unavailable"
  | "InternalError";

/**
 * Every issue code the library reports, with what it means. One catalog, so a client can
 * switch on `code` and the docs can list them. Applies GEN-9 and ERR-1 (the `code`).
 */
export const issueCodes: { readonly [C in IssueCode]: string } = {
  Required: "A required value is missing or null.",
  InvalidType: "The value has the wrong JSON type.",
  InvalidEnum: "The value is not one of the allowed values.",
  Blank: "A required string is empty or only white space.",
  InvalidGuid: "The value is not a GUID (8-4-4-4-12 hex digits).",
  InvalidDate: "The value is not a real calendar date written YYYY-MM-DD.",
  InvalidDateTime: "The value is not an ISO 8601 date-time with Z or an offset.",
  InvalidEmail: "The value is not an e-mail address.",
  InvalidNumber: "The value is not a finite number.",
  NotInteger: "The value is not a whole number.",
  Negative: "The value must not be negative.",
  OutOfRange: "The value is outside its allowed range.",
  TooFew: "The list has fewer elements than required.",
  TooMany: "The list has more elements than its documented maximum.",
  TooLong: "The string is longer than its documented maximum.",
  InvalidText: "The string holds U+0000 or an unpaired surrogate (TXT-1).",
  InvalidExternalId: "No URL path can carry this external ID (TXT-2).",
  UnknownReference: "No record or catalog value matches this ID, external ID or slug.",
  DuplicateExternalId: "Another record of this type already has this external ID.",
  Duplicate: "The same element appears more than once where only one is allowed.",
  NotAllowed: "The field must not be filled in this situation.",
  Immutable: "The value cannot be changed by this operation.",
  IdMismatch: "The ID and the external ID do not name the same record.",
  InvalidCustomData: "customData is not JSON, or does not match the company's template.",
  ForeignReference: "The referenced record belongs to another customer.",
  InvalidState: "The record's state does not allow this operation.",
  UseReplan: "Day, category and technicians change only through Replan.",
  NotTechnician: "The user does not have the role Technik.",
  Deactivated: "The user is deactivated.",
  OutsideDay: "The instant does not fall on the intervention's day in the company's time zone.",
  StartNotBeforeEnd: "plannedStart must be earlier than plannedEnd.",
  PrimaryNotAssigned: "The main technician has no assignation.",
  Collision: "The technician is already allocated at that time.",
  NotStocked: "The store does not stock this material.",
  SameStore: "Stock cannot be moved to the store it comes from.",
  InvalidJson: "The body is not valid JSON.",
  NotAuthenticated: "The access token is missing, malformed, unknown or expired (AUTH-2, AUTH-3).",
  WrongCredentials: "No client of that tenant has this client ID and secret (AUTH-1).",
  TooManyLoginFailures: "Too many failed logins; retry after Retry-After seconds.",
  NotFound: "No such route, or no such record in the caller's company (GEN-2, AUTH-4).",
  MethodNotAllowed: "The path exists but does not accept this method (ERR-2).",
  PayloadTooLarge: "The request body is larger than the service accepts.",
  UnsupportedMediaType: "A request body must be JSON (Content-Type: application/json).",
  UriTooLong: "The request target (path and query) is longer than the service accepts.",
  HeadersTooLarge: "The request headers are larger than the service accepts.",
  InvalidIdempotencyKey: "The Idempotency-Key header is not 1 to 255 visible ASCII characters sent once.",
  IdempotencyKeyReused: "The Idempotency-Key was already used for a different request.",
  Unavailable: "The storage cannot serve now; retry after Retry-After seconds.",
  InternalError: "The service failed on this request; the incident ID names it in the server log.",
};

/**
 * The codes of the answers at the service's edges, which no decision of the service gives: the
 * HTTP adapter's refusals of a request's bytes before any rule of a body reads it (413, 414, 415,
 * 431: HTTP-1) and the faults of the service (500, a bug) or of its storage (503: HTTP-2). An
 * issue with one of these codes is an {@link EdgeIssue}, whose `rule` is the code's in
 * {@link edgeRules}; every other issue is an {@link Issue}. Every issue carries a rule.
 */
export type EdgeCode = "PayloadTooLarge" | "UriTooLong" | "UnsupportedMediaType" | "HeadersTooLarge" | "InternalError" | "Unavailable";

/**
 * The {@link EdgeCode}s as data; the compiler checks the list is whole.
 * @internal
 */
export const edgeCodes: { readonly [C in EdgeCode]: true } = {
  PayloadTooLarge: true, UriTooLong: true, UnsupportedMediaType: true, HeadersTooLarge: true, InternalError: true, Unavailable: true,
};

/**
 * The rule each answer at the service's edges cites (issue 38), so that every issue, these
 * included, names one: HTTP-1 for a request whose bytes the service refuses to read (a body over
 * its limit 413, a request target 414, a head 431, a body not sent as JSON 415), HTTP-2 for a
 * fault that is not the request's (500 a bug, 503 the storage: retry after `Retry-After`).
 * {@link edgeIssue} takes the rule from here.
 * @rule HTTP-1
 * @rule HTTP-2
 * @example
 * edgeRules.PayloadTooLarge //=> "HTTP-1"
 * edgeRules.Unavailable //=> "HTTP-2"
 */
export const edgeRules: { readonly [C in EdgeCode]: RuleId } = {
  PayloadTooLarge: "HTTP-1", UriTooLong: "HTTP-1", UnsupportedMediaType: "HTTP-1", HeadersTooLarge: "HTTP-1", InternalError: "HTTP-2", Unavailable: "HTTP-2",
};

/**
 * One problem found in a request: what (`code`), where (`path`, a JSON path such as
 * `assignations[1].plannedEnd`, empty for the whole body), which rule it breaks (`rule`) and a
 * sentence for people. Every issue a rule, a parser or the service reports is one.
 */
export interface Issue {
  /** Machine-readable kind of problem, from {@link issueCodes}. */
  readonly code: Exclude<IssueCode, EdgeCode>;
  /** JSON path of the offending value; `""` for the body itself. */
  readonly path: string;
  /** Human-readable explanation, citing the rule ID where one applies. */
  readonly message: string;
  /**
   * The rule the request breaks, as data, so a client can key on it (GEN-9, ERR-1). When the
   * message names rules, this is the first it names (`"(GEN-2, AUTH-4)"`: `GEN-2`). An issue of
   * a body's field cites the rule its description attaches to the field (CUS-1 for a customer's
   * `name`, issue 38) where the shared readers would cite `ERR-2` (missing, wrong JSON type, not
   * one of the listed values, blank, too few elements, a malformed e-mail or number); otherwise
   * the rule of the reader's check: `GEN-5` for `null` on a required field, `GEN-1` GUIDs,
   * `GEN-6` dates, `GEN-7` decimals, `TXT-1` text, `TXT-2` external IDs, `LIM-1` lengths, and
   * `ERR-2` for what no specific rule states (malformed JSON, a wrong JSON type where no rule
   * names the field).
   */
  readonly rule: RuleId;
}

/**
 * The issue of an answer at the service's edges (an {@link EdgeCode}: 413, 414, 415, 431, 500,
 * 503): the same fields as an {@link Issue}, its rule the code's in {@link edgeRules} (HTTP-1,
 * HTTP-2).
 */
export interface EdgeIssue {
  /** Machine-readable kind of problem, from {@link issueCodes}. */
  readonly code: EdgeCode;
  /** `""`: an edge answer concerns the request as a whole. */
  readonly path: string;
  /** Human-readable explanation. */
  readonly message: string;
  /** HTTP-1 (the request's bytes) or HTTP-2 (a fault of the service), as {@link edgeRules} says. */
  readonly rule: RuleId;
}

/** One element of a problem body's `errors`: an {@link Issue}, or an {@link EdgeIssue}; both carry `rule`. */
export type ProblemIssue = Issue | EdgeIssue;

/** A list with at least one element. */
export type NonEmptyArray<T> = readonly [T, ...T[]];

/** A successful outcome. */
export interface Ok<T> {
  /** Discriminant: success. */
  readonly ok: true;
  /** The outcome. */
  readonly value: T;
}

/** A refused outcome with every issue found (GEN-9). */
export interface Fail {
  /** Discriminant: refusal. */
  readonly ok: false;
  /** Every issue found, never empty. */
  readonly issues: NonEmptyArray<Issue>;
}

/**
 * The outcome of every rule and parser: a value, or every issue found. User input never
 * throws (GEN-9).
 */
export type Result<T> = Ok<T> | Fail;

/**
 * Wraps a value as a success.
 * @param value - the outcome
 * @returns `{ ok: true, value }`
 * @example
 * ok(3) //=> { ok: true, value: 3 }
 * @internal
 */
export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

/**
 * Wraps issues as a refusal.
 * @param issues - at least one issue
 * @returns `{ ok: false, issues }`
 * @internal
 */
export function fail(issues: NonEmptyArray<Issue>): Fail {
  return { ok: false, issues };
}

/**
 * Builds one issue. The rule is given here, where the issue is made, and nowhere else: when the
 * message names rules, `rule` is the first it names.
 * @param code - the issue code
 * @param path - the JSON path (`""` for the body)
 * @param rule - the rule the request breaks
 * @param message - the explanation; defaults to the catalog's description
 * @returns the issue
 * @example
 * issue("Required", "name", "ERR-2") //=> { code: "Required", path: "name", message: "A required value is missing or null.", rule: "ERR-2" }
 * @internal
 */
export function issue(code: Exclude<IssueCode, EdgeCode>, path: string, rule: RuleId, message?: string): Issue {
  return { code, path, message: message ?? issueCodes[code], rule };
}

/**
 * Builds the issue of an answer at the service's edges, citing the code's rule ({@link edgeRules}).
 * @param code - an edge code (413, 414, 415, 431, 500, 503)
 * @param message - the explanation
 * @returns the issue, at the path `""`
 * @example
 * edgeIssue("UriTooLong", "The request target is longer than 8192 bytes.") //=> { code: "UriTooLong", path: "", message: "The request target is longer than 8192 bytes.", rule: "HTTP-1" }
 * @internal
 */
export function edgeIssue(code: EdgeCode, message: string): EdgeIssue {
  return { code, path: "", message, rule: edgeRules[code] };
}

/**
 * True when the list holds at least one element; narrows it to {@link NonEmptyArray}.
 * @param list - any list
 * @returns whether it is non-empty
 * @internal
 */
export function isNonEmpty<T>(list: readonly T[]): list is NonEmptyArray<T> {
  return list.length > 0;
}

/**
 * Turns a collected list of issues into a result: success with `value` when the list is
 * empty, otherwise a refusal carrying all of them. Every decision ends here, and `value` is
 * called only when nothing is wrong, so a refused request has no changes to commit and draws
 * no GUID: GEN-8 is this contract, which the service keeps by committing successes only.
 * @param issues - issues collected so far
 * @param value - the outcome to return when there are none (called lazily)
 * @returns the result
 * @rule GEN-8
 * @example
 * collect([], () => 1) //=> { ok: true, value: 1 }
 * @internal
 */
export function collect<T>(issues: readonly Issue[], value: () => T): Result<T> {
  return isNonEmpty(issues) ? fail(issues) : ok(value());
}

/**
 * Joins several results: all values when every one succeeded, else every issue of every
 * refused one, in order. Decisions collect every issue into one list and end in
 * {@link collect}; this is the same rule for results decided apart: all issues, not the first.
 * @param results - the results to join
 * @returns the values in order, or all issues
 * @rule GEN-9
 * @example
 * all([ok(1), ok(2)]) //=> { ok: true, value: [1, 2] }
 * @internal
 */
export function all<T>(results: readonly Result<T>[]): Result<T[]> {
  const issues: Issue[] = [];
  const values: T[] = [];
  for (const r of results) {
    if (r.ok) values.push(r.value);
    else for (const i of r.issues) issues.push(i);
  }
  return collect(issues, () => values);
}

/**
 * Prefixes the paths of issues, for a parser reused inside a larger body.
 * @param issues - issues with paths relative to the nested value
 * @param prefix - the path of the nested value (`"contactPeople[0]"`)
 * @returns the issues with full paths
 * @example
 * prefixIssues([issue("Blank", "email", "ERR-2")], "contactPeople[1]")[0].path //=> "contactPeople[1].email"
 * @internal
 */
export function prefixIssues(issues: NonEmptyArray<Issue>, prefix: string): NonEmptyArray<Issue> {
  const [first, ...rest] = issues.map((i) => ({ ...i, path: joinPath(prefix, i.path) }));
  return [first as Issue, ...rest];
}

/**
 * Joins a parent JSON path and a child path or key.
 * @param parent - parent path, `""` for the root
 * @param child - a property name, an array index, or a relative path
 * @returns the joined path (`a.b`, `a[1]`, `[1].b`)
 * @example
 * joinPath("assignations", 1) //=> "assignations[1]"
 * joinPath("", "name") //=> "name"
 * @internal
 */
export function joinPath(parent: string, child: string | number): string {
  if (typeof child === "number") return `${parent}[${child}]`;
  if (child === "") return parent;
  if (parent === "") return child;
  return child.startsWith("[") ? parent + child : `${parent}.${child}`;
}
