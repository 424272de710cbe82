import { toGuid, type Guid } from "../shared/guid.js";
import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import { limits } from "../shared/limits.js";
import { checkText } from "../shared/read.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import { GUID_PATTERN, js, type JsonSchema } from "../shared/json-schema.js";

/** Keys the store detail listing sorts by (STO-3). */
export const storeSortKeys = ["name", "identificationNumber", "price", "amount", "materialCategoryName", "materialSupplierName"] as const;

/** A key the store detail listing sorts by (STO-3). */
export type StoreSortKey = (typeof storeSortKeys)[number];

/** Sort directions of the store detail listing (STO-3). */
export const storeSortOrders = ["ascend", "descend"] as const;

/** A sort direction of the store detail listing (STO-3). */
export type StoreSortOrder = (typeof storeSortOrders)[number];

/** Largest `pageSize` of the store detail (spec "Limits"). */
export const MAX_STORE_PAGE_SIZE = 200;

/** The typed query of `GET /store/{id}` (STO-3, STO-4). */
export interface StoreListingQuery {
  /** Page number, from 1. */
  readonly page: number;
  /** Items per page, 1..200. */
  readonly pageSize: number;
  /** Trimmed search phrase, `null` when absent or blank (STO-4). */
  readonly searchPhrase: string | null;
  /** Sort key; `name` when absent (STO-5). */
  readonly sortBy: StoreSortKey;
  /** Sort direction; `ascend` when absent (STO-3). */
  readonly sortOrder: StoreSortOrder;
  /** Supplier GUIDs to keep (lowercase, duplicates removed), `null` for no filter. */
  readonly materialSupplierIds: readonly Guid[] | null;
  /** Category GUIDs to keep (lowercase, duplicates removed), `null` for no filter. */
  readonly materialCategoryIds: readonly Guid[] | null;
}

/** URL query parameters as a router hands them over: a record of strings, or `URLSearchParams`. */
export type QueryParameters = Readonly<Record<string, string | undefined>> | URLSearchParams;

// A repeated parameter in URLSearchParams: the first value counts, as `get` gives it.
function param(params: QueryParameters, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  return Object.hasOwn(params, name) ? params[name] : undefined;
}

const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

function readWhole(params: QueryParameters, name: string, min: number, max: number, issues: Issue[]): number | undefined {
  const text = param(params, name);
  if (text === undefined) {
    issues.push(issue("Required", name, "STO-3", `The query parameter ${name} is required (STO-3).`));
    return undefined;
  }
  if (!DECIMAL_TEXT.test(text)) {
    issues.push(issue("InvalidNumber", name, "STO-3", `Expected a whole number, got ${JSON.stringify(text)} (STO-3).`));
    return undefined;
  }
  const n = Number(text);
  if (!Number.isInteger(n)) {
    issues.push(issue("NotInteger", name, "STO-3", `Expected a whole number, got ${text} (STO-3).`));
    return undefined;
  }
  if (n < min || n > max) {
    issues.push(issue("OutOfRange", name, "STO-3", `Expected a whole number from ${min} to ${max} (STO-3).`));
    return undefined;
  }
  return n;
}

function readChoice<T extends string>(params: QueryParameters, name: string, values: readonly T[], fallback: T, issues: Issue[]): T | undefined {
  const text = param(params, name);
  if (text === undefined) return fallback;
  if ((values as readonly string[]).includes(text)) return text as T;
  issues.push(issue("InvalidEnum", name, "STO-3", `Expected one of ${values.join(", ")} (STO-3).`));
  return undefined;
}

function readGuidList(params: QueryParameters, name: string, issues: Issue[]): readonly Guid[] | null | undefined {
  const text = param(params, name);
  if (text === undefined) return null;
  // Count the commas before splitting, so an oversized list costs no split and no GUID checks.
  let count = 1;
  for (let i = text.indexOf(","); i !== -1; i = text.indexOf(",", i + 1)) {
    count++;
    // Stryker disable next-line ConditionalExpression: counting every comma reaches the same verdict below; stopping early only saves the scan of an oversized list
    if (count > limits.filterIds) break;
  }
  if (count > limits.filterIds) {
    issues.push(issue("TooMany", name, "STO-3", `At most ${limits.filterIds} IDs in one filter (STO-3).`));
    return undefined;
  }
  // A bad element pushes an issue, which fails the whole parse, so the list is then never read.
  const out = new Set<Guid>();
  for (const part of text.split(",")) {
    const g = toGuid(part.trim());
    if (g === undefined) issues.push(issue("InvalidGuid", name, "STO-3", `${JSON.stringify(part)} is not a GUID; slugs are not supported here (STO-3).`));
    else out.add(g);
  }
  return [...out];
}

/**
 * Parses the query of `GET /store/{id}`: `page` and `pageSize` required, the rest with
 * defaults. Every problem is reported, each with the parameter name as its path; unknown
 * parameters are ignored. Applies STO-3 (and the phrase of STO-4).
 * @param params - the URL query parameters
 * @returns the typed query, or every issue
 * @rule STO-3
 * @example
 * parseStoreListingQuery({ page: "1", pageSize: "20", sortBy: "amount" }).value.sortOrder //=> "ascend"
 * parseStoreListingQuery({ page: "0", pageSize: "500" }).issues.map((i) => i.path) //=> ["page", "pageSize"]
 */
export function parseStoreListingQuery(params: QueryParameters): Result<StoreListingQuery> {
  const issues: Issue[] = [];
  const page = readWhole(params, "page", 1, Number.MAX_SAFE_INTEGER, issues);
  const pageSize = readWhole(params, "pageSize", 1, MAX_STORE_PAGE_SIZE, issues);
  const rawPhrase = param(params, "searchPhrase") ?? "";
  // TooLong (STO-4's limit) or InvalidText (TXT-1): an issue was pushed, so the trimmed phrase is then never read.
  checkText(rawPhrase, limits.searchPhrase, "", "searchPhrase", issues);
  const phrase = rawPhrase.trim();
  const sortBy = readChoice(params, "sortBy", storeSortKeys, "name", issues);
  const sortOrder = readChoice(params, "sortOrder", storeSortOrders, "ascend", issues);
  const materialSupplierIds = readGuidList(params, "materialSupplierId", issues);
  const materialCategoryIds = readGuidList(params, "materialCategoryId", issues);
  return collect(issues, () => ({
    page: page as number,
    pageSize: pageSize as number,
    searchPhrase: phrase === "" ? null : phrase,
    sortBy: sortBy as StoreSortKey,
    sortOrder: sortOrder as StoreSortOrder,
    materialSupplierIds: materialSupplierIds as readonly Guid[] | null,
    materialCategoryIds: materialCategoryIds as readonly Guid[] | null,
  }));
}

function parseUnknownQuery(value: unknown): Result<StoreListingQuery> {
  if (value instanceof URLSearchParams) return parseStoreListingQuery(value);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, issues: [issue("InvalidType", "", "ERR-2", "Expected the query parameters as an object of strings.")] };
  }
  const record: Record<string, string | undefined> = {};
  const issues: Issue[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === "string" || v === undefined) record[k] = v;
    else issues.push(issue("InvalidType", k, "ERR-2", `The query parameter ${k} must be a string.`));
  }
  const parsed = parseStoreListingQuery(record);
  if (issues.length === 0) return parsed;
  // A parameter of the wrong type is reported once, not again as missing.
  const reported = new Set(issues.map((i) => i.path));
  const rest = parsed.ok ? [] : parsed.issues.filter((i) => !reported.has(i.path));
  return { ok: false, issues: [issues[0] as Issue, ...issues.slice(1), ...rest] };
}


function storeListingQueryJsonSchemaOf(): JsonSchema {
  // The GUID pattern without its anchors, for the comma-separated filter lists.
  const GUID_BODY = GUID_PATTERN.slice(1, -1);
  const whole = (description: string): JsonSchema => ({ type: "string", pattern: "^-?\\d+(?:\\.\\d+)?$", description });
  const guids = (description: string): JsonSchema => ({
    type: "string",
    pattern: `^\\s*${GUID_BODY}\\s*(?:,\\s*${GUID_BODY}\\s*){0,${limits.filterIds - 1}}$`,
    description: `${description} Comma-separated GUIDs (slugs are not accepted), at most ${limits.filterIds} (STO-3).`,
  });
  return {
    ...js.object(
    {
      page: whole("Page number, from 1 (STO-3)."),
      pageSize: whole(`Items per page, 1 to ${MAX_STORE_PAGE_SIZE} (STO-3).`),
      searchPhrase: js.text(limits.searchPhrase, "Matched in name, identification number and supplier code, ignoring case and accents (STO-4)."),
      sortBy: js.enumOf(storeSortKeys, "Sort key; default name (STO-5)."),
      sortOrder: js.enumOf(storeSortOrders, "Sort direction; default ascend (STO-3)."),
      materialSupplierId: guids("Suppliers to keep."),
      materialCategoryId: guids("Categories to keep."),
    },
    ["page", "pageSize"],
    "The query parameters of GET /store/{id}, as strings; page and pageSize are whole numbers in range (STO-3).",
    ),
    // Unknown parameters are ignored, but every parameter is a string.
    additionalProperties: { type: "string" },
  };
}

/**
 * The JSON Schema of the query of `GET /store/{id}` as an object of strings, the shape
 * {@link parseStoreListingQuery} reads; the ranges of `page` and `pageSize` are in the
 * descriptions, the parser checks them.
 * @example
 * storeListingQueryJsonSchema.required //=> ["page", "pageSize"]
 */
export const storeListingQueryJsonSchema: JsonSchema = /* @__PURE__ */ (() => storeListingQueryJsonSchemaOf())();

/**
 * {@link parseStoreListingQuery} as a Standard Schema v1 validator and Standard JSON Schema converter over an unknown value
 * (an object of strings or `URLSearchParams`), for clients checking a query before sending it.
 * Applies STO-3.
 * @example
 * storeListingQuerySchema["~standard"].validate({ page: "x", pageSize: "1" }).issues[0].path //=> ["page"]
 */
export const storeListingQuerySchema: BodySchema<StoreListingQuery> = /* @__PURE__ */ toStandardSchema(parseUnknownQuery, storeListingQueryJsonSchema);
