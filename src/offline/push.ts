import type { RuleId } from "../shared/rule-id.generated.js";
import type { OfflineAnswer } from "./answer.js";
import type { QueuedWrite } from "./queue.js";

/** A write the server refused although the device had accepted it: something changed meanwhile (OFF-3). */
export interface OfflineConflict {
  /** The write as it was queued. */
  readonly write: QueuedWrite;
  /** The rule IDs of the server's refusal, each once, in the order of its issues. */
  readonly rules: readonly RuleId[];
  /** What the device had answered. */
  readonly local: OfflineAnswer;
  /** What the server answered; it replaces the local answer. */
  readonly server: OfflineAnswer;
}

/** One queued write the server has decided during a sync. */
export interface PushedWrite {
  /** The write as it was queued. */
  readonly write: QueuedWrite;
  /** The server's answer, which replaces the local one. */
  readonly server: OfflineAnswer;
  /** `true` when the server had already decided the key (a resend after a lost answer: IDM-1). */
  readonly replayed: boolean;
}

/** What {@link pushQueue} did. */
export interface PushOutcome {
  /** The writes the server decided, in queue order. */
  readonly pushed: readonly PushedWrite[];
  /** Those the server refused where the device had accepted (OFF-3). */
  readonly conflicts: readonly OfflineConflict[];
  /** The failure that stopped the push (the rest stays queued), or `undefined` when the whole queue went through. */
  readonly stopped: unknown;
}

/**
 * The rule IDs of a refusal, each once, in the order of its issues.
 * @param answer - the server's answer
 * @returns the rule IDs
 */
function rulesOf(answer: OfflineAnswer): RuleId[] {
  const out: RuleId[] = [];
  for (const i of answer.issues) if (i.rule !== undefined && !out.includes(i.rule)) out.push(i.rule);
  return out;
}

/**
 * Whether the server's answer to a queued write is a conflict: refused by the server, accepted
 * on the device. Two successes that differ (a stock move of more than the source now holds
 * floors the source at 0, STK-5) are no conflict: the server's answer simply replaces the local
 * one.
 * @param local - the device's answer
 * @param server - the server's answer
 * @returns the refusal's rule IDs, or `undefined` when it is no conflict
 * @rule OFF-3
 * @example
 * conflictRules({ status: 200, issues: [] }, { status: 400, issues: [{ code: "Collision", path: "assignations[0]", message: "…", rule: "ASN-5" }] }) //=> ["ASN-5"]
 * conflictRules({ status: 200, issues: [] }, { status: 200, issues: [] }) //=> undefined
 */
export function conflictRules(local: OfflineAnswer, server: OfflineAnswer): readonly RuleId[] | undefined {
  return local.status < 400 && server.status >= 400 ? rulesOf(server) : undefined;
}

/**
 * Pushes queued writes in order, each with its own idempotency key (OFF-2): `send` delivers one
 * and resolves with the server's answer, or rejects when the network failed (the write may or
 * may not have been decided); `remove` drops a decided write from the store. The first failure
 * stops the push and leaves that write and the rest queued, so the next push resends them with
 * the same keys and the server decides each once (IDM-1). Every answer is kept, and a refusal of
 * a locally accepted write is a conflict (OFF-3); the writes after it are still pushed, and the
 * server decides them on its own state.
 * @param writes - the queue, in order
 * @param send - delivers one write
 * @param remove - forgets a decided write
 * @returns the answers, the conflicts, and what stopped the push
 * @rule OFF-2
 * @example
 * const w = { key: "k1", seq: 1, operation: "start" as const, method: "PUT" as const, path: "/x", local: { status: 200, issues: [] } };
 * (await pushQueue([w], async () => ({ answer: { status: 200, issues: [] }, replayed: false }), async () => {})).pushed.length //=> 1
 */
export async function pushQueue(
  writes: readonly QueuedWrite[],
  send: (write: QueuedWrite) => Promise<{ readonly answer: OfflineAnswer; readonly replayed: boolean }>,
  remove: (key: string) => Promise<void>,
): Promise<PushOutcome> {
  const pushed: PushedWrite[] = [];
  const conflicts: OfflineConflict[] = [];
  for (const w of writes) {
    let sent: { readonly answer: OfflineAnswer; readonly replayed: boolean };
    try {
      sent = await send(w);
    } catch (error) {
      return { pushed, conflicts, stopped: error };
    }
    await remove(w.key);
    pushed.push({ write: w, server: sent.answer, replayed: sent.replayed });
    const rules = conflictRules(w.local, sent.answer);
    if (rules !== undefined) conflicts.push({ write: w, rules, local: w.local, server: sent.answer });
  }
  return { pushed, conflicts, stopped: undefined };
}
