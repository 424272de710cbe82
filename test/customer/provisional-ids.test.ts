// GUIDs of a customer decision (GEN-1, GEN-8, UPS-6): provisional while it checks, fresh once it
// succeeds, and a client's GUID for a new element only when the company does not use it.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { addOrEditCustomer } from "../../src/customer/add-or-edit.js";
import type { CustomerContext } from "../../src/customer/context.js";
import type { Customer } from "../../src/customer/customer.js";
import { parseCustomerAddOrEdit } from "../../src/customer/request.js";
import { customerContext } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, issues, upsert, value } from "./support.js";

let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

describe("provisionalIds (UPS-6)", () => {
  it("UPS-6: a new element's GUID that is taken in the company is refused, and the message names the GUID", () => {
    const taken = acme.addresses[0]?.id as string;
    expect(issues(upsert({ id: acme.id, name: acme.name, contactPeople: [{ id: taken, lastName: "Y" }] }, [acme]))).toEqual([
      { code: "Duplicate", path: "contactPeople[0].id", message: `The GUID ${taken} is already used in this company; a new element needs a GUID of its own (UPS-6).`, rule: "UPS-6" },
    ]);
  });
  it("UPS-6: a client's GUID for a new element that no customer of the company uses is kept, and claiming it twice in one request is refused", () => {
    const fresh = "0000000b-0000-4000-8000-0000000000bb";
    const c = value(upsert({ id: acme.id, name: acme.name, addresses: [{ id: fresh, city: "Zlín" }] }, [acme]));
    expect(c.addresses[2]?.id).toBe(fresh);
    expect(issues(upsert({ id: acme.id, name: acme.name, addresses: [{ id: fresh, city: "Zlín" }], serviceObjects: [{ id: fresh, name: "N" }] }, [acme])).map((i) => `${i.code}@${i.path}`)).toEqual([
      "Duplicate@serviceObjects[0].id",
    ]);
  });
});

describe("GUIDs drawn (GEN-1, GEN-8)", () => {
  function counting(existing: readonly Customer[]): { ctx: CustomerContext; drawn: () => number } {
    const base = customerContext(existing, undefined, 500);
    let n = 0;
    return {
      ctx: { ...base, newId: () => (n++, base.newId()) },
      drawn: () => n,
    };
  }
  it("GEN-1, GEN-8: a decision draws one GUID per record or element it creates and none when it creates nothing or refuses", () => {
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), fc.nat(3), fc.boolean(), fc.boolean(), (people, places, devices, editing, refused) => {
        const body = {
          ...(editing ? { id: acme.id, name: acme.name } : { name: "New", identificationNumber: refused ? "" : "1" }),
          ...(editing && refused ? { kind: "Household" } : {}),
          contactPeople: Array.from({ length: people }, (_, i) => ({ lastName: `L${i}` })),
          addresses: Array.from({ length: places }, (_, i) => ({ city: `C${i}` })),
          serviceObjects: Array.from({ length: devices }, (_, i) => ({ name: `N${i}` })),
        };
        const { ctx, drawn } = counting([acme]);
        const r = addOrEditCustomer(value(parseCustomerAddOrEdit(body)), ctx);
        expect(r.ok).toBe(!refused);
        expect(drawn()).toBe(refused ? 0 : (editing ? 0 : 1) + people + places + devices);
        if (r.ok) expect(new Set([r.value.customer.id, ...r.value.customer.contactPeople.map((e) => e.id)]).size).toBe(1 + r.value.customer.contactPeople.length);
      }),
      { numRuns: 60 },
    );
  });
});
