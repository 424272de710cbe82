import { fail, issue, ok, type Result } from "../shared/issue.js";
import type { Instant } from "../shared/time.js";

/** How long an `Idempotency-Key` is remembered: 24 hours, as Stripe keeps its keys (IDM-4). */
export const IDEMPOTENCY_KEY_LIFETIME_MS: number = 24 * 60 * 60 * 1000;

/**
 * Whether a key recorded at `recordedAt` is still remembered at `now` (IDM-4): for 24 hours
 * after the decision it recorded; then the same key decides anew.
 * @param recordedAt - when the key's decision was given
 * @param now - the instant of the request that repeats the key
 * @returns whether the recorded answer stands
 * @rule IDM-4
 * @example
 * isKeyRemembered(0, IDEMPOTENCY_KEY_LIFETIME_MS - 1) //=> true
 * isKeyRemembered(0, IDEMPOTENCY_KEY_LIFETIME_MS) //=> false
 */
export function isKeyRemembered(recordedAt: Instant, now: Instant): boolean {
  return now - recordedAt < IDEMPOTENCY_KEY_LIFETIME_MS;
}

/** Longest `Idempotency-Key` accepted (IDM-3): room for any UUID, ULID or hash a client uses. */
export const MAX_IDEMPOTENCY_KEY = 255;

const KEY = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Reads a write's `Idempotency-Key` header (IDM-3): absent is `undefined`; present, it must be 1
 * to 255 visible ASCII characters (inner spaces allowed; a UUID is the usual choice) sent once.
 * Anything else is 400 `InvalidIdempotencyKey`, since a key the service cannot keep exactly
 * would silently fail to protect the retry it is meant for.
 * @param headers - the request's headers, names in any case
 * @returns the key, `undefined` when none, or the issue
 * @rule IDM-3
 * @example
 * readIdempotencyKey({ "Idempotency-Key": "8e03978e-40d5-43e8-bc93-6894a57f9324" }) //=> { ok: true, value: "8e03978e-40d5-43e8-bc93-6894a57f9324" }
 * readIdempotencyKey({}) //=> { ok: true, value: undefined }
 * readIdempotencyKey({ "idempotency-key": "" }).ok //=> false
 */
export function readIdempotencyKey(headers: unknown): Result<string | undefined> {
  if (typeof headers !== "object" || headers === null) return ok(undefined);
  let found: unknown;
  let count = 0;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() !== "idempotency-key") continue;
    found = (headers as Record<string, unknown>)[name];
    if (found !== undefined) count++;
  }
  if (count === 0) return ok(undefined);
  if (Array.isArray(found) && found.length === 1) found = found[0];
  if (count === 1 && typeof found === "string" && found.length <= MAX_IDEMPOTENCY_KEY && KEY.test(found)) return ok(found);
  return fail([
    issue(
      "InvalidIdempotencyKey",
      "",
      "IDM-3",
      `The Idempotency-Key header must be sent once, as 1 to ${MAX_IDEMPOTENCY_KEY} visible ASCII characters, such as a UUID (IDM-3).`,
    ),
  ]);
}

/** The parts of a write that make it "the same request" for its idempotency key (IDM-2). */
export interface FingerprintedRequest {
  /** The operation of the route table. */
  readonly operation: string;
  /** Whether the path named records by GUID or external ID. */
  readonly form: "id" | "externalId";
  /** The path's values, in path order. */
  readonly params: readonly { readonly value: string }[];
  /** `?dryRun=true`. */
  readonly dryRun: boolean;
  /** The body as JSON text (`JSON.stringify` of what was sent), `undefined` when none. */
  readonly bodyText: string | undefined;
}

/**
 * The fingerprint of a write (IDM-2): its operation, its path's values, whether it is a dry
 * run, and its body as JSON text (the text the journal keeps, computed once). Two requests are the same when their fingerprints are equal
 * (a client that retries resends the same JSON, so key order and whitespace are what it sent;
 * a GUID in the path is compared in lower case, as the route matches it).
 * @param request - the write
 * @returns the fingerprint
 * @example
 * requestFingerprint({ operation: "addToStore", form: "id", params: [{ value: "A" }], dryRun: false, bodyText: "[]" })
 *   === requestFingerprint({ operation: "addToStore", form: "id", params: [{ value: "a" }], dryRun: false, bodyText: "[]" }) //=> true
 */
export function requestFingerprint(request: FingerprintedRequest): string {
  const params = request.params.map((p) => (request.form === "id" ? p.value.toLowerCase() : p.value));
  return JSON.stringify([request.operation, request.form, params, request.dryRun, request.bodyText ?? null]);
}

/** What {@link idempotentRepeat} answers. */
export type IdempotentRepeat =
  | {
      /** The same request: the recorded answer stands (IDM-1). */
      readonly kind: "repeat";
    }
  | {
      /** Another request under a key already used (IDM-2). */
      readonly kind: "mismatch";
      /** The 422 issue. */
      readonly issues: Result<never> & { readonly ok: false };
    };

/**
 * Decides a write whose `Idempotency-Key` was already used (IDM-1, IDM-2): the same request
 * is a repeat, answered with the recorded status and body, changing nothing and carrying no
 * effects (they were delivered the first time); another request under the same key is 422
 * `IdempotencyKeyReused`, since answering it with the first request's answer would tell the
 * client a write happened that never did.
 * @param recordedFingerprint - the fingerprint recorded with the key
 * @param fingerprint - this request's
 * @returns a repeat, or the 422 issue
 * @rule IDM-1
 * @rule IDM-2
 * @example
 * idempotentRepeat("a", "a").kind //=> "repeat"
 * idempotentRepeat("a", "b").kind //=> "mismatch"
 */
export function idempotentRepeat(recordedFingerprint: string, fingerprint: string): IdempotentRepeat {
  if (recordedFingerprint === fingerprint) return { kind: "repeat" };
  return {
    kind: "mismatch",
    issues: fail([
      issue(
        "IdempotencyKeyReused",
        "",
        "IDM-2",
        "This Idempotency-Key was used for another request (a different operation, path or body) within the last 24 hours; use a new key for a new request (IDM-2).",
      ),
    ]),
  };
}
