import type { Result } from "../shared/issue.js";
import { limits } from "../shared/limits.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import type { JsonSchema } from "../shared/json-schema.js";
import type { Dec } from "../shared/decimal.js";
import {
  compileBody,
  decimal,
  describedJsonSchema,
  map,
  nonBlank,
  object,
  orDefault,
  required,
  rootList,
  type BodyMode,
  type DescribedBody,
  type DescribedOutput,
  type SameType,
} from "../shared/description/index.js";
import { ALL, UNLIMITED, type Amount, type FiniteAmount, type Quantity } from "./amount.js";
import type { StockItem } from "./batch.js";
import {
  stockAmountBodyDocs,
  stockAmountBodyRecords,
  stockQuantityBodyDocs,
  stockQuantityBodyRecords,
  type StockAmountItem,
  type StockQuantityItem,
} from "./request-types.generated.js";

/*
 * The stock batch bodies, described once (docs/decisions.md "One description per body"): a list
 * at the root (STK-6) of items whose amount left out means unlimited (add, set) or all (remove,
 * move). The parsers, the JSON Schemas and the types (written by `tools/body-types.ts` into
 * request-types.generated.ts and checked below) come from here.
 */

const toFinite = (value: Dec): FiniteAmount => ({ kind: "finite", value });

/**
 * One item of an `addToStore` or `setMaterialAmounts` body, parsed (STK-1).
 * @add StockAmountBody One stock item of `addToStore` and `setMaterialAmounts` (STK-1): no amount means unlimited.
 */
const amountItem = /* @__PURE__ */ object("StockAmountItem", {
  /** GUID or external ID of a material of the company (STK-6). */
  materialId: required(nonBlank(), "STK-6"),
  /** The amount; left out or null: unlimited (STK-1). */
  amount: orDefault(map(decimal(), toFinite, { name: "Amount", from: "stock/amount" }), UNLIMITED, "STK-1"),
});

/**
 * One item of a `removeMaterial` or `moveTo` body, parsed (STK-3, STK-5).
 * @add StockQuantityBody One stock item of `removeMaterial` and `moveTo` (STK-3, STK-5): no amount means all.
 */
const quantityItem = /* @__PURE__ */ object("StockQuantityItem", {
  /** GUID or external ID of a material of the company (STK-6). */
  materialId: required(nonBlank(), "STK-6"),
  /** The amount; left out or null: all of it (STK-1). */
  amount: orDefault(map(decimal(), toFinite, { name: "Quantity", from: "stock/amount" }), ALL, "STK-1"),
});

const amounts = /* @__PURE__ */ rootList(amountItem, limits.stockItems, "STK-6", "stock items");
const quantities = /* @__PURE__ */ rootList(quantityItem, limits.stockItems, "STK-6", "stock items");

// Each body with the mode it is read in, stated once: its parser, its JSON Schema and the type
// generator read the same mode.
const amountsMode: BodyMode = "add";
const amountsBody: DescribedBody & { readonly value: typeof amounts } = { value: amounts, mode: amountsMode };
const quantitiesMode: BodyMode = "add";
const quantitiesBody: DescribedBody & { readonly value: typeof quantities } = { value: quantities, mode: quantitiesMode };

/**
 * The stock bodies, for the type generator (`tools/body-types.ts`), which writes their types
 * into `src/stock/request-types.generated.ts`.
 * @internal
 */
export const stockBodies: readonly DescribedBody[] = [amountsBody, quantitiesBody];

/** Compiles only when each element is `true`. */
type AllTrue<T extends readonly true[]> = T;

// The generated interfaces are the described ones (a stale src/stock/request-types.generated.ts fails
// here), and they are the stock items the batch rules take. A type, so the check leaves no code
// behind.
type GeneratedMatch = AllTrue<
  [
    SameType<StockAmountItem, DescribedOutput<typeof amountItem.fields>>,
    SameType<StockQuantityItem, DescribedOutput<typeof quantityItem.fields>>,
    SameType<StockAmountItem, StockItem<Amount>>,
    SameType<StockQuantityItem, StockItem<Quantity>>,
  ]
>;

// The parsed list is built afresh by each call and shared with no one: it keeps the mutable
// type the stock parsers have always had (a described list is typed readonly).
type MutableList<T> = (body: unknown) => Result<T[]>;

/** What a stock body is, in its JSON Schema. */
const STOCK_ITEMS = "Stock items, applied in order, all or nothing; a material listed twice is applied twice (STK-6).";

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
export const parseStockAmounts: (body: unknown) => Result<StockItem<Amount>[]> = /* @__PURE__ */ compileBody(amounts, amountsMode, stockAmountBodyRecords) as MutableList<StockItem<Amount>>;

/**
 * Parses a `removeMaterial` or `moveTo` body: an array of `{ materialId, amount }` where an
 * absent or `null` amount means all. Applies STK-3, STK-5, STK-6 and GEN-7.
 * @param body - the parsed JSON body
 * @returns the items, or every issue
 * @example
 * parseStockQuantities([{ materialId: "SCREW-6", amount: null }]) //=> { ok: true, value: [{ materialId: "SCREW-6", amount: ALL }] }
 */
export const parseStockQuantities: (body: unknown) => Result<StockItem<Quantity>[]> = /* @__PURE__ */ compileBody(quantities, quantitiesMode, stockQuantityBodyRecords) as MutableList<StockItem<Quantity>>;

/**
 * The JSON Schema of an `addToStore` or `setMaterialAmounts` body, the shape
 * {@link parseStockAmounts} reads.
 * @example
 * stockAmountsJsonSchema.maxItems //=> 25000
 */
export const stockAmountsJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(amounts, amountsMode, stockAmountBodyDocs, STOCK_ITEMS);

/**
 * The JSON Schema of a `removeMaterial` or `moveTo` body, the shape
 * {@link parseStockQuantities} reads.
 */
export const stockQuantitiesJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(quantities, quantitiesMode, stockQuantityBodyDocs, STOCK_ITEMS);

/** {@link parseStockAmounts} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const stockAmountsSchema: BodySchema<StockItem<Amount>[]> = /* @__PURE__ */ toStandardSchema(parseStockAmounts, stockAmountsJsonSchema);

/** {@link parseStockQuantities} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const stockQuantitiesSchema: BodySchema<StockItem<Quantity>[]> = /* @__PURE__ */ toStandardSchema(parseStockQuantities, stockQuantitiesJsonSchema);
