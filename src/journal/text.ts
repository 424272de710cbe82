/**
 * A journal entry as JSON text (issue 33, "JSON once"): the text a database storage keeps,
 * written in one pass from the parts the request already holds as text (the body it was sent,
 * the answer it sends), without parsing them again or copying the records it changed. It is
 * the JSON of {@link journalEntryShape} without `seq`: `JSON.parse` of it deep-equals that
 * shape (a property in `test/journal/text.test.ts` holds the two together).
 */
import { formatInstant } from "../shared/time.js";
import { jsonNumber, jsonString, jsonStringOrNull, jsonStrings } from "../shared/json-text.js";
import { amountJsonText } from "../stock/amount.js";
import { namedRecords, rulesApplied, type JournalDraft, type JournalParam, type RecordChange } from "./entry.js";

/** The JSON text of each operation's rules ({@link rulesApplied}), by the table's array: written once. */
const rulesTexts = new WeakMap<readonly string[], string>();

/**
 * A journal entry's rules as JSON text: a committed entry's are its operation's, the same array
 * every time, so their text is kept; a refusal's are written each time.
 * @param operation - the entry's operation
 * @param rules - the entry's rules
 * @returns the JSON text of the array
 */
export function rulesJson(operation: string, rules: readonly string[]): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: which arrays are kept is speed only: the text is kept by the array itself, and written the same either way
  if (rules !== rulesApplied(operation)) return jsonStrings(rules);
  let text = rulesTexts.get(rules);
  // Stryker disable next-line ConditionalExpression: writing the kept text again gives the same text
  if (text === undefined) {
    text = jsonStrings(rules);
    rulesTexts.set(rules, text);
  }
  return text;
}

/** The path's placeholders as JSON text. */
function paramsJson(params: readonly JournalParam[]): string {
  let out = "[";
  for (let i = 0; i < params.length; i++) {
    const p = params[i] as JournalParam;
    out += `${i > 0 ? "," : ""}{"name":${jsonString(p.name)},"value":${jsonString(p.value)}}`;
  }
  return `${out}]`;
}

/**
 * One change as {@link journalEntryShape} writes it, as JSON text: a record's document whole, a
 * stock amount as the API writes amounts (`after`, then `before` when there was an amount before).
 */
function changeJson(change: RecordChange): string {
  if (change.kind !== "stock") return `{"kind":${jsonString(change.kind)},"before":${JSON.stringify(change.before)},"after":${JSON.stringify(change.after)}}`;
  const head = `{"kind":"stock","storeId":${jsonString(change.storeId)},"materialId":${jsonString(change.materialId)},"after":${amountJsonText(change.after)}`;
  return change.before === null ? `${head}}` : `${head},"before":${amountJsonText(change.before)}}`;
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
  // Written member by member, in the order of the entry's shape, each string by `jsonString`
  // (docs/performance.md, "The journal entry without JSON.stringify"); the answer and the body
  // are spliced in as the texts the request already holds, and only records' documents and
  // effects go through `JSON.stringify`. A member whose value is `undefined` (the answer of a
  // 204, a request without a body) is left out, as JSON has none.
  const answer = draft.answer === undefined ? "" : `,"answer":${answerText ?? JSON.stringify(draft.answer)}`;
  const body = draft.bodyText === undefined ? "" : `,"body":${draft.bodyText}`;
  let changes = "";
  for (let i = 0; i < draft.changes.length; i++) changes += `${i > 0 ? "," : ""}${changeJson(draft.changes[i] as RecordChange)}`;
  return (
    `{"companyId":${jsonString(draft.companyId)},"operation":${jsonString(draft.operation)},"method":${jsonString(draft.method)},"path":${jsonString(draft.path)},` +
    `"form":${jsonString(draft.form)},"params":${paramsJson(draft.params)},"dryRun":${draft.dryRun ? "true" : "false"},"clientId":${jsonStringOrNull(draft.clientId)},` +
    `"userId":${jsonString(draft.userId)},"idempotencyKey":${jsonStringOrNull(draft.idempotencyKey)},"ids":${jsonStrings(draft.ids)},"outcome":${jsonString(draft.outcome)},` +
    // Stryker disable next-line ConditionalExpression: no effects is "[]" written either way; the test spares a call
    `"status":${jsonNumber(draft.status)},"rules":${rulesJson(draft.operation, draft.rules)},"effects":${draft.effects.length === 0 ? "[]" : JSON.stringify(draft.effects)}${answer},` +
    `"recordIds":${jsonStrings(named.recordIds)},"recordKeys":${jsonStrings(named.recordKeys)}${body},"at":${jsonString(formatInstant(draft.at))},"changes":[${changes}]}`
  );
}
