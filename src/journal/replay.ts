import type { RuleId } from "../shared/rule-id.generated.js";
import { rulesApplied, rulesOf, type JournalEntryShape, type RecordChangeShape } from "./entry.js";

/** What a decision wrote to one record, as its journal entry holds it (RPL-2): before and after. */
export interface WrittenValues {
  /** The value before: a record's stored document (`null` when new) or a stock amount (`null` unlimited); absent for a stock the store did not hold. */
  readonly before?: unknown;
  /** The value after. */
  readonly after: unknown;
}

/** One record that a recorded decision and its replay wrote differently (RPL-2). */
export interface StateDifference {
  /** Kind of record: `customer`, `order`, `intervention`, `material`, `store` or `stock`. */
  readonly kind: RecordChangeShape["kind"];
  /** The record's GUID; for stock, the store's and the material's GUIDs joined by `/`. */
  readonly key: string;
  /** The record as a person reads it: kind and external ID (the GUID when it has none), `stock auto-2 / MAT-012`. */
  readonly name: string;
  /** What the recorded decision wrote to it; absent when it wrote nothing there. */
  readonly recorded?: WrittenValues;
  /** What the replayed decision wrote to it; absent when it wrote nothing there. */
  readonly replayed?: WrittenValues;
}

/** An answer as a replay compares it: status, JSON body and effects, and the records it wrote. */
export interface ReplayAnswer {
  /** The status. */
  readonly status: number;
  /** The JSON body, `undefined` when none. */
  readonly body?: unknown;
  /** The effects, as JSON. */
  readonly effects: readonly unknown[];
  /** The records the decision wrote, as its journal entry holds them (RPL-2); absent when not known, and then not compared. */
  readonly changes?: readonly RecordChangeShape[];
}

/** One recorded decision that a replay decided otherwise (RPL-1, RPL-2). */
export interface ReplayDifference {
  /** The entry's `seq`. */
  readonly seq: number;
  /** Its company. */
  readonly companyId: string;
  /** Its operation. */
  readonly operation: string;
  /** The request as recorded: method, path (with `?dryRun=true` on a dry run) and body. */
  readonly request: { readonly method: string; readonly path: string; readonly body?: unknown };
  /** What the journal recorded (its `changes` are not repeated here: see `state`). */
  readonly recorded: ReplayAnswer;
  /** What the replay answered. */
  readonly replayed: ReplayAnswer;
  /**
   * The rules it is reported under: the rule IDs in one answer's issues and not the other's;
   * when there are none (a changed write, two successes that differ), the rules the
   * operation's decision applies (RPL-3); empty when the operation declares none.
   */
  readonly rules: readonly RuleId[];
  /** The records written differently, in the recorded entry's order, then the replay's (RPL-2); empty when only the answer differs. */
  readonly state: readonly StateDifference[];
  /**
   * The `seq`s of the earlier differing decisions (of the same company) this one follows from
   * (RPL-2): it read a record that they left different. Empty for a cause.
   */
  readonly follows: readonly number[];
}

/** The differences of one rule (RPL-1). */
export interface ReplayGroup {
  /** The rule, or `null` for differences that name no rule. */
  readonly rule: RuleId | null;
  /** How many decisions of the replay differ by this rule. */
  readonly count: number;
  /** How many of them are causes: they follow from no earlier difference (RPL-2). */
  readonly causes: number;
  /** The first of them, causes first, each in journal order. */
  readonly examples: readonly ReplayDifference[];
}

/** What a replay found (RPL-1). */
export interface ReplayReport {
  /** Entries re-decided. */
  readonly replayed: number;
  /** Entries whose decision differs. */
  readonly differing: number;
  /** Of those, the causes: differences that follow from no earlier one (RPL-2). */
  readonly causes: number;
  /** The differences by rule: the groups with the most causes first, then the most frequent (ties by rule ID, `null` last). */
  readonly groups: readonly ReplayGroup[];
}

// Stryker disable next-line ArrayDeclaration: every use reads it as nothing: a list of changes, of records read, of roots (below); one text in it has no `after`, and no record has its text as key
const NONE: readonly never[] = [];

/**
 * Whether two JSON values are equal, object key order aside; a key whose value is `undefined`
 * counts as absent (as `JSON.stringify` writes it).
 */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  // Stryker disable next-line ConditionalExpression,BlockStatement: two JSON arrays compared as objects by their index keys agree with this element-wise comparison (a JSON array has no holes and no undefined element, and lengths differ as key counts do); it is here for speed
  if (Array.isArray(a)) {
    const list = b as unknown[];
    if (a.length !== list.length) return false;
    // Stryker disable next-line EqualityOperator: `i <= a.length` compares a[length] with list[length], both undefined, so equal
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], list[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k of Object.keys(x)) {
    if (x[k] === undefined) continue;
    count++;
    if (!Object.hasOwn(y, k) || !jsonEqual(x[k], y[k])) return false;
  }
  for (const k of Object.keys(y)) if (y[k] !== undefined) count--;
  return count === 0;
}

/** The key of a change: the record's GUID, or the store's and the material's for stock. */
function changeKey(change: RecordChangeShape): string {
  return change.kind === "stock" ? `${change.storeId}/${change.materialId}` : String((change.after as { readonly id?: unknown } | null)?.id);
}

/** A change's before and after, `before` left out where the change has none. */
function written(change: RecordChangeShape): WrittenValues {
  return Object.hasOwn(change, "before") ? { before: change.before, after: change.after } : { after: change.after };
}

/** How a replay names the records of its report: by GUID, to a readable name. */
export type RecordNames = (id: string) => string;

/** The readable name of a changed record. */
function nameOf(change: RecordChangeShape, names: RecordNames): string {
  if (change.kind === "stock") return `stock ${names(change.storeId)} / ${names(change.materialId)}`;
  const after = change.after as { readonly id?: unknown; readonly externalId?: unknown } | null;
  const id = String(after?.id);
  return `${change.kind} ${typeof after?.externalId === "string" ? after.externalId : names(id)}`;
}

/**
 * The records a recorded decision and its replay wrote differently (RPL-2): a record written by
 * one and not the other, or written by both with another `before` or `after` (JSON equality,
 * key order aside). Changes are matched by kind and record (for stock: store and material).
 * @param recorded - the changes the journal holds
 * @param replayed - the changes the replay's journal holds
 * @param names - readable names of GUIDs (default: the GUID itself)
 * @returns the differences, in the recorded order, then the replay's
 * @example
 * const moved = (after: number) => [{ kind: "stock" as const, storeId: "s", materialId: "m", before: 0, after }];
 * compareState(moved(10), moved(4)).map((d) => [d.name, d.recorded?.after, d.replayed?.after]) //=> [["stock s / m", 10, 4]]
 * compareState(moved(10), moved(10)) //=> []
 */
export function compareState(recorded: readonly RecordChangeShape[], replayed: readonly RecordChangeShape[], names: RecordNames = (id) => id): StateDifference[] {
  const theirs = new Map<string, RecordChangeShape>();
  for (const c of replayed) theirs.set(`${c.kind}:${changeKey(c)}`, c);
  const out: StateDifference[] = [];
  const matched = new Set<string>();
  for (const c of recorded) {
    const key = `${c.kind}:${changeKey(c)}`;
    const other = theirs.get(key);
    matched.add(key);
    if (other !== undefined && jsonEqual(written(c), written(other))) continue;
    const base = { kind: c.kind, key: changeKey(c), name: nameOf(c, names), recorded: written(c) };
    out.push(other === undefined ? base : { ...base, replayed: written(other) });
  }
  for (const c of replayed) {
    const key = `${c.kind}:${changeKey(c)}`;
    if (!matched.has(key)) out.push({ kind: c.kind, key: changeKey(c), name: nameOf(c, names), replayed: written(c) });
  }
  return out;
}

/** The recorded entry as a comparison reads it: what it asked, answered and wrote. */
export type ComparedEntry = Pick<JournalEntryShape, "seq" | "companyId" | "operation" | "method" | "path" | "dryRun" | "status" | "answer" | "effects" | "body"> &
  Partial<Pick<JournalEntryShape, "changes">>;

/** What a comparison knows besides the two decisions (RPL-2, RPL-3). */
export interface CompareContext {
  /** Readable names of GUIDs. Default: the GUID. */
  readonly names?: RecordNames;
  /** The rules the operation's decision applies. Default: this version's ({@link rulesApplied}). */
  readonly rules?: readonly RuleId[];
  /** The seqs each differing earlier decision left behind, by record key: a comparison that reads one follows from them. */
  readonly diverged?: ReadonlyMap<string, readonly number[]>;
  /** Keys of the records the entry reads besides those it writes (the path's records: their GUIDs). */
  readonly reads?: readonly string[];
}

/**
 * Compares a recorded decision with its replay (RPL-1, RPL-2): equal when status, body and
 * effects are equal as JSON (object key order aside) and, when the replay's changes are known,
 * the records written are equal too (before and after, as the journal holds them). A difference
 * is attributed to the rule IDs that appear in one answer's issues and not in the other's: a
 * refusal the new rules lift names the rule that refused it; a new refusal names the rule that
 * now refuses. A difference with no such rule (a write that changed other values, two successes
 * that differ) is reported under the rules the operation's decision applies (RPL-3). A
 * difference that reads a record an earlier difference left different (`context.diverged`)
 * follows from it.
 * @param entry - the recorded entry
 * @param replayed - the replay's answer, with its changes when known
 * @param context - names, declared rules and what earlier differences left behind
 * @returns the difference, or `undefined` when the decision is the same
 * @rule RPL-1
 * @example
 * const entry = { seq: 1, companyId: "c", operation: "planIntervention", method: "POST", path: "/order/o/PlanIntervention", dryRun: false, status: 400, answer: { errors: [{ rule: "ASN-5" }] }, effects: [] };
 * compareDecision(entry, { status: 200, body: { id: "i" }, effects: [] })?.rules //=> ["ASN-5"]
 * compareDecision(entry, { status: 400, body: { errors: [{ rule: "ASN-5" }] }, effects: [] }) //=> undefined
 */
export function compareDecision(entry: ComparedEntry, replayed: ReplayAnswer, context: CompareContext = {}): ReplayDifference | undefined {
  const recorded: ReplayAnswer = entry.answer === undefined ? { status: entry.status, effects: entry.effects } : { status: entry.status, body: entry.answer, effects: entry.effects };
  // Changes are compared when both sides hold them (an export from before the journal kept them does not).
  const state = replayed.changes !== undefined && Array.isArray(entry.changes) ? compareState(entry.changes, replayed.changes, context.names) : [];
  const answered = { status: replayed.status, effects: replayed.effects, ...(replayed.body === undefined ? {} : { body: replayed.body }) };
  const same = recorded.status === replayed.status && jsonEqual(recorded.body, replayed.body) && jsonEqual(recorded.effects, replayed.effects) && state.length === 0;
  if (same) return undefined;
  const before = recorded.status >= 400 ? rulesOf(recorded.body) : [];
  const after = replayed.status >= 400 ? rulesOf(replayed.body) : [];
  const rules: RuleId[] = [];
  for (const r of before) if (!after.includes(r)) rules.push(r);
  for (const r of after) if (!before.includes(r) && !rules.includes(r)) rules.push(r);
  if (rules.length === 0) for (const r of context.rules ?? rulesApplied(entry.operation)) rules.push(r);
  const path = entry.dryRun ? `${entry.path}?dryRun=true` : entry.path;
  const request = Object.hasOwn(entry, "body") ? { method: entry.method, path, body: entry.body } : { method: entry.method, path };
  const follows = new Set<number>();
  const diverged = context.diverged;
  if (diverged !== undefined) {
    // It follows from an earlier difference when it read what that one left different: a record
    // it wrote whose recorded `before` is not the replayed one, or, when its answer differs, a
    // record it names (a refusal writes nothing to compare).
    for (const d of state) {
      if (d.recorded !== undefined && d.replayed !== undefined && jsonEqual(d.recorded.before, d.replayed.before)) continue;
      for (const seq of diverged.get(d.key) ?? []) follows.add(seq);
    }
    const answerDiffers = recorded.status !== replayed.status || !jsonEqual(recorded.body, replayed.body) || !jsonEqual(recorded.effects, replayed.effects);
    if (answerDiffers) for (const key of context.reads ?? NONE) for (const seq of diverged.get(key) ?? []) follows.add(seq);
  }
  return { seq: entry.seq, companyId: entry.companyId, operation: entry.operation, request, recorded, replayed: answered, rules, state, follows: [...follows].sort((a, b) => a - b) };
}

/**
 * Compares each replayed decision of a journal in order, remembering what the differences left
 * behind (RPL-2): after a decision whose replay wrote a record otherwise, that record (and, for
 * stock, its store) is different for what follows, until a later decision writes it alike on
 * both sides. A later difference that reads such a record is marked as following from the
 * decisions that left it so (their causes, transitively), so a report can lead with the causes.
 * One comparer for a whole journal (records are keyed by GUID); records are named by external ID
 * where the fixture or the journal's changes give one.
 * @rule RPL-2
 */
export class ReplayComparer {
  readonly #diverged = new Map<string, readonly number[]>();
  readonly #names = new Map<string, string>();
  readonly #rules: ((operation: string) => readonly RuleId[]) | undefined;

  /**
   * @param names - GUID → external ID of records known before the journal (the fixture's stores and materials)
   * @param rules - the rules an operation's decision applies; default this version's ({@link rulesApplied})
   */
  constructor(names: Iterable<readonly [string, string]> = [], rules?: (operation: string) => readonly RuleId[]) {
    for (const [id, name] of names) this.#names.set(id.toLowerCase(), name);
    this.#rules = rules;
  }

  /**
   * Compares one entry with its replay and remembers what it left different.
   * @param entry - the recorded entry (its `changes` and `recordIds` read when present)
   * @param replayed - the replay's answer and changes
   * @returns the difference, or `undefined`
   */
  compare(entry: ComparedEntry & Partial<Pick<JournalEntryShape, "recordIds">>, replayed: ReplayAnswer): ReplayDifference | undefined {
    const changes = [...(Array.isArray(entry.changes) ? entry.changes : NONE), ...(replayed.changes ?? NONE)];
    // A stock change's `after` is an amount, which has no `id`: only records are named here.
    for (const c of changes) {
      const after = c.after as { readonly id?: unknown; readonly externalId?: unknown } | null;
      if (typeof after?.id === "string" && typeof after.externalId === "string") this.#names.set(after.id.toLowerCase(), after.externalId);
    }
    // GUIDs match whatever their case (a fixture may write them in upper case).
    const names: RecordNames = (id) => this.#names.get(id.toLowerCase()) ?? id;
    const reads = Array.isArray(entry.recordIds) ? entry.recordIds : NONE;
    const context: CompareContext = { names, diverged: this.#diverged, reads, ...(this.#rules === undefined ? {} : { rules: this.#rules(entry.operation) }) };
    const difference = compareDecision(entry, replayed, context);
    const written = new Set<string>();
    for (const c of changes) written.add(changeKey(c));
    const left = new Set(difference?.state.map((d) => d.key));
    // The roots are read only for a key the difference left: none without a difference.
    const roots = difference === undefined ? NONE : difference.follows.length > 0 ? difference.follows : [difference.seq];
    for (const key of written) {
      if (left.has(key)) {
        this.#diverged.set(key, roots);
        // A stock amount left different makes its store read differently.
        const slash = key.indexOf("/");
        // Stryker disable next-line ConditionalExpression,EqualityOperator: a record's key is a GUID, without `/`, whose cut at -1 is no record's key; a stock key starts with its store's GUID, never at 0
        if (slash > 0) this.#diverged.set(key.slice(0, slash), roots);
      } else this.#diverged.delete(key);
    }
    return difference;
  }
}

/**
 * Collects differences into a report (RPL-1, RPL-2): each difference counts once under each
 * rule it names (under `null` when it names none); each group keeps its first `examples`
 * differences, causes before those that follow from them. Linear in the differences, whatever
 * their number.
 */
export class ReplayCollector {
  readonly #groups = new Map<RuleId | null, { count: number; causes: ReplayDifference[]; following: ReplayDifference[]; causeCount: number }>();
  readonly #examples: number;
  #replayed = 0;
  #differing = 0;
  #causes = 0;

  /** @param examples - examples kept per group */
  constructor(examples: number) {
    this.#examples = examples;
  }

  /**
   * Counts one replayed entry and its difference, if any.
   * @param difference - what {@link compareDecision} found
   */
  add(difference: ReplayDifference | undefined): void {
    this.#replayed++;
    if (difference === undefined) return;
    this.#differing++;
    const cause = difference.follows.length === 0;
    if (cause) this.#causes++;
    const keys: (RuleId | null)[] = difference.rules.length === 0 ? [null] : [...difference.rules];
    for (const key of keys) {
      let group = this.#groups.get(key);
      if (group === undefined) {
        group = { count: 0, causes: [], following: [], causeCount: 0 };
        this.#groups.set(key, group);
      }
      group.count++;
      if (cause) group.causeCount++;
      const kept = cause ? group.causes : group.following;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: the report cuts each group's examples to the same bound; this one keeps the memory bounded
      if (kept.length < this.#examples) kept.push(difference);
    }
  }

  /**
   * The report so far.
   * @returns the counts and the groups, those with the most causes first, then the most frequent
   */
  report(): ReplayReport {
    const groups: ReplayGroup[] = [...this.#groups].map(([rule, g]) => ({ rule, count: g.count, causes: g.causeCount, examples: [...g.causes, ...g.following].slice(0, this.#examples) }));
    // Two groups never share a rule; `~` sorts after every rule ID (letters, digits and `-`), so no rule comes last.
    // Stryker disable next-line EqualityOperator: two groups never share a rule, so `<` and `<=` order them alike
    groups.sort((a, b) => b.causes - a.causes || b.count - a.count || ((a.rule ?? "~") < (b.rule ?? "~") ? -1 : 1));
    return { replayed: this.#replayed, differing: this.#differing, causes: this.#causes, groups };
  }
}

/** A value of a state difference as text: an amount's number, `unlimited`, or compact JSON cut at 60 characters. */
function valueText(kind: StateDifference["kind"], value: unknown): string {
  if (kind === "stock") return value === null ? "unlimited" : value === undefined ? "not stocked" : String(value);
  const text = JSON.stringify(value) ?? "absent";
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The top-level fields two record documents differ in, in the first's key order, then the second's. */
function fieldsDiffering(a: unknown, b: unknown): string[] {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return [];
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(x), ...Object.keys(y)])];
  return keys.filter((k) => !jsonEqual(x[k], y[k]));
}

/**
 * One state difference as a line of the report (RPL-2): the record, then what each side wrote
 * there. A stock amount reads `recorded 10, replayed 4`; a record names the fields whose value
 * after differs (at most two); a `before` that differs where the `after` does not says so.
 * @param d - the difference
 * @returns the text
 * @example
 * describeStateDifference({ kind: "stock", key: "s/m", name: "stock auto-2 / MAT-012", recorded: { before: 4, after: 10 }, replayed: { before: 4, after: 4 } }) //=> "stock auto-2 / MAT-012: recorded 10, replayed 4"
 * describeStateDifference({ kind: "order", key: "o", name: "order O-1", recorded: { before: null, after: { id: "o", state: "Open" } } }) //=> "order O-1: recorded written, replayed not written"
 */
export function describeStateDifference(d: StateDifference): string {
  const { recorded, replayed } = d;
  if (recorded === undefined || replayed === undefined) {
    const one = (w: WrittenValues | undefined): string => (w === undefined ? "not written" : d.kind === "stock" ? valueText(d.kind, w.after) : "written");
    return `${d.name}: recorded ${one(recorded)}, replayed ${one(replayed)}`;
  }
  const side = jsonEqual(recorded.after, replayed.after) ? "before" : "after";
  const prefix = side === "before" ? "before " : "";
  // A stock amount is no object: no fields differ, and the whole values are shown.
  const fields = fieldsDiffering(recorded[side], replayed[side]);
  const shown = fields.slice(0, 2).map((f) => {
    // Fields differ only between two objects.
    const field = (w: WrittenValues): unknown => (w[side] as Record<string, unknown>)[f];
    return `${prefix}${f} recorded ${valueText(d.kind, field(recorded))}, replayed ${valueText(d.kind, field(replayed))}`;
  });
  if (shown.length === 0) return `${d.name}: ${prefix}recorded ${valueText(d.kind, recorded[side])}, replayed ${valueText(d.kind, replayed[side])}`;
  return `${d.name}: ${shown.join("; ")}${fields.length > 2 ? `; and ${fields.length - 2} more fields` : ""}`;
}
