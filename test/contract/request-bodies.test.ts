// The request half of the contract check (test/contract/openapi-contract.ts): a body the service
// accepted must be one the OpenAPI document declares for the operation, as a validating proxy
// (Prism) would judge it. The service may refuse more than the schema does, never accept more.
import { describe, expect, it } from "vitest";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import { checkContract } from "./openapi-contract.js";

const STORE = "/store/3f2504e0-4f89-11d3-9a0c-0305e82c3301/addToStore";
const MOVE = "/order/3f2504e0-4f89-11d3-9a0c-0305e82c3301/intervention/3f2504e0-4f89-11d3-9a0c-0305e82c3302/Start";
const created: ServiceResponse = { status: 201, body: { items: [] }, effects: [] };
const detail: ServiceResponse = {
  status: 200,
  effects: [],
  body: {
    id: "3f2504e0-4f89-11d3-9a0c-0305e82c3302", externalId: null, orderId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", state: "Running", day: "2026-05-04",
    primaryAssigneeId: "3f2504e0-4f89-11d3-9a0c-0305e82c3303", assignations: [], categoryId: "3f2504e0-4f89-11d3-9a0c-0305e82c3304", customStateId: null,
    priority: "Normal", internalNote: null, ownerId: "3f2504e0-4f89-11d3-9a0c-0305e82c3303", sendByPost: false, cancellationReason: null,
  },
};
const refused: ServiceResponse = { status: 400, body: { type: "about:blank", title: "Bad Request", status: 400, name: "BadRequest", errors: [{ code: "Required", path: "[0].materialId", message: "materialId is required.", rule: "ERR-2" }] }, effects: [] };

describe("contract: accepted request bodies", () => {
  it("ERR-3: a body the schema allows passes, unknown fields included", () => {
    expect(() => checkContract({ method: "POST", path: STORE, body: [{ materialId: "M1", amount: 1, note: "x" }, { materialId: "M1" }] }, created)).not.toThrow();
  });

  it("ERR-1: an accepted body the schema refuses fails the check, naming the schema", () => {
    expect(() => checkContract({ method: "POST", path: STORE, body: [{ amount: 1 }] }, created)).toThrow(/accepted a body that #\/components\/schemas\/StockAmounts refuses/);
    expect(() => checkContract({ method: "POST", path: STORE, body: { materialId: "M1" } }, created)).toThrow(/StockAmounts refuses/);
  });

  it("ERR-1: no body where the document requires one fails the check when accepted", () => {
    expect(() => checkContract({ method: "POST", path: STORE }, created)).toThrow(/accepted no body, where the document requires one/);
  });

  it("ERR-2: a refusal of a body the schema refuses is what the document says, so it passes", () => {
    expect(() => checkContract({ method: "POST", path: STORE, body: [{ amount: 1 }] }, refused)).not.toThrow();
  });

  it("INT-7: a lifecycle move accepted with no body or with {} passes; accepted with a non-object body fails", () => {
    expect(() => checkContract({ method: "PUT", path: MOVE }, detail)).not.toThrow();
    expect(() => checkContract({ method: "PUT", path: MOVE, body: {} }, detail)).not.toThrow();
    expect(() => checkContract({ method: "PUT", path: MOVE, body: [] }, detail)).toThrow(/EmptyBody refuses/);
  });
});
