// Store pages on PostgreSQL come from each process's copy of the listing index, kept current
// from the change versions (issue 22). Two services on one schema (two pools, two caches, as
// two processes would have): writes go through one, pages are read through the other, and
// every answer must be the in-memory service's answer to the same requests.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { migrate } from "../../src/postgres/schema.js";
import { MATERIAL_COLUMNS, materialFromRow, writeMaterialRows } from "../../src/postgres/materials.js";
import { scryptSecrets } from "../../src/postgres/secrets.js";
import { createFieldService } from "../../src/service/create.js";
import type { FieldService, ServiceResponse } from "../../src/service/entry-point.js";
import type { Fixture, FixtureCompany } from "../../src/service/fixture.js";
import type { PostgresStorage } from "../../src/postgres/index.js";
import { storeSortKeys, storeSortOrders } from "../../src/store/query.js";
import { ids, testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";

const A = ids(0);
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

const NAMES = ["Hadice", "Chladivo", "Cihla", "Čep", "Šroub M8", "šroub m6", "Žárovka", "Zarovka", "Řídicí jednotka", "Kabel", "kabel", "Ventil ½\"", "Těsnění", "Hmoždinka"];
const MATERIALS = Array.from({ length: 16 }, (_, i) => A.material(10 + i));
const S1 = A.store(1);
const S2 = A.store(2);
const S3 = A.store(3);
const STORES = [S1, S2, S3];

/** The test fixture, company A widened: 19 materials over two categories and two suppliers, three stores. */
function listingFixture(): Fixture {
  const fixture = testFixture();
  const a = fixture.companies[0] as FixtureCompany & { catalogs: Record<string, unknown[]>; materials: unknown[]; stores: unknown[] };
  a.catalogs["materialCategories"] = [...(a.catalogs["materialCategories"] ?? []), { id: A.category(9), slug: "voda", name: "Voda" }];
  a.catalogs["materialSuppliers"] = [...(a.catalogs["materialSuppliers"] ?? []), { id: A.category(10), slug: "acme", name: "Acme" }];
  a.materials = [
    ...a.materials,
    ...MATERIALS.map((id, i) => ({
      id,
      externalId: `MX${i}`,
      name: NAMES[i % NAMES.length] as string,
      categoryId: i % 3 === 0 ? "voda" : "elektro",
      supplierId: i % 2 === 0 ? "acme" : "ferona",
      ...(i % 4 === 0 ? {} : { identificationNumber: `K-${(i * 7) % 10}` }),
      ...(i % 5 === 0 ? {} : { supplierCode: `d${i}` }),
      price: (i % 4) * 1.5,
    })),
  ];
  a.stores = [...a.stores, { id: S3, externalId: "S3", name: "Dílna", availableFor: [], stock: MATERIALS.slice(0, 6).map((materialId, i) => ({ materialId, amount: i === 0 ? null : i })) }];
  return fixture;
}

type Send = (method: string, path: string, body?: unknown) => Promise<ServiceResponse>;

interface World {
  /** The in-memory service, the reference. */
  readonly memory: Send;
  /** The two PostgreSQL services on one schema: [writer, reader]. */
  readonly pg: [Send, Send];
  /** The reader, logged into the other company. */
  readonly beta: Send;
  readonly storages: [PostgresStorage, PostgresStorage];
  readonly schema: string;
  readonly close: () => Promise<void>;
}

async function loggedIn(service: FieldService<ServiceResponse> | FieldService<Promise<ServiceResponse>>, tenant: "alpha" | "beta" = "alpha"): Promise<Send> {
  const login = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: tenant, clientId: "client", secret: tenant === "alpha" ? "secret-a" : "secret-b" } });
  const token = (login.body as { accessToken: string }).accessToken;
  return async (method, path, body) => service.handle({ method, path, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
}

async function world(): Promise<World> {
  const fixture = listingFixture();
  const schema = schemaName("cache");
  schemas.push(schema);
  const storages: [PostgresStorage, PostgresStorage] = [testStorage(schema, 3), testStorage(schema, 3)];
  const writer = createFieldService({ fixture, storage: storages[0] });
  const reader = createFieldService({ fixture, storage: storages[1] });
  await writer.ready();
  await reader.ready();
  return {
    memory: await loggedIn(createFieldService({ fixture })),
    pg: [await loggedIn(writer), await loggedIn(reader)],
    beta: await loggedIn(reader, "beta"),
    storages,
    schema,
    close: async () => {
      await Promise.all([writer.close(), reader.close()]);
    },
  };
}

/** Sends a write to the in-memory service and to one PostgreSQL service: both must answer alike. */
async function write(w: World, via: 0 | 1, method: string, path: string, body: unknown): Promise<ServiceResponse> {
  const expected = await w.memory(method, path, body);
  const got = await w.pg[via](method, path, body);
  expect({ path, status: got.status, body: got.body }).toEqual({ path, status: expected.status, body: expected.body });
  return got;
}

/** Reads one page through one PostgreSQL service: the in-memory service's answer, exactly. */
async function read(w: World, via: 0 | 1, path: string): Promise<ServiceResponse> {
  const expected = await w.memory("GET", path);
  const got = await w.pg[via]("GET", path);
  expect({ path, status: got.status, body: got.body }).toEqual({ path, status: expected.status, body: expected.body });
  return got;
}

/** Every sort key in both directions (first page and the second of a small page size), a search, and the filters. */
function pagesOf(store: string): string[] {
  const paths: string[] = [];
  for (const sortBy of storeSortKeys) {
    for (const sortOrder of storeSortOrders) {
      paths.push(`/store/${store}?page=1&pageSize=50&sortBy=${sortBy}&sortOrder=${sortOrder}`, `/store/${store}?page=2&pageSize=4&sortBy=${sortBy}&sortOrder=${sortOrder}`);
    }
  }
  paths.push(
    `/store/${store}?page=1&pageSize=50&searchPhrase=${encodeURIComponent("šroub")}`,
    `/store/${store}?page=1&pageSize=3&searchPhrase=k&sortBy=price&sortOrder=descend`,
    `/store/${store}?page=1&pageSize=50&materialCategoryId=${A.category(9)}&materialSupplierId=${A.category(10)},${A.category(8)}`,
    `/store/${store}?page=9&pageSize=50`,
  );
  return paths;
}

const total = (r: ServiceResponse): number => (r.body as { materials: { totalCount: number } }).materials.totalCount;

describe.runIf(databaseUrl !== undefined)("store pages from each process's listing cache, two services on one database", () => {
  it("STO-4, STO-5, STO-6, STK-1..STK-5, MAT-1, STO-1: stock, material and store writes through one service are in the next page read through the other, for every sort and a search", async () => {
    const w = await world();
    try {
      // Cold caches: the first reads load each store once.
      for (const store of [S1, "externalId/S3", S2]) for (const path of pagesOf(store)) await read(w, 1, path);
      expect(w.storages[1].stats().listingCache).toEqual({ companies: 1, stores: 3, materials: 3 + MATERIALS.length });

      // Stock: a new material, a change, unlimited, a removal to 0 (still listed, STK-3), a move to another store.
      await write(w, 0, "POST", `/store/${S1}/addToStore`, [{ materialId: "MX3", amount: 4 }, { materialId: MATERIALS[7], amount: 1.5 }, { materialId: "M1", amount: 2 }]);
      await write(w, 0, "PUT", "/store/externalId/S1/setMaterialAmounts", [{ materialId: MATERIALS[7] }, { materialId: "M2", amount: 0 }]);
      await write(w, 0, "PUT", `/store/${S1}/removeMaterial`, [{ materialId: "M1" }]);
      await write(w, 0, "PUT", `/store/${S3}/moveTo/${S2}`, [{ materialId: MATERIALS[1], amount: 1 }, { materialId: MATERIALS[0] }]);
      for (const store of [S1, S2, "externalId/S3"]) for (const path of pagesOf(store)) await read(w, 1, path);
      expect(total(await read(w, 1, `/store/${S1}?page=1&pageSize=1`))).toBe(4);

      // A material edit: renamed, re-coded, re-priced, moved to another category and supplier.
      await write(w, 0, "PUT", `/material/${MATERIALS[3]}`, { name: "Šroub vratový", identificationNumber: "A-0", supplierCode: "zz", categoryId: "voda", supplierId: "ferona", price: 99 });
      await write(w, 0, "PUT", "/material/externalId/M1", { name: "Žárovka LED", categoryId: "elektro", supplierId: "acme" });
      for (const store of [S1, "externalId/S3"]) for (const path of pagesOf(store)) await read(w, 1, path);

      // A store edit: the page carries the new fields; the old external ID no longer finds it.
      await write(w, 0, "PUT", `/store/${S3}`, { name: "Dílna 2", externalId: "S3B", availableFor: ["t1"] });
      await read(w, 1, "/store/externalId/S3B?page=1&pageSize=5");
      expect((await read(w, 1, "/store/externalId/S3?page=1&pageSize=5")).status).toBe(404);
      await write(w, 0, "PUT", `/store/${S2}`, { name: "Auto", externalId: "S3", availableFor: [] });
      await read(w, 1, "/store/externalId/S3?page=1&pageSize=50");

      // The reader's own writes, and the writer reading: both caches follow every process's writes.
      await write(w, 1, "POST", `/store/${S2}/addToStore`, [{ materialId: MATERIALS[9], amount: 3 }]);
      for (const path of pagesOf(S2)) await read(w, 0, path);
      for (const path of pagesOf(S2)) await read(w, 1, path);
      // A dry run changes nothing in either cache.
      await write(w, 0, "POST", `/store/${S2}/addToStore?dryRun=true`, [{ materialId: MATERIALS[10], amount: 3 }]);
      for (const path of pagesOf(S2)) await read(w, 1, path);
    } finally {
      await w.close();
    }
  }, 120_000);

  it("STK-6: pages read by three concurrent loops (from a cold cache) while two services add to one store never go back, and the last one shows the exact sum", async () => {
    const w = await world();
    try {
      const hot = MATERIALS[2] as string;
      const page = `/store/${S3}?page=1&pageSize=50&sortBy=amount&sortOrder=descend`;
      const amountOf = (r: ServiceResponse): number => (r.body as { materials: { items: { materialId: string; amount: number | null }[] } }).materials.items.find((i) => i.materialId === hot)?.amount ?? NaN;
      let writing = true;
      const seen: number[][] = [[], [], []];
      const readers = seen.map(async (mine) => {
        let last = 2;
        do {
          const now = amountOf(await w.pg[1]("GET", page));
          expect(now).toBeGreaterThanOrEqual(last);
          mine.push(now);
          last = now;
        } while (writing);
      });
      await Promise.all([0, 1].map(async (via) => {
        for (let i = 0; i < 15; i++) expect((await w.pg[via as 0 | 1]("POST", `/store/${S3}/addToStore`, [{ materialId: hot, amount: 1 }])).status).toBe(201);
      }));
      writing = false;
      await Promise.all(readers);
      for (const mine of seen) expect(mine.length).toBeGreaterThan(0);
      expect(amountOf(await w.pg[1]("GET", page))).toBe(32);
      expect(amountOf(await w.pg[0]("GET", page))).toBe(32);
      expect(w.storages[1].stats().listingCache.stores).toBe(1);
    } finally {
      await w.close();
    }
  }, 120_000);

  it("one process caches only the stores it was asked for, and the company's materials once", async () => {
    const w = await world();
    try {
      expect(w.storages[1].stats().listingCache).toEqual({ companies: 0, stores: 0, materials: 0 });
      await read(w, 1, `/store/${S1}?page=1&pageSize=5`);
      await read(w, 1, `/store/${S1}?page=2&pageSize=5&sortBy=price`);
      expect((await read(w, 1, "/store/externalId/nope?page=1&pageSize=5")).status).toBe(404);
      expect((await read(w, 1, `/store/${A.store(99)}?page=1&pageSize=5`)).status).toBe(404);
      expect(w.storages[1].stats().listingCache).toEqual({ companies: 1, stores: 1, materials: 3 + MATERIALS.length });
      // The other process read nothing, so holds nothing.
      expect(w.storages[0].stats().listingCache).toEqual({ companies: 0, stores: 0, materials: 0 });
      // Another company's store with the same path: its own listing, its own materials (AUTH-4).
      const other = await w.beta("GET", "/store/externalId/S1?page=1&pageSize=5");
      expect((other.body as { id: string }).id).toBe(ids(1).store(1));
      expect(total(other)).toBe(2);
      expect(w.storages[1].stats().listingCache).toEqual({ companies: 2, stores: 2, materials: 3 + MATERIALS.length + 3 });
    } finally {
      await w.close();
    }
  });

  it("seeding builds the secondary indexes after the rows: the seeded schema has every index a migrated one has", async () => {
    const w = await world();
    const empty = schemaName("migrated");
    schemas.push(empty);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await migrate(client, empty, scryptSecrets({ cost: { N: 1024, r: 8, p: 1 } }));
      const indexes = async (schema: string): Promise<string[]> =>
        (await client.query("SELECT indexname, replace(indexdef, $1, '') AS def FROM pg_indexes WHERE schemaname = $2 ORDER BY indexname", [`"${schema}"`, schema])).rows.map(
          (r: { indexname: string; def: string }) => `${r.indexname}: ${r.def.replaceAll(schema, "")}`,
        );
      const seeded = await indexes(w.schema);
      expect(seeded).toEqual(await indexes(empty));
      // Migration 7 dropped the SQL listing's indexes, which no request reads (issue 33); the
      // version indexes the listing caches read stay.
      expect(seeded.some((i) => i.startsWith("materials_search_trgm: "))).toBe(false);
      expect(seeded.some((i) => i.startsWith("materials_name_"))).toBe(false);
      expect(seeded.some((i) => i.startsWith("stock_store_version: "))).toBe(true);
      // Migration 8: materials carry their writer; the company's counter and its index are gone.
      expect(seeded.some((i) => i.startsWith("materials_writer: "))).toBe(true);
      expect(seeded.some((i) => i.startsWith("materials_version: "))).toBe(false);
    } finally {
      await client.end();
      await w.close();
    }
  });

  it("STO-6, MAT-1: material writers of one company do not wait for each other, and a write committed after a later-begun one is still in the next page", async () => {
    const w = await world();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const names = async (): Promise<string[]> => {
      const page = await w.pg[1]("GET", `/store/${S3}?page=1&pageSize=50&searchPhrase=${encodeURIComponent("zápis")}`);
      return (page.body as { materials: { items: { name: string }[] } }).materials.items.map((i) => i.name).sort();
    };
    try {
      expect(await names()).toEqual([]);
      // Another process's material write, begun first and left open (its transaction ID is the lower).
      await client.query("BEGIN");
      const row = (await client.query(`SELECT ${MATERIAL_COLUMNS} FROM "${w.schema}".materials WHERE company_id = $1 AND id = $2`, [A.company, MATERIALS[3]])).rows[0];
      await writeMaterialRows(client, w.schema, A.company, [{ ...materialFromRow(row), name: "Pomalý zápis" }]);
      // A write of another material of the company commits meanwhile: no company-wide row to wait on.
      const bound = new Promise<string>((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000));
      const fast = w.pg[0]("PUT", `/material/${MATERIALS[4]}`, { name: "Rychlý zápis", categoryId: "voda", supplierId: "ferona" }).then((r) => r.status);
      expect(await Promise.race([fast, bound])).toBe(204);
      expect(await names()).toEqual(["Rychlý zápis"]);
      // The open one commits after the later-begun one: the reader's next page has it too.
      await client.query("COMMIT");
      expect(await names()).toEqual(["Pomalý zápis", "Rychlý zápis"]);
      expect(await names()).toEqual(["Pomalý zápis", "Rychlý zápis"]);
    } finally {
      await client.query("ROLLBACK").catch(() => undefined);
      await client.end();
      await w.close();
    }
  });

  it("STO-4..STO-6, STK-1..STK-5, MAT-1, STO-1: random writes through either service, pages read through either, always the in-memory answers (property)", async () => {
    const storeRef = fc.constantFrom(S1, S2, S3, "externalId/S1", "externalId/S3");
    const materialRef = fc.constantFrom(...MATERIALS, "M1", "M2", A.material(3), "MX4", "MX11");
    const amount = fc.option(fc.constantFrom(0, 0.5, 1, 2.25, 7, 1000), { nil: undefined });
    const items = fc.array(fc.record({ materialId: materialRef, amount }), { minLength: 1, maxLength: 4 }).map((xs) => xs.map((x) => (x.amount === undefined ? { materialId: x.materialId } : x)));
    const command = fc.oneof(
      fc.record({ kind: fc.constant("stock" as const), via: fc.constantFrom(0 as const, 1 as const), op: fc.constantFrom("addToStore", "removeMaterial", "setMaterialAmounts"), store: storeRef, items }),
      fc.record({ kind: fc.constant("move" as const), via: fc.constantFrom(0 as const, 1 as const), from: fc.constantFrom(...STORES), to: fc.constantFrom(...STORES), items }),
      fc.record({
        kind: fc.constant("material" as const),
        via: fc.constantFrom(0 as const, 1 as const),
        id: fc.constantFrom(...MATERIALS),
        body: fc.record({
          name: fc.constantFrom(...NAMES),
          categoryId: fc.constantFrom("voda", "elektro"),
          supplierId: fc.constantFrom("acme", "ferona"),
          identificationNumber: fc.constantFrom("A-1", "Ch-2", "c-3"),
          price: fc.constantFrom(0, 1.5, 3, 12.75),
        }, { requiredKeys: ["name", "categoryId", "supplierId"] }),
      }),
      fc.record({ kind: fc.constant("store" as const), via: fc.constantFrom(0 as const, 1 as const), id: fc.constantFrom(...STORES), name: fc.constantFrom("Sklad", "Auto"), externalId: fc.constantFrom("S1", "S3", "S9", null) }),
      fc.record({
        kind: fc.constant("read" as const),
        via: fc.constantFrom(0 as const, 1 as const),
        store: storeRef,
        query: fc.record({
          page: fc.integer({ min: 1, max: 4 }),
          pageSize: fc.integer({ min: 1, max: 8 }),
          sortBy: fc.constantFrom(...storeSortKeys),
          sortOrder: fc.constantFrom(...storeSortOrders),
          searchPhrase: fc.option(fc.constantFrom("šroub", "ZAROV", "k-", "ch", "d1"), { nil: undefined }),
        }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const w = await world();
        try {
          for (const c of commands) {
            switch (c.kind) {
              case "stock":
                await write(w, c.via, c.op === "addToStore" ? "POST" : "PUT", `/store/${c.store}/${c.op}`, c.items);
                break;
              case "move":
                await write(w, c.via, "PUT", `/store/${c.from}/moveTo/${c.to}`, c.items);
                break;
              case "material":
                await write(w, c.via, "PUT", `/material/${c.id}`, c.body);
                break;
              case "store":
                await write(w, c.via, "PUT", `/store/${c.id}`, { name: c.name, externalId: c.externalId, availableFor: [] });
                break;
              case "read": {
                const q = c.query;
                const search = q.searchPhrase === undefined ? "" : `&searchPhrase=${encodeURIComponent(q.searchPhrase)}`;
                await read(w, c.via, `/store/${c.store}?page=${q.page}&pageSize=${q.pageSize}&sortBy=${q.sortBy}&sortOrder=${q.sortOrder}${search}`);
                break;
              }
            }
          }
          // Finally every store, every sort, through both.
          for (const store of STORES) for (const path of pagesOf(store)) for (const via of [0, 1] as const) await read(w, via, path);
        } finally {
          await w.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
