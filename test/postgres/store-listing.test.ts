// The store listing and stock on PostgreSQL against the in-memory listing, on a real server
// (DATABASE_URL). Each test works in its own schema, dropped afterwards; each property run
// uses a fresh company GUID in it, which also exercises tenant isolation on every run.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Material } from "../../src/material/material.js";
import { escapeLike, listingTablesSql, queryStoreListingSql, readMaterials, readStock } from "./listing-sql.js";
import { ensureCollation } from "../../src/postgres/collation.js";
import { listingMigration, listingVersionsMigration } from "../../src/postgres/listing-migrations.js";
import { writeCatalogRows, writeMaterialRows } from "../../src/postgres/materials.js";
import type { SqlExecutor } from "../../src/postgres/sql.js";
import { writeStock } from "../../src/postgres/stock.js";
import type { CatalogValue } from "../../src/shared/catalog.js";
import { Dec } from "../../src/shared/decimal.js";
import { guid, type Guid } from "../../src/shared/guid.js";
import { addToStock } from "../../src/stock/add.js";
import { UNLIMITED, finite, type Amount } from "../../src/stock/amount.js";
import { refIndex } from "../../src/shared/reference.js";
import { queryStoreListing, type StoreDetail } from "../../src/store-listing/page.js";
import { buildStoreListing, type StoreListingCatalog } from "../../src/store-listing/build.js";
import { storeSortKeys, storeSortOrders, type StoreListingQuery } from "../../src/store/query.js";
import type { Store } from "../../src/store/store.js";
import { czechTextArb } from "../../src/testing/arbitraries/records/store.js";
import { acme, cables, g, material, tools, zeta } from "../store-listing/examples.js";

const url = process.env["DATABASE_URL"];
if (url === undefined || url === "") {
  console.warn("test/postgres/store-listing.test.ts: DATABASE_URL is not set, the PostgreSQL listing tests are skipped (see docs/performance.md for a local server).");
}

const store: Store = { id: g(1000), externalId: "SK-1", name: "Hlavní sklad", availableFor: [g(2000)] };

function query(over: Partial<StoreListingQuery> = {}): StoreListingQuery {
  return { page: 1, pageSize: 200, searchPhrase: null, sortBy: "name", sortOrder: "ascend", materialSupplierIds: null, materialCategoryIds: null, ...over };
}

function names(d: StoreDetail): string[] {
  return d.materials.items.map((i) => i.name);
}

/** A GUID written in random case, as a client may send it; `guid` brings it to the stored form. */
const mixedCaseGuidArb: fc.Arbitrary<Guid> = fc
  .tuple(fc.uuid(), fc.array(fc.boolean(), { minLength: 36, maxLength: 36 }))
  .map(([u, up]) => guid(Array.from(u, (ch, i) => (up[i] === true ? ch.toUpperCase() : ch)).join("")));

// PostgreSQL text cannot hold U+0000 (writeMaterialRows refuses it; tested below).
const textArb = fc.oneof(
  { weight: 6, arbitrary: czechTextArb.map((t) => t.replaceAll("\u0000", "")) },
  { weight: 2, arbitrary: fc.constantFrom("Chladivo", "chladivo", "Hadice", "Cihla", "Čep", "Šroub M6", "ŠROUB m6", "sroub", "Žárovka", "zarovka", "Řídicí", "Ch", "H") },
);

const amountArb: fc.Arbitrary<Amount> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("0", "1", "2.5", "2.50", "100").map((t) => finite(t)) },
  { weight: 3, arbitrary: fc.bigInt({ min: 0n, max: 999_999_999_999_999n }).map((n) => finite(new Dec(n.toString()).div(1_000_000))) },
  { weight: 1, arbitrary: fc.constant(UNLIMITED) },
);

interface World {
  readonly companyId: Guid;
  readonly categories: readonly CatalogValue[];
  readonly suppliers: readonly CatalogValue[];
  readonly materials: readonly Material[];
  readonly stock: ReadonlyMap<Guid, Amount>;
}

const valueArb = (kind: string): fc.Arbitrary<CatalogValue> => fc.record({ id: mixedCaseGuidArb, name: textArb }).map(({ id, name }) => ({ id, slug: `${kind}-${id}`, name }));

const worldArb: fc.Arbitrary<World> = fc
  .record({
    categories: fc.uniqueArray(valueArb("cat"), { minLength: 1, maxLength: 4, selector: (c) => c.id }),
    suppliers: fc.uniqueArray(valueArb("sup"), { minLength: 1, maxLength: 4, selector: (c) => c.id }),
    raw: fc.uniqueArray(
      fc.record({
        id: mixedCaseGuidArb,
        name: textArb,
        identificationNumber: fc.option(textArb, { nil: null }),
        supplierCode: fc.option(textArb, { nil: null }),
        external: fc.boolean(),
        price: fc.oneof(fc.constantFrom("0", "1", "1.5", "1.50", "99.99"), fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 1000).toString())).map((t) => new Dec(t)),
        category: fc.nat(),
        supplier: fc.nat(),
        stocked: fc.option(amountArb, { nil: undefined, freq: 5 }),
      }),
      { maxLength: 30, selector: (m) => m.id },
    ),
  })
  .map(({ categories, suppliers, raw }) => {
    const materials: Material[] = raw.map((r, i) => ({
      id: r.id,
      externalId: r.external ? `EXT-${i}` : null,
      name: r.name,
      categoryId: (categories[r.category % categories.length] as CatalogValue).id,
      supplierId: (suppliers[r.supplier % suppliers.length] as CatalogValue).id,
      identificationNumber: r.identificationNumber,
      description: null,
      supplierCode: r.supplierCode,
      unit: "Meters",
      price: r.price,
      costPrice: null,
    }));
    const stock = new Map<Guid, Amount>();
    for (const r of raw) if (r.stocked !== undefined) stock.set(r.id, r.stocked);
    return { companyId: guid(randomUUID()), categories, suppliers, materials, stock };
  });

/** Queries over a world: every key and direction, phrases cut from its texts, filters from its catalogs plus an unknown GUID, pages past the end. */
const queryArb = (w: World): fc.Arbitrary<StoreListingQuery> => {
  const texts = w.materials.flatMap((m) => [m.name, m.identificationNumber ?? "", m.supplierCode ?? ""]);
  const cut = (): fc.Arbitrary<string> =>
    fc
      .tuple(fc.constantFrom(...texts), fc.nat(), fc.nat())
      .map(([t, a, b]) => t.slice(Math.min(a, b) % (t.length + 1), (Math.max(a, b) % (t.length + 1)) + 1))
      .chain((t) => fc.constantFrom(t, t.toUpperCase(), t.normalize("NFD")));
  const phraseArb = texts.length === 0 ? textArb : fc.oneof(textArb, cut(), fc.constantFrom("%", "_", "\\", "a%", "\u0001"));
  const idsArb = (ids: readonly Guid[]): fc.Arbitrary<readonly Guid[] | null> => fc.option(fc.subarray([...ids, g(0xff)], { minLength: 1 }), { nil: null });
  return fc.record({
    page: fc.integer({ min: 1, max: 8 }),
    pageSize: fc.integer({ min: 1, max: 12 }),
    searchPhrase: fc.option(phraseArb.map((p) => p.trim()).filter((p) => p !== ""), { nil: null }),
    sortBy: fc.constantFrom(...storeSortKeys),
    sortOrder: fc.constantFrom(...storeSortOrders),
    materialSupplierIds: idsArb(w.suppliers.map((c) => c.id)),
    materialCategoryIds: idsArb(w.categories.map((c) => c.id)),
  });
};

function catalogOf(w: Pick<World, "materials" | "categories" | "suppliers">, locale = "cs"): StoreListingCatalog {
  return {
    materials: new Map(w.materials.map((m) => [m.id, m])),
    categories: new Map(w.categories.map((c) => [c.id, c])),
    suppliers: new Map(w.suppliers.map((c) => [c.id, c])),
    locale,
  };
}

async function load(db: SqlExecutor, schema: string, w: World, storeId: Guid = store.id): Promise<void> {
  await writeCatalogRows(db, schema, w.companyId, w.categories, w.suppliers);
  await writeMaterialRows(db, schema, w.companyId, w.materials);
  await writeStock(db, schema, w.companyId, storeId, w.stock);
}

describe.skipIf(url === undefined || url === "")("store listing on PostgreSQL", () => {
  let pool: pg.Pool;
  const schemas: string[] = [];
  /** A fresh schema with the listing tables, dropped after the file. */
  async function freshSchema(): Promise<string> {
    const schema = `t_listing_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    schemas.push(schema);
    await pool.query(listingTablesSql(schema));
    return schema;
  }

  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 6 });
  });
  afterAll(async () => {
    for (const s of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await pool.end();
  });

  const hand: World = {
    companyId: guid(randomUUID()),
    categories: [tools, cables],
    suppliers: [acme, zeta],
    materials: [
      material(1, "Žárovka", { identificationNumber: "CH-32", price: new Dec("2.50") }),
      material(2, "Šroub M6", { identificationNumber: "HA-12", supplierCode: "sr-6", supplierId: zeta.id }),
      material(3, "Kabel", { identificationNumber: "C-1", categoryId: cables.id, price: new Dec("10") }),
      material(4, "Řídicí jednotka", { price: new Dec("0.1") }),
      material(5, "Chladivo", { supplierCode: "50%_x", price: new Dec("10.0") }),
      material(6, "Hadice", { externalId: "HAD" }),
    ],
    stock: new Map<Guid, Amount>([
      [g(1), finite(5)],
      [g(2), UNLIMITED],
      [g(3), finite("0.000001")],
      [g(4), finite("999999999.999999")],
      [g(5), finite(0)],
      [g(6), finite("2.5")],
    ]),
  };

  it("STO-5: Czech order (ch after h, háčky after the base letter) in either direction; unset codes first; unlimited above every number", async () => {
    const schema = await freshSchema();
    await load(pool, schema, hand);
    const company = { id: hand.companyId, locale: "cs" };
    const at = (q: Partial<StoreListingQuery>): Promise<StoreDetail> => queryStoreListingSql(pool, schema, company, store, query(q));
    expect(names(await at({}))).toEqual(["Hadice", "Chladivo", "Kabel", "Řídicí jednotka", "Šroub M6", "Žárovka"]);
    expect(names(await at({ sortOrder: "descend" }))).toEqual(["Žárovka", "Šroub M6", "Řídicí jednotka", "Kabel", "Chladivo", "Hadice"]);
    expect((await at({ sortBy: "identificationNumber" })).materials.items.map((i) => i.identificationNumber)).toEqual([null, null, null, "C-1", "HA-12", "CH-32"]);
    expect((await at({ sortBy: "amount", sortOrder: "descend" })).materials.items.map((i) => i.amount)).toEqual([null, 999999999.999999, 5, 2.5, 0.000001, 0]);
    // Equal prices 10 and 10.0: tie by name.
    expect(names(await at({ sortBy: "price", sortOrder: "descend", pageSize: 2 }))).toEqual(["Chladivo", "Kabel"]);
    const inMemory = buildStoreListing(store.id, hand.stock, catalogOf(hand));
    for (const sortBy of storeSortKeys) for (const sortOrder of storeSortOrders) expect(await at({ sortBy, sortOrder })).toEqual(queryStoreListing(inMemory, store, query({ sortBy, sortOrder })));
  });

  it("STO-4: search ignores case and diacritics over name, identification number and supplier code; % and _ are literal; no match across fields", async () => {
    const schema = await freshSchema();
    await load(pool, schema, hand);
    const company = { id: hand.companyId, locale: "cs" };
    const found = async (phrase: string): Promise<string[]> => names(await queryStoreListingSql(pool, schema, company, store, query({ searchPhrase: phrase })));
    expect(await found("ŠROUB")).toEqual(["Šroub M6"]);
    expect(await found("zarov")).toEqual(["Žárovka"]);
    expect(await found("SR-")).toEqual(["Šroub M6"]);
    expect(await found("ch-3")).toEqual(["Žárovka"]);
    expect(await found("%_")).toEqual(["Chladivo"]);
    expect(await found("_")).toEqual(["Chladivo"]);
    expect(await found("0%")).toEqual(["Chladivo"]);
    expect(await found("m6\u0001")).toEqual([]);
    expect(await found("m6\u0000")).toEqual([]);
    expect(await found("zarovkach")).toEqual([]);
    // A phrase holding the column's separator still matches inside one field, never across.
    const w: World = { ...hand, companyId: guid(randomUUID()), materials: [material(1, "Kabel\u0001X", { identificationNumber: "k1" }), material(2, "Lampa 😀")], stock: new Map([[g(1), finite(1)], [g(2), finite(1)]]) };
    await load(pool, schema, w);
    const inW = async (phrase: string): Promise<number> => (await queryStoreListingSql(pool, schema, { id: w.companyId, locale: "cs" }, store, query({ searchPhrase: phrase }))).materials.totalCount;
    expect(await inW("kabel\u0001x")).toBe(1);
    expect(await inW("x\u0001k1")).toBe(0);
    // Half of an astral character (a lone surrogate, found by the property): as in memory.
    expect(await inW("\ude00")).toBe(1);
    expect(await inW("a \ud83d")).toBe(1);
  });

  it("STO-6: a page past the end has no items and the true totalCount; the store's own fields come back", async () => {
    const schema = await freshSchema();
    await load(pool, schema, hand);
    const d = await queryStoreListingSql(pool, schema, { id: hand.companyId, locale: "cs" }, store, query({ page: 9, pageSize: 5, materialSupplierIds: [acme.id] }));
    expect(d).toStrictEqual({ id: store.id, externalId: "SK-1", name: "Hlavní sklad", availableFor: [g(2000)], materials: { items: [], page: 9, pageSize: 5, totalCount: 5 } });
    const huge = await queryStoreListingSql(pool, schema, { id: hand.companyId, locale: "cs" }, store, query({ page: Number.MAX_SAFE_INTEGER, pageSize: 200 }));
    expect(huge.materials).toEqual({ items: [], page: Number.MAX_SAFE_INTEGER, pageSize: 200, totalCount: 6 });
  });

  it("STO-5: the collation follows the company's locale; an unknown locale is refused clearly", async () => {
    const schema = await freshSchema();
    const w: World = { ...hand, materials: [material(1, "Ähre"), material(2, "Zange"), material(3, "Apfel")], stock: new Map([[g(1), finite(1)], [g(2), finite(1)], [g(3), finite(1)]]) };
    await load(pool, schema, w);
    // Swedish puts Ä after Z; German next to A.
    expect(names(await queryStoreListingSql(pool, schema, { id: w.companyId, locale: "sv" }, store, query()))).toEqual(["Apfel", "Zange", "Ähre"]);
    expect(names(await queryStoreListingSql(pool, schema, { id: w.companyId, locale: "de" }, store, query()))).toEqual(["Ähre", "Apfel", "Zange"]);
    // Concurrent first uses of a new locale, through the pool and inside a transaction.
    const made = await Promise.all(["fr", "fr", "fr", "fr"].map((l) => ensureCollation(pool, schema, l)));
    expect(new Set(made)).toEqual(new Set([`"${schema}"."listing_fr"`]));
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await ensureCollation(client, schema, "pl");
      await ensureCollation(client, schema, "pl");
      expect(names(await queryStoreListingSql(client, schema, { id: w.companyId, locale: "pl" }, store, query()))).toEqual(["Ähre", "Apfel", "Zange"]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    await expect(ensureCollation(pool, schema, "xx-QQ")).rejects.toThrow(/locale "xx-QQ" is not known/);
    await expect(ensureCollation(pool, schema, "cs'; DROP TABLE x; --")).rejects.toThrow(/is not a locale/);
  });

  it("STO-5: every locale Intl accepts gets a collation that sorts as Intl.Collator(locale) does: Unicode extensions (cs-u-kn numeric, kf case first, co collation type), a region, and a language the server's ICU does not know (root order)", async () => {
    const schema = await freshSchema();
    const words = ["a10", "a9", "a1", "A9", "ch", "h", "i", "Mueller", "Müller", "Mulder", "Ähre", "Apfel", "Zange", "b", "B", "ŋa", "ɛb", "ɔc"];
    const locales = ["cs-u-kn", "cs-u-kf-upper", "de-u-co-phonebk", "de", "cs-CZ", "sv", "en-US-u-kn-true", "blo"].filter((l) => Intl.Collator.supportedLocalesOf([l]).length > 0);
    expect(locales.length).toBeGreaterThanOrEqual(7);
    for (const locale of locales) {
      const collation = await ensureCollation(pool, schema, locale);
      const sql = await pool.query(`SELECT x FROM unnest($1::text[]) AS x ORDER BY x COLLATE ${collation}, x COLLATE "C"`, [words]);
      const inMemory = [...words].sort((x, y) => new Intl.Collator(locale).compare(x, y) || (x < y ? -1 : x > y ? 1 : 0));
      expect([locale, sql.rows.map((r: { x: string }) => r.x)]).toEqual([locale, inMemory]);
    }
    // A language the server's ICU has no data for is made on the root collation, explicitly.
    if (locales.includes("blo")) {
      const has = await pool.query("SELECT 1 FROM pg_collation WHERE collprovider = 'i' AND lower(collname) = 'blo-x-icu'");
      const made = await pool.query("SELECT c.colliculocale FROM pg_collation c JOIN pg_namespace n ON n.oid = c.collnamespace WHERE n.nspname = $1 AND c.collname = 'listing_blo'", [schema]);
      expect(made.rows[0].colliculocale).toBe(has.rows.length > 0 ? "blo-u-kk-true" : "und-u-kk-true");
    }
  });

  it("STO-4, STO-5, STO-6: PostgreSQL answers every query exactly as the in-memory listing does (differential property)", async () => {
    const schema = await freshSchema();
    await fc.assert(
      fc.asyncProperty(
        worldArb.chain((w) => fc.tuple(fc.constant(w), fc.array(queryArb(w), { minLength: 1, maxLength: 6 }))),
        async ([w, queries]) => {
          await load(pool, schema, w);
          const listing = buildStoreListing(store.id, w.stock, catalogOf(w));
          for (const q of queries) {
            const expected = queryStoreListing(listing, store, q);
            const got = await queryStoreListingSql(pool, schema, { id: w.companyId, locale: "cs" }, store, q);
            expect(got).toEqual(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
    // Shrinking a counterexample on a loaded machine takes longer than the default minute.
  }, 300_000);

  it("STK-1: writeStock then readStock gives back every amount exactly (unlimited, 6 decimal places, 9 integer digits) in first-stocked order", async () => {
    const schema = await freshSchema();
    await fc.assert(
      fc.asyncProperty(worldArb, fc.array(fc.tuple(fc.nat(), amountArb), { maxLength: 10 }), async (w, later) => {
        await load(pool, schema, { ...w, stock: new Map() });
        await writeStock(pool, schema, w.companyId, store.id, w.stock);
        const expected = new Map(w.stock);
        if (w.materials.length > 0) {
          const changes = new Map<Guid, Amount>();
          for (const [i, a] of later) changes.set((w.materials[i % w.materials.length] as Material).id, a);
          await writeStock(pool, schema, w.companyId, store.id, changes);
          for (const [id, a] of changes) expected.set(id, a);
        }
        const got = await readStock(pool, schema, w.companyId, store.id, "all");
        expect([...got.keys()]).toEqual([...expected.keys()]);
        for (const [id, a] of expected) {
          const b = got.get(id) as Amount;
          expect(b.kind).toBe(a.kind);
          if (a.kind === "finite" && b.kind === "finite") expect(b.value.eq(a.value)).toBe(true);
        }
        const some = [...expected.keys()].filter((_, i) => i % 2 === 0);
        expect([...(await readStock(pool, schema, w.companyId, store.id, some)).keys()]).toEqual(some);
        const mats = await readMaterials(pool, schema, w.companyId, "all");
        for (const m of w.materials) expect(mats.get(m.id)).toEqual(m);
      }),
      { numRuns: 60 },
    );
  });

  it("STK-2, STK-6: a 20,000-item batch is one statement; parallel SERIALIZABLE add batches on one store end with exact sums", async () => {
    const schema = await freshSchema();
    const companyId = guid(randomUUID());
    const many = Array.from({ length: 20_000 }, (_, i) => material(100_000 + i, `Materiál ${i}`));
    await writeCatalogRows(pool, schema, companyId, [tools], [acme]);
    await writeMaterialRows(pool, schema, companyId, many);
    const counted: string[] = [];
    const counting: SqlExecutor = { query: (t, v) => (counted.push(t), pool.query(t, v as unknown[])) };
    await writeStock(counting, schema, companyId, store.id, new Map(many.map((m) => [m.id, finite("0.1")])));
    expect(counted).toHaveLength(1);
    expect((await readStock(pool, schema, companyId, store.id, "all")).size).toBe(20_000);

    // Eight workers, each adding 0.1 to the same ten materials five times; conflicts retry.
    const hot = many.slice(0, 10);
    const index = refIndex(hot, (m) => m.id, (m) => m.externalId);
    let retries = 0;
    const addBatch = async (): Promise<void> => {
      for (;;) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN ISOLATION LEVEL SERIALIZABLE");
          const current = await readStock(client, schema, companyId, store.id, hot.map((m) => m.id));
          const result = addToStock(current, hot.map((m) => ({ materialId: m.id, amount: finite("0.1") })), index);
          if (!result.ok) throw new Error("batch refused");
          await writeStock(client, schema, companyId, store.id, result.value);
          await client.query("COMMIT");
          return;
        } catch (e) {
          await client.query("ROLLBACK");
          if ((e as { code?: unknown }).code !== "40001") throw e;
          retries++;
        } finally {
          client.release();
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let i = 0; i < 5; i++) await addBatch();
    }));
    const after = await readStock(pool, schema, companyId, store.id, hot.map((m) => m.id));
    for (const m of hot) expect((after.get(m.id) as Amount & { kind: "finite" }).value.toString()).toBe("4.1");
    console.log(`concurrent add batches: 40 commits, ${retries} serialization retries`);
  });

  it("AUTH-4: two companies with the same material and store GUIDs never see each other's rows (tenant isolation)", async () => {
    const schema = await freshSchema();
    const a: World = { ...hand, companyId: guid(randomUUID()) };
    const b: World = {
      ...hand,
      companyId: guid(randomUUID()),
      categories: [{ ...tools, name: "B-nářadí" }, cables],
      materials: hand.materials.map((m) => ({ ...m, name: `B ${m.name}` })).slice(0, 3),
      stock: new Map([[g(1), finite(7)]]),
    };
    await load(pool, schema, a);
    await load(pool, schema, b);
    const da = await queryStoreListingSql(pool, schema, { id: a.companyId, locale: "cs" }, store, query());
    const db = await queryStoreListingSql(pool, schema, { id: b.companyId, locale: "cs" }, store, query());
    expect(da.materials.totalCount).toBe(6);
    expect(names(da).some((n) => n.startsWith("B "))).toBe(false);
    expect(db.materials.items.map((i) => [i.name, i.amount, i.materialCategoryName])).toEqual([["B Žárovka", 7, "B-nářadí"]]);
    expect((await readStock(pool, schema, a.companyId, store.id, "all")).get(g(1))).toEqual(finite(5));
    expect((await readMaterials(pool, schema, b.companyId, "all")).size).toBe(3);
    expect((await readMaterials(pool, schema, a.companyId, [g(1)])).get(g(1))?.name).toBe("Žárovka");
    // Stock can only name a material of its own company (the foreign key carries the company).
    await expect(writeStock(pool, schema, guid(randomUUID()), store.id, new Map([[g(1), finite(1)]]))).rejects.toThrow(/foreign key/);
  });

  it("STO-4, TXT-1: a text PostgreSQL cannot store (U+0000, a lone surrogate) is refused, not altered", async () => {
    const schema = await freshSchema();
    await expect(writeMaterialRows(pool, schema, guid(randomUUID()), [material(1, "a\u0000b")])).rejects.toThrow(/TXT-1/);
    await expect(writeMaterialRows(pool, schema, guid(randomUUID()), [material(1, "a", { supplierCode: "\ud800" })])).rejects.toThrow(/TXT-1/);
    expect(escapeLike("a%b_c\\")).toBe("a\\%b\\_c\\\\");
  });

  it("STO-5: the server's ICU and Node's order every text of Latin, Greek and Cyrillic letters, digits, marks and common punctuation alike; the code points where they differ are printed", async () => {
    const schema = await freshSchema();
    const collation = await ensureCollation(pool, schema, "cs");
    const collator = new Intl.Collator("cs");
    // Texts of the alphabet a catalog is written in, with combining marks and separators.
    const safe: string[] = [];
    const ranges: [number, number][] = [[0x20, 0x7e], [0xa0, 0x24f], [0x300, 0x36f], [0x370, 0x3ff], [0x400, 0x52f], [0x1e00, 0x1eff], [0x2010, 0x205e]];
    // Quotation marks apart: ICU 74 (CLDR 44) made the curly quotes variants of ' and ", so
    // texts that differ first by the kind of quote sort differently across that version.
    const quotes = /^['"\u2018-\u201f]$/u;
    for (const [a, b] of ranges) {
      for (let cp = a; cp <= b; cp++) {
        const ch = String.fromCodePoint(cp);
        if (/^\P{Cn}$/u.test(ch) && !quotes.test(ch)) safe.push(ch);
      }
    }
    const texts = fc.sample(fc.array(fc.constantFrom(...safe), { minLength: 1, maxLength: 5 }).map((cs) => cs.join("")), 20_000);
    texts.push(...safe);
    const ranked = await pool.query(`SELECT t, dense_rank() OVER (ORDER BY t COLLATE ${collation}) AS r FROM unnest($1::text[]) t`, [texts]);
    const rank = new Map<string, number>(ranked.rows.map((row: { t: string; r: string }) => [row.t, Number(row.r)]));
    const sorted = [...new Set(texts)].sort(collator.compare);
    const disagreements: string[] = [];
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1] as string;
      const b = sorted[i] as string;
      if (Math.sign(collator.compare(a, b)) !== Math.sign((rank.get(a) as number) - (rank.get(b) as number))) disagreements.push(`${JSON.stringify(a)} / ${JSON.stringify(b)}`);
    }
    expect(disagreements).toEqual([]);

    // Every assigned code point between a and b: where do the two ICU versions part?
    const all: string[] = [];
    for (let cp = 0x20; cp <= 0x3ffff; cp++) {
      const ch = String.fromCodePoint(cp);
      if (/^[^\p{Cn}\p{Cs}\p{Co}\p{Cc}]$/u.test(ch)) all.push(`a${ch}b`);
    }
    const order = await pool.query(`SELECT t FROM unnest($1::text[]) t ORDER BY t COLLATE ${collation}, t COLLATE "C"`, [all]);
    const inPg: string[] = order.rows.map((row: { t: string }) => row.t);
    const parted = new Set<number>();
    for (let i = 1; i < inPg.length; i++) {
      const a = inPg[i - 1] as string;
      const b = inPg[i] as string;
      if (collator.compare(a, b) > 0) for (const t of [a, b]) parted.add(t.codePointAt(1) as number);
    }
    const server = await pool.query("SELECT collversion FROM pg_collation WHERE collname = 'cs-x-icu'");
    const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
    console.log(
      `ICU: Node ${process.versions.icu} (Unicode ${process.versions.unicode}), server collation version ${String(server.rows[0]?.collversion)}; ` +
        `${parted.size} of ${all.length} code points order differently: ${[...parted].sort((x, y) => x - y).map(hex).join(" ")}`,
    );
    expect([...parted].filter((cp) => safe.includes(String.fromCodePoint(cp))).map(hex)).toEqual([]);
  });
});
