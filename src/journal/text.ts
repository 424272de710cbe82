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

/** One member `"name":value` of an object, the value as JSON text; `undefined` (JSON has none) leaves the member out. */
function member(name: string, text: string | undefined): string {
  return text === undefined ? "" : `,${JSON.stringify(name)}:${text}`;
}

/** One change, as {@link journalEntryShape} writes it: a record's document whole, a stock amount as the API writes amounts. */
function changeText(change: RecordChange): string {
  if (change.kind !== "stock") return `{"kind":${JSON.stringify(change.kind)},"before":${JSON.stringify(change.before)},"after":${JSON.stringify(change.after)}}`;
  const before = change.before === null ? "" : `,"before":${JSON.stringify(amountToJson(change.before))}`;
  return `{"kind":"stock","storeId":${JSON.stringify(change.storeId)},"materialId":${JSON.stringify(change.materialId)},"after":${JSON.stringify(amountToJson(change.after))}${before}}`;
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
  const { recordIds, recordKeys } = named;
  const changes = draft.changes.map((c) => changeText(c));
  // The members before the answer are one object written in one pass (a member whose value is
  // `undefined` is left out, as JSON has none); the answer and the body are spliced in as the
  // texts the request already holds.
  const head = JSON.stringify({
    companyId: draft.companyId, operation: draft.operation, method: draft.method, path: draft.path, form: draft.form, params: draft.params,
    dryRun: draft.dryRun, clientId: draft.clientId, userId: draft.userId, idempotencyKey: draft.idempotencyKey, ids: draft.ids,
    outcome: draft.outcome, status: draft.status, rules: draft.rules, effects: draft.effects,
  });
  return (
    head.slice(0, -1) +
    member("answer", draft.answer === undefined ? undefined : (answerText ?? JSON.stringify(draft.answer))) +
    `,"recordIds":${JSON.stringify(recordIds)},"recordKeys":${JSON.stringify(recordKeys)}` +
    member("body", draft.bodyText) +
    `,"at":${JSON.stringify(formatInstant(draft.at))},"changes":[${changes.join(",")}]}`
  );
}
