import type { Guid } from "../shared/guid.js";
import { fail, issue, type Fail, type Result } from "../shared/issue.js";
import type { Instant } from "../shared/time.js";
import type { IssuedToken } from "./token.js";
import { compileBody, describedJsonSchema, object, required, text, type DescribedBody, type DescribedOutput, type SameType } from "../shared/description/index.js";
import type { JsonSchema } from "../shared/json-schema.js";
import { loginBodyDocs, loginBodyRecords, type LoginRequest } from "./login-types.generated.js";

export type { LoginRequest } from "./login-types.generated.js";

/** An integration client as login sees it: its secret only as a stored form (CRD-1). */
export interface LoginClient {
  /** Client ID. */
  readonly clientId: string;
  /** The stored form of the secret (`scrypt$N$r$p$salt$hash`, or the in-memory fallback's `sha256$salt$hash`). */
  readonly secretHash: string;
}

/**
 * Checks a login's plain secret against a client's stored form, in constant time (a
 * `SecretHasher`'s `verify`, or a verdict computed before).
 */
export type SecretCheck = (secret: string, stored: string) => boolean;

/** A company as login sees it: its identity and its integration clients. */
export interface LoginCompany {
  /** GUID of the company, the `companyId` of the answer. */
  readonly id: Guid;
  /** Code the client logs in with. */
  readonly tenantCode: string;
  /** Display name, the `companyName` of the answer. */
  readonly name: string;
  /** Integration clients allowed to log in. */
  readonly clients: readonly LoginClient[];
}

/*
 * The login body, described once (docs/decisions.md "One description per body"): the parser, the
 * JSON Schema and the `LoginRequest` type come from here.
 */

/**
 * The body of `POST /auth/login` (AUTH-1): the credentials of an integration client.
 * @add LoginBody The credentials of an integration client (AUTH-1).
 */
const loginRequest = /* @__PURE__ */ object("LoginRequest", {
  /** Code of the company (tenant). */
  tenantCode: required(text(), "AUTH-1"),
  /** Integration client ID (acts as user name). */
  clientId: required(text(), "AUTH-1"),
  /** Secret key of the client (acts as password). */
  secret: required(text(), "AUTH-1"),
});

/**
 * The login body, for the type generator (`tools/body-types.ts`), which writes its type into
 * `src/auth/login-types.generated.ts`.
 * @internal
 */
export const loginBodies: readonly DescribedBody[] = [{ value: loginRequest, mode: "add" }];

// The generated interface is the described one (a stale src/auth/login-types.generated.ts fails here).
const generatedMatch: SameType<LoginRequest, DescribedOutput<typeof loginRequest.fields>> = true;
void generatedMatch;

/**
 * Parses the login body: `tenantCode`, `clientId` and `secret` are required strings; every
 * missing or mistyped one is reported (the 400 of AUTH-1, decided by {@link login}).
 * @param body - the parsed JSON body, `undefined` when there was none
 * @returns the credentials, or every issue found
 * @example
 * parseLoginRequest({ tenantCode: "acme", clientId: "c", secret: 1 }) //=> { ok: false, issues: [{ code: "InvalidType", path: "secret", ... }] }
 * @internal
 */
export const parseLoginRequest: (body: unknown) => Result<LoginRequest> = /* @__PURE__ */ compileBody(loginRequest, "add", loginBodyRecords);

/**
 * The JSON Schema of the login body, the shape the login's parser (`parseLoginRequest`) reads (AUTH-1).
 * @example
 * loginRequestJsonSchema.required //=> ["tenantCode", "clientId", "secret"]
 */
export const loginRequestJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(loginRequest, "add", loginBodyDocs);

/**
 * Compares two strings in time that depends on their lengths only, not on where they
 * first differ, so a secret cannot be guessed character by character from response times.
 */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  // Stryker disable next-line MethodExpression: with lengths that differ, diff is already non-zero from the xor of the lengths, so comparing fewer characters decides the same
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

/**
 * The company whose tenant code matches and its client with exactly this client ID (compared
 * case-sensitively, in time independent of where they differ), before the secret is checked.
 * @param companies - every company of the service
 * @param credentials - the parsed login body
 * @returns the company and the client, or `undefined` when no client has these codes
 * @example
 * findLoginClient([acme], { tenantCode: "acme", clientId: "demo", secret: "x" })?.client.clientId //=> "demo"
 * @internal
 */
export function findLoginClient<C extends LoginCompany>(companies: Iterable<C>, credentials: LoginRequest): { readonly company: C; readonly client: LoginClient } | undefined {
  for (const company of companies) {
    if (company.tenantCode !== credentials.tenantCode) continue;
    let found: LoginClient | undefined;
    for (const client of company.clients) {
      if (sameText(client.clientId, credentials.clientId)) found = client;
    }
    return found === undefined ? undefined : { company, client: found };
  }
  return undefined;
}

/**
 * Finds the company whose tenant code matches and one of whose clients has exactly this
 * client ID (compared case-sensitively) and a stored secret that `check` accepts for the sent
 * secret: 200 versus 403 of AUTH-1, decided by {@link login}.
 * @param companies - every company of the service
 * @param credentials - the parsed login body
 * @param check - the constant-time check of a plain secret against a stored form
 * @returns the company, or `undefined` for wrong credentials (403)
 * @example
 * checkCredentials([acme], { tenantCode: "acme", clientId: "demo", secret: "s3cret" }, digestSecrets().verify)?.name //=> "ACME"
 * @internal
 */
export function checkCredentials<C extends LoginCompany>(companies: Iterable<C>, credentials: LoginRequest, check: SecretCheck): C | undefined {
  const found = findLoginClient(companies, credentials);
  return found !== undefined && check(credentials.secret, found.client.secretHash) ? found.company : undefined;
}

/** The 200 body of a successful login (AUTH-1). */
export interface LoginResponse {
  /** Always `true`. */
  readonly success: true;
  /** The bearer token. */
  readonly accessToken: string;
  /** The company the token belongs to (AUTH-4). */
  readonly user: {
    /** GUID of the company. */
    readonly companyId: Guid;
    /** Its tenant code. */
    readonly tenantCode: string;
    /** Its name. */
    readonly companyName: string;
  };
}

/**
 * Builds the body of a successful login (AUTH-1).
 * @param company - the company logged into
 * @param accessToken - the token issued
 * @returns `{ success: true, accessToken, user: { companyId, tenantCode, companyName } }`
 * @example
 * loginResponse(acme, "tok").user.companyName //=> "ACME"
 * @internal
 */
export function loginResponse(company: LoginCompany, accessToken: string): LoginResponse {
  return { success: true, accessToken, user: { companyId: company.id, tenantCode: company.tenantCode, companyName: company.name } };
}

/** A successful login: the token to register and the answer. */
export interface LoginIssued<C extends LoginCompany> {
  /** Discriminant. */
  readonly ok: true;
  /** The company logged into. */
  readonly company: C;
  /** The token, bound to the company (AUTH-4) and issued `now` (AUTH-3). */
  readonly token: IssuedToken;
  /** The 200 body. */
  readonly value: LoginResponse;
}

/**
 * Decides `POST /auth/login`: parses the body (every missing or mistyped field is an issue,
 * 400), checks the credentials (`WrongCredentials`, 403), and issues a token bound to the
 * company. Draws a token only on success.
 * @param companies - every company
 * @param body - the parsed JSON body
 * @param now - the current instant, the token's issue time
 * @param newToken - the token source (AUTH-5)
 * @param check - the constant-time check of the sent secret against a client's stored form (CRD-1)
 * @returns the token and the answer, or the issues
 * @rule AUTH-1
 * @example
 * login([acme], { tenantCode: "acme", clientId: "demo", secret: "nope" }, 0, () => "t", digestSecrets().verify) //=> { ok: false, issues: [{ code: "WrongCredentials", path: "", ... }] }
 */
export function login<C extends LoginCompany>(companies: Iterable<C>, body: unknown, now: Instant, newToken: () => string, check: SecretCheck): LoginIssued<C> | Fail {
  const parsed = parseLoginRequest(body);
  if (!parsed.ok) return parsed;
  const company = checkCredentials(companies, parsed.value, check);
  if (company === undefined) return fail([issue("WrongCredentials", "", "AUTH-1")]);
  const token = newToken();
  return { ok: true, company, token: { token, companyId: company.id, issuedAt: now, clientId: parsed.value.clientId }, value: loginResponse(company, token) };
}
