/**
 * A journal entry as JSON text (issue 33, "JSON once"): the text a database storage keeps,
 * written in one pass from the parts the request already holds as text (the body it was sent,
 * the answer it sends), without parsing them again or copying the records it changed. It is
 * the JSON of {@link journalEntryShape} without `seq`: `JSON.parse` of it deep-equals that
 * shape (a property in `test/journal/text.test.ts` holds the two together).
 */
import { formatInstant } from "../shared/time.js";
import { amountToJson } from "../stock/amount.js";
import { namedRecords, type JournalDraft, type RecordChange } from "./entry.js";

/**
 * One change as {@link journalEntryShape} writes it, as an object for `JSON.stringify`: a
 * record's document whole, a stock amount as the API writes amounts (`after`, then `before`
 * when there was an amount before).
 */
function changeJson(change: RecordChange): object {
  if (change.kind !== "stock") return { kind: change.kind, before: change.before, after: change.after };
  const after = amountToJson(change.after);
  return change.before === null
    ? { kind: "stock", storeId: change.storeId, materialId: change.materialId, after }
    : { kind: "stock", storeId: change.storeId, materialId: change.materialId, after, before: amountToJson(change.before) };
}

/**
 * The JSON text of a journal entry without its `seq` (JRN-1, JRN-2): what `GET /journal`
 * answers for it, less the `seq` its storage gives it.
 * @param draft - the entry
 * @param answerText - the answer's body as the JSON text the request answers, when the caller has it (else it is written here)
 * @param named - the records the entry names, when the caller has them (else they are found here)
 * @returns the JSON text of one object
 * @example
 * JSON.parse(journalEntryText({ companyId: "c", at: 0, operation: "addCustomer", method: "POST", path: "/customer", form: "id", params: [], dryRun: false, clientId: null, userId: "u", idempotencyKey: null, ids: [], outcome: "refused", status: 400, rules: [], effects: [], changes: [], found: [], bodyText: "{}" }, undefined)).body //=> {}
 */
export function journalEntryText(draft: JournalDraft, answerText: string | undefined, named: ReturnType<typeof namedRecords> = namedRecords(draft)): string {
  // Three objects, each written by one JSON.stringify call (a call per value costs more than the
  // value: docs/performance.md, "The journal entry in three calls"), with the answer and the body
  // spliced in between as the texts the request already holds. A member whose value is
  // `undefined` is left out, as JSON has none.
  const head = JSON.stringify({
    companyId: draft.companyId, operation: draft.operation, method: draft.method, path: draft.path, form: draft.form, params: draft.params,
    dryRun: draft.dryRun, clientId: draft.clientId, userId: draft.userId, idempotencyKey: draft.idempotencyKey, ids: draft.ids,
    outcome: draft.outcome, status: draft.status, rules: draft.rules, effects: draft.effects,
  });
  const names = JSON.stringify({ recordIds: named.recordIds, recordKeys: named.recordKeys });
  const changes: object[] = [];
  for (const c of draft.changes) changes.push(changeJson(c));
  const tail = JSON.stringify({ at: formatInstant(draft.at), changes });
  const answer = draft.answer === undefined ? "" : `,"answer":${answerText ?? JSON.stringify(draft.answer)}`;
  const body = draft.bodyText === undefined ? "" : `,"body":${draft.bodyText}`;
  // `{head…}` `,"answer":…` `,{names…}` `,"body":…` `,{at, changes}`: each object's braces dropped where it joins.
  return `${head.slice(0, -1)}${answer},${names.slice(1, -1)}${body},${tail.slice(1)}`;
}
