import type { Customer } from "../customer/customer.js";
import type { Material } from "../material/material.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { FixtureCatalogs, FixtureSettings, FixtureUser } from "../shared/fixture-config.js";
import type { Guid } from "../shared/guid.js";
import type { Store } from "../store/store.js";

/**
 * The scope of a device's replica (SYN-1): one technician's visits on a span of days, in the
 * company's time zone. `GET /sync?scope=technician:{userId}&from=DAY&to=DAY&since=CURSOR`.
 */
export interface SyncScope {
  /** GUID of the technician. */
  readonly userId: Guid;
  /** First day, `YYYY-MM-DD`, inclusive. */
  readonly from: string;
  /** Last day, `YYYY-MM-DD`, inclusive. */
  readonly to: string;
}

/** The company's configuration as a replica needs it: the fixture's form, without the clients (their secrets stay on the server). */
export interface SyncCompany {
  /** GUID of the company. */
  readonly id: Guid;
  /** Code used to log in. */
  readonly tenantCode: string;
  /** Display name. */
  readonly name: string;
  /** Settings, every default resolved. */
  readonly settings: FixtureSettings;
  /** Every user, in fixture order (AUTH-6 reads the first Administrator). */
  readonly users: readonly FixtureUser[];
  /** Every catalog, in fixture order (CUS-5). */
  readonly catalogs: FixtureCatalogs;
}

/** A material as JSON: the stored record with its prices as decimal strings (exact, MAT-3). */
export interface SyncMaterial extends Omit<Material, "price" | "costPrice"> {
  /** Sale price, a decimal string. */
  readonly price: string;
  /** Cost price, a decimal string, or `null`. */
  readonly costPrice: string | null;
}

/** Stock of one store in an answer. */
export interface SyncStock {
  /** GUID of the store. */
  readonly storeId: Guid;
  /** `true`: `items` is the store's whole stock (replace); `false`: only the amounts that changed (merge). */
  readonly whole: boolean;
  /** Amounts in the order first stocked; `amount` a decimal string, `null` for unlimited. */
  readonly items: readonly { readonly materialId: Guid; readonly amount: string | null }[];
}

/** The time slots of one intervention that the collision rule (ASN-5) reads: none when it is cancelled or off the scope's days. */
export interface SyncAllocation {
  /** GUID of the intervention. */
  readonly interventionId: Guid;
  /** Its slots, `plannedStart`/`plannedEnd` as epoch milliseconds. */
  readonly slots: readonly { readonly userId: Guid; readonly plannedStart: number; readonly plannedEnd: number }[];
}

/**
 * What `GET /sync` answers (SYN-2): the records a technician's device needs for the scope, as
 * stored (the journal's change records' form), changed since the cursor, and the next cursor.
 * With `full`, the answer is the whole scope and replaces the replica; otherwise it is merged
 * on top, and `keep` lists what is still in scope so the replica drops the rest.
 */
export interface SyncAnswer {
  /** Opaque; send it as `since` on the next pull of the same scope. */
  readonly cursor: string;
  /** `true`: the whole scope (first pull, another scope, or a cursor too old): replace the replica. */
  readonly full: boolean;
  /** The scope answered. */
  readonly scope: SyncScope;
  /** The company's configuration, always whole (it is small). */
  readonly company: SyncCompany;
  /** Customers put (as stored). */
  readonly customers: readonly Customer[];
  /** Orders put (as stored). */
  readonly orders: readonly Order[];
  /** Interventions put (as stored). */
  readonly interventions: readonly Intervention[];
  /** Materials put. */
  readonly materials: readonly SyncMaterial[];
  /** Stores put (as stored). */
  readonly stores: readonly Store[];
  /** Stock, per store. */
  readonly stock: readonly SyncStock[];
  /** Allocations of the scope's days, per intervention (replace that intervention's slots). */
  readonly allocations: readonly SyncAllocation[];
  /** GUIDs of the records in scope now (orders, interventions, customers, stores); `null` on a full answer. Materials in scope are those stocked in kept stores. */
  readonly keep: {
    readonly customers: readonly Guid[];
    readonly orders: readonly Guid[];
    readonly interventions: readonly Guid[];
    readonly stores: readonly Guid[];
  } | null;
}

/**
 * A device's replica of one scope, as JSON-level records: what `mergeSyncAnswer` builds from
 * successive answers, and what the offline client decides on (it loads these into a company
 * state and runs the service's own decisions on it).
 */
export interface SyncReplica {
  /** The cursor of the last answer merged. */
  readonly cursor: string;
  /** The scope it holds. */
  readonly scope: SyncScope;
  /** The company's configuration. */
  readonly company: SyncCompany;
  /** Customers by GUID. */
  readonly customers: ReadonlyMap<Guid, Customer>;
  /** Orders by GUID. */
  readonly orders: ReadonlyMap<Guid, Order>;
  /** Interventions by GUID. */
  readonly interventions: ReadonlyMap<Guid, Intervention>;
  /** Materials by GUID. */
  readonly materials: ReadonlyMap<Guid, SyncMaterial>;
  /** Stores by GUID. */
  readonly stores: ReadonlyMap<Guid, Store>;
  /** Stock per store GUID: material GUID to amount (decimal string, `null` unlimited), in the order first stocked. */
  readonly stock: ReadonlyMap<Guid, ReadonlyMap<Guid, string | null>>;
  /** Slots per intervention GUID on the scope's days (what ASN-5 reads). */
  readonly allocations: ReadonlyMap<Guid, SyncAllocation["slots"]>;
}
