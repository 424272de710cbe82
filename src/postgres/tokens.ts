// Access tokens on PostgreSQL: stored as digests, and kept in this process's memory once seen
// (a token never changes once issued, and expires on its own: AUTH-3).
import { createHash } from "node:crypto";
import { isTokenValid, TOKEN_LIFETIME_MS, type IssuedToken } from "../auth/token.js";
import type { Guid } from "../shared/guid.js";
import type { Instant } from "../shared/time.js";
import { quoteSchema, type SqlExecutor } from "./sql.js";

/** Most tokens one process keeps in memory (about 200 bytes each); the oldest go first, and come back from the table when used. */
export const TOKEN_CACHE_SIZE = 50_000;

/**
 * Tokens are stored as SHA-256 digests: a copy of the table does not hand out live tokens.
 * @param token - the token's text
 * @returns its digest
 */
export function digest(token: string): Buffer {
  // Stryker disable next-line StringLiteral: UTF-8 is what Hash.update uses for a string without an encoding
  return createHash("sha256").update(token, "utf8").digest();
}

/** Tokens this process issued or looked up, by text, oldest first; at most {@link TOKEN_CACHE_SIZE}. */
export class TokenCache {
  readonly #tokens = new Map<string, IssuedToken>();

  /**
   * Keeps a token as the newest; the oldest goes past the bound.
   * @param token - a token issued or found
   */
  remember(token: IssuedToken): void {
    this.#tokens.delete(token.token);
    this.#tokens.set(token.token, token);
    if (this.#tokens.size > TOKEN_CACHE_SIZE) this.#tokens.delete(this.#tokens.keys().next().value as string);
  }

  /**
   * A token seen before, by text.
   * @param text - the token's text
   * @returns the token, or `undefined`
   */
  get(text: string): IssuedToken | undefined {
    return this.#tokens.get(text);
  }

  /**
   * Forgets a token (an expired one, AUTH-3).
   * @param text - the token's text
   */
  forget(text: string): void {
    this.#tokens.delete(text);
  }
}

/**
 * Stores an issued token (as its digest), in one statement: with `sweep`, it also deletes the
 * tokens that expired long ago (AUTH-3: they never come back to life); with `clears`, it forgets
 * the failed logins counted under that key (CRD-2: a successful login of the client), so the
 * login's writes land together or not at all.
 * @param db - the storage's executor
 * @param schema - the storage's schema
 * @param token - the token
 * @param sweep - whether to sweep expired tokens now
 * @param clears - the key whose failed-login count the login clears, if any
 */
export async function insertToken(db: SqlExecutor, schema: string, token: IssuedToken, sweep: boolean, clears?: string): Promise<void> {
  const s = quoteSchema(schema);
  const values: unknown[] = [token.companyId, digest(token.token), token.issuedAt, token.clientId ?? null];
  const ctes: string[] = [];
  if (sweep) ctes.push(`swept AS (DELETE FROM ${s}.tokens WHERE issued_at <= $${values.push(token.issuedAt - TOKEN_LIFETIME_MS)})`);
  // Stryker disable next-line ConditionalExpression: without a key the CTE deletes where `key = NULL`, which matches no row
  if (clears !== undefined) ctes.push(`cleared AS (DELETE FROM ${s}.login_failures WHERE key = $${values.push(clears)})`);
  const insert = `INSERT INTO ${s}.tokens (company_id, digest, issued_at, client_id) VALUES ($1, $2, $3, $4)`;
  await db.query(ctes.length === 0 ? insert : `WITH ${ctes.join(", ")} ${insert}`, values);
}

/**
 * The valid token of a text, from the table; an expired one is deleted at once, as in memory,
 * so it never comes back (AUTH-3).
 * @param db - the storage's executor
 * @param schema - the storage's schema
 * @param text - the token's text
 * @param now - the request's instant
 * @returns the token, or `undefined` when unknown or expired
 */
export async function selectToken(db: SqlExecutor, schema: string, text: string, now: Instant): Promise<IssuedToken | undefined> {
  const s = quoteSchema(schema);
  const key = digest(text);
  const result = await db.query(`SELECT company_id, issued_at, client_id FROM ${s}.tokens WHERE digest = $1`, [key]);
  const row = result.rows[0] as { company_id: Guid; issued_at: string; client_id: string | null } | undefined;
  if (row === undefined) return undefined;
  const issued: IssuedToken = { token: text, companyId: row.company_id, issuedAt: Number(row.issued_at) };
  const token: IssuedToken = row.client_id === null ? issued : { ...issued, clientId: row.client_id };
  if (isTokenValid(token, now)) return token;
  await db.query(`DELETE FROM ${s}.tokens WHERE digest = $1`, [key]);
  return undefined;
}
