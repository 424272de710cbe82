/**
 * The store listing and the stock on PostgreSQL (issue 12): the tables, the collation, and the
 * writes of materials, catalogs and stock. Pages are answered by each process's listing cache
 * (`store-listing-cache.ts`); `GET /store/{id}` as one SQL query moved to the tests with issue 33
 * (`test/postgres/listing-sql.ts`), where it stays the oracle a differential property holds the
 * cache and the in-memory listing to. No driver is imported: every function takes a {@link SqlExecutor},
 * which `pg`'s `Pool`, `Client` and `PoolClient` satisfy.
 *
 * Tenant isolation: the company GUID leads every key and every statement filters by it.
 */
import { Dec } from "../shared/decimal.js";
import { toGuid, type Guid } from "../shared/guid.js";
import { isStorableText } from "../shared/text.js";
import type { CatalogValue } from "../shared/catalog.js";
import { materialUnits, type Material, type MaterialUnit } from "../material/material.js";
import { UNLIMITED, amountToJson, type Amount } from "../stock/amount.js";
import type { StockChanges } from "../stock/batch.js";
import type { Store } from "../store/store.js";

/**
 * The least a database connection must do: run one parameterised statement. `pg`'s `Pool`,
 * `Client` and `PoolClient` fit; so does a test double. Rows are `any` only at this boundary:
 * every reader here narrows them at once.
 */
export interface SqlExecutor {
  /**
   * Runs one statement (without values, a script of several may be sent: migrations do).
   * @param text - the SQL text, with `$1`… placeholders
   * @param values - the values of the placeholders
   * @returns the rows
   */
  query(text: string, values?: readonly unknown[]): Promise<{ rows: any[] }>;
}

/** The company a listing is asked for: its GUID (every key) and its collation locale (STO-5). */
export interface ListingCompany {
  /** Company GUID. */
  readonly id: Guid;
  /** The company's `locale` setting (default `cs`). */
  readonly locale: string;
}

/** Which material catalog a row of `catalog_values` belongs to. */
export type MaterialCatalogName = "materialCategories" | "materialSuppliers";

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Quotes a schema name after checking it is a plain lower-case identifier, so it can be
 * spliced into SQL text (identifiers cannot be bound as parameters).
 * @param schema - the schema name
 * @returns the quoted name
 * @throws Error when the name is not `[a-z_][a-z0-9_]*` of at most 63 characters
 * @example
 * quoteSchema("tenant_data") //=> "\"tenant_data\""
 */
export function quoteSchema(schema: string): string {
  if (!IDENTIFIER.test(schema)) throw new Error(`PostgreSQL listing: ${JSON.stringify(schema)} is not a schema name ([a-z_][a-z0-9_]*, at most 63 characters)`);
  return `"${schema}"`;
}

// A BCP 47 tag as the `locale` setting holds it: language, then subtags, singletons
// (`-u-`, `-x-`) included, so `cs-u-kn` is one.
const LOCALE = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;

/** Longest collation name: `materials_name_<name>`, an index name, must fit PostgreSQL's 63 bytes. */
const MAX_COLLATION_NAME = 48;

/** 32-bit FNV-1a of a text, as 8 hex digits. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/**
 * The name of the listing collation of a locale inside a schema (made by
 * {@link ensureCollation}). Only checked locales reach SQL. A long tag keeps a prefix and a
 * hash of the whole, so the indexes named after the collation fit PostgreSQL's 63 bytes and
 * two tags never share a truncated name.
 * @param locale - the `locale` setting
 * @returns the collation's unquoted name
 * @throws Error when the locale is not shaped as a language tag
 * @example
 * listingCollationName("cs-CZ") //=> "listing_cs_cz"
 * listingCollationName("cs-u-kn") //=> "listing_cs_u_kn"
 */
export function listingCollationName(locale: string): string {
  if (!LOCALE.test(locale)) throw new Error(`PostgreSQL listing: ${JSON.stringify(locale)} is not a locale (a language tag such as "cs")`);
  const name = `listing_${locale.toLowerCase().replace(/-/g, "_")}`;
  return name.length <= MAX_COLLATION_NAME ? name : `${name.slice(0, MAX_COLLATION_NAME - 9)}_${shortHash(locale.toLowerCase())}`;
}

/**
 * The ICU locale of the listing collation: the collation the in-memory listing uses for this
 * `locale` setting (`new Intl.Collator(locale)`), spelled for PostgreSQL. It is read from what
 * `Intl` resolved, not from the setting's text, so both storages sort by the same collation:
 * the base language (a region ICU has no data for falls back as `Intl` does), the extension
 * keys `Intl.Collator` honours (`co` collation type, `kf` case first, `kn` numeric; others,
 * such as `ka`, it ignores, and so does this), and `kk` (normalisation) always, since V8
 * normalises and ICU by default does not.
 * @param locale - the `locale` setting, one `Intl.Collator` supports
 * @returns the ICU locale, a BCP 47 tag
 * @throws Error when `Intl` does not support the locale (the fixture refuses it too)
 * @example
 * listingIcuLocale("cs") //=> "cs-u-kk-true"
 * listingIcuLocale("cs-u-kn") //=> "cs-u-kk-true-kn-true"
 * listingIcuLocale("de-u-co-phonebk") //=> "de-u-co-phonebk-kk-true"
 */
export function listingIcuLocale(locale: string): string {
  if (!LOCALE.test(locale) || Intl.Collator.supportedLocalesOf([locale]).length === 0) {
    throw new Error(`PostgreSQL listing: the locale ${JSON.stringify(locale)} is not known to this runtime's Intl (STO-5)`);
  }
  const resolved = new Intl.Collator(locale).resolvedOptions();
  const keys: string[] = [];
  if (resolved.collation !== "default") keys.push(`co-${resolved.collation}`);
  if (resolved.caseFirst !== "false") keys.push(`kf-${resolved.caseFirst}`);
  keys.push("kk-true");
  if (resolved.numeric) keys.push("kn-true");
  const icu = `${new Intl.Locale(resolved.locale).baseName}-u-${keys.join("-")}`;
  // It is spliced into SQL text: letters, digits and hyphens only.
  if (!LOCALE.test(icu)) throw new Error(`PostgreSQL listing: the locale ${JSON.stringify(locale)} resolved to ${JSON.stringify(icu)}, not a language tag`);
  return icu;
}

/**
 * The DDL of the listing tables, idempotent (`IF NOT EXISTS` throughout): `materials`,
 * `catalog_values` (material categories and suppliers) and `stock`, each keyed by the company
 * GUID first; the default `cs` collation; the trigram index of the folded search text. Run it
 * as one script (no parameters). Applies STO-4 and STO-5 (their storage).
 * @param schema - the schema to create them in (created if missing)
 * @returns the SQL script
 * @throws Error when the schema name is not a plain identifier
 */
export function listingMigration(schema: string): string {
  const s = quoteSchema(schema);
  return `
CREATE SCHEMA IF NOT EXISTS ${s};
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE COLLATION IF NOT EXISTS ${s}."${listingCollationName("cs")}" (provider = icu, locale = 'cs-u-kk', deterministic = false);
CREATE TABLE IF NOT EXISTS ${s}.materials (
  company_id uuid NOT NULL,
  id uuid NOT NULL,
  external_id text,
  name text NOT NULL,
  identification_number text,
  supplier_code text,
  unit text NOT NULL,
  price numeric NOT NULL,
  cost_price numeric,
  category_id uuid NOT NULL,
  supplier_id uuid NOT NULL,
  description text,
  search text COLLATE "C" NOT NULL,
  doc jsonb NOT NULL,
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, external_id)
);
CREATE TABLE IF NOT EXISTS ${s}.catalog_values (
  company_id uuid NOT NULL,
  catalog text NOT NULL CHECK (catalog IN ('materialCategories', 'materialSuppliers')),
  id uuid NOT NULL,
  slug text NOT NULL,
  name text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (company_id, catalog, id)
);
CREATE TABLE IF NOT EXISTS ${s}.stock (
  company_id uuid NOT NULL,
  store_id uuid NOT NULL,
  material_id uuid NOT NULL,
  amount numeric CHECK (amount >= 0),
  seq bigint GENERATED BY DEFAULT AS IDENTITY,
  PRIMARY KEY (company_id, store_id, material_id),
  FOREIGN KEY (company_id, material_id) REFERENCES ${s}.materials (company_id, id)
);
${secondaryIndexes(schema, 2).map((i) => i.ddl).join("\n")}
`;
}

/**
 * The DDL of the change versions (migration 3, issue 22), idempotent: every `materials` row
 * carries the version of the company's materials counter (`material_versions`) that the
 * write which last set it bumped, every `stock` row the version of its store's stock counter
 * (`stock_versions`). {@link writeMaterialRows} and {@link writeStock} bump the counter and
 * stamp the rows in one statement, so a reader holding the versions it has seen can ask for
 * exactly the rows changed since (`version > seen`, through the two version indexes). Rows
 * written before this migration keep version 0. Run it after {@link listingMigration}.
 * @param schema - the schema holding the listing tables
 * @returns the SQL script
 * @throws Error when the schema name is not a plain identifier
 */
export function listingVersionsMigration(schema: string): string {
  const s = quoteSchema(schema);
  return `
ALTER TABLE ${s}.materials ADD COLUMN IF NOT EXISTS version bigint NOT NULL DEFAULT 0;
ALTER TABLE ${s}.materials DROP COLUMN IF EXISTS doc;
ALTER TABLE ${s}.stock ADD COLUMN IF NOT EXISTS version bigint NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS ${s}.material_versions (
  company_id uuid PRIMARY KEY,
  version bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS ${s}.stock_versions (
  company_id uuid NOT NULL,
  store_id uuid NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (company_id, store_id)
);
${secondaryIndexes(schema, 3).map((i) => i.ddl).join("\n")}
`;
}

/** One secondary index of the listing tables: its name and its idempotent DDL. */
interface SecondaryIndex {
  readonly name: string;
  readonly ddl: string;
}

/**
 * The secondary indexes of the listing tables that a migration creates (2: the SQL listing's
 * search, price, `cs` orders and stock orders; 3: the change versions). Keys and foreign keys
 * are not among them.
 */
function secondaryIndexes(schema: string, migration: 2 | 3): SecondaryIndex[] {
  const s = quoteSchema(schema);
  const at = (name: string, definition: string): SecondaryIndex => ({ name, ddl: `CREATE INDEX IF NOT EXISTS "${name}" ON ${s}.${definition};` });
  if (migration === 3) return [at("materials_version", "materials (company_id, version)"), at("stock_store_version", "stock (company_id, store_id, version)")];
  return [
    at("materials_search_trgm", "materials USING gin (search public.gin_trgm_ops)"),
    at("stock_store_seq", "stock (company_id, store_id, seq)"),
    at("stock_store_amount", "stock (company_id, store_id, amount)"),
    at("materials_price", "materials (company_id, price)"),
    ...orderIndexList(schema, "cs"),
  ];
}

/**
 * A bulk load into empty listing tables (seeding a fixture): `before` drops the secondary
 * indexes (run it in the loading transaction, before the rows), `after` builds each of them
 * once over the loaded rows, which is several times cheaper than maintaining them row by row
 * (measured at 100,000 materials: the trigram index alone took most of the insert). Keys and
 * foreign keys stay in force throughout.
 * @param schema - the schema (migrated to the latest version)
 * @returns the two scripts
 * @throws Error when the schema name is not a plain identifier
 */
export function bulkLoadIndexes(schema: string): { readonly before: string; readonly after: string } {
  const s = quoteSchema(schema);
  const all = secondaryIndexes(schema, 3);
  return {
    // Building a GIN or ICU index sorts in memory; the default 64 MB made the trigram build spill.
    before: `SET LOCAL maintenance_work_mem = '256MB';\n${all.map((i) => `DROP INDEX IF EXISTS ${s}."${i.name}";`).join("\n")}`,
    after: all.map((i) => i.ddl).join("\n"),
  };
}

function orderIndexList(schema: string, locale: string): SecondaryIndex[] {
  const s = quoteSchema(schema);
  const name = listingCollationName(locale);
  const collation = `${s}."${name}"`;
  return [
    { name: `materials_name_${name}`, ddl: `CREATE INDEX IF NOT EXISTS "materials_name_${name}" ON ${s}.materials (company_id, name COLLATE ${collation}, id);` },
    { name: `materials_code_${name}`, ddl: `CREATE INDEX IF NOT EXISTS "materials_code_${name}" ON ${s}.materials (company_id, identification_number COLLATE ${collation} NULLS FIRST);` },
  ];
}

/**
 * The ICU locale to give the server: `icu` itself when the server's ICU has collation data for
 * its language, else the root collation (`und`) with the same keys. PostgreSQL 15 accepts any
 * ICU locale text and silently falls back to the root order, so this says so instead: the
 * predefined `<locale>-x-icu` collations list what the server's ICU has, and ICU's collation
 * data is per language (and script), so the language with its script, or alone, is enough for
 * a region or extension keys. A language only a newer ICU knows (Node's ICU is newer than
 * Debian's PostgreSQL's) thus sorts by the root order on PostgreSQL, which is the in-memory
 * order unless that newer ICU tailors the language (docs/decisions.md).
 */
async function serverIcuLocale(db: SqlExecutor, icu: string): Promise<string> {
  const tag = new Intl.Locale(icu);
  const names = new Set([tag.baseName, tag.script === undefined ? tag.language : `${tag.language}-${tag.script}`, tag.language]);
  const candidates: string[] = [];
  for (const n of names) candidates.push(`${n}-x-icu`.toLowerCase());
  const known = await db.query("SELECT 1 FROM pg_collation WHERE collprovider = 'i' AND lower(collname) = ANY($1::text[])", [candidates]);
  return known.rows.length > 0 ? icu : `und${icu.slice(icu.indexOf("-u-"))}`;
}

/**
 * Makes sure the schema holds the listing collation of a company's `locale` setting and
 * returns its qualified, quoted name for `COLLATE`. The collation is ICU and
 * nondeterministic, so texts the collator calls equal are equal in SQL too and the STO-5
 * tie-break (name, then GUID) decides between them, as in memory; it normalises (`-u-kk`)
 * as `Intl.Collator` always does, or runs of combining marks would order differently. Its ICU
 * locale is the one the in-memory listing's collator resolved ({@link listingIcuLocale}), so
 * any locale the fixture accepts (`cs-u-kn`, `de-u-co-phonebk`, `cs-CZ`) sorts alike on both
 * storages; a language the server's ICU has no data for gets the root order (see
 * `serverIcuLocale`). A locale this runtime's `Intl` does not support is refused, as the
 * fixture refuses it. Applies STO-5.
 * @param db - the connection
 * @param schema - the schema
 * @param locale - the `locale` setting (default `cs`)
 * @returns the collation, e.g. `"tenant"."listing_cs"`
 * @throws Error when the locale is malformed or unknown
 */
export async function ensureCollation(db: SqlExecutor, schema: string, locale: string): Promise<string> {
  const s = quoteSchema(schema);
  const name = listingCollationName(locale);
  const qualified = `${s}."${name}"`;
  const existing = await db.query("SELECT 1 FROM pg_collation c JOIN pg_namespace n ON n.oid = c.collnamespace WHERE n.nspname = $1 AND c.collname = $2", [schema, name]);
  if (existing.rows.length > 0) return qualified;
  const icu = await serverIcuLocale(db, listingIcuLocale(locale));
  // One statement, so it works through a pool as inside a caller's transaction (a failed
  // statement there would abort it): a transaction-scoped advisory lock serialises
  // concurrent creators, and the second one finds the collation made (READ COMMITTED).
  const ddl = `CREATE COLLATION ${qualified} (provider = icu, locale = '${icu}', deterministic = false);`;
  await db.query(
    `DO $ddl$ BEGIN
       PERFORM pg_advisory_xact_lock(hashtext('field-service-rules listing collation'));
       IF NOT EXISTS (SELECT 1 FROM pg_collation c JOIN pg_namespace n ON n.oid = c.collnamespace WHERE n.nspname = '${schema}' AND c.collname = '${name}') THEN
         ${ddl}
       END IF;
     END $ddl$`,
  );
  return qualified;
}

// ---- narrowing of rows (the DB boundary) ----

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function text(row: Record<string, unknown>, key: string): string {
  const v = row[key];
  if (typeof v !== "string") throw new Error(`PostgreSQL listing: column ${key} is not text (${typeof v})`);
  return v;
}

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function textOrNull(row: Record<string, unknown>, key: string): string | null {
  const v = row[key];
  return v === null ? null : text(row, key);
}

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function guidColumn(row: Record<string, unknown>, key: string): Guid {
  const g = toGuid(row[key]);
  if (g === undefined) throw new Error(`PostgreSQL listing: column ${key} is not a GUID`);
  return g;
}

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function asRow(row: unknown): Record<string, unknown> {
  if (typeof row !== "object" || row === null) throw new Error("PostgreSQL listing: a row is not an object");
  return row as Record<string, unknown>;
}

/** @internal narrowing of a row's column, shared with the test oracle (test/postgres/listing-sql.ts). */
export function amountOf(value: string | null): Amount {
  return value === null ? UNLIMITED : { kind: "finite", value: new Dec(value) };
}


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
 * number: the rows travel as one JSON array and `json_to_recordset` turns them into rows. The folded search
 * text is computed here, with the in-memory folding (STO-4). The same statement bumps the
 * company's materials counter and stamps the rows with it (migration 3), so every process's
 * listing cache learns of the change.
 * @param db - the connection
 * @param schema - the schema
 * @param companyId - the company
 * @param materials - the materials (each GUID at most once)
 * @throws Error when a text holds U+0000, or on a database error
 */
export async function writeMaterialRows(db: SqlExecutor, schema: string, companyId: Guid, materials: readonly Material[]): Promise<void> {
  if (materials.length === 0) return;
  const s = quoteSchema(schema);
  const rows = materialRowsJson(materials);
  // The company's materials counter is bumped and the rows stamped with it in this one
  // statement (migration 3): the counter row's lock orders concurrent material writers.
  await db.query(
    `WITH v AS (
       INSERT INTO ${s}.material_versions AS mv (company_id, version) VALUES ($1::uuid, 1)
       ON CONFLICT (company_id) DO UPDATE SET version = mv.version + 1 RETURNING mv.version
     )
     INSERT INTO ${s}.materials (company_id, id, external_id, name, identification_number, supplier_code, unit, price, cost_price, category_id, supplier_id, description, version)
     SELECT $1::uuid, t.*, (SELECT version FROM v) FROM json_to_recordset($2::json)
       AS t(id uuid, external_id text, name text, identification_number text, supplier_code text, unit text, price numeric, cost_price numeric,
            category_id uuid, supplier_id uuid, description text)
     ON CONFLICT (company_id, id) DO UPDATE SET
       external_id = EXCLUDED.external_id, name = EXCLUDED.name, identification_number = EXCLUDED.identification_number,
       supplier_code = EXCLUDED.supplier_code, unit = EXCLUDED.unit, price = EXCLUDED.price, cost_price = EXCLUDED.cost_price,
       category_id = EXCLUDED.category_id, supplier_id = EXCLUDED.supplier_id, description = EXCLUDED.description,
       version = EXCLUDED.version`,
    [companyId, rows],
  );
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
 * A stock amount from its stored text: `null` is unlimited (STK-1), a decimal text finite.
 * @param value - `amount::text` as read
 * @returns the amount
 * @throws Error when the value is neither `null` nor text
 */
export function amountFromText(value: unknown): Amount {
  if (value !== null && typeof value !== "string") throw new Error("PostgreSQL listing: an amount is neither null nor text");
  return amountOf(value);
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


/**
 * Writes the outcome of a stock batch (STK-6: the new amount of every touched material) in
 * one statement however large the batch: new materials are appended to the store's order,
 * stocked ones keep their place. Unlimited is stored as `NULL` (STK-1), finite amounts as
 * exact decimals. Run it in the transaction that read the stock the batch was computed from.
 * The same statement bumps the store's stock counter and stamps the rows with it (migration
 * 3), so every process's listing cache learns of the change.
 * @param db - the connection (inside a transaction)
 * @param schema - the schema
 * @param companyId - the company
 * @param storeId - the store
 * @param changes - the batch's changes
 * @throws Error on a database error (a material unknown to the company violates the foreign key)
 */
export async function writeStock(db: SqlExecutor, schema: string, companyId: Guid, storeId: Guid, changes: StockChanges): Promise<void> {
  await writeStocks(db, schema, companyId, new Map([[storeId, changes]]));
}

/**
 * {@link writeStock} for several stores at once (a move changes two), still one statement.
 * @param db - the connection (inside a transaction)
 * @param schema - the schema
 * @param companyId - the company
 * @param stores - each store's changes, by store GUID
 * @throws Error on a database error (a material unknown to the company violates the foreign key)
 */
export async function writeStocks(db: SqlExecutor, schema: string, companyId: Guid, stores: ReadonlyMap<Guid, StockChanges>): Promise<void> {
  const s = quoteSchema(schema);
  // As JSON (see writeMaterialRows): amounts as decimal strings, unlimited as null.
  const rows: { store: Guid; id: Guid; amount: string | null }[] = [];
  for (const [store, changes] of stores) {
    for (const [id, amount] of changes) rows.push({ store, id, amount: amount.kind === "unlimited" ? null : amount.value.toString() });
  }
  if (stores.size === 0) return;
  // ORDER BY the ordinality: the identity of new rows follows the batch's order. Each store's
  // stock counter is bumped, whether rows of it change or not, and its rows stamped with it in
  // this one statement (migration 3): the counter row's lock orders concurrent writers of the
  // store, and at REPEATABLE READ makes the later of two concurrent writers of one store fail
  // to serialize (docs/decisions.md "Isolation per operation"); stores in GUID order, so two
  // moves between the same stores take their counters in one order.
  await db.query(
    `WITH r AS (
       SELECT t.store, t.id, t.amount, t.ord FROM ROWS FROM (json_to_recordset($2::json) AS (store uuid, id uuid, amount numeric)) WITH ORDINALITY AS t(store, id, amount, ord)
     ), v AS (
       INSERT INTO ${s}.stock_versions AS sv (company_id, store_id, version)
       SELECT $1::uuid, d.store, 1 FROM unnest($3::uuid[]) AS d(store) ORDER BY d.store
       ON CONFLICT (company_id, store_id) DO UPDATE SET version = sv.version + 1 RETURNING sv.store_id, sv.version
     )
     INSERT INTO ${s}.stock (company_id, store_id, material_id, amount, version)
     SELECT $1::uuid, r.store, r.id, r.amount, v.version FROM r JOIN v ON v.store_id = r.store
     ORDER BY r.ord
     ON CONFLICT (company_id, store_id, material_id) DO UPDATE SET amount = EXCLUDED.amount, version = EXCLUDED.version`,
    [companyId, JSON.stringify(rows), [...stores.keys()]],
  );
}
