// What buildOrder, the composition of the order rules, reports: every issue of a refused
// request in order, with its field, its record kind and the value (GEN-9), whatever the caller
// parsed. The rules it composes are tested beside their owners (customer.test.ts,
// owned-elements.test.ts, defaults.test.ts, invoice-work-items.test.ts).
import { describe, expect, it } from "vitest";
import { addOrder } from "../../src/order/add.js";
import { buildOrder } from "../../src/order/build.js";
import { editOrder } from "../../src/order/edit.js";
import { parseOrderAdd, parseOrderEdit, type OrderChanges } from "../../src/order/request.js";
import type { Order } from "../../src/records/order.js";
import { ABSENT } from "../../src/shared/field.js";
import { addedOrder, orderBody, orderContext } from "../../src/testing/arbitraries/records/order.js";

describe("buildOrder, the composition", () => {
  const unknown = (path: string, what: string, ref: string) => ({ code: "UnknownReference", path, message: `No ${what} has the ID, external ID or slug ${JSON.stringify(ref)} (GEN-3).`, rule: "GEN-3" });

  it("ORD-1, ORD-2, GEN-3, GEN-4: each refused reference of an add names its field, its record kind and the value", () => {
    const p = parseOrderAdd(orderBody({ customerId: "C9", serviceObjectIds: ["D5"], categoryId: "nope", invoiceCustomerId: "C9", customStateId: "nope", ownerId: "nobody", externalId: "O-1" }));
    if (!p.ok) throw new Error("fixture");
    const existing = addedOrder({ externalId: "O-1" });
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
    expect(addedOrder().useWorkItemsFromInvoiceCustomer).toBe(false);
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

  it("ORD-7, ORD-8, GEN-5: null on sendByPost or useWorkItemsFromInvoiceCustomer is Required at its path; changing the external ID is Immutable with its message", () => {
    const order = addedOrder({ externalId: "O-1" });
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

  it("ORD-7: an edit that sends none of the optional fields keeps each stored value, a non-zero requestedDate among them", () => {
    const stored: Order = {
      ...addedOrder(),
      name: "n",
      estimatedDuration: 30,
      problemDescriptionFromCustomer: "p",
      internalNote: "i",
      customData: "{}",
      requestedDate: Date.parse("2026-03-01T10:00:00Z"),
    };
    const e = parseOrderEdit({});
    if (!e.ok) throw new Error("fixture");
    expect(buildOrder(stored, e.value, stored.externalId, orderContext([stored]))).toEqual({ ok: true, value: stored });
  });
});
