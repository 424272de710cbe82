// The defaults of a new order (ORD-3), taken only where a create leaves a field out.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderDefaults } from "../../src/order/defaults.js";
import type { Guid } from "../../src/shared/guid.js";
import { customer1 } from "../../src/testing/arbitraries/records/order.js";

describe("orderDefaults (ORD-3)", () => {
  it("ORD-3: priority Normal, sendByPost from the order's customer, the acting user as owner, and state Open", () => {
    const actor = "00000000-0000-4000-8000-0000000000ac" as Guid;
    fc.assert(
      fc.property(fc.boolean(), (sendByPost) => {
        const defaults = orderDefaults({ ...customer1, sendByPost }, actor);
        expect([defaults.priority(), defaults.sendByPost(), defaults.ownerId(), defaults.state]).toEqual(["Normal", sendByPost, actor, "Open"]);
      }),
    );
  });
});
