import { ABSENT, checkNotNull, type Tri, type Absent } from "./field.js";
import type { Guid } from "./guid.js";
import { fail, issue, joinPath, ok, type Issue, type Result } from "./issue.js";
import { unknownReference, type RefIndex } from "./reference.js";

/** Which identifiers an add-or-edit request sent (UPS-1 to UPS-4): the rows of the table. 
 * @internal
 */
export type UpsertIdentifiers = "neither" | "externalIdOnly" | "both" | "idOnly";

/** What an add-or-edit does with its record: create one, or edit the one found. 
 * @internal
 */
export type UpsertTarget<T> =
  | {
      /** Discriminant: a new record is created. */
      readonly action: "create";
      /** External ID the new record gets (`null`: none). */
      readonly externalId: string | null;
    }
  | {
      /** Discriminant: an existing record is edited. */
      readonly action: "edit";
      /** The record to edit. */
      readonly record: T;
    };

/** The facts one row of the table decides on: what was sent and what the lookups found. 
 * @internal
 */
export interface UpsertLookup<T> {
  /** The `id` sent, or {@link ABSENT}. */
  readonly id: Absent | Guid;
  /** The `externalId` sent, or {@link ABSENT}. */
  readonly externalId: Absent | string;
  /** The record whose GUID is `id`, if any. */
  readonly byId: T | undefined;
  /** The record whose external ID is `externalId`, if any. */
  readonly byExternalId: T | undefined;
  /** JSON path of the object carrying the identifiers (`""`, `contactPeople[2]`). */
  readonly path: string;
}

/**
 * The identifier decision table of add-or-edit, one row per combination of identifiers
 * sent. The same table decides top-level records (customers, orders) and nested elements
 * (contact people, addresses, devices), so the rule has one home. Applies UPS-1 to UPS-4.
 * @rule UPS-1
 * @rule UPS-2
 * @rule UPS-3
 * @rule UPS-4
 * @internal
 */
export const upsertTable: {
  readonly [R in UpsertIdentifiers]: <T>(lookup: UpsertLookup<T>) => Result<UpsertTarget<T>>;
} = {
  // UPS-1: always a new record.
  neither: () => ok({ action: "create", externalId: null }),
  // UPS-2: edit the record with that external ID, else create one carrying it.
  externalIdOnly: (l) =>
    l.byExternalId !== undefined
      ? ok({ action: "edit", record: l.byExternalId })
      : ok({ action: "create", externalId: l.externalId === ABSENT ? null : l.externalId }),
  // UPS-3: one record must match both; the external ID is never set or changed here.
  both: (l) => {
    if (l.byId === undefined) {
      return fail([unknownReference(joinPath(l.path, "id"), "record", String(l.id))]);
    }
    if (l.byExternalId !== l.byId) {
      return fail([
        issue(
          "IdMismatch",
          joinPath(l.path, "externalId"),
          "UPS-3",
          "The ID and the external ID do not name the same record; the external ID cannot be set or changed by add-or-edit (UPS-3).",
        ),
      ]);
    }
    return ok({ action: "edit", record: l.byId });
  },
  // UPS-4: that record must exist.
  idOnly: (l) =>
    l.byId !== undefined
      ? ok({ action: "edit", record: l.byId })
      : fail([unknownReference(joinPath(l.path, "id"), "record", String(l.id))]),
};

/**
 * The row of {@link upsertTable} a request falls in.
 * @param id - the `id` sent, or {@link ABSENT}
 * @param externalId - the `externalId` sent, or {@link ABSENT}
 * @returns the row
 * @example
 * upsertRow(ABSENT, "C-1") //=> "externalIdOnly"
 * @internal
 */
export function upsertRow(id: Absent | Guid, externalId: Absent | string): UpsertIdentifiers {
  if (id === ABSENT) return externalId === ABSENT ? "neither" : "externalIdOnly";
  return externalId === ABSENT ? "idOnly" : "both";
}

/**
 * Decides what an add-or-edit does: looks the identifiers up and applies the row of
 * {@link upsertTable}. `id` and `externalId` sent as `null` count as not sent. Applies
 * UPS-1 to UPS-4.
 * @param id - the `id` sent, or {@link ABSENT}
 * @param externalId - the `externalId` sent, or {@link ABSENT}
 * @param index - the existing records, by GUID and by external ID
 * @param path - JSON path of the object carrying the identifiers
 * @returns create (with the external ID to give) or edit (with the record), or the issue
 * @example
 * const customers = refIndex([customer], (c) => c.id, (c) => c.externalId);
 * decideUpsert(ABSENT, "CUST-9", customers, "") //=> { ok: true, value: { action: "create", externalId: "CUST-9" } }
 * decideUpsert(ABSENT, "CUST-1", customers, "").value.action //=> "edit"
 * @internal
 */
export function decideUpsert<T>(
  id: Absent | Guid,
  externalId: Absent | string,
  index: RefIndex<T>,
  path = "",
): Result<UpsertTarget<T>> {
  const lookup: UpsertLookup<T> = {
    id,
    externalId,
    byId: id === ABSENT ? undefined : index.byId.get(id),
    byExternalId: externalId === ABSENT ? undefined : index.byKey.get(externalId),
    path,
  };
  return upsertTable[upsertRow(id, externalId)](lookup);
}

/**
 * The value of an optional (nullable) field after an add or an edit: left out keeps
 * `current` (pass `null` when creating), `null` clears, a value replaces. Applies GEN-5
 * and UPS-5.
 * @param tri - the field as sent
 * @param current - the record's value, `null` when creating
 * @returns the field's new value
 * @rule UPS-5
 * @example
 * optionalField(ABSENT, "x") //=> "x"
 * optionalField(null, "x") //=> null
 * @internal
 */
export function optionalField<T>(tri: Tri<T>, current: T | null): T | null {
  return tri === ABSENT ? current : tri;
}

/**
 * The value of a field that is never empty after an add or an edit: left out keeps
 * `current` or, when creating (`current` undefined), takes the default; `null` counts as
 * left out when creating and is `Required` on an edit. Applies GEN-5, UPS-5 and UPS-7
 * (defaults only on create).
 * @param tri - the field as sent
 * @param current - the record's value, `undefined` when creating
 * @param fallback - the default, computed only when needed
 * @param path - JSON path of the field, for the issue
 * @param issues - where the issue goes
 * @returns the field's new value (`current` after reporting)
 * @rule UPS-7
 * @example
 * const issues = [];
 * requiredField(null, undefined, () => "Normal", "priority", issues) //=> "Normal"
 * requiredField(null, "High", () => "Normal", "priority", issues) //=> "High"
 * issues.map((i) => `${i.code}@${i.path}`) //=> ["Required@priority"]
 * @internal
 */
export function requiredField<T>(tri: Tri<T>, current: T | undefined, fallback: () => T, path: string, issues: Issue[]): T {
  if (tri === ABSENT) return current === undefined ? fallback() : current;
  if (tri === null) {
    if (current === undefined) return fallback();
    checkNotNull(tri, path, issues);
    return current;
  }
  return tri;
}
