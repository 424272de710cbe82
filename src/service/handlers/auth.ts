import { checkCredentials, loginResponse, parseLoginRequest } from "../../auth/login.js";
import type { IssuedToken } from "../../auth/token.js";
import { issue } from "../../shared/issue.js";
import type { Instant } from "../../shared/time.js";
import { problem } from "../problem.js";
import type { CompanyState } from "../state.js";

/** The outcome of a login: the response, and the token to register when it succeeded. */
export interface LoginReply {
  /** HTTP status: 200, 400 or 403. */
  readonly status: 200 | 400 | 403;
  /** The login answer or a problem body. */
  readonly body: unknown;
  /** The token to register (unless this is a dry run); absent on refusal. */
  readonly token?: IssuedToken;
}

/**
 * `POST /auth/login`: parse the body (400 with every issue), check the credentials (403),
 * issue a token bound to the company (AUTH-4). Implements AUTH-1.
 * @param companies - every company of the service
 * @param body - the parsed body
 * @param now - the current instant (the token's issue time, AUTH-3)
 * @param newToken - the token source (AUTH-5)
 * @returns the reply and the token issued
 * @example
 * login(companies, { tenantCode: "demo", clientId: "demo", secret: "nope" }, 0, () => "t").status //=> 403
 */
export function login(companies: Iterable<CompanyState>, body: unknown, now: Instant, newToken: () => string): LoginReply {
  const parsed = parseLoginRequest(body);
  if (!parsed.ok) return { status: 400, body: problem(400, parsed.issues) };
  const company = checkCredentials(companies, parsed.value);
  if (company === undefined) return { status: 403, body: problem(403, [issue("WrongCredentials", "")]) };
  const token = newToken();
  return { status: 200, body: loginResponse(company, token), token: { token, companyId: company.id, issuedAt: now } };
}
