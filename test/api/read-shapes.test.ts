// The read shapes' descriptions (src/api/read-shapes.ts): each is typed by its read shape, which
// the compiler checks; here, that the derived schemas accept a real answer and refuse one with a
// field more or less. Every answer of every operation against the document: the response-contract
// test (test/contract/openapi-contract.ts).
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { allowedActionsAnswer, materialAnswer, orderAnswer, type MaterialShape } from "../../src/api/read-shapes.js";
import { orderActions } from "../../src/order/machine.js";

const ajv = new Ajv2020({ strict: true });
addFormats.default(ajv);

describe("read-shape descriptions", () => {
  it("a read shape's description accepts a real answer and refuses one with a field more or less", () => {
    const material: MaterialShape = {
      id: "7d9a3f2e-0c1b-4e5a-9f6d-1a2b3c4d5e6f" as MaterialShape["id"], externalId: null, name: "Cable", categoryId: "8d9a3f2e-0c1b-4e5a-9f6d-1a2b3c4d5e6f" as MaterialShape["id"],
      supplierId: "9d9a3f2e-0c1b-4e5a-9f6d-1a2b3c4d5e6f" as MaterialShape["id"], identificationNumber: null, description: null, supplierCode: null, unit: "Meters", price: 1.5, costPrice: null,
    };
    const check = ajv.compile(materialAnswer.schema);
    expect(check(material)).toBe(true);
    expect(check({ ...material, extra: 1 })).toBe(false);
    const { costPrice: _, ...short } = material;
    expect(check(short)).toBe(false);
    expect(orderAnswer.schema.required).toContain("interventionIds");
  });

  it("an allowed-actions answer lists the machine's actions and requires action and allowed", () => {
    const schema = allowedActionsAnswer(orderActions).schema as { properties: { actions: { items: { properties: { action: { enum: string[] } }; required: string[] } } } };
    expect(schema.properties.actions.items.properties.action.enum).toEqual([...orderActions]);
    expect(schema.properties.actions.items.required).toEqual(["action", "allowed"]);
  });
});
