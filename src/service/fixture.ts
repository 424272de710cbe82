// The fixture: what the interface cannot create (companies, clients, users, catalogs, settings,
// materials, stores and their stock), validated whole and loaded into each company's state.
// Over 400 lines on purpose: one reader per part of a company, each reporting every bad place
// with its path, read in the order a company's parts refer to each other (users and materials
// before the stores that name them); the generic readers are in `fixture-read.ts`.
import { apiUser } from "../auth/owner.js";
import { digestSecrets, isStoredSecret, storedClient, type SecretHasher } from "../auth/secret.js";
import { emptyCollisionIndex } from "../assignation/collision-index.js";
import { userRoles, type User, type UserRole } from "../auth/user.js";
import { materialUnits, type Material, type MaterialUnit } from "../material/material.js";
import type { CatalogValue, CategoryForm, InterventionCategory } from "../shared/catalog.js";
import { Dec } from "../shared/decimal.js";
import type { Guid } from "../shared/guid.js";
import { issue, joinPath, type Issue } from "../shared/issue.js";
import {
  optionalValue, readArray, readBoolean, readEnum, readExternalId, readGuid, readNonBlank, readNonNegativeDecimal, readObject, readString, required,
  type JsonObject, type ValueReader,
} from "../shared/read.js";
import { refIndex, type RefIndex } from "../shared/reference.js";
import { defaultSettings, type CompanySettings, type CustomDataField } from "../shared/settings.js";
import { isTimeZone } from "../shared/time.js";
import { limits } from "../shared/limits.js";
import { amountFromJson, type Amount } from "../stock/amount.js";
import { buildStoreListing, prepareStoreListingSearch, type StoreListing } from "../store-listing/build.js";
import type { Store } from "../store/store.js";
import { checkUniqueRaw, optionalText, rawIndex, readList, reference, type Placed } from "./fixture-read.js";
import { emptyListing, listingCatalog, stockView } from "./store-listings.js";
import { emptyTable, putRecord, type Catalogs, type Client, type CompanyState, type Listed } from "./state.js";

import type { FixtureCatalogValue, FixtureCatalog, FixtureForm, FixtureInterventionCategory, FixtureTemplateField, FixtureTemplate, FixtureClient, FixturePlainClient, FixtureHashedClient, FixtureSettings, FixtureUser, FixtureCatalogs } from "../shared/fixture-config.js";

export type { FixtureCatalogValue, FixtureCatalog, FixtureForm, FixtureInterventionCategory, FixtureTemplateField, FixtureTemplate, FixtureClient, FixturePlainClient, FixtureHashedClient, FixtureSettings, FixtureUser, FixtureCatalogs } from "../shared/fixture-config.js";

/** A material (MAT-4: not created through the interface). */
export interface FixtureMaterial {
  /** GUID. */
  id: string;
  /** External ID, unique among the company's materials. */
  externalId?: string;
  /** Name. */
  name: string;
  /** MaterialCategory GUID or slug. */
  categoryId: string;
  /** MaterialSupplier GUID or slug. */
  supplierId: string;
  /** Code. */
  identificationNumber?: string;
  /** Description. */
  description?: string;
  /** Supplier's code. */
  supplierCode?: string;
  /** Unit (MAT-2); default `Amounts`. */
  unit?: string;
  /** Sale price ≥ 0; default 0. */
  price?: number;
  /** Cost price ≥ 0. */
  costPrice?: number;
}

/** One stocked material of a store. */
export interface FixtureStockItem {
  /** Material GUID or external ID. */
  materialId: string;
  /** Amount ≥ 0, or `null` for unlimited (STK-1). */
  amount: number | null;
}

/** A store with its initial stock. */
export interface FixtureStore {
  /** GUID. */
  id: string;
  /** External ID, unique among the company's stores. */
  externalId?: string;
  /** Name. */
  name: string;
  /** Users (GUIDs or external IDs) who see and use the stock (STO-2). */
  availableFor: string[];
  /** Initial stock; default none. */
  stock?: Array<FixtureStockItem>;
}

/** A company of the fixture. */
export interface FixtureCompany {
  /** GUID, the `companyId` of the login answer. */
  id: string;
  /** Code clients log in with; unique in the fixture. */
  tenantCode: string;
  /** `companyName` of the login answer. */
  name: string;
  /** Integration clients (AUTH-1). */
  clients: Array<FixtureClient>;
  /** Settings; every one has a default. */
  settings?: FixtureSettings;
  /** Users; at least one Administrator (AUTH-6). */
  users: Array<FixtureUser>;
  /** Catalogs. */
  catalogs: FixtureCatalogs;
  /** Materials. */
  materials: Array<FixtureMaterial>;
  /** Stores. */
  stores: Array<FixtureStore>;
}

/**
 * What the interface itself cannot create: companies with their clients, settings, users,
 * catalogs, materials and stores. Exactly docs/service.md "Fixture"; references inside it
 * (`categoryId`, `availableFor`, `stock[].materialId`) may be GUIDs or slugs / external IDs
 * (GEN-3).
 */
export interface Fixture {
  /** The companies; each token sees only its own (AUTH-4). */
  companies: Array<FixtureCompany>;
}

const catalogKeys = [
  "customerCategories", "customerTypes", "orderCategories", "orderCustomStates",
  "interventionCategories", "interventionCustomStates", "materialCategories", "materialSuppliers",
] as const;

const templateTypes = ["string", "number", "boolean", "date"] as const;

function readCatalog(o: JsonObject, key: string, path: string, issues: Issue[], formIds: Set<string>): Placed<InterventionCategory>[] {
  const values = readList(o, key, path, issues, (v, p): Placed<InterventionCategory> | undefined => {
    const id = required(v, "id", p, issues, readGuid);
    const slug = required(v, "slug", p, issues, readNonBlank);
    const name = required(v, "name", p, issues, readNonBlank);
    const forms = readList(v, "forms", p, issues, (f, fp): CategoryForm | undefined => {
      const fid = required(f, "id", fp, issues, readGuid);
      const fname = required(f, "name", fp, issues, readNonBlank);
      if (fid !== undefined && formIds.has(fid)) issues.push(issue("Duplicate", joinPath(fp, "id"), "INT-6", `Duplicate form ID ${fid}.`));
      if (fid !== undefined) formIds.add(fid);
      return fid === undefined || fname === undefined ? undefined : { id: fid, name: fname };
    }, true);
    return id === undefined || slug === undefined || name === undefined ? undefined : { value: { id, slug, name, forms }, path: p };
  });
  checkUniqueRaw(o, key, "id", path, "Duplicate", "GEN-3", "ID", issues);
  checkUniqueRaw(o, key, "slug", path, "Duplicate", "GEN-3", "slug", issues);
  return values;
}

function listed<T>(values: readonly T[], idOf: (v: T) => Guid, keyOf: (v: T) => string | null): Listed<T> {
  return { ...refIndex(values, idOf, keyOf), list: values };
}

function plainCatalog(values: readonly Placed<InterventionCategory>[]): Listed<CatalogValue> {
  return listed(values.map((v): CatalogValue => ({ id: v.value.id, slug: v.value.slug, name: v.value.name })), (v) => v.id, (v) => v.slug);
}

const readTemplateField: ValueReader<CustomDataField> = (value, parent, key, issues) => {
  const o = readObject(value, parent, key, issues);
  if (o === undefined) return undefined;
  const p = joinPath(parent, key);
  const k = required(o, "key", p, issues, readNonBlank);
  const type = required(o, "type", p, issues, readEnum(templateTypes));
  const req = optionalValue(o, "required", p, issues, readBoolean) ?? false;
  return k === undefined || type === undefined ? undefined : { key: k, type, required: req };
};

function readTemplate(o: JsonObject, key: string, path: string, issues: Issue[]): readonly CustomDataField[] | null {
  if (!Object.hasOwn(o, key) || o[key] === null || o[key] === undefined) return null;
  const list = o[key];
  const p = joinPath(path, key);
  if (!Array.isArray(list)) {
    issues.push(issue("InvalidType", p, "ERR-2", "Expected an array of template fields."));
    return null;
  }
  const fields: CustomDataField[] = [];
  list.forEach((v: unknown, i) => {
    const f = readTemplateField(v, p, i, issues);
    if (f !== undefined) fields.push(f);
  });
  checkUniqueRaw(o, key, "key", path, "Duplicate", "CUS-8", "template key", issues);
  return fields;
}

function isLocale(locale: string): boolean {
  try {
    return Intl.Collator.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

function readSettings(company: JsonObject, path: string, issues: Issue[]): CompanySettings {
  const s = optionalValue(company, "settings", path, issues, readObject);
  if (s === undefined) return defaultSettings;
  const p = joinPath(path, "settings");
  // A bad zone or locale is reported once; the rest of the load goes on with the default, so
  // building the listings and day ranges never meets a value Intl would throw on.
  let timeZone = optionalValue(s, "timeZone", p, issues, readString) ?? defaultSettings.timeZone;
  if (!isTimeZone(timeZone)) {
    issues.push(issue("InvalidEnum", joinPath(p, "timeZone"), "GEN-10", `Unknown IANA time zone ${JSON.stringify(timeZone)} (GEN-10).`));
    timeZone = defaultSettings.timeZone;
  }
  let locale = optionalValue(s, "locale", p, issues, readString) ?? defaultSettings.locale;
  if (!isLocale(locale)) {
    issues.push(issue("InvalidEnum", joinPath(p, "locale"), "STO-5", `Unsupported collation locale ${JSON.stringify(locale)} (STO-5).`));
    locale = defaultSettings.locale;
  }
  const n = optionalValue(s, "notifications", p, issues, readObject);
  const np = joinPath(p, "notifications");
  const t = optionalValue(s, "customDataTemplates", p, issues, readObject);
  const tp = joinPath(p, "customDataTemplates");
  return {
    disableCollisions: optionalValue(s, "disableCollisions", p, issues, readBoolean) ?? defaultSettings.disableCollisions,
    timeZone,
    locale,
    notifications: {
      email: (n === undefined ? undefined : optionalValue(n, "email", np, issues, readBoolean)) ?? true,
      sms: (n === undefined ? undefined : optionalValue(n, "sms", np, issues, readBoolean)) ?? true,
    },
    customDataTemplates: {
      customer: t === undefined ? null : readTemplate(t, "customer", tp, issues),
      order: t === undefined ? null : readTemplate(t, "order", tp, issues),
    },
  };
}

function readUsers(company: JsonObject, path: string, issues: Issue[]): Placed<User>[] {
  const users = readList(company, "users", path, issues, (u, p): Placed<User> | undefined => {
    const id = required(u, "id", p, issues, readGuid);
    const externalId = optionalValue(u, "externalId", p, issues, readExternalId) ?? null;
    const name = required(u, "name", p, issues, readNonBlank);
    const roles = required(u, "roles", p, issues, readArray<UserRole>(readEnum(userRoles), 0, 100));
    const deactivated = optionalValue(u, "deactivated", p, issues, readBoolean) ?? false;
    if (id === undefined || name === undefined || roles === undefined) return undefined;
    return { value: { id, externalId, name, roles: [...new Set(roles)], deactivated }, path: p };
  });
  checkUniqueRaw(company, "users", "id", path, "Duplicate", "GEN-3", "user ID", issues);
  checkUniqueRaw(company, "users", "externalId", path, "DuplicateExternalId", "GEN-4", "user external ID", issues);
  return users;
}

function readMaterials(company: JsonObject, path: string, catalogs: JsonObject, issues: Issue[]): Placed<Material>[] {
  const categories = rawIndex(catalogs, "materialCategories", "slug");
  const suppliers = rawIndex(catalogs, "materialSuppliers", "slug");
  const materials = readList(company, "materials", path, issues, (m, p): Placed<Material> | undefined => {
    const id = required(m, "id", p, issues, readGuid);
    const externalId = optionalValue(m, "externalId", p, issues, readExternalId) ?? null;
    const name = required(m, "name", p, issues, readNonBlank);
    const categoryId = reference(required(m, "categoryId", p, issues, readString), categories, joinPath(p, "categoryId"), "MaterialCategory", issues);
    const supplierId = reference(required(m, "supplierId", p, issues, readString), suppliers, joinPath(p, "supplierId"), "MaterialSupplier", issues);
    const unit: MaterialUnit = optionalValue(m, "unit", p, issues, readEnum(materialUnits)) ?? "Amounts";
    const price = optionalValue(m, "price", p, issues, readNonNegativeDecimal) ?? new Dec(0);
    const costPrice = optionalValue(m, "costPrice", p, issues, readNonNegativeDecimal) ?? null;
    const material: Material | undefined =
      id === undefined || name === undefined || categoryId === undefined || supplierId === undefined
        ? undefined
        : {
            id, externalId, name, categoryId, supplierId,
            identificationNumber: optionalText(m, "identificationNumber", p, issues),
            description: optionalText(m, "description", p, issues),
            supplierCode: optionalText(m, "supplierCode", p, issues),
            unit, price, costPrice,
          };
    return material === undefined ? undefined : { value: material, path: p };
  });
  checkUniqueRaw(company, "materials", "id", path, "Duplicate", "GEN-3", "material ID", issues);
  checkUniqueRaw(company, "materials", "externalId", path, "DuplicateExternalId", "GEN-4", "material external ID", issues);
  return materials;
}

interface LoadedStore {
  readonly store: Store;
  readonly stock: Map<Guid, Amount>;
}

function readStores(company: JsonObject, path: string, users: RefIndex<{ readonly id: Guid }>, materials: RefIndex<{ readonly id: Guid }>, issues: Issue[]): Placed<LoadedStore>[] {
  const stores = readList(company, "stores", path, issues, (s, p): Placed<LoadedStore> | undefined => {
    const id = required(s, "id", p, issues, readGuid);
    const externalId = optionalValue(s, "externalId", p, issues, readExternalId) ?? null;
    const name = required(s, "name", p, issues, readNonBlank);
    const refs = required(s, "availableFor", p, issues, readArray(readString, 0, limits.availableFor)) ?? [];
    const availableFor: Guid[] = [];
    refs.forEach((ref, i) => {
      const u = reference(ref, users, joinPath(joinPath(p, "availableFor"), i), "user", issues);
      if (u !== undefined && !availableFor.includes(u)) availableFor.push(u);
    });
    const stock = new Map<Guid, Amount>();
    readList(s, "stock", p, issues, (item, ip) => {
      const m = reference(required(item, "materialId", ip, issues, readString), materials, joinPath(ip, "materialId"), "material", issues);
      let amount: Amount | undefined = undefined;
      if (!Object.hasOwn(item, "amount")) issues.push(issue("Required", joinPath(ip, "amount"), "STK-1", "amount is required (null means unlimited)."));
      else {
        amount = amountFromJson(item["amount"]);
        if (amount === undefined) {
          const negative = typeof item["amount"] === "number" && item["amount"] < 0;
          issues.push(issue(negative ? "Negative" : "InvalidType", joinPath(ip, "amount"), "STK-1", "Expected a number >= 0, or null for unlimited (STK-1)."));
        }
      }
      if (m !== undefined && stock.has(m)) issues.push(issue("Duplicate", joinPath(ip, "materialId"), "STK-1", "The store stocks this material twice."));
      else if (m !== undefined && amount !== undefined) stock.set(m, amount);
      return undefined;
    }, true);
    return id === undefined || name === undefined ? undefined : { value: { store: { id, externalId, name, availableFor }, stock }, path: p };
  });
  checkUniqueRaw(company, "stores", "id", path, "Duplicate", "GEN-3", "store ID", issues);
  checkUniqueRaw(company, "stores", "externalId", path, "DuplicateExternalId", "GEN-4", "store external ID", issues);
  return stores;
}

function readCompany(company: JsonObject, path: string, issues: Issue[], hasher: SecretHasher | undefined): CompanyState | undefined {
  const id = required(company, "id", path, issues, readGuid);
  const tenantCode = required(company, "tenantCode", path, issues, readNonBlank);
  const name = required(company, "name", path, issues, readNonBlank);
  const clients = readList(company, "clients", path, issues, (c, p): Placed<Client> | undefined => {
    const clientId = required(c, "clientId", p, issues, readNonBlank);
    // CRD-1: the plain secret (seeding input) or a stored form of it, exactly one.
    const hasSecret = Object.hasOwn(c, "secret") && c["secret"] !== null;
    const hasHash = Object.hasOwn(c, "secretHash") && c["secretHash"] !== null;
    if (hasSecret && hasHash) issues.push(issue("NotAllowed", joinPath(p, "secretHash"), "CRD-1", "A client carries secret (plain, hashed when seeded) or secretHash (a stored form), not both (CRD-1)."));
    const secret = hasHash ? undefined : required(c, "secret", p, issues, readNonBlank);
    const secretHash = hasHash ? required(c, "secretHash", p, issues, readNonBlank) : undefined;
    if (secretHash !== undefined && !(hasher?.accepts(secretHash) ?? isStoredSecret(secretHash))) {
      const why = isStoredSecret(secretHash)
        ? "a stored form this service's hasher cannot check: give the service the scrypt hasher (scryptSecrets of field-service-rules/postgres; the command-line server and the PostgreSQL storage use it)"
        : "not a stored form: scrypt$N$r$p$salt$hash with salt and key base64url (docs/decisions.md \"Secrets at rest\")";
      issues.push(issue("InvalidType", joinPath(p, "secretHash"), "CRD-1", `secretHash is ${why} (CRD-1).`));
    }
    if (clientId === undefined || (secret === undefined && secretHash === undefined) || issues.length > 0) return undefined;
    // Hashed once here: no state or storage built from this fixture holds the plain text (CRD-4).
    return { value: hasher === undefined ? { clientId, secretHash: "" } : storedClient({ clientId, secret, secretHash }, hasher), path: p };
  });
  checkUniqueRaw(company, "clients", "clientId", path, "Duplicate", "AUTH-1", "client ID", issues);
  const settings = readSettings(company, path, issues);
  const users = readUsers(company, path, issues);
  const admin = apiUser(users.map((u) => u.value));
  if (admin === undefined && Object.hasOwn(company, "users") && Array.isArray(company["users"])) {
    issues.push(issue("Required", joinPath(path, "users"), "AUTH-6", "The company needs a user with the role Administrator: the owner of records created through the API (AUTH-6)."));
  }
  const userIndex = listed(users.map((u) => u.value), (u) => u.id, (u) => u.externalId);

  const c = readObject(Object.hasOwn(company, "catalogs") ? company["catalogs"] : undefined, path, "catalogs", issues) ?? {};
  const cp = joinPath(path, "catalogs");
  const formIds = new Set<string>();
  const raw = Object.fromEntries(catalogKeys.map((k) => [k, readCatalog(c, k, cp, issues, formIds)])) as Record<(typeof catalogKeys)[number], Placed<InterventionCategory>[]>;
  const catalogs: Catalogs = {
    customerCategories: plainCatalog(raw.customerCategories),
    customerTypes: plainCatalog(raw.customerTypes),
    orderCategories: plainCatalog(raw.orderCategories),
    orderCustomStates: plainCatalog(raw.orderCustomStates),
    interventionCategories: listed(raw.interventionCategories.map((v) => v.value), (v) => v.id, (v) => v.slug),
    interventionCustomStates: plainCatalog(raw.interventionCustomStates),
    materialCategories: plainCatalog(raw.materialCategories),
    materialSuppliers: plainCatalog(raw.materialSuppliers),
  };
  for (const k of catalogKeys) {
    if (k !== "interventionCategories" && (raw[k].some((v) => v.value.forms.length > 0))) {
      raw[k].forEach((v) => { if (v.value.forms.length > 0) issues.push(issue("NotAllowed", joinPath(v.path, "forms"), "INT-6", "Only intervention categories have forms.")); });
    }
  }

  const materials = readMaterials(company, path, c, issues);
  const stores = readStores(company, path, rawIndex(company, "users", "externalId"), rawIndex(company, "materials", "externalId"), issues);

  if (id === undefined || tenantCode === undefined || name === undefined || admin === undefined) return undefined;
  const listings = new Map<Guid, StoreListing>();
  const state: CompanyState = {
    id, tenantCode, name,
    clients: clients.map((cl) => cl.value),
    settings,
    users: userIndex,
    apiUser: admin,
    catalogs,
    customers: emptyTable(),
    orders: emptyTable(),
    interventions: emptyTable(),
    interventionsByOrder: new Map(),
    materials: emptyTable(),
    stores: emptyTable(),
    listings,
    stock: stockView(listings),
    // A fixture holds no interventions, so no technician holds an allocation yet (ASN-5).
    allocations: emptyCollisionIndex,
  };
  for (const m of materials) putRecord(state.materials, m.value);
  // Listings are built only over a sound fixture (a bad one throws before use): building needs every stocked material.
  const catalog = listingCatalog(state);
  for (const s of stores) {
    putRecord(state.stores, s.value.store);
    const id = s.value.store.id;
    listings.set(id, issues.length === 0 ? prepareStoreListingSearch(buildStoreListing(id, s.value.stock, catalog)) : emptyListing(id, catalog));
  }
  return state;
}

/**
 * Checks a whole fixture and reports every bad place with its path
 * (`companies[0].stores[1].stock[2].materialId`): malformed values, duplicate IDs, external
 * IDs, slugs, tenant codes and client IDs, unknown references, an unknown time zone or
 * locale, a store stocking an unknown material, negative amounts, bad custom-data templates,
 * a company without an Administrator (AUTH-6).
 * @param fixture - the fixture, as any value
 * @returns every issue found; empty when the fixture is sound
 * @example
 * validateFixture({ companies: [] }) //=> []
 * validateFixture({})[0].path //=> "companies"
 */
export function validateFixture(fixture: unknown): Issue[] {
  const issues: Issue[] = [];
  readCompanies(fixture, issues, undefined);
  return issues;
}

function readCompanies(fixture: unknown, issues: Issue[], hasher: SecretHasher | undefined): CompanyState[] {
  const root = readObject(fixture, "", "", issues);
  if (root === undefined) return [];
  const companies = readList(root, "companies", "", issues, (c, p) => {
    const state = readCompany(c, p, issues, hasher);
    return state === undefined ? undefined : { value: state, path: p };
  });
  checkUniqueRaw(root, "companies", "id", "", "Duplicate", "AUTH-4", "company ID", issues);
  checkUniqueRaw(root, "companies", "tenantCode", "", "Duplicate", "AUTH-1", "tenant code", issues);
  return companies.map((c) => c.value);
}

/**
 * Loads a fixture into per-company in-memory state, after checking all of it: a broken
 * fixture throws one error listing every bad place, so bad configuration fails at start,
 * never later (docs/service.md "Fixture").
 * Each client's plain secret is hashed by `hasher` here (CRD-1, CRD-4); a `secretHash` is kept as given.
 * @param fixture - the fixture
 * @param hasher - how secrets are stored; default the in-memory fallback (`digestSecrets`)
 * @returns the companies' state, in fixture order
 * @throws Error naming every bad place when the fixture breaks its own rules
 * @example
 * loadFixture(demoFixture).map((c) => c.tenantCode) //=> ["demo", "teplo"]
 */
export function loadFixture(fixture: Fixture, hasher: SecretHasher = digestSecrets()): CompanyState[] {
  const issues: Issue[] = [];
  const companies = readCompanies(fixture, issues, hasher);
  if (issues.length > 0) {
    const lines = issues.map((i) => `  ${i.path === "" ? "(fixture)" : i.path}: ${i.code}: ${i.message}`);
    throw new Error(`Invalid fixture, ${issues.length} problem${issues.length === 1 ? "" : "s"}:\n${lines.join("\n")}`);
  }
  return companies;
}
