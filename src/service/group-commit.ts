// Group commit (issue 33): the stock writes one process has queued for one company, and the
// customer adds it has queued, are decided one after another on one view and committed in one
// commit. A write that finds no queue starts one, whose first turn begins as the storage says
// (PostgreSQL: once the event loop's current phase ends, so that the writes read in that phase go
// in it together); a write that is still alone then goes alone: the route of one decision
// (decide-and-commit.ts), or a turn of one on a storage that holds before it loads (stock). The
// writes that arrive while a turn runs wait, and the next turn takes them all, or the running
// turn when its view waited for locked rows. docs/decisions.md "Group commit" says why this is
// the same as committing them one by one.
import { applyStoreChanges } from "../stock/batch.js";
import type { Customer } from "../customer/customer.js";
import type { Amount } from "../stock/amount.js";
import type { Guid } from "../shared/guid.js";
import type { JournalRecord, RecordedAnswer } from "../journal/memory.js";
import type { ServiceResponse } from "./entry-point.js";
import type { Outcome } from "./journal-on-write.js";
import { mergeLoads } from "./loads.js";
import { putRecord, type Changes, type CompanyState } from "./state.js";
import { pause } from "./decide-and-commit.js";
import { pathValue, StorageUnavailableError, type Awaitable, type CommitVerdict, type DuplicateExternalIdError, type LoadedView, type RequestPort, type StoredOperation, type StoredParam, type ViewHold } from "./storage.js";

/** Most decisions one group commit holds: the commit statement has one shape per count, so its shapes stay few. */
export const GROUP_LIMIT = 16;

/** A decision on a view (and the answer recorded under the write's key, which a grouped write has none of). */
export type Decide = (view: CompanyState, recorded: RecordedAnswer | undefined) => Outcome;
/** The GEN-4 refusal of an external ID a unique constraint refused twice. */
export type Taken = (view: CompanyState, recorded: RecordedAnswer | undefined, error: DuplicateExternalIdError) => Outcome;
/** The route of one decision (`decideAndCommit` over the port). */
export type Alone = (stored: StoredOperation, decide: Decide, taken: Taken) => Awaitable<ServiceResponse>;

/**
 * The key under which a write may be committed with others, or `undefined` when it goes alone. A
 * write with a dry run or an `Idempotency-Key` goes alone. Two kinds are grouped:
 * - a stock write (its loads read stock), with the stock writes of one company whose paths name
 *   stores in the same form, whatever their operation and stores: one view reads every store of
 *   the group ({@link groupOperation}), and each decision reads the stock the one before left;
 * - a write whose loads expect every record they name absent (a customer add: its own external
 *   ID, `absentExpected`) and whose path names none, with the same operation of one company.
 * @param stored - the operation
 * @returns the key, or `undefined`
 */
export function groupKey(stored: StoredOperation): string | undefined {
  if (stored.dryRun || stored.idempotencyKey !== null) return undefined;
  // Stryker disable next-line StringLiteral: a tag only; a stock key has three elements and an add's two, so any text keeps them apart
  if (stored.loads.stock === "named") return JSON.stringify([stored.companyId, "stock", stored.form]);
  if (stored.loads.absentExpected === true && stored.params.length === 0) return JSON.stringify([stored.companyId, stored.operation]);
  return undefined;
}

/**
 * The view the next decision of a group reads: the same records, with the new customers this
 * decision adds and each store's stock as it left it ({@link applyStoreChanges}); `undefined`
 * when the decision writes anything else (a group merges only those). The view given is not
 * changed (an earlier decision's journal entry read it).
 * @param view - the view this decision read
 * @param changes - what the decision writes
 * @returns the next view, or `undefined`
 */
export function viewAfter(view: CompanyState, changes: Changes): CompanyState | undefined {
  for (const kind of Object.keys(changes)) if (kind !== "stock" && kind !== "customers") return undefined;
  let next = view;
  if (changes.customers !== undefined) {
    // Only new customers: an edit's version is read from the view, which one commit moves once.
    if (changes.customers.some((c) => view.customers.byId.has(c.id))) return undefined;
    const customers = { byId: new Map(view.customers.byId), byKey: new Map(view.customers.byKey) };
    for (const customer of changes.customers) putRecord(customers, customer);
    next = { ...next, customers };
  }
  if (changes.stock !== undefined) next = { ...next, stock: applyStoreChanges(view.stock, changes.stock) };
  return next;
}

/**
 * The operation a turn loads and commits as: the first write's, with the loads of every write
 * merged ({@link mergeLoads}) and the path's stores of every write, each once (a GUID in lower
 * case, as the storage reads it), so that one view holds the records and the stock each write
 * decides on, and the commit checks the stock version of each store read. The writes of a group
 * share a form ({@link groupKey}), so every path value names a store the same way.
 * @param operations - the group's writes, in queue order (at least one)
 * @returns the operation of the group
 */
export function groupOperation(operations: readonly StoredOperation[]): StoredOperation {
  const first = operations[0]!;
  if (operations.length === 1) return first;
  const seen = new Set<string>();
  const params: StoredParam[] = [];
  for (const operation of operations) {
    for (const p of operation.params) {
      const value = pathValue(operation, p.value);
      if (seen.has(value)) continue;
      seen.add(value);
      params.push({ name: p.name, value });
    }
  }
  return { ...first, params, loads: mergeLoads(operations.map((o) => o.loads)) };
}

/**
 * How many writes at the head of a queue may join a turn whose view waited for locked rows, or
 * for a read of its company's busy stock whole: each in queue order, while it is a stock write
 * whose path names only stores the turn's path names or the hold locked or read besides (`held`,
 * so what the turn holds covers what it contends on), at most `room`. They queued while the turn
 * waited; deciding them in the same view and commit is the same as deciding them in the next
 * turn, right after it.
 * @param queued - the queue's writes, in queue order (only the first `room` are read)
 * @param group - the turn's operation ({@link groupOperation})
 * @param room - how many more writes the turn may take
 * @param held - the path values of further stores the hold locked or read whole ({@link ViewHold.stores}), or `undefined`
 * @returns the number of writes, from the head of the queue, that join
 */
export function joiners(queued: readonly { readonly stored: StoredOperation }[], group: StoredOperation, room: number, held?: readonly string[]): number {
  const stores = new Set(group.params.map((p) => pathValue(group, p.value)));
  if (held !== undefined) for (const store of held) stores.add(store);
  let n = 0;
  for (; n < Math.min(room, queued.length); n++) {
    const operation = queued[n]!.stored;
    if (operation.loads.stock !== "named" || operation.form !== group.form || !operation.params.every((p) => stores.has(pathValue(operation, p.value)))) break;
  }
  return n;
}

interface Member {
  readonly stored: StoredOperation;
  readonly decide: Decide;
  readonly taken: Taken;
  readonly resolve: (response: ServiceResponse) => void;
  readonly reject: (error: unknown) => void;
}

/** A member with its outcome on the group's view. */
interface DecidedMember {
  readonly member: Member;
  readonly outcome: Outcome;
}

/**
 * The group committer of one service: `submit` runs a write alone when no write of its key is
 * under way, and otherwise queues it for the next turn of that key, which decides every write
 * queued (at most {@link GROUP_LIMIT}) on one view and commits them in one commit. A turn's
 * commit found stale decides the whole turn again (at most `port.attempts` times, then 503 for
 * each); on a storage with `hold`, a stock turn (one write too) takes what its view waits for
 * first, and when that locked rows or read stores whole, the writes queued meanwhile on its stores join it
 * ({@link joiners}); a decision that throws fails its own request only (500); a turn whose decisions write
 * anything besides stock and new customers ({@link viewAfter}), or whose commit a unique
 * constraint refused twice, goes alone, write by write, in the order queued.
 *
 * A write that finds no queue of its key starts one, and the queue's first turn begins through
 * the port's `startGroupTurn`, or at once without one. The PostgreSQL storage starts it once the
 * event loop's current phase has ended, so the writes whose requests were read together go in
 * one turn instead of the first alone and the rest in the next (two processes over HTTP: about
 * half the commits a write, docs/performance.md "The first turn after the loop's phase").
 * @param port - the storage (one that says `groupCommit`)
 * @param alone - the route of one decision
 * @returns `submit(key, stored, decide, taken)`
 */
export function groupCommitter(port: RequestPort, alone: Alone): (key: string, stored: StoredOperation, decide: Decide, taken: Taken) => Promise<ServiceResponse> {
  const later = port.startGroupTurn ?? ((run: () => void): void => run());
  const queues = new Map<string, Member[]>();

  const settle = async (member: Member): Promise<void> => {
    try {
      member.resolve(await alone(member.stored, member.decide, member.taken));
    } catch (error) {
      member.reject(error);
    }
  };

  const each = async (members: readonly Member[]): Promise<void> => {
    for (const member of members) await settle(member);
  };

  const turn = async (members: Member[], queue: Member[]): Promise<void> => {
    let merged = groupOperation(members.map((m) => m.stored));
    // The writes still to answer (a copy: `members` is the drain's, and grows when writes join).
    let live: readonly Member[] = [...members];
    let stale: LoadedView | undefined;
    let taken = false;
    for (let n = 1; ; n++) {
      let loaded: LoadedView;
      try {
        let hold: ViewHold | undefined;
        if (port.hold !== undefined && merged.loads.stock === "named") {
          // A stock group's view may wait for locked rows: the writes this process queued on the
          // same stores meanwhile join it (`members` grows, so the drain answers for them too).
          hold = await port.hold(merged, stale);
          const joining = hold.locked || hold.stores !== undefined ? joiners(queue, merged, GROUP_LIMIT - members.length, hold.stores) : 0;
          // Stryker disable next-line ConditionalExpression,EqualityOperator: with none joining, the splice takes none and the group's operation is built again the same
          if (joining > 0) {
            const joined = queue.splice(0, joining);
            for (const member of joined) members.push(member);
            live = [...live, ...joined];
            merged = groupOperation(members.map((m) => m.stored));
          }
        }
        loaded = await port.load(merged, stale, hold);
      } catch (error) {
        for (const member of live) member.reject(error);
        return;
      }
      const decided: DecidedMember[] = [];
      const failed = new Set<Member>();
      let view = loaded.view;
      let stock: ReadonlyMap<Guid, ReadonlyMap<Guid, Amount>> | undefined;
      let customers: Customer[] | undefined;
      let merges = true;
      for (const member of live) {
        let outcome: Outcome;
        try {
          outcome = member.decide(view, undefined);
        } catch (error) {
          // A decision that throws is a bug (500) of its request alone; the others go on.
          member.reject(error);
          failed.add(member);
          continue;
        }
        decided.push({ member, outcome });
        const changes = outcome.changes;
        if (changes === undefined) continue;
        const next = viewAfter(view, changes);
        if (next === undefined) {
          merges = false;
          break;
        }
        view = next;
        if (changes.stock !== undefined) stock = applyStoreChanges(stock ?? new Map(), changes.stock);
        for (const customer of changes.customers ?? []) (customers ??= []).push(customer);
      }
      live = live.filter((m) => !failed.has(m));
      if (!merges) {
        await port.release(loaded);
        return each(live);
      }
      const journals: JournalRecord[] = [];
      for (const d of decided) if (d.outcome.journal !== undefined) journals.push(d.outcome.journal);
      const changes: Changes | undefined =
        stock === undefined && customers === undefined ? undefined : { ...(stock === undefined ? {} : { stock }), ...(customers === undefined ? {} : { customers }) };
      if (changes === undefined && journals.length === 0) {
        await port.release(loaded);
        for (const d of decided) d.member.resolve(d.outcome.result);
        return;
      }
      let verdict: CommitVerdict;
      try {
        verdict = await port.commit(merged, loaded, { changes, journal: journals[0], grouped: journals.slice(1) });
      } catch (error) {
        for (const member of live) member.reject(error);
        return;
      }
      if (verdict.kind === "committed") {
        for (const d of decided) d.member.resolve(d.outcome.result);
        return;
      }
      if (verdict.kind === "taken") {
        // A unique constraint refused the commit (an added customer's external ID taken by a
        // commit the view did not read): the group is decided once more on a view that reads
        // those records, as one write would be, and the rules refuse what is taken. Refused
        // again, each write is decided alone, as it would have been.
        if (taken) return each(live);
        taken = true;
      }
      if (n >= port.attempts) {
        const error = new StorageUnavailableError(`${n} decisions of a group of ${live.length} writes found their view stale: concurrent writes kept changing what it reads`);
        for (const member of live) member.reject(error);
        return;
      }
      stale = loaded;
      await pause(n);
    }
  };

  const drain = async (key: string, queue: Member[]): Promise<void> => {
    while (queue.length > 0) {
      const members = queue.splice(0, GROUP_LIMIT);
      try {
        // One write goes alone, unless its view may wait for locked rows that the writes queued
        // meanwhile could share (a stock write on a storage that holds before it loads).
        const alone = members.length === 1 && (port.hold === undefined || members[0]!.stored.loads.stock !== "named");
        await (alone ? settle(members[0]!) : turn(members, queue));
      } catch (error) {
        // Only a release that failed gets here: every write of the turn not answered yet fails
        // with it (an answered one keeps its answer), and the queue goes on.
        for (const member of members) member.reject(error);
      }
    }
    queues.delete(key);
  };

  return (key, stored, decide, taken) =>
    new Promise<ServiceResponse>((resolve, reject) => {
      const member: Member = { stored, decide, taken, resolve, reject };
      const queue = queues.get(key);
      if (queue !== undefined) {
        queue.push(member);
        return;
      }
      const fresh = [member];
      queues.set(key, fresh);
      later(() => void drain(key, fresh));
    });
}
