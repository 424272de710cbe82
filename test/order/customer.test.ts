// The customer of an order (ORD-8, ORD-1): named on a create, unchangeable on an edit, and the
// exact issue when another, an unknown or a vanished customer is named.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addOrder } from "../../src/order/add.js";
import { orderCustomer } from "../../src/order/customer.js";
import { editOrder } from "../../src/order/edit.js";
import { parseOrderAdd, parseOrderEdit } from "../../src/order/request.js";
import type { Order } from "../../src/records/order.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Issue, Result } from "../../src/shared/issue.js";
import { addedOrder, customer1, customer2, orderBody, orderContext } from "../../src/testing/arbitraries/records/order.js";

describe("orderCustomer (ORD-8, ORD-1)", () => {
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

  it("ORD-1: with an unknown customer only the customer is reported, whatever elements are named", () => {
    const p = parseOrderAdd(orderBody({ customerId: "C9", serviceObjectIds: ["D5", "nowhere"] }));
    if (!p.ok) throw new Error("fixture");
    expect(addOrder(p.value, orderContext())).toEqual({ ok: false, issues: [unknown("customerId", "customer", "C9")] });
  });

  it("ORD-1, ORD-8: called directly, a create needs a customer and resolves it; an edit keeps the order's customer and reports one named otherwise", () => {
    const order = addedOrder();
    const customers = orderContext().customers;
    const found: Issue[] = [];
    expect(orderCustomer(undefined, ABSENT, customers, found)).toBeUndefined();
    expect(orderCustomer(undefined, "C2", customers, found)).toBe(customers.byId.get(customer2.id));
    expect(orderCustomer(order, ABSENT, customers, found)).toBe(customers.byId.get(customer1.id));
    expect(found).toEqual([{ code: "Required", path: "customerId", message: "customerId is required (ORD-1).", rule: "ORD-1" }]);
    expect(orderCustomer(order, "C2", customers, found)).toBe(customers.byId.get(customer1.id));
    expect(found.map((i) => `${i.code}@${i.path} ${i.rule}`)).toEqual(["Required@customerId ORD-1", "Immutable@customerId ORD-8"]);
  });
});
