// useWorkItemsFromInvoiceCustomer (ORD-2): true only with an invoice customer, on the order as it
// stands after the request (ORD-9); the default false and null on an edit (GEN-5).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceWorkItems } from "../../src/order/invoice-work-items.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Guid } from "../../src/shared/guid.js";
import type { Issue } from "../../src/shared/issue.js";

const invoiceCustomer = "00000000-0000-4000-8000-0000000000c2" as Guid;

describe("invoiceWorkItems (ORD-2)", () => {
  it("ORD-2: the value is the one sent, else the current one, else false; true without an invoice customer is NotAllowed with its message", () => {
    fc.assert(
      fc.property(fc.constantFrom<typeof ABSENT | boolean>(ABSENT, true, false), fc.constantFrom(undefined, true, false), fc.boolean(), (sent, current, withInvoice) => {
        const found: Issue[] = [];
        const use = invoiceWorkItems(sent, current, withInvoice ? invoiceCustomer : null, found);
        const want = sent === ABSENT ? (current ?? false) : sent;
        expect(use).toBe(want);
        expect(found).toEqual(
          want && !withInvoice
            ? [{ code: "NotAllowed", path: "useWorkItemsFromInvoiceCustomer", message: "useWorkItemsFromInvoiceCustomer may be true only when invoiceCustomerId is set (ORD-2).", rule: "ORD-2" }]
            : [],
        );
      }),
    );
  });
  it("GEN-5: null is false on a create and Required on an edit, which keeps the current value", () => {
    const found: Issue[] = [];
    expect(invoiceWorkItems(null, undefined, null, found)).toBe(false);
    expect(found).toEqual([]);
    expect(invoiceWorkItems(null, true, invoiceCustomer, found)).toBe(true);
    expect(found.map((i) => `${i.code}@${i.path} ${i.rule}`)).toEqual(["Required@useWorkItemsFromInvoiceCustomer GEN-5"]);
  });
});
