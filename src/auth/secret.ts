/**
 * Integration-client secrets at rest (CRD-1): the port that hashes and checks them, the stored
 * forms, and the browser-safe fallback the in-memory service uses when no hasher is given. The
 * scrypt hasher on `node:crypto` lives beside the PostgreSQL storage (`src/postgres/secrets.ts`):
 * this module imports nothing from Node, so the rules and offline entries stay browser-safe.
 */

/** A value now, or a promise of it. */
type MaybePromise<T> = T | Promise<T>;

/**
 * How a service turns a fixture's plain secret into what it stores, and checks a login's secret
 * against that (CRD-1). `hash` and `verify` are synchronous because the in-memory service
 * answers synchronously; a service over a storage (which answers with a promise anyway) uses
 * `verifyAsync` when present, so the hashing runs off the event loop.
 */
export interface SecretHasher {
  /**
   * The stored form of a plain secret, freshly salted: two calls give two different texts.
   * @param secret - the plain secret
   */
  readonly hash: (secret: string) => string;
  /**
   * Whether `secret` is the plain text of the stored form `stored`, compared in constant time.
   * @param secret - the secret a login sent
   * @param stored - a stored form this hasher {@link SecretHasher.accepts}
   */
  readonly verify: (secret: string, stored: string) => boolean;
  /**
   * The same check as `verify`, off the event loop; may reject with a storage's
   * `StorageUnavailableError` when too many checks are waiting (answered 503).
   * @param secret - the secret a login sent
   * @param stored - a stored form this hasher accepts
   */
  readonly verifyAsync?: (secret: string, stored: string) => MaybePromise<boolean>;
  /**
   * Whether this hasher can check the stored form `stored` (a fixture's `secretHash` it cannot
   * check fails the fixture at start).
   * @param stored - a stored form
   */
  readonly accepts: (stored: string) => boolean;
}

/** The cost parameters of scrypt (RFC 7914): CPU/memory cost `N` (a power of 2), block size `r`, parallelization `p`. */
export interface ScryptCost {
  /** CPU/memory cost, a power of 2 greater than 1; memory used is 128·N·r bytes. */
  readonly N: number;
  /** Block size. */
  readonly r: number;
  /** Parallelization. */
  readonly p: number;
}

/** A parsed `scrypt$N$r$p$salt$hash` text: the cost, the salt and the derived key (both base64url, no padding). */
export interface ScryptHash extends ScryptCost {
  /** The salt, base64url without padding. */
  readonly salt: string;
  /** The derived key, base64url without padding. */
  readonly hash: string;
}

/** Bounds on a stored form's cost, so a hostile fixture or database row cannot ask for gigabytes: N ≤ 2^20, r ≤ 32, p ≤ 16, 128·N·r ≤ 256 MiB. */
const MAX_COST = { N: 1 << 20, r: 32, p: 16, bytes: 256 * 1024 * 1024 };

const B64URL = "[A-Za-z0-9_-]";
const SCRYPT_FORM = new RegExp(`^scrypt\\$([1-9][0-9]{0,7})\\$([1-9][0-9]{0,2})\\$([1-9][0-9]{0,2})\\$(${B64URL}{16,88})\\$(${B64URL}{22,88})$`);
const DIGEST_FORM = new RegExp(`^sha256\\$(${B64URL}{16,88})\\$(${B64URL}{43})$`);

/**
 * Reads a stored scrypt form, `scrypt$N$r$p$salt$hash` (salt and hash base64url without
 * padding; N a power of 2 within the bounds above).
 * @param stored - the stored text
 * @returns its parts, or `undefined` when it is not a valid scrypt form
 * @example
 * parseScryptHash("scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$" + "A".repeat(43))?.N //=> 16384
 * parseScryptHash("demo-secret") //=> undefined
 */
export function parseScryptHash(stored: string): ScryptHash | undefined {
  const m = SCRYPT_FORM.exec(stored);
  if (m === null) return undefined;
  const N = Number(m[1]);
  const r = Number(m[2]);
  const p = Number(m[3]);
  if (N < 2 || (N & (N - 1)) !== 0 || N > MAX_COST.N || r > MAX_COST.r || p > MAX_COST.p || 128 * N * r > MAX_COST.bytes) return undefined;
  return { N, r, p, salt: m[4] as string, hash: m[5] as string };
}

/**
 * Writes the stored scrypt form.
 * @param parts - the cost, the salt and the derived key (base64url)
 * @returns `scrypt$N$r$p$salt$hash`
 * @example
 * formatScryptHash({ N: 16384, r: 8, p: 1, salt: "abc", hash: "def" }) //=> "scrypt$16384$8$1$abc$def"
 */
export function formatScryptHash(parts: ScryptHash): string {
  return `scrypt$${parts.N}$${parts.r}$${parts.p}$${parts.salt}$${parts.hash}`;
}

/**
 * Whether a text is a stored form of a secret this project writes: scrypt (`scrypt$N$r$p$salt$hash`,
 * what a fixture's `secretHash` carries) or the in-memory fallback's salted digest
 * (`sha256$salt$hash`).
 * @param stored - the text
 * @returns whether it is one
 * @example
 * isStoredSecret("demo-secret") //=> false
 */
export function isStoredSecret(stored: string): boolean {
  return parseScryptHash(stored) !== undefined || DIGEST_FORM.test(stored);
}

/**
 * Compares two byte strings in time that depends on their lengths only, not on where they
 * first differ.
 * @param a - one
 * @param b - the other
 * @returns whether they are equal
 * @example
 * sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2])) //=> true
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Bytes as base64url without padding.
 * @param bytes - the bytes
 * @returns the text
 * @example
 * base64url(new Uint8Array([255, 255])) //=> "__8"
 */
export function base64url(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** SHA-256 round constants (FIPS 180-4 §4.2.2). */
const K = /* @__PURE__ */ Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/**
 * SHA-256 of bytes (FIPS 180-4), synchronous and without Node or Web Crypto (whose digest is
 * asynchronous), for the in-memory fallback hasher.
 * @param data - the message
 * @returns the 32-byte digest
 * @example
 * base64url(sha256(new Uint8Array())) //=> "47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU"
 */
export function sha256(data: Uint8Array): Uint8Array {
  const h = Uint32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const length = Math.ceil((data.length + 9) / 64) * 64;
  const padded = new Uint8Array(length);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(length - 8, Math.floor(data.length / 0x20000000));
  view.setUint32(length - 4, (data.length * 8) >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = ((h[0] as number) + a) >>> 0;
    h[1] = ((h[1] as number) + b) >>> 0;
    h[2] = ((h[2] as number) + c) >>> 0;
    h[3] = ((h[3] as number) + d) >>> 0;
    h[4] = ((h[4] as number) + e) >>> 0;
    h[5] = ((h[5] as number) + f) >>> 0;
    h[6] = ((h[6] as number) + g) >>> 0;
    h[7] = ((h[7] as number) + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(4 * i, h[i] as number);
  return out;
}

/** The fallback's digest of a secret under a salt: SHA-256 of the salt's text, a separator and the secret's UTF-8. */
function saltedDigest(salt: string, secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(`${salt}$${secret}`));
}

/**
 * The hasher an in-memory service uses when none is given (an embedded or browser service, the
 * offline client's local decider, the tests): a salted SHA-256 digest, `sha256$salt$hash`, with a
 * 16-byte salt from the Web Crypto generator, checked in constant time. It keeps no plain secret
 * in the service's state, but it is fast: a process whose memory could be copied should be given
 * the scrypt hasher (`scryptSecrets` of `field-service-rules/postgres`, which the command-line
 * server always passes). It cannot check a fixture's scrypt `secretHash` (`accepts` says so).
 * @returns the hasher
 * @example
 * const h = digestSecrets();
 * h.verify("demo-secret", h.hash("demo-secret")) //=> true
 */
export function digestSecrets(): SecretHasher {
  return {
    hash(secret) {
      const salt = base64url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
      return `sha256$${salt}$${base64url(saltedDigest(salt, secret))}`;
    },
    verify(secret, stored) {
      const m = DIGEST_FORM.exec(stored);
      if (m === null) return false;
      return sameBytes(new TextEncoder().encode(base64url(saltedDigest(m[1] as string, secret))), new TextEncoder().encode(m[2] as string));
    },
    accepts: (stored) => DIGEST_FORM.test(stored),
  };
}

/** A fixture's integration client: its plain secret (seeding input) or a stored form of it. */
export interface ClientCredentials {
  /** Client ID. */
  readonly clientId: string;
  /** The plain secret, hashed when seeded; absent when `secretHash` is given. */
  readonly secret?: string | undefined;
  /** A stored form of the secret (`scrypt$N$r$p$salt$hash`); absent when `secret` is given. */
  readonly secretHash?: string | undefined;
}

/** An integration client as every storage keeps it: the client ID and the stored form of its secret, never the plain text (CRD-1, CRD-4). */
export interface StoredClient {
  /** Client ID. */
  readonly clientId: string;
  /** The stored form of the secret. */
  readonly secretHash: string;
}

/**
 * The client as the service keeps it (CRD-4): a plain secret is hashed here, before any storage
 * or state sees it, and dropped; a stored form is kept as given. Every company state, and so the
 * in-memory state, PostgreSQL's `companies.config` and the sync's configuration, is built from
 * what this returns.
 * @param client - a fixture client with `secret` or `secretHash` (validated)
 * @param hasher - the service's hasher
 * @returns the client ID and the stored form
 * @rule CRD-4
 * @example
 * "secret" in storedClient({ clientId: "c", secret: "s" }, digestSecrets()) //=> false
 */
export function storedClient(client: ClientCredentials, hasher: SecretHasher): StoredClient {
  const secretHash = client.secretHash ?? hasher.hash(client.secret ?? "");
  return { clientId: client.clientId, secretHash };
}
