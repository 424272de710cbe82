/**
 * Authentication and tenants: login, bearer tokens, the acting user of the API.
 * @packageDocumentation
 */
export { userRoles } from "./user.js";
export type { User, UserRole } from "./user.js";
export { parseLoginRequest, checkCredentials, loginResponse, login } from "./login.js";
export type { LoginRequest, LoginClient, LoginCompany, LoginResponse, LoginIssued } from "./login.js";
export { TOKEN_LIFETIME_MS, bearerToken, isTokenValid, authenticate, defaultNewToken } from "./token.js";
export type { IssuedToken, RequestHeaders, TokenTable, Authenticated } from "./token.js";
export { apiUser } from "./owner.js";
