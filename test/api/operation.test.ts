import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJournaledWrite, type Method, type OperationKind } from "../../src/api/operation.js";

const methods: Method[] = ["GET", "POST", "PUT"];
const kinds: OperationKind[] = ["authentication", "decision", "listing", "journal", "deviceSync"];

describe("isJournaledWrite (JRN-1, IDM-1)", () => {
  it("JRN-1: a decision sent with any method but GET is journaled; a GET, the login and the storage's reads are not", () => {
    fc.assert(
      fc.property(fc.constantFrom(...methods), fc.constantFrom(...kinds), (method, kind) => {
        expect(isJournaledWrite({ method, kind })).toBe(method !== "GET" && kind === "decision");
      }),
    );
    expect(isJournaledWrite({ method: "PUT", kind: "decision" })).toBe(true);
    expect(isJournaledWrite({ method: "POST", kind: "authentication" })).toBe(false);
    expect(isJournaledWrite({ method: "GET", kind: "listing" })).toBe(false);
  });
});
