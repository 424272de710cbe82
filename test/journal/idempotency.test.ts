import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_LIFETIME_MS, idempotentRepeat, isKeyRemembered, MAX_IDEMPOTENCY_KEY, readIdempotencyKey, requestFingerprint } from "../../src/journal/idempotency.js";

const visible = (c: string): boolean => c >= "\x21" && c <= "\x7e";

describe("idempotency keys", () => {
  it("IDM-3: the bounds exactly (255 characters is a key, 256 is not), the issue whole, and headers that are no object carry no key", () => {
    expect(readIdempotencyKey({ "idempotency-key": "k".repeat(MAX_IDEMPOTENCY_KEY) })).toEqual({ ok: true, value: "k".repeat(MAX_IDEMPOTENCY_KEY) });
    expect(readIdempotencyKey({ "idempotency-key": "k".repeat(MAX_IDEMPOTENCY_KEY + 1) })).toEqual({
      ok: false,
      issues: [{ code: "InvalidIdempotencyKey", path: "", rule: "IDM-3", message: "The Idempotency-Key header must be sent once, as 1 to 255 visible ASCII characters, such as a UUID (IDM-3)." }],
    });
    for (const headers of [null, undefined, "idempotency-key: k", 5]) expect(readIdempotencyKey(headers)).toEqual({ ok: true, value: undefined });
  });

  it("IDM-1, IDM-2: the fingerprint is stored text (PostgreSQL keeps it): a path GUID in lower case, an external ID as sent; the 422 issue whole", () => {
    expect(requestFingerprint({ operation: "addToStore", form: "id", params: [{ value: "AB" }], dryRun: false, bodyText: "[]" })).toBe('["addToStore","id",["ab"],false,"[]"]');
    expect(requestFingerprint({ operation: "addToStore", form: "externalId", params: [{ value: "AB" }], dryRun: true, bodyText: undefined })).toBe('["addToStore","externalId",["AB"],true,null]');
    expect(idempotentRepeat("a", "b")).toEqual({
      kind: "mismatch",
      issues: {
        ok: false,
        issues: [{ code: "IdempotencyKeyReused", path: "", rule: "IDM-2", message: "This Idempotency-Key was used for another request (a different operation, path or body) within the last 24 hours; use a new key for a new request (IDM-2)." }],
      },
    });
  });

  it("IDM-3: a key is accepted exactly when it is 1 to 255 visible ASCII characters, inner spaces allowed, sent once", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: fc.constantFrom("a", " ", "~", "\x7f", "é"), maxLength: 8 }), fc.constant("x".repeat(MAX_IDEMPOTENCY_KEY + 1))), (key) => {
        const r = readIdempotencyKey({ "Idempotency-Key": key });
        const chars = [...key];
        const expected = key.length >= 1 && key.length <= MAX_IDEMPOTENCY_KEY && chars.every((c) => c === " " || visible(c)) && visible(chars[0] ?? "") && visible(chars[chars.length - 1] ?? "");
        expect(r.ok).toBe(expected);
        if (r.ok) expect(r.value).toBe(key);
        else expect(r.issues).toMatchObject([{ code: "InvalidIdempotencyKey", path: "", rule: "IDM-3" }]);
      }),
    );
  });

  it("IDM-3: no header is no key; a header of one value in a list counts; two values, or the header twice, are refused", () => {
    expect(readIdempotencyKey(undefined)).toEqual({ ok: true, value: undefined });
    expect(readIdempotencyKey({ "idempotency-key": undefined })).toEqual({ ok: true, value: undefined });
    expect(readIdempotencyKey({ "IDEMPOTENCY-KEY": ["k"] })).toEqual({ ok: true, value: "k" });
    expect(readIdempotencyKey({ "idempotency-key": ["k", "l"] }).ok).toBe(false);
    expect(readIdempotencyKey({ "idempotency-key": "k", "Idempotency-Key": "k" }).ok).toBe(false);
    expect(readIdempotencyKey({ "idempotency-key": 5 }).ok).toBe(false);
  });

  it("IDM-2: the fingerprint tells apart operation, path values, dry run and body, and ignores the case of a GUID in the path", () => {
    const base = { operation: "addToStore", form: "id" as const, params: [{ value: "AB" }], dryRun: false, bodyText: JSON.stringify([{ m: 1 }]) as string | undefined };
    const f = requestFingerprint(base);
    expect(requestFingerprint({ ...base, params: [{ value: "ab" }] })).toBe(f);
    for (const other of [
      { ...base, operation: "setMaterialAmounts" }, { ...base, form: "externalId" as const }, { ...base, params: [{ value: "AC" }] }, { ...base, dryRun: true },
      { ...base, bodyText: JSON.stringify([{ m: 2 }]) }, { ...base, bodyText: undefined }, { ...base, bodyText: JSON.stringify(null) },
    ]) expect(requestFingerprint(other)).not.toBe(f);
    expect(requestFingerprint({ ...base, form: "externalId", params: [{ value: "ab" }] })).not.toBe(requestFingerprint({ ...base, form: "externalId" }));
  });

  it("IDM-1, IDM-2: the same fingerprint is a repeat; another is 422 IdempotencyKeyReused", () => {
    expect(idempotentRepeat("x", "x")).toEqual({ kind: "repeat" });
    const m = idempotentRepeat("x", "y");
    expect(m.kind === "mismatch" && m.issues.issues).toMatchObject([{ code: "IdempotencyKeyReused", rule: "IDM-2" }]);
  });

  it("IDM-4: a key is remembered for exactly 24 hours after its decision", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: -1000, max: 2 * IDEMPOTENCY_KEY_LIFETIME_MS }), (at, age) => {
      expect(isKeyRemembered(at, at + age)).toBe(age < IDEMPOTENCY_KEY_LIFETIME_MS);
    }));
    expect(IDEMPOTENCY_KEY_LIFETIME_MS).toBe(86_400_000);
  });
});
