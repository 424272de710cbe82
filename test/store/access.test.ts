import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canUseStore } from "../../src/store/access.js";
import type { Store } from "../../src/store/store.js";
import { admin, dispatcher, gid, technician } from "../../src/testing/arbitraries/records/customer.js";

const van: Store = { id: gid(1, 13), externalId: null, name: "Van", availableFor: [technician.id] };

describe("store access", () => {
  it("STO-2: users in availableFor may use the store, others may not", () => {
    expect(canUseStore(technician, van)).toBe(true);
    expect(canUseStore(dispatcher, van)).toBe(false);
  });
  it("STO-2: the Administrator sees every store", () => {
    expect(canUseStore(admin, { ...van, availableFor: [] })).toBe(true);
  });
  it("STO-2: a non-administrator's access is exactly membership in availableFor", () => {
    fc.assert(
      fc.property(fc.subarray([technician.id, dispatcher.id, admin.id]), fc.constantFrom(technician, dispatcher), (ids, user) => {
        expect(canUseStore(user, { ...van, availableFor: ids })).toBe(ids.includes(user.id));
      }),
    );
  });
});
