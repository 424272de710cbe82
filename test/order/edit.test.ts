import fc from "fast-check";
import { limits } from "../../src/shared/limits.js";
import { beforeEach, describe, expect, it } from "vitest";
import { addOrder } from "../../src/order/add.js";
import { editOrder } from "../../src/order/edit.js";
import type { Order } from "../../src/records/order.js";
import { parseOrderAdd, parseOrderEdit } from "../../src/order/request.js";
import type { Intervention } from "../../src/records/intervention.js";
import type { Result } from "../../src/shared/issue.js";
import { clone, deepFreeze } from "../../src/testing/arbitraries/records/customer.js";
import { customer1, customer2, interventionOf, orderBody, orderContext, orderRefs } from "../../src/testing/arbitraries/records/order.js";

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}
function codes<T>(r: Result<T>): string[] {
  return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`);
}
// Built in beforeEach, not at module top level: Stryker counts code run at import (or in
// beforeAll) as "static" and runs every test for each of its mutants; here each test covers it.
let base: Order;
beforeEach(() => {
  base = value(
  addOrder(
    value(parseOrderAdd(orderBody({ externalId: "O-1", name: "Fix", internalNote: "n", estimatedDuration: 30, serviceObjectIds: ["D5"], invoiceCustomerId: "C2" }))),
    orderContext(),
  ),
);
});
function edit(order: Order, body: unknown, interventions: readonly Intervention[] = []): Result<Order> {
  const p = parseOrderEdit(deepFreeze(body));
  if (!p.ok) return p;
  return editOrder(deepFreeze(order), deepFreeze(p.value), orderContext([order]), deepFreeze(interventions));
}

describe("order edit", () => {
  it("ORD-6: the order must be Open", () => {
    for (const state of ["Completed", "Cancelled"] as const) expect(codes(edit({ ...base, state }, { name: "x" }))).toEqual(["InvalidState@"]);
  });
  it("ORD-6: an active intervention (Running, WaitingForSignature) blocks the edit", () => {
    expect(codes(edit(base, { name: "x" }, [interventionOf(base.id, "Running")]))).toEqual(["InvalidState@"]);
    expect(codes(edit(base, { name: "x" }, [interventionOf(base.id, "WaitingForSignature")]))).toEqual(["InvalidState@"]);
    expect(value(edit(base, { name: "x" }, [interventionOf(base.id, "Planned"), interventionOf(customer2.id, "Running", 2)])).name).toBe("x");
  });
  it("ORD-7: only the fields sent change; null deletes an optional field", () => {
    const o = value(edit(base, { internalNote: null, priority: "High", serviceObjectIds: null }));
    expect(o).toEqual({ ...base, internalNote: null, priority: "High", serviceObjectIds: [] });
  });
  it("ORD-7: null on a required reference is refused", () => {
    expect(codes(edit(base, { addressId: null, categoryId: null }))).toEqual(["Required@addressId", "Required@categoryId"]);
    expect(codes(edit(base, { priority: null, ownerId: null }))).toEqual(["Required@ownerId", "Required@priority"]);
  });
  it("ORD-8: the customer cannot change; sending the same one is fine", () => {
    expect(codes(edit(base, { customerId: "C2" }))).toEqual(["Immutable@customerId"]);
    expect(value(edit(base, { customerId: customer1.id.toUpperCase() }))).toEqual(base);
  });
  it("ORD-8: the external ID cannot be set or changed; sending the same one is fine", () => {
    expect(codes(edit(base, { externalId: "O-2" }))).toEqual(["Immutable@externalId"]);
    expect(codes(edit(base, { externalId: null }))).toEqual(["Immutable@externalId"]);
    expect(value(edit(base, { externalId: "O-1" }))).toEqual(base);
  });
  it("ORD-9: ORD-1 and ORD-2 hold for the order after the edit", () => {
    expect(codes(edit(base, { addressId: customer2.addresses[0]?.id }))).toEqual(["ForeignReference@addressId"]);
    expect(codes(edit(base, { invoiceCustomerId: null, useWorkItemsFromInvoiceCustomer: true }))).toEqual(["NotAllowed@useWorkItemsFromInvoiceCustomer"]);
    expect(codes(edit({ ...base, useWorkItemsFromInvoiceCustomer: true }, { invoiceCustomerId: null }))).toEqual(["NotAllowed@useWorkItemsFromInvoiceCustomer"]);
    expect(value(edit(base, { addressId: "A2", contactPersonId: "P4" })).addressId).toBe(customer1.addresses[1]?.id);
  });
  it("GEN-2: an edit acts on the order the path found; an id in the body is ignored (ERR-3)", () => {
    const o = value(edit(base, { id: customer2.id, name: "path wins" }));
    expect([o.id, o.name]).toEqual([base.id, "path wins"]);
  });
  it("GEN-9: the state guard and the field issues are reported together", () => {
    expect(codes(edit({ ...base, state: "Cancelled" }, { customerId: "C2" }))).toEqual(["InvalidState@", "Immutable@customerId"]);
  });

  describe("patch laws (order)", () => {
    const optionalKeys = ["name", "internalNote", "estimatedDuration", "invoiceCustomerId", "problemDescriptionFromCustomer", "customData", "requestedDate", "customStateId"] as const;
    const fullOf = (o: Order): Order => ({ ...o, problemDescriptionFromCustomer: "p", customData: "{}", requestedDate: 0, customStateId: o.categoryId });
    it("the empty patch is the identity", () => {
      expect(value(edit(base, {}))).toEqual(base);
    });
    it("a patch is idempotent", () => {
      fc.assert(
        fc.property(
          orderRefs.map(({ customerId: _c, ...r }) => r),
          fc.record({ name: fc.option(fc.string(), { nil: null }), priority: fc.constantFrom("Low", "High") }, { requiredKeys: [] }),
          (refs, fields) => {
            const body = { ...refs, ...fields };
            const once = edit(base, body);
            if (!once.ok) return;
            expect(value(edit(once.value, body))).toEqual(once.value);
          },
        ),
      );
    });
    it("null clears exactly the optional fields named", () => {
      fc.assert(
        fc.property(fc.subarray([...optionalKeys]), (keys) => {
          const full = fullOf(base);
          const body: Record<string, unknown> = {};
          for (const k of keys) body[k] = null;
          const o = value(edit(full, body));
          for (const k of optionalKeys) expect(o[k]).toEqual(keys.includes(k) ? null : full[k]);
        }),
      );
    });
    it("required fields never become empty", () => {
      fc.assert(
        fc.property(fc.subarray(["customerId", "addressId", "contactPersonId", "categoryId", "priority", "ownerId", "sendByPost"], { minLength: 1 }), (keys) => {
          const body: Record<string, unknown> = {};
          for (const k of keys) body[k] = null;
          expect(edit(base, body).ok).toBe(false);
        }),
      );
    });
    it("unknown fields never change anything", () => {
      fc.assert(
        fc.property(
          fc.dictionary(
            fc.string().filter((k) => !(k in base)),
            fc.jsonValue(),
          ),
          (extra) => {
            expect(value(edit(base, extra))).toEqual(base);
          },
        ),
      );
    });
  });

  it("ownership: no sequence of order add and edit yields an order with another customer's address, contact person or device", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), orderRefs), { maxLength: 8 }), (steps) => {
        let orders: Order[] = [];
        for (const [isAdd, refs] of steps) {
          if (isAdd || orders.length === 0) {
            const p = parseOrderAdd({ ...orderBody(), ...refs });
            const r = p.ok ? addOrder(p.value, orderContext(orders, undefined, undefined, orders.length * 10 + 1)) : p;
            if (r.ok) orders = [...orders, r.value];
          } else {
            const target = orders[orders.length - 1] as Order;
            const r = edit(target, refs);
            if (r.ok) orders = orders.map((o) => (o.id === target.id ? r.value : o));
          }
          for (const o of orders) {
            const c = [customer1, customer2].find((x) => x.id === o.customerId);
            expect(c?.addresses.some((a) => a.id === o.addressId)).toBe(true);
            expect(c?.contactPeople.some((a) => a.id === o.contactPersonId)).toBe(true);
            for (const d of o.serviceObjectIds) expect(c?.serviceObjects.some((a) => a.id === d)).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("inputs are never mutated", () => {
    const copy = clone(base);
    edit(base, { name: "x", serviceObjectIds: ["D6"] });
    expect(base).toEqual(copy);
  });

  it("ORD-9: the most serviceObjectIds a body may hold, all unknown, are refused with one issue each; 150,000 are one TooMany", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `nope-${i}`);
    const r = edit(base, { serviceObjectIds: ids(limits.serviceObjectIds) });
    expect(r.ok ? 0 : r.issues.length).toBe(limits.serviceObjectIds);
    const over = edit(base, { serviceObjectIds: ids(150_000) });
    expect(over.ok ? [] : over.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["TooMany@serviceObjectIds"]);
  });
});
