// The client's login: one token kept and renewed before its 60 minutes run out (AUTH-3), one login
// shared by the calls that need it at once, and aborted once none of them waits for it.
import type { OperationId } from "../api/operations.generated.js";
import type { LoginResponse } from "../auth/login.js";
import { TOKEN_LIFETIME_MS } from "../auth/token.js";
import { raced, throwIfAborted } from "./abort.js";
import { FieldServiceUnexpectedResponseError } from "./errors.js";
import { clientOperations, operationOfKind } from "./operations.generated.js";
import { answer, type Transport } from "./transport.js";

/** The operation of the login. */
const LOGIN = operationOfKind.authentication;

/**
 * A token and when it runs out.
 * @internal
 */
export interface Token {
  readonly text: string;
  readonly expiresAt: number;
  readonly answer: LoginResponse;
}

/** A login in flight, shared by the calls waiting for it. */
interface Login {
  readonly token: Promise<Token>;
  /** Aborts the login's request once no caller waits for it. */
  readonly controller: AbortController;
  /** How many callers wait for it and may still stop. */
  waiting: number;
}

/**
 * The session of one client: a valid token for each call, a fresh login on demand.
 * @internal
 */
export interface Session {
  /** The kept token while it is fresh, else a login (shared with the calls waiting for one). */
  readonly validToken: (signal: AbortSignal | undefined) => Promise<Token>;
  /** A login, shared with the calls waiting for one, bounded for this caller by `signal`. */
  readonly logIn: (signal: AbortSignal | undefined) => Promise<Token>;
  /** Drops the kept token (only if it is still `used`, when given): the next call logs in. */
  readonly forget: (used?: Token) => void;
  /** The login's operation, as errors name it. */
  readonly operation: OperationId;
}

/**
 * The login of a client with these credentials.
 * @param credentials - tenant code, client ID and secret (AUTH-1)
 * @param send - the client's transport
 * @param now - the clock, in milliseconds
 * @param margin - how long before its end a token is renewed
 * @returns the session
 * @internal
 */
export function createSession(
  credentials: { readonly tenantCode: string; readonly clientId: string; readonly secret: string },
  send: Transport,
  now: () => number,
  margin: number,
): Session {
  let token: Token | undefined;
  let pending: Login | undefined;

  function fresh(t: Token | undefined): t is Token {
    return t !== undefined && now() < t.expiresAt - margin;
  }

  function startLogin(): Login {
    const controller = new AbortController();
    const sentAt = now();
    const attempt = (async (): Promise<Token> => {
      const body = { tenantCode: credentials.tenantCode, clientId: credentials.clientId, secret: credentials.secret };
      const result = answer(LOGIN, await send(LOGIN, clientOperations[LOGIN].path, body, controller.signal, undefined, undefined, true)) as LoginResponse;
      // Any value but null reads a property; a primitive's `accessToken` is undefined.
      if (result === null || typeof (result as { readonly accessToken?: unknown }).accessToken !== "string") {
        throw new FieldServiceUnexpectedResponseError(LOGIN, clientOperations[LOGIN].success, JSON.stringify(result));
      }
      // AUTH-3: 60 minutes from issue; an `expiresIn` (seconds) in the answer, if a server sends one, wins.
      const expiresIn = (result as unknown as Record<string, unknown>)["expiresIn"];
      const lifetime = typeof expiresIn === "number" && expiresIn > 0 ? expiresIn * 1000 : TOKEN_LIFETIME_MS;
      return { text: result.accessToken, expiresAt: sentAt + lifetime, answer: result };
    })();
    const login: Login = { token: attempt, controller, waiting: 0 };
    const settle = (): void => {
      if (pending === login) pending = undefined;
    };
    attempt.then((t) => {
      token = t;
      settle();
    }, settle);
    return login;
  }

  // A login shared by concurrent calls takes no caller's signal: one caller aborting must not
  // fail the others' login. Each caller stops waiting when its own signal aborts; the login is
  // aborted once no caller waits for it (a caller without a signal always does), so a login
  // that hangs does not hold up the next call's.
  async function logIn(signal: AbortSignal | undefined): Promise<Token> {
    throwIfAborted(signal);
    const login = pending ?? (pending = startLogin());
    login.waiting += 1;
    return raced(login.token, signal, () => {
      login.waiting -= 1;
      if (login.waiting > 0) return;
      // Stryker disable next-line ConditionalExpression: a login some caller still waits for is the pending one (its settling clears it in the microtask before the callers hear of it), so `true` cannot differ; `false` is killed by the test of a login given up
      if (pending === login) pending = undefined;
      // Stryker disable next-line OptionalChaining: raced calls this only when `signal` aborted, so it is defined; `?.` is for the type
      login.controller.abort(signal?.reason);
    });
  }

  async function validToken(signal: AbortSignal | undefined): Promise<Token> {
    return fresh(token) ? token : logIn(signal);
  }

  const forget = (used?: Token): void => {
    if (used === undefined || token === used) token = undefined;
  };
  return { validToken, logIn, forget, operation: LOGIN };
}
