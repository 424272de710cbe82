// A locked stock turn's view, read with its lock (issue 33): when a company's hot stock is locked
// whole (contention.ts, `HotResources.heatedStock`), the statement that locks it is followed, in
// the same round trip, by one that reads every stock row of the stores it locks, with those
// stores and the materials the rows name. The view of the turn, with the writes that joined it
// while the lock was awaited, is then narrowed from what was read (`narrowedRow`), so the turn
// holds its locks for one round trip fewer. A turn whose writes name a material none of those
// rows hold reads its view as before. The materials are offered from the process's cache as a
// view offers them (MCA-1): those the company's last such read answered.
import type { Material } from "../material/material.js";
import { NESTED_LISTS } from "../order/owned-elements.js";
import { toGuid, type Guid } from "../shared/guid.js";
import type { Keys } from "../service/loads.js";
import { pathValue, type StoredOperation } from "../service/storage.js";
import { offeredMaterialsColumn, offerText, type KnownMaterial, type MaterialCache } from "./material-cache.js";
import { MATERIAL_COLUMNS } from "./materials.js";
import { materialKey, storedKey } from "./records.js";
import { quoteSchema } from "./sql.js";

/**
 * Most stock rows the read with the lock takes: past it, the stores are too wide to read whole
 * at each locked turn, and their views are read as before ({@link HotStockRead}).
 */
export const HOT_VIEW_ROWS = 256;

/** A store as the read with the lock answers it. */
interface HotStore {
  readonly id: Guid;
  /** The external ID as stored ({@link storedKey}), `null` when it has none. */
  readonly key: string | null;
  /** The record's version (what a view's stamp compares). */
  readonly version: number;
  /** The store's document, as a view statement answers it. */
  readonly doc: unknown;
  /** The version of the store's stock (0: never written). */
  readonly stock: number;
}

/** What a locked stock turn read with its lock: the stores it locked, all their stock rows, and the materials those rows name. */
export interface HotStockRead {
  readonly stores: readonly HotStore[];
  /** Every stock row of those stores, as `[store, material, amount]`, by store then position. */
  readonly stock: readonly (readonly [Guid, Guid, string | null])[];
  /** The materials the rows name, as records. */
  readonly materials: readonly Material[];
}

/**
 * The statement that reads a hot stock whole, sent behind its lock: the stores' records and stock
 * versions, their stock rows (at most {@link HOT_VIEW_ROWS} + 1, so a wider stock shows), and
 * the materials those rows name, each by its GUID alone when `offered` names its writer (MCA-1).
 * In the lock's transaction at READ COMMITTED, its snapshot is taken after the lock is granted,
 * as the view statement's would be.
 * @param schema - the storage's schema
 * @param companyId - the company
 * @param stores - the GUIDs of the stores the lock holds
 * @param offered - the materials offered ({@link HotOffers}); none when empty or left out
 * @returns the statement and its values
 */
export function hotStockStatement(schema: string, companyId: Guid, stores: readonly Guid[], offered?: ReadonlyMap<Guid, KnownMaterial>): { text: string; values: unknown[] } {
  const s = quoteSchema(schema);
  const offer = offered === undefined || offered.size === 0 ? undefined : offerText(offered);
  return {
    text: `WITH st AS (SELECT id, external_id, version, doc FROM ${s}.stores WHERE company_id = $1 AND id = ANY($2::uuid[])),
  k AS (SELECT store_id, material_id, amount, seq FROM ${s}.stock WHERE company_id = $1 AND store_id = ANY($2::uuid[]) ORDER BY store_id, seq LIMIT $3),
  m AS (SELECT ${MATERIAL_COLUMNS}, written_by::text AS w FROM ${s}.materials WHERE company_id = $1 AND id IN (SELECT material_id FROM k))
SELECT (SELECT json_agg(json_build_array(st.id, st.external_id, st.version, st.doc, COALESCE(v.version, 0))) FROM st LEFT JOIN ${s}.stock_versions v ON v.company_id = $1 AND v.store_id = st.id) AS stores,
  (SELECT json_agg(json_build_array(k.store_id, k.material_id, k.amount::text) ORDER BY k.store_id, k.seq) FROM k) AS stock,
  ${offeredMaterialsColumn(offer === undefined ? undefined : "$4::jsonb")}`,
    values: offer === undefined ? [companyId, [...stores], HOT_VIEW_ROWS + 1] : [companyId, [...stores], HOT_VIEW_ROWS + 1, offer],
  };
}

/**
 * What {@link hotStockStatement} answered, or `undefined` when the stores hold more than
 * {@link HOT_VIEW_ROWS} stock rows (their turns then read their views as before).
 * @param row - the statement's one row
 * @param materials - reads its `materials` column into records (`MaterialCache.answered` with what the statement offered)
 * @returns the stores, rows and materials read
 */
export function hotStockRead(row: Readonly<Record<string, unknown>> | undefined, materials: (answered: unknown) => Material[]): HotStockRead | undefined {
  const stock = (row?.["stock"] ?? []) as [Guid, Guid, string | null][];
  if (stock.length > HOT_VIEW_ROWS) return undefined;
  const stores = ((row?.["stores"] ?? []) as [Guid, string | null, number, unknown, number][]).map(([id, key, version, doc, versionOfStock]) => ({ id, key, version, doc, stock: versionOfStock }));
  return { stores, stock, materials: materials(row?.["materials"]) };
}

/**
 * What each company's next read with the lock offers (MCA-1): the materials its last one
 * answered that the process's {@link MaterialCache} still holds. A hot stock is read again and
 * again with the same materials, and an offer is only a candidate: a row written since is read
 * whole. At most one list a company, of at most {@link HOT_VIEW_ROWS} + 1 GUIDs. MCA-1 is
 * `MaterialCache`'s; this only chooses what to offer.
 */
export class HotOffers {
  readonly #last = new Map<Guid, readonly Guid[]>();

  /**
   * What a read of `company`'s hot stock offers.
   * @param company - the company
   * @param cache - the process's materials
   * @returns the materials offered, by GUID
   */
  offer(company: Guid, cache: MaterialCache): Map<Guid, KnownMaterial> {
    // Stryker disable next-line ArrayDeclaration: an offer is only a candidate: a material offered that the read does not match is never answered, so offering one more (or less) changes the answer's form, not what is read
    return cache.known(company, this.#last.get(company) ?? [], []);
  }

  /**
   * Notes what a read of `company`'s hot stock answered.
   * @param company - the company
   * @param read - what it read
   */
  answered(company: Guid, read: HotStockRead): void {
    this.#last.set(company, read.materials.map((m) => m.id));
  }
}

/** A view narrowed from a read with the lock: a view statement's row and its materials as records, what `viewOfRow` takes. */
export interface NarrowedView {
  /** The sections of a view statement's row, but `materials`. */
  readonly row: Record<string, unknown>;
  /** The materials the operation names, as records. */
  readonly materials: Material[];
}

/**
 * The sections of a view statement's row (`viewOfRow` in records.ts) for `operation`, taken from
 * what its turn read with the lock: exactly what `CompanyRecords.view` would read for it under
 * that lock (the path stores' records and stock versions, the named materials, their stock rows
 * in those stores in the same order), or `undefined` when the read does not cover it. It covers a
 * stock write (stock of the materials named, no idempotency key) whose path names only stores
 * the read holds and whose every material is one of the read's rows: a material none of those
 * rows names may still exist, and only a view statement can say.
 * @param operation - the turn's operation (a group's, with every write's path stores and loads)
 * @param read - what the turn read with its lock
 * @returns the row and materials, or `undefined`
 */
export function narrowedRow(operation: StoredOperation, read: HotStockRead): NarrowedView | undefined {
  if (!narrowable(operation)) return undefined;
  const loads = operation.loads;
  const stores = new Map<Guid, HotStore>();
  for (const p of operation.params) {
    if (p.name !== "store" && p.name !== "toStore") return undefined;
    const value = pathValue(operation, p.value);
    const found = read.stores.find((x) => (operation.form === "id" ? x.id === value : x.key === storedKey(value)));
    if (found === undefined) return undefined;
    stores.set(found.id, found);
  }
  const materials = new Map<Guid, Material>();
  const byId = new Map(read.materials.map((m) => [m.id, m]));
  // A material without an external ID sits under `null`, which no key equals.
  const byKey = new Map(read.materials.map((m) => [m.externalId, m]));
  for (const id of loads.materials.ids) {
    const found = byId.get(id.toLowerCase() as Guid);
    if (found === undefined) return undefined;
    materials.set(found.id, found);
  }
  for (const key of loads.materials.externalIds) {
    const stored = materialKey(key);
    // Stryker disable next-line ConditionalExpression: `byKey` holds texts and `null`, never `undefined`, so `byKey.get(undefined)` finds nothing too
    const found = stored === undefined ? undefined : byKey.get(stored);
    if (found !== undefined) {
      materials.set(found.id, found);
      continue;
    }
    // A reference is looked up by GUID and by external ID (`KeyBag.ref`), and a GUID-shaped one
    // that names a material's GUID picks that material (GEN-3, `findReference`): its lookup as an
    // external ID serves only a GUID that names none, so it needs no row here.
    const guid = toGuid(key);
    // Stryker disable next-line ConditionalExpression: a key that is no GUID has none (`undefined`), which no material read is kept under either
    if (guid === undefined || !materials.has(guid)) return undefined;
  }
  const row: Record<string, unknown> = {
    stores: [...stores.values()].map((x) => [x.version, x.doc]),
    path_stores: [...stores.values()].map((x) => [x.id, x.stock]),
    stock: read.stock.filter(([store, material]) => stores.has(store) && materials.has(material)),
  };
  return { row, materials: [...materials.values()] };
}

/**
 * Whether a whole read of stock can cover what `operation` reads ({@link narrowedRow}): a stock
 * write without an idempotency key that reads the stock of the materials it names and no other
 * record. A hot or busy stock is read whole, locked or not, only for such a turn (contention.ts,
 * `HotResources.heatedStock`): another would read its view after it anyway.
 * @param operation - the turn's operation
 * @returns whether its view may be narrowed from a whole read
 * @example
 * narrowable({ idempotencyKey: "k" } as StoredOperation) //=> false
 */
export function narrowable(operation: StoredOperation): boolean {
  const loads = operation.loads;
  if (operation.idempotencyKey !== null || loads.stock !== "named" || loads.orderCustomers || loads.orderInterventions || loads.allocations !== undefined) return false;
  const elements = loads.customerElements;
  const noElementKeys = NESTED_LISTS.every((list) => elements.externalIds[list].length === 0);
  return elements.ids.length === 0 && noElementKeys && none(loads.customers) && none(loads.orders) && none(loads.interventions) && none(loads.stores);
}

function none(keys: Keys): boolean {
  return keys.ids.length === 0 && keys.externalIds.length === 0;
}
