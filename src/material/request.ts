import { Dec } from "../shared/decimal.js";
import { collect, type Issue, type Result } from "../shared/issue.js";
import { optionalValue, readEnum, readLongText, readNonBlank, readNonNegativeDecimal, readObject, readString, required } from "../shared/read.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import { js, type JsonSchema } from "../shared/json-schema.js";
import { limits } from "../shared/limits.js";
import { materialUnits, type MaterialUnit } from "./material.js";

/**
 * A parsed `PUT /material/{id}` body: the whole definition, with every left-out field
 * already empty (`null`), except `unit` (`Amounts`) and `price` (`0`) (MAT-1).
 */
export interface MaterialReplaceCommand {
  /** Name (required). */
  readonly name: string;
  /** ID or slug of a MaterialCategory (required). */
  readonly categoryId: string;
  /** ID or slug of a MaterialSupplier (required). */
  readonly supplierId: string;
  /** Code, `null` when left out. */
  readonly identificationNumber: string | null;
  /** Description, `null` when left out. */
  readonly description: string | null;
  /** Supplier's code, `null` when left out. */
  readonly supplierCode: string | null;
  /** Unit, `Amounts` when left out (MAT-2). */
  readonly unit: MaterialUnit;
  /** Sale price ≥ 0, `0` when left out (MAT-3). */
  readonly price: Dec;
  /** Cost price ≥ 0, `null` when left out (MAT-3). */
  readonly costPrice: Dec | null;
}

const readUnit = readEnum(materialUnits);
const ZERO_PRICE: Dec = new Dec(0);

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
export function parseMaterialReplace(value: unknown): Result<MaterialReplaceCommand> {
  const issues: Issue[] = [];
  const o = readObject(value, "", "", issues);
  // Stryker disable next-line ArrowFunction: readObject reported an issue, so collect never calls this thunk
  if (o === undefined) return collect(issues, () => undefined as never);
  // `required` returns undefined only after pushing an issue, and collect never hands out a
  // command with issues: the casts hold wherever the command is read.
  const command: MaterialReplaceCommand = {
    name: required(o, "name", "", issues, readNonBlank) as string,
    categoryId: required(o, "categoryId", "", issues, readNonBlank) as string,
    supplierId: required(o, "supplierId", "", issues, readNonBlank) as string,
    identificationNumber: optionalValue(o, "identificationNumber", "", issues, readString) ?? null,
    description: optionalValue(o, "description", "", issues, readLongText) ?? null,
    supplierCode: optionalValue(o, "supplierCode", "", issues, readString) ?? null,
    unit: optionalValue(o, "unit", "", issues, readUnit) ?? "Amounts",
    price: optionalValue(o, "price", "", issues, readNonNegativeDecimal) ?? ZERO_PRICE,
    costPrice: optionalValue(o, "costPrice", "", issues, readNonNegativeDecimal) ?? null,
  };
  return collect(issues, () => command);
}

/**
 * The JSON Schema of a `PUT /material/{id}` body, the shape {@link parseMaterialReplace}
 * reads.
 * @example
 * materialReplaceJsonSchema.required //=> ["name", "categoryId", "supplierId"]
 */
export const materialReplaceJsonSchema: JsonSchema = /* @__PURE__ */ (() => js.object(
  {
    name: js.nonBlank("Name."),
    categoryId: js.nonBlank("GUID or slug of a MaterialCategory."),
    supplierId: js.nonBlank("GUID or slug of a MaterialSupplier."),
    identificationNumber: js.nullable(js.text(limits.text, "Code; left out or null: empty.")),
    description: js.nullable(js.text(limits.longText, "Description; left out or null: empty.")),
    supplierCode: js.nullable(js.text(limits.text, "Supplier's code; left out or null: empty.")),
    unit: js.nullable(js.enumOf(materialUnits, "Unit; left out or null: Amounts (MAT-2).")),
    price: js.nullable(js.decimal("Sale price; left out or null: 0 (MAT-3).")),
    costPrice: js.nullable(js.decimal("Cost price; left out or null: empty (MAT-3).")),
  },
  ["name", "categoryId", "supplierId"],
  "The whole material definition: a field left out is emptied (MAT-1).",
))();

/** {@link parseMaterialReplace} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const materialReplaceSchema: BodySchema<MaterialReplaceCommand> = /* @__PURE__ */ toStandardSchema(parseMaterialReplace, materialReplaceJsonSchema);
