import { Dec } from "../shared/decimal.js";
import type { Result } from "../shared/issue.js";
import { compileBody, decimal, describedJsonSchema, nonBlank, object, oneOf, orDefault, required, text, type DescribedBody, type DescribedOutput, type SameType } from "../shared/description/index.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import type { JsonSchema } from "../shared/json-schema.js";
import { limits } from "../shared/limits.js";
import { materialUnits } from "./material.js";
import { materialReplaceBodyDocs, materialReplaceBodyRecords, type MaterialReplaceCommand } from "./request-types.generated.js";

export type { MaterialReplaceCommand } from "./request-types.generated.js";

const ZERO_PRICE: Dec = new Dec(0);

/*
 * The material replace body, described once (docs/decisions.md "One description per body"): the
 * parser, the JSON Schema, the command type and the JSON body type come from here.
 */

/**
 * A parsed `PUT /material/{id}` body: the whole definition, with every left-out field already
 * empty (`null`), except `unit` (`Amounts`) and `price` (`0`) (MAT-1).
 * @add MaterialReplaceBody The whole material definition: a field left out is emptied (MAT-1).
 */
const materialReplace = /* @__PURE__ */ object("MaterialReplaceCommand", {
  /** Name, not blank. */
  name: required(nonBlank(), "MAT-1"),
  /** GUID or slug of a MaterialCategory. */
  categoryId: required(nonBlank(), "MAT-1"),
  /** GUID or slug of a MaterialSupplier. */
  supplierId: required(nonBlank(), "MAT-1"),
  /** Code; left out or null: empty. */
  identificationNumber: orDefault(text(), null),
  /** Description; left out or null: empty. */
  description: orDefault(text(limits.longText), null),
  /** Supplier's code; left out or null: empty. */
  supplierCode: orDefault(text(), null),
  /** Unit; left out or null: Amounts (MAT-2). */
  unit: orDefault(oneOf(materialUnits, { name: "MaterialUnit", from: "material/material" }), "Amounts", "MAT-2"),
  /** Sale price; left out or null: 0 (MAT-3). */
  price: orDefault(decimal(), ZERO_PRICE, "MAT-3"),
  /** Cost price; left out or null: empty (MAT-3). */
  costPrice: orDefault(decimal(), null, "MAT-3"),
});

/**
 * The material body, for the type generator (`tools/body-types.ts`), which writes its types
 * into `src/material/request-types.generated.ts`.
 * @internal
 */
export const materialBodies: readonly DescribedBody[] = [{ value: materialReplace, mode: "add" }];

// The generated interface is the described one (a stale src/material/request-types.generated.ts fails here).
const generatedMatch: SameType<MaterialReplaceCommand, DescribedOutput<typeof materialReplace.fields>> = true;
void generatedMatch;

/**
 * Parses a `PUT /material/{id}` body: required `name`, `categoryId`, `supplierId`; units
 * from MAT-2; prices exact decimals never negative (MAT-3); a field left out or `null`
 * becomes empty, `unit` `Amounts` and `price` `0` (MAT-1). `externalId` is not part of the
 * body and, like any unknown field, is ignored (ERR-3). Every issue reported (GEN-9).
 * @param value - the JSON body
 * @returns the command, or every issue
 * @rule MAT-3
 * @example
 * parseMaterialReplace({ name: "Cable", categoryId: "wires", supplierId: "acme" }).value.unit //=> "Amounts"
 * parseMaterialReplace({ name: "Cable", categoryId: "wires", supplierId: "acme", price: -1 }).issues[0].code //=> "Negative"
 */
export const parseMaterialReplace: (value: unknown) => Result<MaterialReplaceCommand> = /* @__PURE__ */ compileBody(materialReplace, "add", materialReplaceBodyRecords);

/**
 * The JSON Schema of a `PUT /material/{id}` body, the shape {@link parseMaterialReplace}
 * reads.
 * @example
 * materialReplaceJsonSchema.required //=> ["name", "categoryId", "supplierId"]
 */
export const materialReplaceJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(materialReplace, "add", materialReplaceBodyDocs);

/** {@link parseMaterialReplace} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const materialReplaceSchema: BodySchema<MaterialReplaceCommand> = /* @__PURE__ */ toStandardSchema(parseMaterialReplace, materialReplaceJsonSchema);
