import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseStoreReplace, replaceStore, storeReplaceSchema, type StoreReplaceContext } from "../../src/store/replace.js";
import type { Store } from "../../src/store/store.js";
import type { Result } from "../../src/shared/issue.js";
import { refIndex } from "../../src/shared/reference.js";
import { admin, clone, deepFreeze, gid, technician, users } from "../../src/testing/arbitraries/records/customer.js";
import { checkTotal } from "../shared/totality.js";

const van: Store = { id: gid(1, 13), externalId: "S-1", name: "Van", availableFor: [technician.id] };
const depot: Store = { id: gid(2, 13), externalId: "S-2", name: "Depot", availableFor: [] };
const ctx: StoreReplaceContext = {
  stores: refIndex([van, depot], (s) => s.id, (s) => s.externalId),
  users: refIndex(users, (u) => u.id, (u) => u.externalId),
};
function replace(body: unknown, store: Store = van): Result<Store> {
  const p = parseStoreReplace(deepFreeze(body));
  if (!p.ok) return p;
  return replaceStore(deepFreeze(store), p.value, ctx);
}
function codes<T>(r: Result<T>): string[] {
  return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`);
}
function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

describe("store replace", () => {
  it("STO-1: name and availableFor are required; availableFor may be empty", () => {
    expect(codes(replace({}))).toEqual(["Required@name", "Required@availableFor"]);
    expect(value(replace({ name: "Van", availableFor: [] })).availableFor).toEqual([]);
  });
  it("STO-1: the whole store is replaced; a left-out external ID is cleared", () => {
    expect(value(replace({ name: "Van 2", availableFor: ["admin", technician.id.toUpperCase()] }))).toEqual({
      id: van.id,
      externalId: null,
      name: "Van 2",
      availableFor: [admin.id, technician.id],
    });
  });
  it("STO-1: availableFor elements resolve to users (GEN-3), each reported", () => {
    expect(codes(replace({ name: "V", availableFor: ["tech", "ghost", 3] }))).toEqual(["InvalidType@availableFor[2]"]);
    expect(codes(replace({ name: "V", availableFor: ["ghost", "tech", "nobody"] }))).toEqual(["UnknownReference@availableFor[0]", "UnknownReference@availableFor[2]"]);
  });
  it("GEN-4: the external ID stays unique among stores", () => {
    expect(codes(replace({ name: "V", externalId: "S-2", availableFor: [] }))).toEqual(["DuplicateExternalId@externalId"]);
    expect(value(replace({ name: "V", externalId: "S-1", availableFor: [] })).externalId).toBe("S-1");
  });
  it("ERR-3: unknown fields, stock included, are ignored", () => {
    expect(value(replace({ name: "Van", externalId: "S-1", availableFor: ["tech"], stock: [{ materialId: "x" }] }))).toEqual(van);
  });
  it("is a Standard Schema validator and total on arbitrary JSON", () => {
    expect(storeReplaceSchema["~standard"].validate({ name: "V", availableFor: [] })).toHaveProperty("value");
    checkTotal(parseStoreReplace);
  });
  describe("patch laws (store replace)", () => {
    const body = fc.record(
      {
        name: fc.constantFrom("A", "B"),
        externalId: fc.option(fc.constantFrom("S-1", "S-9"), { nil: null }),
        availableFor: fc.array(fc.constantFrom("admin", "tech", "disp", technician.id), { maxLength: 4 }),
      },
      { requiredKeys: ["name", "availableFor"] },
    );
    it("replacing with the store's own body is the identity", () => {
      expect(value(replace({ name: van.name, externalId: van.externalId, availableFor: van.availableFor }))).toEqual(van);
    });
    it("a replace is idempotent and never changes the GUID", () => {
      fc.assert(
        fc.property(body, (b) => {
          const once = value(replace(b));
          expect(value(replace(b, once))).toEqual(once);
          expect(once.id).toBe(van.id);
        }),
      );
    });
    it("inputs are never mutated", () => {
      const copy = clone(van);
      replace({ name: "X", availableFor: ["disp"] });
      expect(van).toEqual(copy);
    });
  });
});

describe("store replace, refusals in full", () => {
  it("STO-1: a blank or wrongly typed externalId is refused at exactly its path", () => {
    for (const externalId of ["  ", 5]) {
      const r = parseStoreReplace({ name: "V", externalId, availableFor: [] });
      expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(["externalId"]);
    }
  });
  it("GEN-3, GEN-4: the refusals name the record kind (store, user)", () => {
    const dup = replace({ name: "V", externalId: "S-2", availableFor: ["ghost"] });
    expect(dup.ok ? [] : dup.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/\bstore\b/),
      expect.stringMatching(/\buser\b/),
    ]);
  });
});
