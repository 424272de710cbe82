// The data of the store-listing benches (in memory and on PostgreSQL), from one seeded
// generator so both measure the same 100,000 stocked materials with Czech-like names: 50
// nouns (one of them "Šroub", so a search for "šroub" hits ~2%), 12 adjectives, sizes; codes
// like "HA-12"/"CH-32".
import type { Material } from "../../src/material/material.js";
import type { Fixture } from "../../src/service/fixture.js";
import type { CatalogValue } from "../../src/shared/catalog.js";
import { Dec } from "../../src/shared/decimal.js";
import { guid, type Guid } from "../../src/shared/guid.js";
import { UNLIMITED, finite, type Amount } from "../../src/stock/amount.js";
import type { StoreListingCatalog } from "../../src/store-listing/build.js";
import type { Store } from "../../src/store/store.js";

/** The generated world, and the generator (its sequence continues for later edits). */
export interface ListingBenchWorld {
  readonly N: number;
  readonly rnd: () => number;
  readonly pick: <T>(xs: readonly T[]) => T;
  readonly nouns: readonly string[];
  readonly adjectives: readonly string[];
  readonly gid: (kind: number, i: number) => Guid;
  readonly categories: CatalogValue[];
  readonly suppliers: CatalogValue[];
  readonly materials: Material[];
  readonly stock: Map<Guid, Amount>;
  readonly catalog: StoreListingCatalog;
  readonly store: Store;
}

/** Builds the world from the fixed seed: the same data on every call. */
export function listingBenchWorld(): ListingBenchWorld {
  const N = 100_000;
  let seed = 42;
  const rnd = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const nouns = ["Šroub", "Hadice", "Chladivo", "Kabel", "Řídicí jednotka", "Žárovka", "Matice", "Podložka", "Těsnění", "Ventil", "Čerpadlo", "Filtr", "Ložisko", "Spojka", "Trubka", "Kolínko", "Izolace", "Lepidlo", "Barva", "Hmoždinka", "Vrut", "Hřebík", "Svorka", "Jistič", "Zásuvka", "Vypínač", "Relé", "Pojistka", "Štítek", "Páska", "Kotva", "Nýt", "Pružina", "Řemen", "Čidlo", "Termostat", "Radiátor", "Kohout", "Objímka", "Příchytka", "Manžeta", "Zátka", "Redukce", "Přechodka", "Koleno", "Odbočka", "Síto", "Tryska", "Ventilátor", "Motor"];
  const adjectives = ["pozinkovaný", "nerezový", "měděný", "plastový", "černý", "bílý", "žlutý", "zelený", "ohebný", "tvrzený", "průmyslový", "domácí"];
  const prefixes = ["HA", "CH", "KA", "SR", "ZA", "ŘI", "C", "CI"];
  const gid = (kind: number, i: number): Guid => guid(`${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${i.toString(16).padStart(12, "0")}`);
  const categories: CatalogValue[] = Array.from({ length: 40 }, (_, i) => ({ id: gid(1, i), slug: `c${i}`, name: `${pick(nouns)} kategorie ${i}` }));
  const suppliers: CatalogValue[] = Array.from({ length: 60 }, (_, i) => ({ id: gid(2, i), slug: `s${i}`, name: `Dodavatel ${pick(adjectives)} ${i}` }));
  const materials: Material[] = Array.from({ length: N }, (_, i) => ({
    id: gid(3, i),
    externalId: `M-${i}`,
    name: `${pick(nouns)} ${pick(adjectives)} ${Math.floor(rnd() * 100)}×${Math.floor(rnd() * 500)} mm`,
    categoryId: pick(categories).id,
    supplierId: pick(suppliers).id,
    identificationNumber: rnd() < 0.05 ? null : `${pick(prefixes)}-${Math.floor(rnd() * 100000)}`,
    description: null,
    supplierCode: `D${Math.floor(rnd() * 1e6)}`,
    unit: "Amounts",
    price: new Dec(Math.floor(rnd() * 100000)).dividedBy(100),
    costPrice: null,
  }));
  const stock = new Map<Guid, Amount>(materials.map((m) => [m.id, rnd() < 0.05 ? UNLIMITED : finite(Math.floor(rnd() * 1000))]));
  const catalog: StoreListingCatalog = {
    materials: new Map(materials.map((m) => [m.id, m])),
    categories: new Map(categories.map((c) => [c.id, c])),
    suppliers: new Map(suppliers.map((c) => [c.id, c])),
    locale: "cs",
  };
  const store: Store = { id: gid(4, 1), externalId: null, name: "Sklad", availableFor: [] };
  return { N, rnd, pick, nouns, adjectives, gid, categories, suppliers, materials, stock, catalog, store };
}

/** The median time in ms of `runs` calls of `fn` (the benches' one-off figures besides vitest's). */
export function p50(fn: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/**
 * The world as a one-company service fixture (tenant `load`, client `c` / `s`): its catalogs
 * and materials, and the store (external ID `main`) stocking them when `stocked`.
 */
export function listingBenchFixture(w: ListingBenchWorld, stocked: boolean): Fixture {
  const hex = (prefix: string, n: number): string => `${prefix.padEnd(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
  return {
    companies: [{
      id: hex("c0", 1), tenantCode: "load", name: "Load s.r.o.", clients: [{ clientId: "c", secret: "s" }], settings: { locale: "cs" },
      users: [{ id: hex("a0", 1), name: "Admin", roles: ["Administrator"] }],
      catalogs: {
        customerCategories: [], customerTypes: [], orderCategories: [], orderCustomStates: [], interventionCategories: [], interventionCustomStates: [],
        materialCategories: w.categories, materialSuppliers: w.suppliers,
      },
      materials: w.materials.map((m) => ({
        id: m.id, ...(m.externalId === null ? {} : { externalId: m.externalId }), name: m.name, categoryId: m.categoryId, supplierId: m.supplierId,
        ...(m.identificationNumber === null ? {} : { identificationNumber: m.identificationNumber }), ...(m.supplierCode === null ? {} : { supplierCode: m.supplierCode }),
        unit: m.unit, price: m.price.toNumber(),
      })),
      stores: [{
        id: w.store.id, externalId: "main", name: w.store.name, availableFor: [],
        stock: stocked ? [...w.stock].map(([materialId, a]) => ({ materialId, amount: a.kind === "unlimited" ? null : a.value.toNumber() })) : [],
      }],
    }],
  };
}
