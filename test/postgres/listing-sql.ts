// The store listing as SQL (issue 12): `GET /store/{id}` answered by one query over the stock,
// materials and catalog tables, exactly as the in-memory listing (`queryStoreListing`) answers.
// No request runs it since the listing caches answer pages (issue 22); it moved here from
// src/postgres/store-listing.ts with issue 33 and stays the oracle the caches are compared with
// (test/postgres/store-listing.test.ts) and the floor of the listing benches. A phrase is matched
// field by field in JavaScript over the store's candidates (the `search` column and its trigram
// index were dropped by migration 7).
import { Dec, decimalToJson } from "../../src/shared/decimal.js";
import type { Guid } from "../../src/shared/guid.js";
import { foldText } from "../../src/shared/text.js";
import { amountToJson } from "../../src/stock/amount.js";
import type { StoreDetail, StoreDetailItem } from "../../src/store-listing/page.js";
import type { StoreListingQuery, StoreSortKey } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";
import { ensureCollation, listingCollationName } from "../../src/postgres/collation.js";
import { listingMigration, listingVersionsMigration, materialWritersMigration } from "../../src/postgres/listing-migrations.js";
import { MATERIAL_COLUMNS, materialFromRow, unitOf, type ListingCompany } from "../../src/postgres/materials.js";
import { amountOf, asRow, guidColumn, quoteSchema, text, textOrNull, type SqlExecutor } from "../../src/postgres/sql.js";
import type { Material } from "../../src/material/material.js";
import type { Amount } from "../../src/stock/amount.js";


const ITEM_COLUMNS = `m.id, m.external_id, m.name, m.identification_number, m.supplier_code, m.unit, m.price::text AS price, s.amount::text AS amount,
  m.category_id, c.name AS category_name, m.supplier_id, u.name AS supplier_name`;

function fromClause(s: string): string {
  return `FROM ${s}.stock s
  JOIN ${s}.materials m ON m.company_id = s.company_id AND m.id = s.material_id
  JOIN ${s}.catalog_values c ON c.company_id = m.company_id AND c.catalog = 'materialCategories' AND c.id = m.category_id
  JOIN ${s}.catalog_values u ON u.company_id = m.company_id AND u.catalog = 'materialSuppliers' AND u.id = m.supplier_id`;
}

// The ORDER BY of a sort key (STO-5): text keys by the collation; an unset identification
// number below every text; unlimited (NULL) above every number; ties by name, then GUID,
// both ascending whatever the direction.
// With `fenced`, the key is written as an equal expression no index matches (`|| ''`, `+ 0`):
// a search then collects its matches through the trigram index and sorts only them, where
// the planner otherwise walked an ordered index testing every material against the phrase
// (0.3 s for a 2% phrase at 100,000 materials).
function orderBy(key: StoreSortKey, descend: boolean, collation: string, fenced: boolean): string {
  const dir = descend ? "DESC" : "ASC";
  const text = (column: string): string => (fenced ? `(${column} || '')` : column);
  const number = (column: string): string => (fenced ? `(${column} + 0)` : column);
  const first = (() => {
    switch (key) {
      case "name":
        return `${text("m.name")} COLLATE ${collation} ${dir}`;
      case "identificationNumber":
        return `${text("m.identification_number")} COLLATE ${collation} ${dir} NULLS ${descend ? "LAST" : "FIRST"}`;
      case "price":
        return `${number("m.price")} ${dir}`;
      case "amount":
        return `${number("s.amount")} ${dir} NULLS ${descend ? "FIRST" : "LAST"}`;
      case "materialCategoryName":
        return `c.name COLLATE ${collation} ${dir}`;
      case "materialSupplierName":
        return `u.name COLLATE ${collation} ${dir}`;
    }
  })();
  return key === "name" ? `${first}, m.id ASC` : `${first}, m.name COLLATE ${collation} ASC, m.id ASC`;
}

/**
 * Escapes a folded phrase for `LIKE '%' || $x || '%'` (backslash is the escape character).
 * @param phrase - the folded phrase
 * @returns the phrase with `\`, `%` and `_` escaped
 * @example
 * escapeLike("50%_a\\b") //=> "50\\%\\_a\\\\b"
 */
export function escapeLike(phrase: string): string {
  return phrase.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function itemOf(row: unknown): StoreDetailItem {
  const r = asRow(row);
  return {
    materialId: guidColumn(r, "id"),
    materialExternalId: textOrNull(r, "external_id"),
    name: text(r, "name"),
    identificationNumber: textOrNull(r, "identification_number"),
    supplierCode: textOrNull(r, "supplier_code"),
    unit: unitOf(text(r, "unit")),
    price: decimalToJson(new Dec(text(r, "price"))),
    amount: amountToJson(amountOf(textOrNull(r, "amount"))),
    materialCategoryId: guidColumn(r, "category_id"),
    materialCategoryName: text(r, "category_name"),
    materialSupplierId: guidColumn(r, "supplier_id"),
    materialSupplierName: text(r, "supplier_name"),
  };
}

function countOf(row: unknown): number {
  const v = asRow(row)["total"];
  const n = typeof v === "string" ? Number(v) : typeof v === "number" ? v : NaN;
  if (!Number.isSafeInteger(n)) throw new Error("PostgreSQL listing: the count is not a whole number");
  return n;
}

/** One WHERE condition with the values it binds, numbered from a given placeholder. */
interface Conditions {
  readonly sql: string[];
  readonly values: unknown[];
}

function bind(c: Conditions, value: unknown): string {
  c.values.push(value);
  return `$${c.values.length}`;
}

// Collations known to exist, per connection (pool): a listing query then needs no catalog
// lookup. A collation is never dropped while its schema lives.
const ensured = new WeakMap<SqlExecutor, Set<string>>();

async function collationFor(db: SqlExecutor, schema: string, locale: string): Promise<string> {
  let known = ensured.get(db);
  if (known === undefined) {
    known = new Set();
    ensured.set(db, known);
  }
  const key = `${schema}\u0000${locale}`;
  const name = `${quoteSchema(schema)}."${listingCollationName(locale)}"`;
  if (known.has(key)) return name;
  const made = await ensureCollation(db, schema, locale);
  known.add(key);
  return made;
}

/**
 * Answers `GET /store/{id}` from PostgreSQL exactly as `queryStoreListing` answers it from
 * the in-memory listing: the folded phrase as a substring of the folded name,
 * identification number or supplier code (STO-4); the category and supplier filters; the
 * STO-5 order in the company's collation; the page, and the true `totalCount` even past the
 * end (STO-6). One statement per page (the count rides along as a subquery), plus a count
 * when the page is past the end, plus a candidate read in the rare case of a phrase holding
 * {@link SEARCH_SEPARATOR}. Every statement is filtered by the company.
 * @param db - the connection
 * @param schema - the schema
 * @param company - the company (GUID and `locale`)
 * @param store - the store record
 * @param query - the parsed query (STO-3)
 * @returns the store detail
 * @throws Error when the company's locale is unknown, or on a database error
 */
export async function queryStoreListingSql(db: SqlExecutor, schema: string, company: ListingCompany, store: Store, query: StoreListingQuery): Promise<StoreDetail> {
  const s = quoteSchema(schema);
  const collation = await collationFor(db, schema, company.locale);
  const detail = (items: StoreDetailItem[], totalCount: number): StoreDetail => ({
    id: store.id,
    externalId: store.externalId,
    name: store.name,
    availableFor: store.availableFor,
    materials: { items, page: query.page, pageSize: query.pageSize, totalCount },
  });
  const where: Conditions = { sql: [], values: [] };
  where.sql.push(`s.company_id = ${bind(where, company.id)}`, `s.store_id = ${bind(where, store.id)}`);
  const phrase = query.searchPhrase === null ? "" : foldText(query.searchPhrase);
  if (phrase.includes("\u0000")) return detail([], 0); // no stored text holds U+0000
  if (phrase !== "") {
    // A lone surrogate cannot reach PostgreSQL (it would arrive as U+FFFD), yet in memory it
    // matches half of an astral character: such a phrase is checked in JavaScript over the
    // whole store. No URL can carry one (percent-decoding yields well-formed text).
    // The oracle matches field by field in JavaScript (no search column since migration 7).
    {
      // The phrase could match across fields in the joined text: check the candidates field by field.
      const candidates = await db.query(`SELECT m.id, m.name, m.identification_number, m.supplier_code ${fromClause(s)} WHERE ${where.sql.join(" AND ")}`, where.values);
      const kept: Guid[] = [];
      for (const row of candidates.rows) {
        const r = asRow(row);
        const fields = [text(r, "name"), textOrNull(r, "identification_number") ?? "", textOrNull(r, "supplier_code") ?? ""];
        if (fields.some((f) => foldText(f).includes(phrase))) kept.push(guidColumn(r, "id"));
      }
      where.sql.push(`m.id = ANY(${bind(where, kept)}::uuid[])`);
    }
  }
  if (query.materialCategoryIds !== null) where.sql.push(`m.category_id = ANY(${bind(where, query.materialCategoryIds)}::uuid[])`);
  if (query.materialSupplierIds !== null) where.sql.push(`m.supplier_id = ANY(${bind(where, query.materialSupplierIds)}::uuid[])`);
  const filter = where.sql.join(" AND ");
  // The total as an uncorrelated subquery (run once, in the page's snapshot), not a window:
  // a window count would make the page wait for every row, where the ordered indexes let it
  // stop after the page. Without search and filters every stock row is listed (the foreign
  // key guarantees its material), so the stock key alone counts.
  const countSql =
    where.sql.length === 2 ? `SELECT count(*) FROM ${s}.stock s WHERE ${filter}` : `SELECT count(*) ${fromClause(s)} WHERE ${filter}`;
  const countValues = where.values.slice();
  // Offsets past 2^53 stay exact as bigint text.
  const offset = (BigInt(query.page - 1) * BigInt(query.pageSize)).toString();
  const page = await db.query(
    `SELECT ${ITEM_COLUMNS}, (${countSql}) AS total ${fromClause(s)} WHERE ${filter}
  ORDER BY ${orderBy(query.sortBy, query.sortOrder === "descend", collation, phrase !== "")}
  LIMIT ${bind(where, query.pageSize)} OFFSET ${bind(where, offset)}::bigint`,
    where.values,
  );
  const first = page.rows[0];
  if (first !== undefined) return detail(page.rows.map(itemOf), countOf(first));
  // A page past the end has no row to carry the total.
  const counted = await db.query(`${countSql.replace("count(*)", "count(*) AS total")}`, countValues);
  return detail([], countOf(counted.rows[0]));
}

/**
 * Reads a company's materials by GUID, or all of them.
 * @param db - the connection
 * @param schema - the schema
 * @param companyId - the company
 * @param ids - the GUIDs, or `"all"`
 * @returns the materials found, by GUID (unknown GUIDs are absent)
 */
export async function readMaterials(db: SqlExecutor, schema: string, companyId: Guid, ids: readonly Guid[] | "all"): Promise<Map<Guid, Material>> {
  const s = quoteSchema(schema);
  const result =
    ids === "all"
      ? await db.query(`SELECT ${MATERIAL_COLUMNS} FROM ${s}.materials WHERE company_id = $1 ORDER BY id`, [companyId])
      : await db.query(`SELECT ${MATERIAL_COLUMNS} FROM ${s}.materials WHERE company_id = $1 AND id = ANY($2::uuid[])`, [companyId, ids]);
  const out = new Map<Guid, Material>();
  for (const row of result.rows) {
    const m = materialFromRow(row);
    out.set(m.id, m);
  }
  return out;
}

/**
 * Reads a store's stock, in the order its materials were first stocked there.
 * @param db - the connection
 * @param schema - the schema
 * @param companyId - the company
 * @param storeId - the store
 * @param materialIds - the materials to read, or `"all"`
 * @returns material GUID → amount (unstocked materials are absent)
 */
export async function readStock(
  db: SqlExecutor,
  schema: string,
  companyId: Guid,
  storeId: Guid,
  materialIds: readonly Guid[] | "all",
): Promise<Map<Guid, Amount>> {
  const s = quoteSchema(schema);
  const result =
    materialIds === "all"
      ? await db.query(`SELECT material_id, amount::text AS amount FROM ${s}.stock WHERE company_id = $1 AND store_id = $2 ORDER BY seq`, [companyId, storeId])
      : await db.query(
          `SELECT material_id, amount::text AS amount FROM ${s}.stock WHERE company_id = $1 AND store_id = $2 AND material_id = ANY($3::uuid[]) ORDER BY seq`,
          [companyId, storeId, materialIds],
        );
  const out = new Map<Guid, Amount>();
  for (const row of result.rows) {
    const r = asRow(row);
    out.set(guidColumn(r, "material_id"), amountOf(textOrNull(r, "amount")));
  }
  return out;
}

/**
 * The listing tables as migrations 2, 3 and 8 make them, without the `search` column migration 7
 * drops: what the listing tests and benches build their schemas with.
 * @param schema - the schema
 * @returns the SQL script
 */
export function listingTablesSql(schema: string): string {
  return `${listingMigration(schema)}${listingVersionsMigration(schema)}\nALTER TABLE ${quoteSchema(schema)}.materials DROP COLUMN IF EXISTS search;${materialWritersMigration(schema)}`;
}
