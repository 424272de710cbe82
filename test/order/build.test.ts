// ORD-1 ownership of the nested elements an order names, and ORD-8 on an edit naming another or
// an unknown customer: the exact issue (code, path, message) per reference, by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Customer } from "../../src/customer/customer.js";
import { addOrder } from "../../src/order/add.js";
import { editOrder } from "../../src/order/edit.js";
import { buildOrder } from "../../src/order/build.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Order } from "../../src/records/order.js";
import { parseOrderAdd, parseOrderEdit, type OrderChanges } from "../../src/order/request.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Result } from "../../src/shared/issue.js";
import { customer1, customer2, orderBody, orderContext, ownerCustomer } from "../arbitraries/order.js";

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

describe("order references (ORD-1, ORD-8)", () => {
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

  it("ORD-8: an edit naming another customer, or one that does not exist, is Immutable; naming its own customer any way is fine", () => {
    const base = addOrder(
      (() => {
        const p = parseOrderAdd(orderBody());
        if (!p.ok) throw new Error("fixture");
        return p.value;
      })(),
      orderContext(),
    );
    if (!base.ok) throw new Error("fixture");
    const order = base.value;
    const immutable = { ok: false, issues: [{ code: "Immutable", path: "customerId", message: "The customer of an existing order cannot change (ORD-8).", rule: "ORD-8" }] };
    const edit = (customerId: string): Result<Order> => {
      const p = parseOrderEdit({ customerId });
      if (!p.ok) return p;
      return editOrder(order, p.value, orderContext([order]), []);
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom("C2", customer2.id, "ghost", "00000000-0000-4000-8000-0000000000ff").map((ref) => ({ ref, same: false })),
          fc.oneof(fc.constant("C1"), fc.mixedCase(fc.constant(customer1.id as string))).map((ref) => ({ ref, same: true })),
        ),
        ({ ref, same }) => {
          expect(edit(ref)).toEqual(same ? { ok: true, value: order } : immutable);
        },
      ),
    );
  });

  it("ORD-8, ORD-9: an order whose customer is gone from the company cannot be edited: UnknownReference at customerId", () => {
    const p = parseOrderAdd(orderBody({ serviceObjectIds: ["D5"] }));
    if (!p.ok) throw new Error("fixture");
    const made = addOrder(p.value, orderContext());
    if (!made.ok) throw new Error("fixture");
    const e = parseOrderEdit({ name: "x" });
    if (!e.ok) throw new Error("fixture");
    expect(editOrder(made.value, e.value, orderContext([made.value], [customer2]), [])).toEqual({
      ok: false,
      issues: [{ code: "UnknownReference", path: "customerId", message: `No customer has the ID, external ID or slug ${JSON.stringify(customer1.id)} (GEN-3).`, rule: "GEN-3" }],
    });
  });

  const unknown = (path: string, what: string, ref: string) => ({ code: "UnknownReference", path, message: `No ${what} has the ID, external ID or slug ${JSON.stringify(ref)} (GEN-3).`, rule: "GEN-3" });
  const made = (extra: Record<string, unknown> = {}): Order => {
    const p = parseOrderAdd(orderBody(extra));
    if (!p.ok) throw new Error("fixture");
    const r = addOrder(p.value, orderContext());
    if (!r.ok) throw new Error("fixture");
    return r.value;
  };

  it("ORD-1, ORD-2, GEN-3, GEN-4: each refused reference of an add names its field, its record kind and the value", () => {
    const p = parseOrderAdd(orderBody({ customerId: "C9", serviceObjectIds: ["D5"], categoryId: "nope", invoiceCustomerId: "C9", customStateId: "nope", ownerId: "nobody", externalId: "O-1" }));
    if (!p.ok) throw new Error("fixture");
    const existing = made({ externalId: "O-1" });
    expect(addOrder(p.value, orderContext([existing]))).toEqual({
      ok: false,
      issues: [
        { code: "DuplicateExternalId", path: "externalId", message: 'Another order has the external ID "O-1" (GEN-4).', rule: "GEN-4" },
        unknown("customerId", "customer", "C9"),
        unknown("categoryId", "OrderCategory", "nope"),
        unknown("invoiceCustomerId", "customer", "C9"),
        unknown("customStateId", "OrderCustomState", "nope"),
        unknown("ownerId", "user", "nobody"),
      ],
    });
    const q = parseOrderAdd(orderBody({ useWorkItemsFromInvoiceCustomer: true }));
    if (!q.ok) throw new Error("fixture");
    expect(addOrder(q.value, orderContext())).toEqual({
      ok: false,
      issues: [{ code: "NotAllowed", path: "useWorkItemsFromInvoiceCustomer", message: "useWorkItemsFromInvoiceCustomer may be true only when invoiceCustomerId is set (ORD-2).", rule: "ORD-2" }],
    });
    expect(made().useWorkItemsFromInvoiceCustomer).toBe(false);
  });

  it("ORD-1: a create without the four references reports each as Required (buildOrder, whatever the caller parsed)", () => {
    const p = parseOrderAdd(orderBody());
    if (!p.ok) throw new Error("fixture");
    const changes: OrderChanges = { ...p.value, customerId: ABSENT, addressId: ABSENT, contactPersonId: ABSENT, categoryId: ABSENT };
    expect(buildOrder(undefined, changes, null, orderContext())).toEqual({
      ok: false,
      issues: [
        { code: "Required", path: "customerId", message: "customerId is required (ORD-1).", rule: "ORD-1" },
        { code: "Required", path: "categoryId", message: "categoryId is required (ORD-1).", rule: "ORD-1" },
      ],
    });
    const withCustomer: OrderChanges = { ...changes, customerId: "C1" };
    expect(buildOrder(undefined, withCustomer, null, orderContext())).toEqual({
      ok: false,
      issues: [
        { code: "Required", path: "addressId", message: "addressId is required (ORD-1).", rule: "ORD-1" },
        { code: "Required", path: "contactPersonId", message: "contactPersonId is required (ORD-1).", rule: "ORD-1" },
        { code: "Required", path: "categoryId", message: "categoryId is required (ORD-1).", rule: "ORD-1" },
      ],
    });
  });

  it("ORD-9: an edit keeps only elements that are still the customer's: a kept address, contact or device of another customer is ForeignReference", () => {
    const order = { ...made(), addressId: customer2.addresses[0]!.id, contactPersonId: customer2.contactPeople[0]!.id, serviceObjectIds: [customer1.serviceObjects[0]!.id, customer2.serviceObjects[0]!.id] };
    const e = parseOrderEdit({ name: "x" });
    if (!e.ok) throw new Error("fixture");
    const foreign = (path: string) => ({ code: "ForeignReference", path, message: `${path} does not belong to the order's customer (ORD-9).`, rule: "ORD-9" });
    expect(editOrder(order, e.value, orderContext([order]), [])).toEqual({
      ok: false,
      issues: [foreign("addressId"), foreign("contactPersonId"), foreign("serviceObjectIds[1]")],
    });
  });

  it("ORD-1: with an unknown customer only the customer is reported, whatever elements are named", () => {
    const p = parseOrderAdd(orderBody({ customerId: "C9", serviceObjectIds: ["D5", "nowhere"] }));
    if (!p.ok) throw new Error("fixture");
    expect(addOrder(p.value, orderContext())).toEqual({ ok: false, issues: [unknown("customerId", "customer", "C9")] });
  });

  it("ORD-7, ORD-8, GEN-5: null on sendByPost or useWorkItemsFromInvoiceCustomer is Required at its path; changing the external ID is Immutable with its message", () => {
    const order = made({ externalId: "O-1" });
    const edit = (body: Record<string, unknown>) => {
      const p = parseOrderEdit(body);
      if (!p.ok) return p;
      return editOrder(order, p.value, orderContext([order]), []);
    };
    const r = edit({ sendByPost: null, useWorkItemsFromInvoiceCustomer: null });
    expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["Required@sendByPost", "Required@useWorkItemsFromInvoiceCustomer"]);
    expect(edit({ externalId: "O-2" })).toEqual({
      ok: false,
      issues: [{ code: "Immutable", path: "externalId", message: "The external ID of an order cannot be set or changed by edit (ORD-8).", rule: "ORD-8" }],
    });
  });
});
