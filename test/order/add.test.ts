import fc from "fast-check";
import { limits } from "../../src/shared/limits.js";
import { describe, expect, it } from "vitest";
import { addOrder } from "../../src/order/add.js";
import type { Order } from "../../src/records/order.js";
import { parseOrderAdd } from "../../src/order/request.js";
import type { Result } from "../../src/shared/issue.js";
import { defaultSettings } from "../../src/shared/settings.js";
import { admin, clone, deepFreeze, dispatcher } from "../../src/testing/arbitraries/records/customer.js";
import { customer1, customer2, orderBody, orderCategories, orderContext, orderCustomStates, orderRefs } from "../../src/testing/arbitraries/records/order.js";

function addBody(body: unknown, orders: readonly Order[] = [], settings = defaultSettings): Result<Order> {
  const p = parseOrderAdd(deepFreeze(body));
  if (!p.ok) return p;
  return addOrder(deepFreeze(p.value), orderContext(orders, undefined, settings));
}
function codes<T>(r: Result<T>): string[] {
  return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`);
}
function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

describe("order add", () => {
  it("ORD-1: references resolve by GUID or external ID within the order's customer", () => {
    const o = value(addBody(orderBody({ addressId: customer1.addresses[1]?.id.toUpperCase(), serviceObjectIds: ["D5", customer1.serviceObjects[1]?.id] })));
    expect(o.customerId).toBe(customer1.id);
    expect(o.addressId).toBe(customer1.addresses[1]?.id);
    expect(o.contactPersonId).toBe(customer1.contactPeople[0]?.id);
    expect(o.categoryId).toBe(orderCategories[0]?.id);
    expect(o.serviceObjectIds).toEqual(customer1.serviceObjects.map((d) => d.id));
  });
  it("ORD-1: an address, contact person or device of another customer is refused", () => {
    expect(
      codes(
        addBody(
          orderBody({
            addressId: customer2.addresses[0]?.id,
            contactPersonId: customer2.contactPeople[0]?.id,
            serviceObjectIds: ["D5", customer2.serviceObjects[0]?.id],
          }),
        ),
      ),
    ).toEqual(["ForeignReference@addressId", "ForeignReference@contactPersonId", "ForeignReference@serviceObjectIds[1]"]);
    expect(codes(addBody(orderBody({ customerId: "C9", categoryId: "nope", addressId: "A9" })))).toEqual(["UnknownReference@customerId", "UnknownReference@categoryId"]);
    expect(codes(addBody(orderBody({ addressId: "A9" })))).toEqual(["UnknownReference@addressId"]);
  });
  it("ORD-2: useWorkItemsFromInvoiceCustomer may be true only with an invoice customer", () => {
    expect(codes(addBody(orderBody({ useWorkItemsFromInvoiceCustomer: true })))).toEqual(["NotAllowed@useWorkItemsFromInvoiceCustomer"]);
    const o = value(addBody(orderBody({ useWorkItemsFromInvoiceCustomer: true, invoiceCustomerId: "C2" })));
    expect(o.invoiceCustomerId).toBe(customer2.id);
  });
  it("ORD-3: defaults are priority Normal, sendByPost from the customer, the administrator as owner, state Open", () => {
    const o = value(addBody(orderBody({ customerId: "C2", addressId: "A1", contactPersonId: "P3" })));
    expect([o.priority, o.sendByPost, o.ownerId, o.state]).toEqual(["Normal", customer2.sendByPost, admin.id, "Open"]);
    const p = value(addBody(orderBody({ sendByPost: true, ownerId: "disp", priority: "High", customStateId: "waiting" })));
    expect([p.sendByPost, p.ownerId, p.priority, p.customStateId]).toEqual([true, dispatcher.id, "High", orderCustomStates[0]?.id]);
  });
  it("ORD-4: priorities Low, Normal and High are kept", () => {
    for (const priority of ["Low", "Normal", "High"]) expect(value(addBody(orderBody({ priority }))).priority).toBe(priority);
  });
  it("ORD-5: estimatedDuration is kept in whole minutes", () => {
    expect(value(addBody(orderBody({ estimatedDuration: 90 }))).estimatedDuration).toBe(90);
  });
  it("CUS-8: the order's customData follows the order template", () => {
    const settings = { ...defaultSettings, customDataTemplates: { customer: null, order: [{ key: "ticket", type: "string", required: true }] } } as const;
    expect(codes(addBody(orderBody({ customData: '{"ticket":1}' }), [], settings))).toEqual(["InvalidCustomData@customData"]);
    expect(value(addBody(orderBody({ customData: '{"ticket":"T1"}' }), [], settings)).customData).toBe('{"ticket":"T1"}');
  });
  it("GEN-4: an external ID already used by another order is refused", () => {
    const first = value(addBody(orderBody({ externalId: "O-1" })));
    expect(codes(addBody(orderBody({ externalId: "O-1" }), [first]))).toEqual(["DuplicateExternalId@externalId"]);
  });
  it("GEN-8: a refused add yields issues only and never mutates its inputs", () => {
    const body = orderBody({ addressId: customer2.addresses[0]?.id });
    const copy = clone(body);
    const r = addBody(body);
    expect(Object.keys(r)).toEqual(["ok", "issues"]);
    expect(body).toEqual(copy);
  });
  it("ownership: a random add never yields an order with another customer's address, contact person or device", () => {
    fc.assert(
      fc.property(orderRefs, (refs) => {
        const r = addBody({ ...orderBody(), ...refs });
        if (!r.ok) return;
        const c = [customer1, customer2].find((x) => x.id === r.value.customerId);
        expect(c?.addresses.map((a) => a.id)).toContain(r.value.addressId);
        expect(c?.contactPeople.map((a) => a.id)).toContain(r.value.contactPersonId);
        for (const d of r.value.serviceObjectIds) expect(c?.serviceObjects.map((a) => a.id)).toContain(d);
        if (r.value.useWorkItemsFromInvoiceCustomer) expect(r.value.invoiceCustomerId).not.toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it("CUS-8: order customData at the template's limit is checked key by key; over limits.customData it is one TooLong", () => {
    const keys: Record<string, number> = {};
    for (let i = 0; i < 5_000; i++) keys[`k${i}`] = i;
    const settings = { ...defaultSettings, customDataTemplates: { customer: null, order: [{ key: "floor", type: "number" as const, required: false }] } };
    const text = JSON.stringify(keys);
    expect(text.length).toBeLessThanOrEqual(limits.customData);
    const r = addBody(orderBody({ customData: text }), [], settings);
    expect(r.ok ? 0 : r.issues.length).toBe(5_000);
    const long = addBody(orderBody({ customData: JSON.stringify({ note: "x".repeat(limits.customData) }) }), [], settings);
    expect(long.ok ? [] : long.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["TooLong@customData"]);
  });
});
