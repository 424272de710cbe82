import { randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";
import { formatScryptHash, parseScryptHash, type ScryptCost, type SecretHasher } from "../auth/secret.js";
import { StorageUnavailableError } from "../service/storage.js";

/** The scrypt cost this project stores secrets with (docs/decisions.md "Secrets at rest"): N = 2^14, r = 8, p = 1 (16 MiB, the scrypt paper's interactive-login cost). */
export const SCRYPT_COST: ScryptCost = { N: 1 << 14, r: 8, p: 1 };

/** Options of {@link scryptSecrets}. */
export interface ScryptSecretsOptions {
  /** The cost new hashes are written with; a stored form is checked with its own. Default {@link SCRYPT_COST}. */
  readonly cost?: ScryptCost;
  /** Most scrypt checks running at once in this process (`verifyAsync`). Default 2. */
  readonly maxConcurrent?: number;
  /** Most checks waiting for a turn; one more is refused with `StorageUnavailableError` (503). Default 64. */
  readonly maxQueued?: number;
}

const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** Room for the largest cost a stored form may name (`parseScryptHash`: 128·N·r ≤ 256 MiB), plus scrypt's own buffers. */
const MAX_MEMORY = 257 * 1024 * 1024;

/**
 * The scrypt hasher on `node:crypto` (CRD-1): `hash` writes `scrypt$N$r$p$salt$hash` with a fresh
 * 16-byte salt and a 32-byte key; `verify` and `verifyAsync` derive the key again with the stored
 * form's own cost and salt and compare with `timingSafeEqual`. `verifyAsync` runs scrypt on
 * libuv's thread pool, at most `maxConcurrent` at once; others wait in order, and past
 * `maxQueued` waiting a check is refused with `StorageUnavailableError` (the service answers 503
 * with `Retry-After`), so a flood of logins cannot queue unbounded work. The PostgreSQL storage
 * uses it by default; the command-line server passes it to the in-memory service too.
 * @param options - the cost of new hashes and the bounds on concurrent checks
 * @returns the hasher
 * @rule CRD-1
 * @example
 * const h = scryptSecrets({ cost: { N: 1024, r: 8, p: 1 } });
 * h.verify("demo-secret", h.hash("demo-secret")) //=> true
 */
export function scryptSecrets(options: ScryptSecretsOptions = {}): SecretHasher {
  const cost = options.cost ?? SCRYPT_COST;
  const maxConcurrent = options.maxConcurrent ?? 2;
  const maxQueued = options.maxQueued ?? 64;
  if (parseScryptHash(formatScryptHash({ ...cost, salt: "A".repeat(22), hash: "A".repeat(43) })) === undefined) {
    throw new RangeError(`scryptSecrets: the cost ${JSON.stringify(cost)} is not one a stored form may name (N a power of 2 up to 2^20, r ≤ 32, p ≤ 16, 128·N·r ≤ 256 MiB)`);
  }
  let running = 0;
  const waiting: (() => void)[] = [];
  const turn = (): Promise<void> | undefined => {
    if (running < maxConcurrent) {
      running++;
      return undefined;
    }
    if (waiting.length >= maxQueued) throw new StorageUnavailableError(`too many logins waiting for a secret check (${maxQueued} queued, ${maxConcurrent} running)`);
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  const done = (): void => {
    const next = waiting.shift();
    if (next === undefined) running--;
    else next();
  };
  return {
    hash(secret) {
      const salt = randomBytes(SALT_BYTES);
      const key = scryptSync(secret, salt, KEY_BYTES, { ...cost, maxmem: MAX_MEMORY });
      return formatScryptHash({ ...cost, salt: salt.toString("base64url"), hash: key.toString("base64url") });
    },
    verify(secret, stored) {
      const parsed = parseScryptHash(stored);
      if (parsed === undefined) return false;
      const expected = Buffer.from(parsed.hash, "base64url");
      const key = scryptSync(secret, Buffer.from(parsed.salt, "base64url"), expected.length, { N: parsed.N, r: parsed.r, p: parsed.p, maxmem: MAX_MEMORY });
      return timingSafeEqual(key, expected);
    },
    async verifyAsync(secret, stored) {
      const parsed = parseScryptHash(stored);
      if (parsed === undefined) return false;
      const expected = Buffer.from(parsed.hash, "base64url");
      const wait = turn();
      if (wait !== undefined) await wait;
      try {
        const key = await new Promise<Buffer>((resolve, reject) => {
          scrypt(secret, Buffer.from(parsed.salt, "base64url"), expected.length, { N: parsed.N, r: parsed.r, p: parsed.p, maxmem: MAX_MEMORY }, (error, derived) => {
            if (error === null) resolve(derived);
            else reject(error);
          });
        });
        return timingSafeEqual(key, expected);
      } finally {
        done();
      }
    },
    accepts: (stored) => parseScryptHash(stored) !== undefined,
  };
}
