import fc from "fast-check";
import type { CustomerRefs, KitContext } from "../context.js";
import { shortText, withKey } from "./text.js";
import type { Body, NearValid } from "./types.js";

const priority = fc.constantFrom("Low", "Normal", "High");

/** The optional fields of an order body that need no record of their own. */
function optionalFields(ctx: KitContext, customer: CustomerRefs): fc.Arbitrary<Body> {
  return fc.record(
    {
      name: shortText,
      estimatedDuration: fc.integer({ min: 0, max: 600 }),
      problemDescriptionFromCustomer: shortText,
      internalNote: shortText,
      priority,
      ...(ctx.orderCustomStates.length === 0 ? {} : { customStateId: fc.constantFrom(...ctx.orderCustomStates) }),
      serviceObjectIds: customer.serviceObjectIds.length === 0 ? fc.constant([]) : fc.subarray([...customer.serviceObjectIds]),
      requestedDate: fc.integer({ min: 0, max: 3000 }).map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString()),
      sendByPost: fc.boolean(),
      ownerId: fc.constantFrom(...ctx.users),
      invoice: fc.boolean(),
    },
    { requiredKeys: [] },
  ).map(({ invoice, ...rest }) => (invoice === true ? { ...rest, invoiceCustomerId: customer.customerId, useWorkItemsFromInvoiceCustomer: true } : rest));
}

/** The four fields ORD-1 (and ORD-10) requires, pointing at `customer`'s elements. */
function requiredFields(ctx: KitContext, customer: CustomerRefs): fc.Arbitrary<Body> {
  return fc.record({
    customerId: fc.constant(customer.customerId),
    addressId: fc.constantFrom(...customer.addressIds),
    contactPersonId: fc.constantFrom(...customer.contactPersonIds),
    categoryId: fc.constantFrom(...ctx.orderCategories),
  });
}

/**
 * Valid `POST /order` bodies for one customer (ORD-1 to ORD-5): the required references to
 * its elements and any of the optional fields, `useWorkItemsFromInvoiceCustomer` only with
 * an invoice customer.
 * @param ctx - the company's references
 * @param customer - an existing customer and its elements
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * const refs = { customerId: "C-1", addressIds: ["A1"], contactPersonIds: ["P1"], serviceObjectIds: [] };
 * fc.sample(orderAddBody(kitContext(demoFixture, "demo"), refs), { numRuns: 1, seed: 1 })[0] //=> { customerId: "C-1", addressId: "A1", contactPersonId: "P1", ... }
 */
export function orderAddBody(ctx: KitContext, customer: CustomerRefs): fc.Arbitrary<Body> {
  return fc.tuple(requiredFields(ctx, customer), optionalFields(ctx, customer)).map(([req, opt]) => ({ ...req, ...opt }));
}

/**
 * Valid `PUT /order/{id}` bodies for an open order of `customer` with no active
 * intervention (ORD-6, ORD-7): any subset of the fields, the customer repeated or not.
 * @param ctx - the company's references
 * @param customer - the order's customer
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * const refs = { customerId: "C-1", addressIds: ["A1"], contactPersonIds: ["P1"], serviceObjectIds: [] };
 * fc.sample(orderEditBody(kitContext(demoFixture, "demo"), refs), { numRuns: 10, seed: 1 }).every((b) => !("externalId" in b)) //=> true
 */
export function orderEditBody(ctx: KitContext, customer: CustomerRefs): fc.Arbitrary<Body> {
  return fc.tuple(requiredFields(ctx, customer), optionalFields(ctx, customer), fc.func(fc.boolean())).map(([req, opt, keep]) => {
    const out: Body = {};
    for (const [k, v] of Object.entries(req)) if (keep(k)) out[k] = v;
    return { ...out, ...opt };
  });
}

/**
 * Valid `POST /order/addOrEdit` bodies (ORD-10): the required fields always, no identifier
 * (created) or an external ID from `externalIds` (an open order of `customer` without an
 * active intervention, edited) or `NEW-…` (created).
 * @param ctx - the company's references
 * @param customer - the customer of the orders
 * @param externalIds - external IDs of existing orders of that customer
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * const refs = { customerId: "C-1", addressIds: ["A1"], contactPersonIds: ["P1"], serviceObjectIds: [] };
 * fc.sample(orderAddOrEditBody(kitContext(demoFixture, "demo"), refs, []), { numRuns: 10, seed: 1 }).every((b) => b.categoryId !== undefined) //=> true
 */
export function orderAddOrEditBody(ctx: KitContext, customer: CustomerRefs, externalIds: readonly string[]): fc.Arbitrary<Body> {
  const key = fc.oneof(fc.constant(undefined), fc.constantFrom(...externalIds, "NEW-ORDER"), fc.nat(9999).map((n) => `NEW-ORDER-${n}`));
  return fc.tuple(orderAddBody(ctx, customer), key).map(([body, externalId]) => (externalId === undefined ? body : { externalId, ...body }));
}

/**
 * Valid `PUT /order/{id}/cancel` bodies (ORD-11, ORD-12).
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(orderCancelBody(), { numRuns: 10, seed: 1 }).every((b) => typeof b === "object") //=> true
 */
export function orderCancelBody(): fc.Arbitrary<Body> {
  return fc.record({ reason: shortText, sendNotificationToCustomer: fc.boolean() }, { requiredKeys: [] });
}

/**
 * Near-valid `POST /order` bodies: one violation of ORD-1, ORD-2, ORD-4, ORD-5 or GEN-3.
 * @param ctx - the company's references
 * @param customer - an existing customer
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * const refs = { customerId: "C-1", addressIds: ["A1"], contactPersonIds: ["P1"], serviceObjectIds: [] };
 * fc.sample(nearValidOrderAdd(kitContext(demoFixture, "demo"), refs), { numRuns: 50, seed: 2 }).some((n) => n.violation.rule === "ORD-5") //=> true
 */
export function nearValidOrderAdd(ctx: KitContext, customer: CustomerRefs): fc.Arbitrary<NearValid<Body>> {
  const valid = orderAddBody(ctx, customer);
  return fc.oneof(
    valid.map((b) => ({ body: withKey(b, "categoryId", undefined), violation: { rule: "ORD-1", path: "categoryId", code: "Required" } })),
    valid.map((b) => ({ body: withKey(b, "contactPersonId", null), violation: { rule: "ORD-1", path: "contactPersonId", code: "Required" } })),
    valid.map((b) => ({
      body: withKey(withKey(b, "invoiceCustomerId", undefined), "useWorkItemsFromInvoiceCustomer", true),
      violation: { rule: "ORD-2", path: "useWorkItemsFromInvoiceCustomer", code: "NotAllowed" },
    })),
    valid.map((b) => ({ body: withKey(b, "priority", "Urgent"), violation: { rule: "ORD-4", path: "priority", code: "InvalidEnum" } })),
    valid.map((b) => ({ body: withKey(b, "estimatedDuration", -5), violation: { rule: "ORD-5", path: "estimatedDuration", code: "Negative" } })),
    valid.map((b) => ({ body: withKey(b, "estimatedDuration", 1.5), violation: { rule: "ORD-5", path: "estimatedDuration", code: "NotInteger" } })),
    valid.map((b) => ({ body: withKey(b, "categoryId", "no-such-category"), violation: { rule: "GEN-3", path: "categoryId", code: "UnknownReference" } })),
  );
}

/**
 * Near-valid `PUT /order/{id}` bodies for an open order of `customer`: one violation of
 * ORD-4, ORD-5 or ORD-7.
 * @param ctx - the company's references
 * @param customer - the order's customer
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * const refs = { customerId: "C-1", addressIds: ["A1"], contactPersonIds: ["P1"], serviceObjectIds: [] };
 * fc.sample(nearValidOrderEdit(kitContext(demoFixture, "demo"), refs), { numRuns: 50, seed: 2 }).some((n) => n.violation.rule === "ORD-7") //=> true
 */
export function nearValidOrderEdit(ctx: KitContext, customer: CustomerRefs): fc.Arbitrary<NearValid<Body>> {
  const valid = orderEditBody(ctx, customer);
  return fc.oneof(
    fc.tuple(valid, fc.constantFrom("addressId", "contactPersonId", "categoryId")).map(([b, key]) => ({ body: withKey(b, key, null), violation: { rule: "ORD-7", path: key, code: "Required" } })),
    valid.map((b) => ({ body: withKey(b, "priority", "urgent"), violation: { rule: "ORD-4", path: "priority", code: "InvalidEnum" } })),
    valid.map((b) => ({ body: withKey(b, "estimatedDuration", -1), violation: { rule: "ORD-5", path: "estimatedDuration", code: "Negative" } })),
  );
}

/**
 * Near-valid `POST /order/addOrEdit` bodies that create: a required field missing (ORD-10).
 * @param ctx - the company's references
 * @param customer - an existing customer
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * const refs = { customerId: "C-1", addressIds: ["A1"], contactPersonIds: ["P1"], serviceObjectIds: [] };
 * fc.sample(nearValidOrderAddOrEdit(kitContext(demoFixture, "demo"), refs), { numRuns: 5, seed: 2 }).every((n) => n.violation.code === "Required") //=> true
 */
export function nearValidOrderAddOrEdit(ctx: KitContext, customer: CustomerRefs): fc.Arbitrary<NearValid<Body>> {
  return fc
    .tuple(orderAddBody(ctx, customer), fc.constantFrom("customerId", "addressId", "contactPersonId", "categoryId"))
    .map(([b, key]) => ({ body: withKey(b, key, undefined), violation: { rule: "ORD-10", path: key, code: "Required" } }));
}

/**
 * Near-valid `PUT /order/{id}/cancel` bodies: a field of the wrong type (ORD-11).
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidOrderCancel(), { numRuns: 5, seed: 2 }).every((n) => n.violation.code === "InvalidType") //=> true
 */
export function nearValidOrderCancel(): fc.Arbitrary<NearValid<Body>> {
  return fc.oneof(
    fc.integer().map((n) => ({ body: { reason: n }, violation: { rule: "ORD-11", path: "reason", code: "InvalidType" } })),
    fc.constantFrom("yes", 1).map((v) => ({ body: { sendNotificationToCustomer: v }, violation: { rule: "ORD-12", path: "sendNotificationToCustomer", code: "InvalidType" } })),
  );
}
