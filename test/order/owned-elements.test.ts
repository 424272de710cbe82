// ORD-1 ownership of the nested elements an order names, and ORD-9 on the elements an edit
// keeps: the exact issue (code, path, message) per reference, by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Customer } from "../../src/customer/customer.js";
import { addOrder } from "../../src/order/add.js";
import { editOrder } from "../../src/order/edit.js";
import { checkStillOwned, ownership, resolveOwnedElements } from "../../src/order/owned-elements.js";
import { parseOrderAdd, parseOrderEdit } from "../../src/order/request.js";
import type { Order } from "../../src/records/order.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Issue, Result } from "../../src/shared/issue.js";
import { addedOrder, customer1, customer2, orderBody, orderContext, ownerCustomer } from "../../src/testing/arbitraries/records/order.js";

type List = "addresses" | "contactPeople" | "serviceObjects";

/** Customer 3: external IDs of its elements are its own (customers 1 and 2 share A1, P3, D5...). */
function customer3(): Customer {
  const c = ownerCustomer(3);
  return {
    ...c,
    addresses: c.addresses.map((e) => ({ ...e, externalId: `C3-${e.externalId}` })),
    contactPeople: c.contactPeople.map((e) => ({ ...e, externalId: `C3-${e.externalId}` })),
    serviceObjects: c.serviceObjects.map((e) => ({ ...e, externalId: `C3-${e.externalId}` })),
  };
}

type Expect = { readonly kind: "own"; readonly id: Guid } | { readonly kind: "foreign" } | { readonly kind: "unknown" };

/**
 * A reference to an element of `list` as sent for an order of customer 1: one of its own by GUID
 * (any letter case) or external ID, one of customer 3 by GUID or by an external ID no element of
 * customer 1 has, or a value that names nothing.
 */
function elementRefArb(list: List, other: Customer): fc.Arbitrary<{ ref: string; expected: Expect }> {
  const own = fc.constantFrom(...customer1[list]).chain((e) =>
    fc.oneof(fc.constant(e.externalId as string), fc.mixedCase(fc.constant(e.id as string))).map((ref) => ({ ref, expected: { kind: "own", id: e.id } as Expect })),
  );
  const foreign = fc.constantFrom(...other[list]).chain((e) =>
    fc.oneof(fc.constant(e.externalId as string), fc.mixedCase(fc.constant(e.id as string))).map((ref) => ({ ref, expected: { kind: "foreign" } as Expect })),
  );
  const unknown = fc.constantFrom("nowhere", "00000000-0000-4000-8000-0000000000ff").map((ref) => ({ ref, expected: { kind: "unknown" } as Expect }));
  return fc.oneof(own, foreign, unknown);
}

function issueOf(path: string, ref: string, expected: Expect): object[] {
  if (expected.kind === "own") return [];
  if (expected.kind === "foreign") return [{ code: "ForeignReference", path, message: `${path} names an element of another customer (ORD-1).`, rule: "ORD-1" }];
  return [{ code: "UnknownReference", path, message: `No element of the order's customer has the ID, external ID or slug ${JSON.stringify(ref)} (GEN-3).`, rule: "GEN-3" }];
}

function add(body: Record<string, unknown>, customers: readonly Customer[]): Result<Order> {
  const p = parseOrderAdd(body);
  if (!p.ok) return p;
  return addOrder(p.value, orderContext([], customers));
}


describe("resolveOwnedElements (ORD-1) and checkStillOwned (ORD-9)", () => {
  it("ORD-1: an address, contact person or device is the customer's (resolved), another customer's (ForeignReference, by GUID or external ID) or nobody's (UnknownReference)", () => {
    const other = customer3();
    fc.assert(
      fc.property(
        elementRefArb("addresses", other),
        elementRefArb("contactPeople", other),
        fc.array(elementRefArb("serviceObjects", other), { maxLength: 3 }),
        (address, contact, devices) => {
          const r = add(orderBody({ addressId: address.ref, contactPersonId: contact.ref, serviceObjectIds: devices.map((d) => d.ref) }), [customer1, customer2, other]);
          const issues = [
            ...issueOf("addressId", address.ref, address.expected),
            ...issueOf("contactPersonId", contact.ref, contact.expected),
            ...devices.flatMap((d, i) => issueOf(`serviceObjectIds[${i}]`, d.ref, d.expected)),
          ];
          if (issues.length > 0) {
            expect(r).toEqual({ ok: false, issues });
            return;
          }
          const idOf = (e: Expect) => (e.kind === "own" ? e.id : undefined);
          expect(r.ok && [r.value.addressId, r.value.contactPersonId, r.value.serviceObjectIds]).toEqual([
            idOf(address.expected),
            idOf(contact.expected),
            [...new Set(devices.map((d) => idOf(d.expected)))],
          ]);
        },
      ),
    );
  });

  it("ORD-9: an edit keeps only elements that are still the customer's: a kept address, contact or device of another customer is ForeignReference", () => {
    const order = { ...addedOrder(), addressId: customer2.addresses[0]!.id, contactPersonId: customer2.contactPeople[0]!.id, serviceObjectIds: [customer1.serviceObjects[0]!.id, customer2.serviceObjects[0]!.id] };
    const e = parseOrderEdit({ name: "x" });
    if (!e.ok) throw new Error("fixture");
    const foreign = (path: string) => ({ code: "ForeignReference", path, message: `${path} does not belong to the order's customer (ORD-9).`, rule: "ORD-9" });
    expect(editOrder(order, e.value, orderContext([order]), [])).toEqual({
      ok: false,
      issues: [foreign("addressId"), foreign("contactPersonId"), foreign("serviceObjectIds[1]")],
    });
  });

  it("ORD-1: called directly, devices are each kept once, null empties the list, and with the customer unknown nothing is resolved or reported", () => {
    const customers = orderContext().customers;
    const [d1, d2] = customer1.serviceObjects;
    if (d1 === undefined || d2 === undefined) throw new Error("fixture");
    const sent = { addressId: "A1", contactPersonId: "P3", serviceObjectIds: [d2.id, d1.externalId ?? "", d2.id.toUpperCase()] };
    const found: Issue[] = [];
    const resolved = resolveOwnedElements(undefined, sent, customer1, customers, found);
    expect(found).toEqual([]);
    expect(resolved).toEqual({ addressId: customer1.addresses[0]?.id, contactPersonId: customer1.contactPeople[0]?.id, serviceObjectIds: [d2.id, d1.id] });
    const order = addedOrder({ serviceObjectIds: [d1.id] });
    expect(resolveOwnedElements(order, { addressId: ABSENT, contactPersonId: ABSENT, serviceObjectIds: null }, customer1, customers, found).serviceObjectIds).toEqual([]);
    expect(resolveOwnedElements(order, { addressId: ABSENT, contactPersonId: ABSENT, serviceObjectIds: ABSENT }, customer1, customers, found)).toEqual({
      addressId: order.addressId,
      contactPersonId: order.contactPersonId,
      serviceObjectIds: [d1.id],
    });
    expect(resolveOwnedElements(undefined, { ...sent, serviceObjectIds: ["nowhere"] }, undefined, customers, found)).toEqual({ addressId: "", contactPersonId: "", serviceObjectIds: [] });
    expect(found).toEqual([]);
  });

  it("ORD-9: checkStillOwned reports a kept element at its path unless the customer still has it", () => {
    const owned = ownership(customer1, orderContext().customers);
    const found: Issue[] = [];
    checkStillOwned(customer1.addresses[0]?.id as Guid, owned, "addresses", "addressId", found);
    checkStillOwned(customer2.contactPeople[0]?.id as Guid, owned, "contactPeople", "contactPersonId", found);
    checkStillOwned(customer1.addresses[0]?.id as Guid, owned, "serviceObjects", "serviceObjectIds[0]", found);
    expect(found.map((i) => `${i.code}@${i.path} ${i.rule}`)).toEqual(["ForeignReference@contactPersonId ORD-9", "ForeignReference@serviceObjectIds[0] ORD-9"]);
  });
});
