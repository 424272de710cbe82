// The PostgreSQL record store's pure parts (src/postgres/records.ts): how external IDs are
// stored, and the columns a customer's row carries for the lookups UPS-6 and ORD-2 make. The
// statements themselves run in every suite of test/postgres/.
import { describe, expect, it } from "vitest";
import { customerRow, elementKey, emptyStamp, storedKey } from "../../src/postgres/records.js";
import { testCustomer } from "../../src/testing/arbitraries/records/fixture.js";

describe("records as rows", () => {
  it("TXT-1, GEN-4: an external ID is stored as sent, except that `\\` and U+0000 are escaped one-to-one, so two IDs stay two", () => {
    expect(storedKey("S-1")).toBe("S-1");
    expect(storedKey("a\\b")).toBe("a\\\\b");
    expect(storedKey("a\u0000b")).toBe("a\\0b");
    expect(storedKey("\\0")).toBe("\\\\0");
    expect(storedKey("a\\0b")).not.toBe(storedKey("a\u0000b"));
  });

  it("UPS-6, ORD-2: a customer's row lists every nested element's GUID and stored external ID (an element without one adds none)", () => {
    const customer = testCustomer(0, 1, "C\\1");
    const row = customerRow(customer);
    expect(row.id).toBe(customer.id);
    expect(row.external_id).toBe("C\\\\1");
    expect(row.element_ids).toEqual([customer.contactPeople[0]!.id, customer.addresses[0]!.id, customer.serviceObjects[0]!.id]);
    expect(row.element_keys).toEqual(["c:cp1", "a:a1"]);
    // Tagged by list: the same external ID in two lists is two keys.
    const withObject = { ...customer, serviceObjects: [{ ...customer.serviceObjects[0]!, externalId: "a1" }] };
    expect(customerRow(withObject).element_keys).toEqual(["c:cp1", "a:a1", "s:a1"]);
    expect(elementKey("contactPeople", "a\u0000b")).toBe("c:a\\0b");
    expect(row.doc).toBe(customer);
    expect(customerRow({ ...customer, externalId: null }).external_id).toBeNull();
  });

  it("an empty stamp holds no version of any table", () => {
    const stamp = emptyStamp();
    expect([stamp.customers, stamp.orders, stamp.interventions, stamp.stores, stamp.technicians, stamp.stock].map((m) => m.size)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
