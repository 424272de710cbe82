import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatScryptHash, parseScryptHash } from "../../src/auth/secret.js";
import { SCRYPT_COST, scryptSecrets } from "../../src/postgres/secrets.js";
import { StorageUnavailableError } from "../../src/service/storage.js";

const cheap = { N: 1024, r: 8, p: 1 };

describe("scrypt secrets", () => {
  it("CRD-1: the stored form is scrypt with the documented cost, a 16-byte salt and a 32-byte key; it holds no plain secret", () => {
    const stored = scryptSecrets().hash("demo-secret");
    const parts = parseScryptHash(stored);
    expect(parts).toMatchObject(SCRYPT_COST);
    expect(SCRYPT_COST).toEqual({ N: 16384, r: 8, p: 1 });
    expect(Buffer.from(parts?.salt ?? "", "base64url")).toHaveLength(16);
    expect(Buffer.from(parts?.hash ?? "", "base64url")).toHaveLength(32);
    expect(stored).not.toContain("demo-secret");
    expect(scryptSecrets().hash("demo-secret")).not.toBe(stored);
  });

  it("CRD-1: checks a form by its own cost and salt (node's scrypt gives RFC 7914's vector)", async () => {
    // RFC 7914 §12: scrypt("password", "NaCl", N = 1024, r = 8, p = 16, dkLen = 64).
    const key = Buffer.from(
      "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640",
      "hex",
    );
    expect(scryptSync("password", "NaCl", 64, { N: 1024, r: 8, p: 16 }).equals(key)).toBe(true);
    // A form names its own cost (p = 16 here, not the hasher's): verify derives with it.
    const h = scryptSecrets({ cost: cheap });
    const own = formatScryptHash({ N: 1024, r: 8, p: 16, salt: Buffer.from("NaClNaClNaClNaCl").toString("base64url"), hash: scryptSync("password", "NaClNaClNaClNaCl", 64, { N: 1024, r: 8, p: 16 }).toString("base64url") });
    expect(h.verify("password", own)).toBe(true);
    expect(await h.verifyAsync?.("password", own)).toBe(true);
    expect(h.verify("Password", own)).toBe(false);
    expect(await h.verifyAsync?.("Password", own)).toBe(false);
    expect(h.verify("password", "password")).toBe(false);
    expect(h.accepts(own) && !h.accepts("sha256$AAAAAAAAAAAAAAAAAAAAAA$" + "A".repeat(43))).toBe(true);
  });

  it("CRD-1: at most maxConcurrent checks hash at once; past maxQueued waiting, a check is refused as unavailable (503)", async () => {
    const h = scryptSecrets({ cost: cheap, maxConcurrent: 1, maxQueued: 1 });
    const stored = h.hash("s");
    const first = h.verifyAsync?.("s", stored);
    const second = h.verifyAsync?.("x", stored);
    const third = h.verifyAsync?.("s", stored);
    await expect(third).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    // The slots are free again.
    expect(await Promise.all([h.verifyAsync?.("s", stored), h.verifyAsync?.("s", stored)])).toEqual([true, true]);
  });

  it("CRD-1: a cost no stored form may name is refused when the hasher is made", () => {
    expect(() => scryptSecrets({ cost: { N: 1000, r: 8, p: 1 } })).toThrow(RangeError);
  });
});
