import { collect, fail, issue, joinPath, type Issue, type Result } from "../shared/issue.js";
import { readNonBlank, readNonNegativeDecimal, readObject, required, optional } from "../shared/read.js";
import { ABSENT } from "../shared/field.js";
import { limits } from "../shared/limits.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import { js, type JsonSchema } from "../shared/json-schema.js";
import { ALL, UNLIMITED, type Amount, type Quantity } from "./amount.js";
import type { StockItem } from "./batch.js";

function parseItems<Q>(body: unknown, whenMissing: Q): Result<StockItem<Q | Amount>[]> {
  const issues: Issue[] = [];
  if (!Array.isArray(body)) {
    return fail([issue("InvalidType", "", "STK-6", "The body must be a JSON array of stock items (STK-6).")]);
  }
  if (body.length > limits.stockItems) {
    return fail([issue("TooMany", "", "LIM-1", `At most ${limits.stockItems} stock items in one body (${body.length} sent).`)]);
  }
  const items: StockItem<Q | Amount>[] = [];
  for (let i = 0; i < body.length; i++) {
    const obj = readObject(body[i], "", i, issues);
    if (obj === undefined) continue;
    const path = joinPath("", i);
    const materialId = required(obj, "materialId", path, issues, readNonBlank);
    const amount = optional(obj, "amount", path, issues, readNonNegativeDecimal);
    if (materialId === undefined) continue;
    items.push({ materialId, amount: amount === ABSENT || amount === null ? whenMissing : { kind: "finite", value: amount } });
  }
  return collect(issues, () => items);
}

/**
 * Parses an `addToStore` or `setMaterialAmounts` body: an array of `{ materialId, amount }`
 * where an absent or `null` amount means unlimited. Every bad item is reported with its
 * path (`[3].amount`). Applies STK-1, STK-6 and GEN-7 (amounts exact and never negative).
 * @param body - the parsed JSON body
 * @returns the items, or every issue
 * @example
 * parseStockAmounts([{ materialId: "SCREW-6" }]) //=> { ok: true, value: [{ materialId: "SCREW-6", amount: UNLIMITED }] }
 * parseStockAmounts([{ materialId: "x", amount: -1 }]) //=> { ok: false, issues: [{ code: "Negative", path: "[0].amount", ... }] }
 */
export function parseStockAmounts(body: unknown): Result<StockItem<Amount>[]> {
  return parseItems<Amount>(body, UNLIMITED);
}

/**
 * Parses a `removeMaterial` or `moveTo` body: an array of `{ materialId, amount }` where an
 * absent or `null` amount means all. Applies STK-3, STK-5, STK-6 and GEN-7.
 * @param body - the parsed JSON body
 * @returns the items, or every issue
 * @example
 * parseStockQuantities([{ materialId: "SCREW-6", amount: null }]) //=> { ok: true, value: [{ materialId: "SCREW-6", amount: ALL }] }
 */
export function parseStockQuantities(body: unknown): Result<StockItem<Quantity>[]> {
  return parseItems<Quantity>(body, ALL) as Result<StockItem<Quantity>[]>;
}

function stockItemsSchema(missing: string): JsonSchema {
  return js.array(
    js.object(
      {
        materialId: js.nonBlank("GUID or external ID of a material of the company (STK-6)."),
        amount: js.nullable(js.decimal(`The amount; left out or null: ${missing} (STK-1).`)),
      },
      ["materialId"],
    ),
    0,
    limits.stockItems,
    "Stock items, applied in order, all or nothing; a material listed twice is applied twice (STK-6).",
  );
}

/**
 * The JSON Schema of an `addToStore` or `setMaterialAmounts` body, the shape
 * {@link parseStockAmounts} reads.
 * @example
 * stockAmountsJsonSchema.maxItems //=> 25000
 */
export const stockAmountsJsonSchema: JsonSchema = /* @__PURE__ */ (() => stockItemsSchema("unlimited"))();

/**
 * The JSON Schema of a `removeMaterial` or `moveTo` body, the shape
 * {@link parseStockQuantities} reads.
 */
export const stockQuantitiesJsonSchema: JsonSchema = /* @__PURE__ */ (() => stockItemsSchema("all of it"))();

/** {@link parseStockAmounts} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const stockAmountsSchema: BodySchema<StockItem<Amount>[]> = /* @__PURE__ */ toStandardSchema(parseStockAmounts, stockAmountsJsonSchema);

/** {@link parseStockQuantities} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const stockQuantitiesSchema: BodySchema<StockItem<Quantity>[]> = /* @__PURE__ */ toStandardSchema(parseStockQuantities, stockQuantitiesJsonSchema);

