// The answers the service writes itself, apart from any handler: a refusal with no effects, the
// copy of a body that never aliases state, frozen effects, and the 500 and 503 of a failure.
import { problem, refusal } from "../api/problem.js";
import type { Effect } from "../notification/effect.js";
import { edgeIssue, issue, type Issue, type NonEmptyArray } from "../shared/issue.js";
import type { ServiceResponse } from "./entry-point.js";
import { DuplicateExternalIdError, StorageSetupError, StorageUnavailableError } from "./storage.js";

/**
 * Seconds a client is told to wait (`Retry-After`) when the storage cannot serve: long enough
 * for a database restart or a burst of load to pass, short enough that a load balancer or a
 * client retrying once does not give up on a service that is back (docs/decisions.md).
 */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A deep copy of a JSON value (plain objects, arrays, primitives), 5–10× faster than
 * `structuredClone` on the small bodies the service answers.
 */
export function copyJson(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const list: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) list[i] = copyJson(value[i]);
    return list;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = copyJson((value as Record<string, unknown>)[key]);
    if (key === "__proto__") Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}

/** Freezes the effects and everything in them, in place; shared parts are frozen once. */
export function freezeEffects(effects: readonly Effect[]): readonly Effect[] {
  const seen = new Set<object>();
  const stack: unknown[] = [effects];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    Object.freeze(value);
    for (const v of Object.values(value)) stack.push(v);
  }
  return effects;
}

/**
 * A refused request's answer: every issue in one problem body (ERR-1), no effects.
 * @param issues - what is wrong
 * @returns the answer
 */
export function refused(issues: NonEmptyArray<Issue>): ServiceResponse {
  const { status, body } = refusal(issues);
  return { status, body, effects: [] };
}

/**
 * The 400 of an external ID that a storage's unique constraint refused again on re-run (GEN-4).
 * @param error - the storage's refusal
 * @returns the answer
 */
export function duplicateRefusal(error: DuplicateExternalIdError): ServiceResponse {
  return refused([issue("DuplicateExternalId", error.path, "GEN-4", error.message)]);
}

/** Whom the service tells of a failure it answers 500 or 503 (FieldServiceOptions' `onInternalError`, `onUnavailable`). */
export interface FailureListeners {
  /** Told of a bug, with the incident ID the 500 carries. */
  readonly onInternalError: (error: unknown, incidentId: string) => void;
  /** Told why a request was answered 503. */
  readonly onUnavailable: (error: unknown) => void;
}

/**
 * The 500 of a bug (ERR-2 says it never happens): the client gets an opaque incident ID; the
 * error itself goes to the listener (the server log). A listener that throws changes nothing.
 * @param error - what was thrown
 * @param listeners - whom to tell
 * @returns the answer
 */
export function internalAnswer(error: unknown, listeners: FailureListeners): ServiceResponse {
  const incidentId = globalThis.crypto.randomUUID();
  try {
    listeners.onInternalError(error, incidentId);
  } catch {
    // A failing logger must not turn a 500 into a throw.
  }
  return {
    status: 500,
    body: { ...problem(500, [edgeIssue("InternalError", `Internal error, incident ${incidentId}; the server log has the details.`)]), incidentId },
    effects: [],
  };
}

/**
 * What a storage's rejection answers: 400 for an external ID a unique constraint refused
 * again on re-run (GEN-4), 503 with `Retry-After` when the storage cannot serve now (not the
 * input's fault, not a bug), 500 for anything else (a bug).
 * @param error - the rejection
 * @param listeners - whom to tell
 * @returns the answer
 */
export function failedAnswer(error: unknown, listeners: FailureListeners): ServiceResponse {
  if (error instanceof DuplicateExternalIdError) return duplicateRefusal(error);
  if (error instanceof StorageUnavailableError || error instanceof StorageSetupError) {
    try {
      listeners.onUnavailable(error);
    } catch {
      // A failing logger must not turn a 503 into a throw.
    }
    return {
      status: 503,
      body: problem(503, [edgeIssue("Unavailable", `The service cannot reach its storage right now; nothing is wrong with the request: retry after ${RETRY_AFTER_SECONDS} s.`)]),
      effects: [],
      headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
    };
  }
  return internalAnswer(error, listeners);
}
