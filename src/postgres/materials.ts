// Materials and their catalogs on PostgreSQL: the rows written (one JSON document of all rows)
// and read back (columns, tuples). Tenant isolation: the company GUID leads every key and every
// statement filters by it.
import { Dec } from "../shared/decimal.js";
import type { Guid } from "../shared/guid.js";
import { isStorableText } from "../shared/text.js";
import type { CatalogValue } from "../shared/catalog.js";
import { materialUnits, type Material, type MaterialUnit } from "../material/material.js";
import { type SqlExecutor, quoteSchema, text, textOrNull, guidColumn, asRow } from "./sql.js";

/** The company a listing is asked for: its GUID (every key) and its collation locale (STO-5). */
export interface ListingCompany {
  /** Company GUID. */
  readonly id: Guid;
  /** The company's `locale` setting (default `cs`). */
  readonly locale: string;
}

/** Which material catalog a row of `catalog_values` belongs to. */
export type MaterialCatalogName = "materialCategories" | "materialSuppliers";

// The parsers refuse unstorable text (TXT-1); a record that reaches here otherwise (a caller
// of these functions that skipped them) is refused loudly rather than stored altered.
function storable(value: string | null, what: string): string | null {
  if (value !== null && !isStorableText(value)) throw new Error(`PostgreSQL listing: ${what} holds U+0000 or an unpaired surrogate, which PostgreSQL cannot store unchanged (TXT-1)`);
  return value;
}


/**
 * Materials as the one JSON array of rows that `json_to_recordset` reads (their typed columns
 * and the folded search text), the form {@link writeMaterialRows} and the commit send.
 * @param materials - the materials
 * @returns the JSON text
 * @throws Error when a text holds U+0000
 */
export function materialRowsJson(materials: readonly Material[]): string {
  // One JSON document of all rows: JSON.stringify is native and PostgreSQL parses it fast,
  // where pg's text-array encoding escaped each element in JavaScript (3.5 s for the 100,000
  // documents alone). Decimals travel as JSON strings, so none passes through a double.
  const rows = new Array<Record<string, unknown>>(materials.length);
  for (let i = 0; i < materials.length; i++) {
    const m = materials[i] as Material;
    rows[i] = {
      id: m.id,
      external_id: storable(m.externalId, `material ${m.id} externalId`),
      name: storable(m.name, `material ${m.id} name`),
      identification_number: storable(m.identificationNumber, `material ${m.id} identificationNumber`),
      supplier_code: storable(m.supplierCode, `material ${m.id} supplierCode`),
      unit: m.unit,
      price: m.price.toString(),
      cost_price: m.costPrice === null ? null : m.costPrice.toString(),
      category_id: m.categoryId,
      supplier_id: m.supplierId,
      description: storable(m.description, `material ${m.id} description`),
    };
  }
  return JSON.stringify(rows);
}

/**
 * Writes (inserts or replaces) a company's materials in one statement, whatever their
 * number: the rows travel as one JSON array and `json_to_recordset` turns them into rows. The
 * rows are stamped with the writing transaction (migration 8), so every process's listing
 * cache learns of the change.
 * @param db - the connection
 * @param schema - the schema
 * @param companyId - the company
 * @param materials - the materials (each GUID at most once)
 * @throws Error when a text holds U+0000, or on a database error
 */
export async function writeMaterialRows(db: SqlExecutor, schema: string, companyId: Guid, materials: readonly Material[]): Promise<void> {
  if (materials.length === 0) return;
  const s = quoteSchema(schema);
  await db.query(`WITH ${materialUpsertCte(s, "$2::json")}\nSELECT 1`, [companyId, materialRowsJson(materials)]);
}

/**
 * The CTE that writes materials (`m`): the rows (as {@link materialRowsJson} writes them, in the
 * parameter `rows`) inserted or replaced in the company `$1`, each stamped with the writing
 * transaction (`written_by`, migration 8). It takes no lock beyond the rows it writes: material
 * writers of one company do not wait for each other. One text for the seeding writer and the
 * commit statement.
 * @param s - the quoted schema
 * @param rows - the placeholder of the rows' JSON, with its cast (`$2::json`)
 * @returns the CTE
 */
export function materialUpsertCte(s: string, rows: string): string {
  return `m AS (INSERT INTO ${s}.materials (company_id, id, external_id, name, identification_number, supplier_code, unit, price, cost_price, category_id, supplier_id, description, written_by)
  SELECT $1::uuid, t.*, pg_current_xact_id() FROM json_to_recordset(${rows})
    AS t(id uuid, external_id text, name text, identification_number text, supplier_code text, unit text, price numeric, cost_price numeric,
         category_id uuid, supplier_id uuid, description text)
  ON CONFLICT (company_id, id) DO UPDATE SET
    external_id = EXCLUDED.external_id, name = EXCLUDED.name, identification_number = EXCLUDED.identification_number,
    supplier_code = EXCLUDED.supplier_code, unit = EXCLUDED.unit, price = EXCLUDED.price, cost_price = EXCLUDED.cost_price,
    category_id = EXCLUDED.category_id, supplier_id = EXCLUDED.supplier_id, description = EXCLUDED.description,
    written_by = EXCLUDED.written_by)`;
}

/** The columns of a material row, decimals as text (what `materialFromRow` reads). */
export const MATERIAL_COLUMNS =
  "id, external_id, name, identification_number, supplier_code, unit, price::text AS price, cost_price::text AS cost_price, category_id, supplier_id, description";

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function unitOf(value: string): MaterialUnit {
  if (!(materialUnits as readonly string[]).includes(value)) throw new Error(`PostgreSQL listing: ${JSON.stringify(value)} is not a material unit`);
  return value as MaterialUnit;
}

/**
 * A material from a row of `materials` (its typed columns, with `price` and `cost_price`
 * as text so no decimal passes through a double).
 * @param row - a row selected with the material columns
 * @returns the material
 * @throws Error when a column has the wrong type
 */
export function materialFromRow(row: unknown): Material {
  const r = asRow(row);
  const cost = textOrNull(r, "cost_price");
  return {
    id: guidColumn(r, "id"),
    externalId: textOrNull(r, "external_id"),
    name: text(r, "name"),
    categoryId: guidColumn(r, "category_id"),
    supplierId: guidColumn(r, "supplier_id"),
    identificationNumber: textOrNull(r, "identification_number"),
    description: textOrNull(r, "description"),
    supplierCode: textOrNull(r, "supplier_code"),
    unit: unitOf(text(r, "unit")),
    price: new Dec(text(r, "price")),
    costPrice: cost === null ? null : new Dec(cost),
  };
}

/**
 * The SQL expression of one `materials` row (alias `m`) as a JSON array, in the order
 * {@link materialFromTuple} reads it: compact for the thousands of rows a cold listing cache
 * loads, decimals as text.
 */
export const MATERIAL_TUPLE_SQL: string =
  "json_build_array(m.id, m.external_id, m.name, m.identification_number, m.supplier_code, m.unit, m.price::text, m.cost_price::text, m.category_id, m.supplier_id, m.description)";

const TUPLE_COLUMNS = ["id", "external_id", "name", "identification_number", "supplier_code", "unit", "price", "cost_price", "category_id", "supplier_id", "description"] as const;

/**
 * A material from the JSON array {@link MATERIAL_TUPLE_SQL} makes of its row.
 * @param value - the parsed array
 * @returns the material
 * @throws Error when the value is not such an array or a field has the wrong type
 */
export function materialFromTuple(value: unknown): Material {
  if (!Array.isArray(value) || value.length !== TUPLE_COLUMNS.length) throw new Error("PostgreSQL listing: a material tuple is not an array of its columns");
  const row: Record<string, unknown> = {};
  for (let i = 0; i < TUPLE_COLUMNS.length; i++) row[TUPLE_COLUMNS[i] as string] = value[i];
  return materialFromRow(row);
}

/**
 * Writes (inserts or replaces) a company's material categories and suppliers in one
 * statement; `position` keeps each catalog's order.
 * @param db - the connection
 * @param schema - the schema
 * @param companyId - the company
 * @param categories - the MaterialCategory values, in catalog order
 * @param suppliers - the MaterialSupplier values, in catalog order
 * @throws Error when a text holds U+0000, or on a database error
 */
export async function writeCatalogRows(
  db: SqlExecutor,
  schema: string,
  companyId: Guid,
  categories: readonly CatalogValue[],
  suppliers: readonly CatalogValue[],
): Promise<void> {
  const s = quoteSchema(schema);
  const catalog: MaterialCatalogName[] = [];
  const id: string[] = [];
  const slug: (string | null)[] = [];
  const name: (string | null)[] = [];
  const position: number[] = [];
  const add = (which: MaterialCatalogName, values: readonly CatalogValue[]): void => {
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as CatalogValue;
      catalog.push(which);
      id.push(v.id);
      slug.push(storable(v.slug, `${which} ${v.id} slug`));
      name.push(storable(v.name, `${which} ${v.id} name`));
      position.push(i);
    }
  };
  add("materialCategories", categories);
  add("materialSuppliers", suppliers);
  if (id.length === 0) return;
  await db.query(
    `INSERT INTO ${s}.catalog_values (company_id, catalog, id, slug, name, position)
     SELECT $1::uuid, t.* FROM unnest($2::text[], $3::uuid[], $4::text[], $5::text[], $6::int[]) AS t(catalog, id, slug, name, position)
     ON CONFLICT (company_id, catalog, id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, position = EXCLUDED.position`,
    [companyId, catalog, id, slug, name, position],
  );
}
