// The query parameters and headers the OpenAPI document describes (split from src/api/openapi.ts,
// issue 35): what a write, a journal page, a sync, the candidates and a store page read besides
// their path, each bounded by the constant its parser enforces.
import {
  DEFAULT_CANDIDATE_LIMIT, DEFAULT_CANDIDATE_STEP, MAX_CANDIDATE_DURATION, MAX_CANDIDATE_LIMIT, MAX_CANDIDATE_STEP, MAX_CANDIDATE_TECHNICIANS, MIN_CANDIDATE_STEP,
} from "../assignation/candidates.js";
import { journalOutcomes } from "../journal/entry.js";
import { MAX_IDEMPOTENCY_KEY } from "../journal/idempotency.js";
import { DEFAULT_JOURNAL_PAGE, MAX_JOURNAL_FILTER_TEXT, MAX_JOURNAL_PAGE } from "../journal/query.js";
import type { JsonSchema } from "../shared/json-schema.js";
import { limits } from "../shared/limits.js";
import { ruleIds } from "../shared/rule-id.generated.js";
import { MAX_STORE_PAGE_SIZE, storeListingQueryJsonSchema, storeSortKeys, storeSortOrders } from "../store/query.js";
import { MAX_SYNC_CURSOR, MAX_SYNC_DAYS } from "../sync/query.js";
import { isJournaledWrite } from "./operation.js";
import { apiRoutes } from "./routes.js";

/** The `dryRun` query flag every write takes (docs/service.md). */
export const dryRunParameter: JsonSchema = {
  name: "dryRun",
  in: "query",
  required: false,
  description: "true: answer what the write would answer (status, body, effects) and commit nothing (docs/service.md). true or false in any case.",
  schema: { type: "boolean", default: false },
};

/** The `Idempotency-Key` header of a write (IDM-1 to IDM-3). */
export const idempotencyKeyParameter: JsonSchema = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Decide this write once (IDM-1): a repeat with the same key and the same request within 24 hours answers the recorded status and body with Idempotent-Replayed: true, no effects, and changes nothing; the same key with another request is 422 (IDM-2). 1 to 255 visible ASCII characters, such as a UUID (IDM-3).",
  schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY },
};

/**
 * The journal page's query parameters (JRN-2).
 * @returns the parameters
 */
export function journalParameters(): JsonSchema[] {
  const q = (name: string, description: string, schema: JsonSchema): JsonSchema => ({ name, in: "query", required: false, description, schema });
  const writes = apiRoutes.filter(isJournaledWrite).map((r) => r.operation);
  return [
    q("after", "The seq after which the page starts: the previous page's next; 0 (the default) for the first page.", { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 }),
    q("limit", `Entries per page, 1 to ${MAX_JOURNAL_PAGE}.`, { type: "integer", minimum: 1, maximum: MAX_JOURNAL_PAGE, default: DEFAULT_JOURNAL_PAGE }),
    q("record", "A GUID or external ID the entry names (a path record, a changed record, a stock change's store or material).", { type: "string", minLength: 1, maxLength: MAX_JOURNAL_FILTER_TEXT }),
    q("operation", "The operation the entry is.", { type: "string", enum: writes }),
    q("rule", "A rule ID among the entry's rules: a refusal's issues', or the rules a committed or dry-run write's operation applies (RPL-3).", { type: "string", enum: [...ruleIds] }),
    q("outcome", "How the write ended.", { type: "string", enum: [...journalOutcomes] }),
    q("from", "Entries decided at or after this instant.", { type: "string", format: "date-time" }),
    q("to", "Entries decided before this instant.", { type: "string", format: "date-time" }),
  ];
}

/**
 * The sync's query parameters (SYN-1 to SYN-3).
 * @returns the parameters
 */
export function syncParameters(): JsonSchema[] {
  const q = (name: string, required: boolean, description: string, schema: JsonSchema): JsonSchema => ({ name, in: "query", required, description, schema });
  return [
    q("scope", true, "technician:{userId}: a user of the caller's company by GUID or external ID (an unknown one is 400 at scope).", { type: "string", pattern: "^technician:.{1,255}$" }),
    q("from", true, "First day, YYYY-MM-DD, in the company's time zone.", { type: "string", format: "date" }),
    q("to", true, `Last day, YYYY-MM-DD, not before from; at most ${MAX_SYNC_DAYS} days in all.`, { type: "string", format: "date" }),
    q("since", false, "The cursor of the previous answer of this scope; left out, the answer is the whole scope.", { type: "string", pattern: "^[A-Za-z0-9_-]+$", maxLength: MAX_SYNC_CURSOR }),
  ];
}

/**
 * The candidates' query parameters (CND-1 to CND-5).
 * @returns the parameters
 */
export function candidatesParameters(): JsonSchema[] {
  const q = (name: string, required: boolean, description: string, schema: JsonSchema, example?: unknown): JsonSchema =>
    ({ name, in: "query", required, description, schema, ...(example === undefined ? {} : { example }) });
  const time = { type: "string", pattern: "^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$" };
  return [
    q("day", true, "The visit's day, YYYY-MM-DD, in the company's time zone.", { type: "string", format: "date" }, "2026-03-12"),
    q("duration", true, `The visit's length in whole minutes, 1 to ${MAX_CANDIDATE_DURATION}.`, { type: "integer", minimum: 1, maximum: MAX_CANDIDATE_DURATION }, 90),
    q("from", false, "The window's start, local time HH:MM on the day (default: the day's start); a time a daylight-saving change skips is read past the gap.", time, "08:00"),
    q("to", false, "The window's end, local time HH:MM, after from, up to 24:00 (the default). A slot never ends at midnight (ASN-4).", time, "16:00"),
    q("step", false, `Minutes between two starts of the grid, counted from the window's start in elapsed time, ${MIN_CANDIDATE_STEP} to ${MAX_CANDIDATE_STEP}.`, { type: "integer", minimum: MIN_CANDIDATE_STEP, maximum: MAX_CANDIDATE_STEP, default: DEFAULT_CANDIDATE_STEP }),
    q("technicians", false, `The technicians to consider: comma-separated GUIDs or external IDs, at most ${MAX_CANDIDATE_TECHNICIANS} (an unknown one is 400 at technicians). Default: every user with the role Technik who is not deactivated.`, { type: "string", minLength: 1 }),
    q("limit", false, `Most candidates to list, 1 to ${MAX_CANDIDATE_LIMIT}.`, { type: "integer", minimum: 1, maximum: MAX_CANDIDATE_LIMIT, default: DEFAULT_CANDIDATE_LIMIT }),
  ];
}

/**
 * The store page's query parameters (STO-3), from the query's own JSON Schema.
 * @returns the parameters
 */
export function storeListingParameters(): JsonSchema[] {
  // Names, descriptions and which are required come from the query's own JSON Schema (the
  // shape parseStoreListingQuery reads); OpenAPI adds the typed form of each parameter.
  const query = storeListingQueryJsonSchema as { properties: Record<string, { description: string }>; required: string[] };
  const q = (name: string, schema: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({
    name,
    in: "query",
    required: query.required.includes(name),
    description: (query.properties[name] as { description: string }).description,
    schema,
    ...extra,
  });
  const guids = (name: string): JsonSchema =>
    q(name, { type: "array", items: { type: "string", format: "uuid" }, maxItems: limits.filterIds }, { style: "form", explode: false });
  return [
    q("page", { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { example: 1 }),
    q("pageSize", { type: "integer", minimum: 1, maximum: MAX_STORE_PAGE_SIZE }, { example: 20 }),
    q("searchPhrase", { type: "string", maxLength: limits.searchPhrase }),
    q("sortBy", { type: "string", enum: [...storeSortKeys], default: "name" }),
    q("sortOrder", { type: "string", enum: [...storeSortOrders], default: "ascend" }),
    guids("materialSupplierId"),
    guids("materialCategoryId"),
  ];
}
