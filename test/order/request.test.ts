import { describe, expect, it } from "vitest";
import {
  orderAddOrEditSchema,
  orderAddSchema,
  orderEditSchema,
  parseOrderAdd,
  parseOrderAddOrEdit,
  parseOrderEdit,
} from "../../src/order/request.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Result } from "../../src/shared/issue.js";
import { checkTotal } from "../shared/totality.js";
import { orderBody } from "../../src/testing/arbitraries/records/order.js";

function paths<T>(r: Result<T>): string[] {
  return r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`);
}

describe("order bodies", () => {
  it("ORD-1: customerId, addressId, contactPersonId and categoryId are required on add", () => {
    expect(paths(parseOrderAdd({ customerId: null }))).toEqual(["Required@customerId", "Required@addressId", "Required@contactPersonId", "Required@categoryId"]);
  });
  it("ORD-4: priority is Low, Normal or High", () => {
    expect(paths(parseOrderAdd(orderBody({ priority: "Urgent" })))).toEqual(["InvalidEnum@priority"]);
    expect(parseOrderAdd(orderBody({ priority: "High" })).ok).toBe(true);
  });
  it("ORD-5: estimatedDuration is a whole number of minutes, not negative", () => {
    expect(paths(parseOrderAdd(orderBody({ estimatedDuration: -1 })))).toEqual(["Negative@estimatedDuration"]);
    expect(paths(parseOrderAdd(orderBody({ estimatedDuration: 1.5 })))).toEqual(["NotInteger@estimatedDuration"]);
  });
  it("GEN-5: on add null counts as left out; on edit null is kept", () => {
    const add = parseOrderAdd(orderBody({ internalNote: null }));
    expect(add.ok && add.value.internalNote).toBe(ABSENT);
    const edit = parseOrderEdit({ internalNote: null });
    expect(edit.ok && edit.value.internalNote).toBeNull();
    expect(edit.ok && edit.value.name).toBe(ABSENT);
  });
  it("ORD-7: null on a required reference is refused on edit", () => {
    expect(paths(parseOrderEdit({ customerId: null, addressId: null, contactPersonId: null, categoryId: null }))).toEqual([
      "Required@customerId",
      "Required@addressId",
      "Required@contactPersonId",
      "Required@categoryId",
    ]);
  });
  it("ORD-10: the four references are required on add-or-edit even with an id", () => {
    expect(paths(parseOrderAddOrEdit({ id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301" }))).toEqual([
      "Required@customerId",
      "Required@addressId",
      "Required@contactPersonId",
      "Required@categoryId",
    ]);
  });
  it("GEN-9 and ERR-3: every issue reported, unknown fields ignored, date-times need an offset", () => {
    expect(paths(parseOrderAdd(orderBody({ requestedDate: "2026-01-01T10:00:00", sendByPost: 1, serviceObjectIds: ["D5", 7], foo: 1 })))).toEqual([
      "InvalidType@serviceObjectIds[1]",
      "InvalidDateTime@requestedDate",
      "InvalidType@sendByPost",
    ]);
  });
  it("are Standard Schema validators", () => {
    expect(orderAddSchema["~standard"].validate(orderBody())).toHaveProperty("value");
    expect(orderEditSchema["~standard"].validate({ addressId: null })).toHaveProperty("issues");
    expect(orderAddOrEditSchema["~standard"].validate(5)).toHaveProperty("issues");
  });
  it("are total on arbitrary JSON and never pollute Object.prototype", () => {
    checkTotal(parseOrderAdd);
    checkTotal(parseOrderEdit);
    checkTotal(parseOrderAddOrEdit);
  });

  const parsers = { parseOrderAdd, parseOrderEdit, parseOrderAddOrEdit };
  const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  // One wrongly typed value per field; the issue must name that field alone.
  const wrong: Record<string, unknown> = {
    externalId: 5, customerId: 5, addressId: [], contactPersonId: {}, categoryId: true, invoiceCustomerId: 1, name: 2, estimatedDuration: -1,
    problemDescriptionFromCustomer: 3, internalNote: 4, customData: 5, priority: "Urgent", customStateId: 6, serviceObjectIds: "D5", ownerId: 7,
    requestedDate: "tomorrow", sendByPost: "yes", useWorkItemsFromInvoiceCustomer: 0,
  };
  const sent = {
    externalId: "O-9", invoiceCustomerId: "C2", name: "Fix", estimatedDuration: 30, problemDescriptionFromCustomer: "leaks", internalNote: "n",
    customData: "{}", priority: "High", customStateId: "waiting", serviceObjectIds: ["D5"], ownerId: "disp", requestedDate: "2026-03-01T10:00:00Z",
    sendByPost: true, useWorkItemsFromInvoiceCustomer: true,
  };

  it("ERR-3: a body that is not a JSON object is one InvalidType at the root, for every order parser", () => {
    for (const v of [[], "x", 5, true, null]) {
      for (const parse of Object.values(parsers)) {
        expect(parse(v)).toEqual({ ok: false, issues: [{ code: "InvalidType", path: "", message: `Expected an object, got ${typeName(v)}.`, rule: "ERR-2" }] });
      }
    }
  });

  it("ORD-1, ORD-4, ORD-5, ORD-7, GEN-6: a wrongly typed field is reported at its own path, every field of every order parser", () => {
    for (const [name, parse] of Object.entries(parsers)) {
      for (const [field, value] of Object.entries(wrong)) {
        const r = parse(orderBody({ [field]: value }));
        expect([name, field, r.ok ? [] : r.issues.map((i) => i.path)]).toEqual([name, field, [field]]);
      }
      const badId = parseOrderAddOrEdit(orderBody({ id: "not-a-guid" }));
      expect(badId.ok ? [] : badId.issues.map((i) => i.path)).toEqual(["id"]);
    }
  });

  it("ORD-3, ORD-7, ORD-10: every optional field sent is carried into the command under its name", () => {
    for (const parse of Object.values(parsers)) {
      const r = parse(orderBody(sent));
      expect(r.ok && r.value).toMatchObject({ ...sent, requestedDate: Date.parse(sent.requestedDate), customerId: "C1", addressId: "A1", contactPersonId: "P3", categoryId: "repair" });
    }
  });

  it("ORD-10, GEN-5: an identifier sent as null counts as not sent", () => {
    const add = parseOrderAdd(orderBody({ externalId: null }));
    expect(add.ok && add.value.externalId).toBe(ABSENT);
    const upsert = parseOrderAddOrEdit(orderBody({ id: null, externalId: null }));
    expect(upsert.ok && [upsert.value.id, upsert.value.externalId]).toEqual([ABSENT, ABSENT]);
  });
});
