import type { Customer } from "../customer/customer.js";
import type { Material } from "../material/material.js";
import type { Effect } from "../notification/effect.js";
import type { Intervention } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { Guid } from "../shared/guid.js";
import type { RuleId } from "../shared/rule-id.generated.js";
import { formatInstant, type Instant } from "../shared/time.js";
import { amountToJson, type Amount } from "../stock/amount.js";
import type { Store } from "../store/store.js";
import { operationRuleTable } from "./operation-rules.generated.js";

/**
 * How a journaled write ended (JRN-1): `committed` (its changes were written), `refused` (a
 * 4xx, nothing written) or `dryRun` (`?dryRun=true`: decided, nothing written, whatever the
 * status).
 */
export type JournalOutcome = "committed" | "refused" | "dryRun";

/** The outcomes, in the order the journal query lists them. */
export const journalOutcomes: readonly JournalOutcome[] = ["committed", "refused", "dryRun"];

/** One record a write put, before and after (JRN-1). `before` is `null` when the write created it. */
export type RecordChange =
  | {
      /** Kind of record. */
      readonly kind: "customer";
      /** The record before the write, `null` when new. */
      readonly before: Customer | null;
      /** The record after the write. */
      readonly after: Customer;
    }
  | {
      /** Kind of record. */
      readonly kind: "order";
      /** The record before the write, `null` when new. */
      readonly before: Order | null;
      /** The record after the write. */
      readonly after: Order;
    }
  | {
      /** Kind of record. */
      readonly kind: "intervention";
      /** The record before the write, `null` when new. */
      readonly before: Intervention | null;
      /** The record after the write. */
      readonly after: Intervention;
    }
  | {
      /** Kind of record. */
      readonly kind: "material";
      /** The record before the write, `null` when new. */
      readonly before: Material | null;
      /** The record after the write. */
      readonly after: Material;
    }
  | {
      /** Kind of record. */
      readonly kind: "store";
      /** The record before the write, `null` when new. */
      readonly before: Store | null;
      /** The record after the write. */
      readonly after: Store;
    }
  | {
      /** One stocked material of one store. */
      readonly kind: "stock";
      /** GUID of the store. */
      readonly storeId: Guid;
      /** GUID of the material. */
      readonly materialId: Guid;
      /** The amount before, `null` when the store did not stock it. */
      readonly before: Amount | null;
      /** The amount after. */
      readonly after: Amount;
    };

/** A path placeholder as the request sent it. */
export interface JournalParam {
  /** The kind of record it names: the route placeholder (`order`, `store`, `toStore`, …). */
  readonly name: string;
  /** The GUID or external ID sent. */
  readonly value: string;
}

/**
 * One write the service decided (JRN-1): what was asked, what the decision was given (the time
 * and the GUIDs it drew), what it answered and what it changed. Enough to re-decide it exactly
 * (`replayJournal`) and to show support why a request was refused.
 */
export interface JournalEntry {
  /** Position in the company's journal, from 1, increasing with every entry (JRN-2). */
  readonly seq: number;
  /** GUID of the company. */
  readonly companyId: Guid;
  /** When it was decided: the instant the decision was given (milliseconds since the epoch, UTC). */
  readonly at: Instant;
  /** The operation of the route table (`planIntervention`, `addToStore`, …). */
  readonly operation: string;
  /** HTTP method, upper case. */
  readonly method: string;
  /** The path as sent, without the query. */
  readonly path: string;
  /** Whether the path named records by GUID or by external ID. */
  readonly form: "id" | "externalId";
  /** The path's placeholders, in path order. */
  readonly params: readonly JournalParam[];
  /** `true` for `?dryRun=true`. */
  readonly dryRun: boolean;
  /**
   * The JSON body sent, as JSON text (one compact string per entry, which the collector does not
   * trace); absent when none. The JSON shape ({@link JournalEntryShape}) has it parsed, as `body`.
   */
  readonly bodyText?: string;
  /** The integration client whose token made the request, `null` when the token did not say (issued before the journal existed). */
  readonly clientId: string | null;
  /** The acting user of the write (AUTH-6). */
  readonly userId: Guid;
  /** The `Idempotency-Key` the write carried, `null` when none (IDM-1). */
  readonly idempotencyKey: string | null;
  /** The GUIDs the decision drew for new records, in the order drawn. */
  readonly ids: readonly Guid[];
  /** How it ended. */
  readonly outcome: JournalOutcome;
  /** The answer's status. */
  readonly status: number;
  /** The answer's JSON body, `undefined` when none (a 204). */
  readonly answer?: unknown;
  /**
   * A refusal: the rule IDs of the answer's issues, each once, in first-seen order. Otherwise the
   * rules the operation's decision applies ({@link rulesApplied}, RPL-3). Entries journaled before
   * this version hold none on success.
   */
  readonly rules: readonly RuleId[];
  /** The effects the answer carried (a preview on a dry run; none on a refusal). */
  readonly effects: readonly Effect[];
  /** The records the write put and the stock it set; empty unless `committed` (a dry run lists what it would have changed). */
  readonly changes: readonly RecordChange[];
  /** The path's records that were found (a refusal may have found none): with the path and the changes, what the entry names ({@link namedRecords}). */
  readonly found: readonly NamedRecord[];
}

/** A record as a journal entry names it: its GUID and external ID. */
export interface NamedRecord {
  /** GUID. */
  readonly id: Guid;
  /** External ID, or `null`. */
  readonly externalId: string | null;
}

/** An entry before the storage gave it its place (JRN-1): everything but `seq`. */
export type JournalDraft = Omit<JournalEntry, "seq">;

/**
 * The rule IDs of an answer's issues, each once, in first-seen order: what the journal query
 * filters by rule (JRN-2) and what a replay groups differences by (RPL-1).
 * @param answer - an answer body; a problem-details body lists issues under `errors`
 * @returns the rule IDs
 * @example
 * rulesOf({ errors: [{ code: "Collision", path: "", message: "", rule: "ASN-5" }, { code: "Collision", path: "", message: "", rule: "ASN-5" }] }) //=> ["ASN-5"]
 * rulesOf({ id: "x" }) //=> []
 */
export function rulesOf(answer: unknown): RuleId[] {
  if (typeof answer !== "object" || answer === null) return [];
  const errors = (answer as { readonly errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  const out: RuleId[] = [];
  for (const e of errors as unknown[]) {
    const rule = typeof e === "object" && e !== null ? (e as { readonly rule?: unknown }).rule : undefined;
    if (typeof rule === "string" && !out.includes(rule as RuleId)) out.push(rule as RuleId);
  }
  return out;
}

/**
 * One change of a {@link JournalEntryShape}: a record as stored (its JSON document, the same
 * the PostgreSQL storage keeps), or a stock amount as the API writes amounts (a number, `null`
 * for unlimited; `before` absent when the store did not stock the material).
 */
export type RecordChangeShape =
  | {
      /** Kind of record. */
      readonly kind: "customer" | "order" | "intervention" | "material" | "store";
      /** The record before (its stored JSON document), `null` when new. */
      readonly before: unknown;
      /** The record after. */
      readonly after: unknown;
    }
  | {
      /** One stocked material of one store. */
      readonly kind: "stock";
      /** GUID of the store. */
      readonly storeId: Guid;
      /** GUID of the material. */
      readonly materialId: Guid;
      /** The amount before (`null`: unlimited); absent when the store did not stock it. */
      readonly before?: number | null;
      /** The amount after (`null`: unlimited). */
      readonly after: number | null;
    };

/**
 * A journal entry as `GET /journal` answers it and `journal export` writes it (JRN-2): the
 * entry as JSON, with `at` as an ISO 8601 UTC date-time with milliseconds.
 */
export interface JournalEntryShape extends Omit<JournalEntry, "at" | "changes" | "bodyText" | "found"> {
  /** When it was decided, UTC with milliseconds (`2026-11-27T08:00:00.000Z`). */
  readonly at: string;
  /** The JSON body sent; absent when none. */
  readonly body?: unknown;
  /** The records put and the stock set. */
  readonly changes: readonly RecordChangeShape[];
  /** GUIDs of every record the entry names (path records found, records changed, stores and materials of stock changes). */
  readonly recordIds: readonly Guid[];
  /** External IDs the entry names (path values in the external-ID form, changed records' external IDs). */
  readonly recordKeys: readonly string[];
}

/** One page of `GET /journal` (JRN-2). */
export interface JournalPage {
  /** The entries, by ascending `seq`. */
  readonly items: readonly JournalEntryShape[];
  /** The `after` of the next page, `null` when this page is the last one for now. */
  readonly next: number | null;
}

/**
 * The GUIDs and external IDs a journal entry names, for `GET /journal?record=` (JRN-2): the
 * path's records as found, the path's values as sent (in their form), and every record the
 * write changed (stock changes name their store and material). Computed when read, not on
 * every write.
 * @param entry - the entry
 * @returns the GUIDs and external IDs, each once
 */
export function namedRecords(entry: Pick<JournalDraft, "found" | "form" | "params" | "changes">): { recordIds: Guid[]; recordKeys: string[] } {
  const { found, changes } = entry;
  const sent = { form: entry.form, values: entry.params.map((p) => p.value) };
  const ids = new Set<Guid>();
  const keys = new Set<string>();
  const add = (r: { readonly id: Guid; readonly externalId: string | null }): void => {
    ids.add(r.id);
    if (r.externalId !== null) keys.add(r.externalId);
  };
  for (const r of found) add(r);
  for (const v of sent.values) {
    if (sent.form === "externalId") keys.add(v);
    else ids.add(v.toLowerCase() as Guid);
  }
  for (const c of changes) {
    if (c.kind === "stock") {
      ids.add(c.storeId);
      ids.add(c.materialId);
    } else {
      add(c.after);
      if (c.before !== null && c.before.externalId !== null) keys.add(c.before.externalId);
    }
  }
  return { recordIds: Array.from(ids), recordKeys: Array.from(keys) };
}

/**
 * A write as the service decided it: what {@link journalDraft} records. The request's fields
 * are the entry's; the decision's outcome, rules and changes are derived from the answer.
 */
export interface DecidedWrite
  extends Pick<JournalDraft, "companyId" | "at" | "operation" | "method" | "path" | "form" | "params" | "dryRun" | "clientId" | "userId" | "idempotencyKey" | "ids" | "status" | "effects" | "found"> {
  /** The body sent, as JSON text; `undefined` when none. */
  readonly bodyText: string | undefined;
  /** The answer's body, `undefined` when none. */
  readonly answer: unknown;
  /** What the decision wrote (or, on a dry run, would have written), before and after; ignored on a refusal. */
  readonly changes: readonly RecordChange[];
}

/** The rules of an operation that declares none. */
const NO_RULES: readonly RuleId[] = Object.freeze([]);

/**
 * The rules an operation's decision applies (RPL-3), from the table that scripts/operation-rules.mjs
 * derives from the code: the catalog's owners the operation's handler reaches, the rule IDs the
 * reached code raises, and those its handler's TSDoc says it applies (request parsers aside). What
 * a committed or dry-run journal entry records as its `rules`, and what a replay reports a write
 * that changed other values under.
 * @param operation - an operation of the route table
 * @returns its rules, by catalog order; none for an operation that is not a write
 * @rule RPL-3
 * @example
 * rulesApplied("moveStock").includes("STK-5") //=> true
 * rulesApplied("readOrder") //=> []
 */
export function rulesApplied(operation: string): readonly RuleId[] {
  return Object.hasOwn(operationRuleTable, operation) ? (operationRuleTable[operation] as readonly RuleId[]) : NO_RULES;
}
/** The changes of a refusal: none. */
const NO_CHANGES: readonly RecordChange[] = Object.freeze([]);

/**
 * The journal entry of a decided write (JRN-1), before the storage gives it its `seq`: a
 * refusal records its issues' rule IDs and no changes; a write that succeeded, the rules its
 * operation's decision applies (RPL-3); a dry run records what it would have
 * changed, marked `dryRun`; every entry names the records it concerns, so `GET /journal?record=`
 * finds it by GUID or external ID.
 * @param write - the decided write
 * @returns the entry without its place
 * @rule JRN-1
 */
export function journalDraft(write: DecidedWrite): JournalDraft {
  const refused = write.status >= 400;
  const changes = refused ? NO_CHANGES : write.changes;
  // One object, its optional fields set only when present (no copies: this runs on every write).
  const draft: { -readonly [K in keyof JournalDraft]: JournalDraft[K] } = {
    companyId: write.companyId,
    at: write.at,
    operation: write.operation,
    method: write.method,
    path: write.path,
    form: write.form,
    params: write.params,
    dryRun: write.dryRun,
    clientId: write.clientId,
    userId: write.userId,
    idempotencyKey: write.idempotencyKey,
    ids: write.ids,
    outcome: write.dryRun ? "dryRun" : refused ? "refused" : "committed",
    status: write.status,
    rules: refused ? rulesOf(write.answer) : rulesApplied(write.operation),
    effects: write.effects,
    changes,
    found: write.found,
  };
  if (write.bodyText !== undefined) draft.bodyText = write.bodyText;
  if (write.answer !== undefined) draft.answer = write.answer;
  return draft;
}

/** A record as the PostgreSQL storage stores it: its JSON document (decimals as text); `null` stays `null`. */
function documentOf(record: unknown): unknown {
  return JSON.parse(JSON.stringify(record)) as unknown;
}

function changeShape(change: RecordChange): RecordChangeShape {
  if (change.kind !== "stock") return { kind: change.kind, before: documentOf(change.before), after: documentOf(change.after) };
  const base = { kind: "stock" as const, storeId: change.storeId, materialId: change.materialId, after: amountToJson(change.after) };
  return change.before === null ? base : { ...base, before: amountToJson(change.before) };
}

/**
 * A journal entry as JSON (JRN-2): what `GET /journal` answers, the NDJSON export writes and
 * the PostgreSQL storage keeps. A fresh value: changing it changes nothing the service holds.
 * @param entry - the entry
 * @returns its JSON shape
 */
export function journalEntryShape(entry: JournalEntry): JournalEntryShape {
  const { at, changes, bodyText, answer, found: _found, ...rest } = entry;
  const named = namedRecords(entry);
  const copied = JSON.parse(JSON.stringify({ ...rest, ...(answer === undefined ? {} : { answer }), ...named })) as Omit<JournalEntryShape, "at" | "changes">;
  if (bodyText !== undefined) return { ...copied, body: JSON.parse(bodyText) as unknown, at: formatInstant(at), changes: changes.map(changeShape) };
  return { ...copied, at: formatInstant(at), changes: changes.map(changeShape) };
}
