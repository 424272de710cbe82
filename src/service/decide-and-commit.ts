// The route of one decision over a storage: load, decide, commit, and decide again on a stale
// view or a unique refusal. Runs synchronously on a synchronous storage (memory).
import type { ServiceResponse } from "./entry-point.js";
import type { Outcome } from "./journal-on-write.js";
import type { CompanyState } from "./state.js";
import { StorageUnavailableError, type Awaitable, type DuplicateExternalIdError, type LoadedView, type RequestPort, type StoredOperation } from "./storage.js";
import type { RecordedAnswer } from "../journal/memory.js";

/**
 * Full jitter before deciding again on a fresh view: a random wait below a cap that doubles
 * with each stale decision (2 ms, 4 ms, … up to 200 ms), so writers of one record spread out
 * instead of colliding again.
 * @param attempt - the number of decisions so far
 * @param random - a number in [0, 1) (`Math.random()`)
 * @returns the wait in milliseconds, in [0, cap)
 */
export function retryWait(attempt: number, random: number): number {
  return random * Math.min(200, 2 ** attempt);
}

/**
 * Waits {@link retryWait} before the next decision.
 * @param attempt - the number of decisions so far
 * @returns a promise settled after the wait
 */
export function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, retryWait(attempt, Math.random())));
}

/**
 * Applies `f` to a value now, or once its promise settles: the one route runs synchronously on a synchronous storage.
 * @param value - a value or its promise
 * @param f - what to apply
 * @returns `f`'s result, or its promise
 */
export function andThen<T, U>(value: Awaitable<T>, f: (value: T) => Awaitable<U>): Awaitable<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/**
 * The route of a decision, top-down: load the view (with the versions it was read at), decide
 * (pure), commit. A read, and a repeat answered from an idempotency key, commit nothing. A
 * commit that finds the view stale (a concurrent write changed what the decision read) is
 * decided again on a fresh view after a short jittered wait, at most `port.attempts` times
 * (then 503); an external ID that a unique constraint refused (GEN-4) is decided once more,
 * and refused by `taken` if the constraint refuses it again.
 * @param port - the storage
 * @param stored - the operation as the storage reads it
 * @param decide - the pure decision on a view
 * @param taken - the GEN-4 refusal of an external ID the constraint refused twice
 * @returns the answer
 * @throws StorageUnavailableError when `port.attempts` decisions all found their view stale
 */
export function decideAndCommit(
  port: RequestPort,
  stored: StoredOperation,
  decide: (view: CompanyState, recorded: RecordedAnswer | undefined) => Outcome,
  taken: (view: CompanyState, recorded: RecordedAnswer | undefined, error: DuplicateExternalIdError) => Outcome,
): Awaitable<ServiceResponse> {
  // The first unique refusal seen, then (seen twice) the one the answer refuses with.
  let duplicate: DuplicateExternalIdError | undefined;
  let refusing: DuplicateExternalIdError | undefined;
  const attempt = (n: number, stale: LoadedView | undefined): Awaitable<ServiceResponse> =>
    andThen(port.load(stored, stale), (loaded) => {
      let outcome: Outcome;
      try {
        outcome = refusing === undefined ? decide(loaded.view, loaded.recorded) : taken(loaded.view, loaded.recorded, refusing);
      } catch (error) {
        // A decision that throws is a bug (500); what the view holds (a connection) is still released.
        return andThen(port.release(loaded), () => Promise.reject(error));
      }
      if (outcome.changes === undefined && outcome.journal === undefined) return andThen(port.release(loaded), () => outcome.result);
      return andThen(port.commit(stored, loaded, outcome), (verdict): Awaitable<ServiceResponse> => {
        if (verdict.kind === "committed") return outcome.result;
        if (verdict.kind === "taken") {
          // Once: a concurrent commit took the key, and the next decision sees that record and
          // refuses by the rules. Twice: the rules do not see what the constraint does (two keys
          // the decision tells apart and the database does not): GEN-4's refusal, journaled.
          if (duplicate !== undefined) refusing = verdict.error;
          duplicate = verdict.error;
        }
        if (n >= port.attempts) throw new StorageUnavailableError(`${n} decisions of one request found their view stale: concurrent writes kept changing what it reads`);
        return pause(n).then(() => attempt(n + 1, loaded));
      });
    });
  return attempt(1, undefined);
}
