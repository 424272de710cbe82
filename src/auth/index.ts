/**
 * Authentication and tenants: login, bearer tokens, the acting user of the API.
 * @packageDocumentation
 */
export { userRoles } from "./user.js";
export type { User, UserRole } from "./user.js";
export { parseLoginRequest, checkCredentials, findLoginClient, loginResponse, login } from "./login.js";
export type { LoginRequest, LoginClient, LoginCompany, LoginResponse, LoginIssued, SecretCheck } from "./login.js";
export { digestSecrets, parseScryptHash, formatScryptHash, isStoredSecret, storedClient, sha256, base64url, sameBytes } from "./secret.js";
export type { SecretHasher, ScryptCost, ScryptHash, ClientCredentials, StoredClient } from "./secret.js";
export { LOGIN_THROTTLE, loginKeys, loginThrottle, nextFailureWindow } from "./throttle.js";
export type { LoginThrottleLimits, FailureWindow, LoginKeys, Throttled } from "./throttle.js";
export { TOKEN_LIFETIME_MS, bearerToken, isTokenValid, authenticate, defaultNewToken } from "./token.js";
export type { IssuedToken, RequestHeaders, TokenTable, Authenticated } from "./token.js";
export { apiUser } from "./owner.js";
