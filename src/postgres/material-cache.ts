// The materials one process has read (issue 33): a view statement sends, for each material it
// names that this process has read before, the transaction that wrote the row then, and
// PostgreSQL answers only the GUID of a row still as that transaction left it; the record
// comes from here. A stock set or move names its materials only to find their GUIDs; reading,
// parsing and checking their whole rows was 8.0% of a set's instructions, 1–2% of its CPU over
// HTTP (docs/performance.md, "Counting instructions"). A locked turn's read of its company's hot
// stock (hot-view.ts) offers materials the same way.
import type { Guid } from "../shared/guid.js";
import type { Material } from "../material/material.js";
import { materialFromRow } from "./materials.js";
import { asRow, text } from "./sql.js";

/**
 * Most materials the cache holds, over all companies; past it, it forgets them all and starts
 * again (a write of one more costs one full read of each material the next views name).
 */
export const MATERIAL_CACHE_LIMIT = 4096;

/**
 * The `materials` column of a statement whose CTE `m` selects `MATERIAL_COLUMNS` and
 * `written_by::text AS w`: each row whole (`row_to_json`), or its GUID alone (`[id]`) when
 * `offer`, a bound `jsonb` of GUID to writer ({@link offerText}), names the writer it still has.
 * The one form of an offer's answer, read back by {@link MaterialCache.answered} (MCA-1, whose
 * owner is {@link MaterialCache}).
 * @param offer - the bound parameter of the offer (`$n::jsonb`), or `undefined` to offer none
 * @returns the column's SQL
 */
export function offeredMaterialsColumn(offer: string | undefined): string {
  return offer === undefined
    ? "(SELECT json_agg(row_to_json(m)) FROM m) AS materials"
    : `(SELECT json_agg(CASE WHEN m.w = ${offer} ->> m.id::text THEN json_build_array(m.id) ELSE row_to_json(m) END) FROM m) AS materials`;
}

/**
 * An offer as the statement binds it: a JSON object of GUID to writer.
 * @param known - the materials offered
 * @returns the JSON text
 */
export function offerText(known: ReadonlyMap<Guid, KnownMaterial>): string {
  const writers: Record<string, string> = {};
  for (const [id, k] of known) writers[id] = k.writer;
  return JSON.stringify(writers);
}

/** A material as read, with the transaction that wrote its row (`written_by`, as text). */
export interface KnownMaterial {
  /** `written_by::text` of the row the record was read from. */
  readonly writer: string;
  /** The record read from that row. */
  readonly material: Material;
}

/** One company's materials: by GUID, and each GUID by stored external ID. */
interface CompanyMaterials {
  readonly byId: Map<Guid, KnownMaterial>;
  readonly byKey: Map<string, Guid>;
}

/**
 * The materials a process has read, by company, GUID and stored external ID, each with the
 * transaction that wrote its row. Why that is enough: every write of a material row sets
 * `written_by` to its own transaction (`materialUpsertCte`), and a transaction writes a row once
 * (one upsert statement cannot affect a row twice), so a row's `written_by` names one content.
 * A row whose `written_by` is the one known holds the record known; any other is read whole.
 * @rule MCA-1
 * @example
 * const cache = new MaterialCache();
 * cache.known("c0000000-0000-4000-8000-000000000001" as Guid, [], ["MAT-001"]).size //=> 0
 */
export class MaterialCache {
  readonly #companies = new Map<Guid, CompanyMaterials>();
  #size = 0;

  /** How many materials it holds. */
  get size(): number {
    return this.#size;
  }

  /**
   * The materials known among those a view names, by GUID.
   * @param company - the company
   * @param ids - the GUIDs it names (lower case)
   * @param keys - the external IDs it names, as material rows hold them (`materialKey`)
   * @returns those known, by GUID (a new map: the cache may forget them meanwhile)
   */
  known(company: Guid, ids: readonly Guid[], keys: readonly string[]): Map<Guid, KnownMaterial> {
    const found = new Map<Guid, KnownMaterial>();
    const materials = this.#companies.get(company);
    if (materials === undefined) return found;
    for (const id of ids) {
      const known = materials.byId.get(id);
      if (known !== undefined) found.set(id, known);
    }
    for (const key of keys) {
      // A key that has moved to another material since offers the old one, whose row the view
      // does not match: the row it matches is read whole, as any row not offered.
      const id = materials.byKey.get(key);
      // Stryker disable next-line ConditionalExpression: without it `byId.get(undefined)` finds nothing, the same
      if (id === undefined) continue;
      const known = materials.byId.get(id);
      // Stryker disable next-line ConditionalExpression: a key and its record are kept and forgotten together, so a key found has its record
      if (known !== undefined) found.set(id, known);
    }
    return found;
  }

  /**
   * The materials a statement answered ({@link offeredMaterialsColumn}): a row read whole becomes
   * a record, remembered with the transaction that wrote it; a GUID alone is the record offered.
   * @param company - the company
   * @param answered - the `materials` column (`null` when no row matched, `undefined` when the statement read none)
   * @param offered - what the statement offered (`undefined`: nothing)
   * @returns the records, in the order answered
   * @throws Error when a GUID alone names a material the statement did not offer
   */
  answered(company: Guid, answered: unknown, offered: ReadonlyMap<Guid, KnownMaterial> | undefined): Material[] {
    const out: Material[] = [];
    for (const r of (answered as unknown[] | null | undefined) ?? []) {
      if (Array.isArray(r)) {
        // Stryker disable next-line OptionalChaining: a GUID alone is answered only for a material offered; without an offer both forms throw
        const k = offered?.get(r[0] as Guid);
        if (k === undefined) throw new Error(`PostgreSQL view: material ${String(r[0])} answered by its GUID alone was not offered`);
        out.push(k.material);
        continue;
      }
      const row = asRow(r);
      const material = materialFromRow(row);
      this.remember(company, material, text(row, "w"), material.externalId);
      out.push(material);
    }
    return out;
  }

  /**
   * Remembers a material read whole, with the transaction that wrote its row.
   * @param company - the company
   * @param material - the record
   * @param writer - `written_by::text` of its row
   * @param key - its external ID (as its row holds it, `materialKey`), `null` when it has none
   */
  remember(company: Guid, material: Material, writer: string, key: string | null): void {
    if (this.#size >= MATERIAL_CACHE_LIMIT) {
      this.#companies.clear();
      this.#size = 0;
    }
    let materials = this.#companies.get(company);
    if (materials === undefined) {
      materials = { byId: new Map(), byKey: new Map() };
      this.#companies.set(company, materials);
    }
    if (!materials.byId.has(material.id)) this.#size++;
    materials.byId.set(material.id, { writer, material });
    // Stryker disable next-line ConditionalExpression: a `null` key is never looked up (a view's keys are texts), so keeping one changes no offer
    if (key !== null) materials.byKey.set(key, material.id);
  }
}
