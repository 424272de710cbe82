import type { User } from "../auth/user.js";
import { updateCollisionIndexBatch, type CollisionIndex, type CollisionUpdate } from "../assignation/collision-index.js";
import type { Customer } from "../customer/customer.js";
import type { Intervention } from "../records/intervention.js";
import type { Material } from "../material/material.js";
import type { Order } from "../records/order.js";
import type { CatalogValue, InterventionCategory } from "../shared/catalog.js";
import type { Guid } from "../shared/guid.js";
import type { RefIndex } from "../shared/reference.js";
import type { CompanySettings } from "../shared/settings.js";
import type { Amount } from "../stock/amount.js";
import type { StockChanges } from "../stock/batch.js";
import type { StoreListing } from "../store-listing/build.js";
import type { Store } from "../store/store.js";
import { applyStockToListings, emptyListing, listingCatalog, listingFieldsChanged, rebuildListingsOf } from "./store-listings.js";

/** A record the service stores: addressed by GUID and, optionally, by external ID (GEN-2, GEN-4). */
export interface Addressable {
  /** GUID. */
  readonly id: Guid;
  /** External ID, unique per record type within a company (GEN-4), or `null`. */
  readonly externalId: string | null;
}

/**
 * The records of one type in one company, indexed by GUID and by external ID. It is a
 * {@link RefIndex}, so GEN-3 references resolve against it directly, and `byKey` is the
 * external-ID index GEN-4 checks duplicates against.
 */
export interface Table<T extends Addressable> extends RefIndex<T> {
  /** Records by GUID, in insertion order. */
  readonly byId: Map<Guid, T>;
  /** Records by external ID. */
  readonly byKey: Map<string, T>;
}

/** Fixed values addressed by GUID or key, kept in fixture order (CUS-5 takes the first). */
export interface Listed<T> extends RefIndex<T> {
  /** The values in fixture order. */
  readonly list: readonly T[];
}

/** The catalogs of a company (docs/service.md "Fixture"); each resolves by GUID or slug (GEN-3). */
export interface Catalogs {
  /** CustomerCategory values. */
  readonly customerCategories: Listed<CatalogValue>;
  /** CustomerType values. */
  readonly customerTypes: Listed<CatalogValue>;
  /** OrderCategory values. */
  readonly orderCategories: Listed<CatalogValue>;
  /** OrderCustomState values. */
  readonly orderCustomStates: Listed<CatalogValue>;
  /** InterventionCategory values with their forms (INT-6). */
  readonly interventionCategories: Listed<InterventionCategory>;
  /** InterventionCustomState values. */
  readonly interventionCustomStates: Listed<CatalogValue>;
  /** MaterialCategory values. */
  readonly materialCategories: Listed<CatalogValue>;
  /** MaterialSupplier values. */
  readonly materialSuppliers: Listed<CatalogValue>;
}

/** An integration client that may log in (AUTH-1), its secret as a stored form only (CRD-1). */
export interface Client {
  /** Client ID. */
  readonly clientId: string;
  /** The stored form of the secret (`scrypt$N$r$p$salt$hash`, or the in-memory fallback's `sha256$salt$hash`): never the plain text (CRD-4). */
  readonly secretHash: string;
}

/**
 * Everything the service holds for one company. Only `commit` changes it; handlers
 * read it and return {@link Changes}.
 */
export interface CompanyState {
  /** GUID of the company. */
  readonly id: Guid;
  /** Code used to log in (AUTH-1). */
  readonly tenantCode: string;
  /** Display name. */
  readonly name: string;
  /** Integration clients (AUTH-1). */
  readonly clients: readonly Client[];
  /** Settings, defaults resolved. */
  readonly settings: CompanySettings;
  /** Users, by GUID or external ID (GEN-3), in fixture order. */
  readonly users: Listed<User>;
  /** The first Administrator: the acting user of API writes (AUTH-6). */
  readonly apiUser: User;
  /** Catalogs. */
  readonly catalogs: Catalogs;
  /** Customers. */
  readonly customers: Table<Customer>;
  /** Orders. */
  readonly orders: Table<Order>;
  /** Interventions. */
  readonly interventions: Table<Intervention>;
  /** GUIDs of each order's interventions, in planning order (the order read shape's `interventionIds`). */
  readonly interventionsByOrder: Map<Guid, Guid[]>;
  /** Materials. */
  readonly materials: Table<Material>;
  /** Stores. */
  readonly stores: Table<Store>;
  /**
   * One store-listing index per store GUID (STO-4, STO-5): the single holder of each store's
   * stock. Replaced only by `commit`: updated incrementally on stock changes, rebuilt
   * when a stocked material's listed fields change.
   */
  readonly listings: Map<Guid, StoreListing>;
  /**
   * Stock per store GUID (material GUID to amount, in the order first stocked): a read-only
   * live view of {@link CompanyState.listings}, so stock and listing can never disagree.
   */
  readonly stock: ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>>;
  /**
   * Allocations of the non-cancelled interventions per technician (ASN-5). A persistent
   * index, replaced only by `commit` whenever interventions are put, so a plan or
   * replan reads the current one without a per-request rebuild.
   */
  allocations: CollisionIndex;
}

/**
 * What a handler asks to write: whole records to put (insert or replace by GUID) and new
 * stock amounts per store. Committed in one step, and only when the request succeeds and
 * is not a dry run (GEN-8).
 */
export interface Changes {
  /** Customers to put. */
  readonly customers?: readonly Customer[];
  /** Orders to put. */
  readonly orders?: readonly Order[];
  /** Interventions to put. */
  readonly interventions?: readonly Intervention[];
  /** Materials to put. */
  readonly materials?: readonly Material[];
  /** Stores to put (a new GUID creates the store with empty stock). */
  readonly stores?: readonly Store[];
  /** New amounts of the touched materials, per store GUID (from `src/stock/`). */
  readonly stock?: ReadonlyMap<Guid, StockChanges>;
}

/**
 * An empty table.
 * @returns a table with no records
 */
export function emptyTable<T extends Addressable>(): Table<T> {
  return { byId: new Map(), byKey: new Map() };
}

/**
 * Puts one record into a table, keeping the external-ID index in step (a changed or
 * cleared external ID frees the old one).
 * @param table - the table, changed in place
 * @param record - the record to insert or replace
 * @returns whether the record is new to the table
 */
export function putRecord<T extends Addressable>(table: Table<T>, record: T): boolean {
  const old = table.byId.get(record.id);
  if (old !== undefined && old.externalId !== null && old.externalId !== record.externalId && table.byKey.get(old.externalId) === old) {
    table.byKey.delete(old.externalId);
  }
  table.byId.set(record.id, record);
  if (record.externalId !== null) table.byKey.set(record.externalId, record);
  return old === undefined;
}

/**
 * The interventions of an order, in planning order.
 * @param state - the company
 * @param orderId - GUID of the order
 * @returns its interventions
 */
export function interventionsOf(state: CompanyState, orderId: Guid): Intervention[] {
  const ids = state.interventionsByOrder.get(orderId) ?? [];
  const out: Intervention[] = [];
  for (const id of ids) {
    const i = state.interventions.byId.get(id);
    if (i !== undefined) out.push(i);
  }
  return out;
}

/**
 * Applies a change set to a company in one step: the only function that writes company
 * state. Called after a handler succeeded and only when the request is not a dry run, so
 * a refused request or a dry run changes nothing (GEN-8). Changes are plain puts that
 * cannot fail half-way.
 * @param state - the company, changed in place
 * @param changes - the records and stock amounts to write
 */
export function commit(state: CompanyState, changes: Changes): void {
  for (const c of changes.customers ?? []) putRecord(state.customers, c);
  for (const o of changes.orders ?? []) putRecord(state.orders, o);
  // One index update for the whole change set: an order cancel touches each technician once.
  const reindex: CollisionUpdate[] = [];
  for (const i of changes.interventions ?? []) {
    const before = state.interventions.byId.get(i.id);
    // Lifecycle moves and edits keep the same assignations array: nothing to re-index.
    if (before === undefined || before.assignations !== i.assignations || (before.state === "Cancelled") !== (i.state === "Cancelled")) {
      reindex.push({ before, after: i });
    }
    if (putRecord(state.interventions, i)) {
      const list = state.interventionsByOrder.get(i.orderId);
      if (list === undefined) state.interventionsByOrder.set(i.orderId, [i.id]);
      else list.push(i.id);
    }
  }
  if (reindex.length > 0) state.allocations = updateCollisionIndexBatch(state.allocations, reindex);
  const catalog = listingCatalog(state);
  const edited = new Set<Guid>();
  for (const m of changes.materials ?? []) {
    const before = state.materials.byId.get(m.id);
    putRecord(state.materials, m);
    if (before !== undefined && listingFieldsChanged(before, m)) edited.add(m.id);
  }
  for (const s of changes.stores ?? []) {
    if (putRecord(state.stores, s)) state.listings.set(s.id, emptyListing(s.id, catalog));
  }
  // Stock changes move entries in the kept orders; a material edit re-derives the listings stocking it.
  if (changes.stock !== undefined) applyStockToListings(state.listings, changes.stock, catalog);
  rebuildListingsOf(state.listings, edited, catalog);
}
