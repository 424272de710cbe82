import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64url, digestSecrets, formatScryptHash, isStoredSecret, parseScryptHash, sameBytes, sha256, storedClient } from "../../src/auth/secret.js";

describe("stored secrets", () => {
  it("sha256 equals node:crypto's SHA-256 on any bytes (the fallback's digest is the standard one)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(Buffer.from(sha256(bytes)).toString("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
      }),
    );
    // The padding's edge lengths: 55, 56 and 64 bytes.
    for (const n of [0, 55, 56, 63, 64, 65, 119, 120]) {
      const bytes = new Uint8Array(n).fill(97);
      expect(Buffer.from(sha256(bytes)).toString("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
    }
  });

  it("base64url equals Buffer's base64url", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      expect(base64url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
    }));
  });

  it("sameBytes is equality", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ maxLength: 8 }), (a, b) => {
      expect(sameBytes(a, b)).toBe(Buffer.from(a).equals(Buffer.from(b)));
    }));
  });

  it("CRD-1: the fallback keeps a salted digest, never the secret: each hash is new, checks only its own secret", () => {
    const h = digestSecrets();
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), (secret, other) => {
        const stored = h.hash(secret);
        expect(stored.startsWith("sha256$")).toBe(true);
        expect(h.accepts(stored) && isStoredSecret(stored)).toBe(true);
        expect(h.verify(secret, stored)).toBe(true);
        expect(h.verify(other, stored)).toBe(other === secret);
        expect(h.hash(secret)).not.toBe(stored);
      }),
      { numRuns: 50 },
    );
    expect(h.verify("x", "x")).toBe(false);
    expect(h.accepts("scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBe(false);
  });

  it("CRD-1: a scrypt form is read back as written, and a cost out of bounds is no form", () => {
    const parts = { N: 16384, r: 8, p: 1, salt: "c2FsdHNhbHRzYWx0c2FsdA", hash: "A".repeat(43) };
    expect(parseScryptHash(formatScryptHash(parts))).toEqual(parts);
    for (const bad of [
      formatScryptHash({ ...parts, N: 1000 }), // not a power of 2
      formatScryptHash({ ...parts, N: 1 << 21 }), // beyond 2^20
      formatScryptHash({ ...parts, r: 64 }),
      formatScryptHash({ ...parts, N: 1 << 20, r: 8 }), // 1 GiB
      formatScryptHash({ ...parts, salt: "short" }),
      "scrypt$16384$8$1$c2FsdA",
      "demo-secret",
    ]) {
      expect(parseScryptHash(bad)).toBeUndefined();
      expect(isStoredSecret(bad)).toBe(false);
    }
  });

  it("CRD-4: storedClient hashes a plain secret and drops it; a stored form is kept", () => {
    const h = digestSecrets();
    const plain = storedClient({ clientId: "c", secret: "hunter2" }, h);
    expect(Object.keys(plain).sort()).toEqual(["clientId", "secretHash"]);
    expect(JSON.stringify(plain)).not.toContain("hunter2");
    expect(h.verify("hunter2", plain.secretHash)).toBe(true);
    expect(storedClient({ clientId: "c", secretHash: plain.secretHash }, h)).toEqual(plain);
  });
});
