import type { SecretHasher } from "../auth/secret.js";
import type { FailureWindow } from "../auth/throttle.js";
import type { Instant } from "../shared/time.js";
import { quoteSchema, type SqlExecutor } from "./sql.js";

/**
 * Migration 6 (issue 39): the failed-login windows every process shares (CRD-2, CRD-3), one row
 * per key (`client:["tenant","client"]` or `address:…`) with the window's first failure and its
 * count, indexed by start so ended windows are swept cheaply.
 * @param schema - the schema
 * @returns the SQL script
 */
export function credentialsMigration(schema: string): string {
  const s = quoteSchema(schema);
  return `
CREATE TABLE ${s}.login_failures (
  key text PRIMARY KEY,
  window_start bigint NOT NULL,
  failures integer NOT NULL
);
CREATE INDEX login_failures_window_start ON ${s}.login_failures (window_start);
`;
}

/**
 * Migration 6's other half (CRD-1): every client in `companies.config` that still carries a plain
 * `secret` (a schema seeded before issue 39) gets `secretHash` instead, hashed by `secrets`; the
 * plain text is gone from the row when the migration commits. Runs inside the migration's
 * transaction, under its lock.
 * @param db - the migration's connection, inside its transaction
 * @param schema - the schema
 * @param secrets - the hasher (scrypt)
 * @returns how many secrets were hashed
 */
export async function hashStoredSecrets(db: SqlExecutor, schema: string, secrets: SecretHasher): Promise<number> {
  const s = quoteSchema(schema);
  const rows = (await db.query(`SELECT id, config FROM ${s}.companies ORDER BY position FOR UPDATE`)).rows as { id: string; config: { clients?: unknown } }[];
  let hashed = 0;
  for (const row of rows) {
    const clients = Array.isArray(row.config.clients) ? (row.config.clients as Record<string, unknown>[]) : [];
    let changed = false;
    const next = clients.map((c) => {
      if (typeof c !== "object" || c === null || typeof c["secret"] !== "string") return c;
      const { secret, ...rest } = c as { secret: string } & Record<string, unknown>;
      changed = true;
      hashed++;
      return { ...rest, secretHash: secrets.hash(secret) };
    });
    if (changed) await db.query(`UPDATE ${s}.companies SET config = $2 WHERE id = $1`, [row.id, JSON.stringify({ ...row.config, clients: next })]);
  }
  return hashed;
}

/**
 * The failed-login windows of these keys (CRD-2, CRD-3), in the keys' order.
 * @param db - a connection or the pool
 * @param schema - the schema
 * @param keys - the login's keys
 * @returns each key's window, `undefined` where none
 */
export async function readLoginFailures(db: SqlExecutor, schema: string, keys: readonly string[]): Promise<(FailureWindow | undefined)[]> {
  const result = await db.query(`SELECT key, window_start, failures FROM ${quoteSchema(schema)}.login_failures WHERE key = ANY($1::text[])`, [[...keys]]);
  const found = new Map<string, FailureWindow>();
  for (const r of result.rows as { key: string; window_start: string; failures: number }[]) found.set(r.key, { start: Number(r.window_start), failures: r.failures });
  return keys.map((k) => found.get(k));
}

/**
 * Counts one failed login at `at` under each key, in one statement: a key without a window, or
 * whose window has ended, starts a new one at `at`; else its count grows by one (the database
 * decides each row atomically, so two processes counting at once lose no failure). Ended windows
 * of other keys are swept in the same statement.
 * @param db - a connection or the pool
 * @param schema - the schema
 * @param keys - the login's keys
 * @param at - the failure's instant
 * @param windowMs - the window's length
 */
export async function countLoginFailure(db: SqlExecutor, schema: string, keys: readonly string[], at: Instant, windowMs: number): Promise<void> {
  const s = quoteSchema(schema);
  await db.query(
    `WITH swept AS (DELETE FROM ${s}.login_failures WHERE window_start <= $2::bigint - $3::bigint AND key <> ALL($1::text[]))
INSERT INTO ${s}.login_failures AS f (key, window_start, failures) SELECT k, $2::bigint, 1 FROM unnest($1::text[]) AS k
ON CONFLICT (key) DO UPDATE SET
  window_start = CASE WHEN f.window_start + $3::bigint <= $2::bigint THEN $2::bigint ELSE f.window_start END,
  failures = CASE WHEN f.window_start + $3::bigint <= $2::bigint THEN 1 ELSE f.failures + 1 END`,
    [[...keys], at, windowMs],
  );
}
