import type { AssignationRequest } from "../assignation/validate.js";
import { priorities, type Priority } from "../records/order.js";
import { checkNotNull, type Absent, type Tri } from "../shared/field.js";
import { collect, issue, joinPath, type Issue, type Result } from "../shared/issue.js";
import {
  optional, optionalValue, readArray, readBoolean, readDate, readDateTime, readEnum, readExternalId, readNonBlank, readObject, readString, readLongText, required,
  type JsonObject, type ValueReader,
} from "../shared/read.js";
import { limits } from "../shared/limits.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import { js, type JsonSchema } from "../shared/json-schema.js";
import type { IsoDate } from "../shared/time.js";
import { boolean, compileBody, describedJsonSchema, object, orDefault, text, type DescribedBody, type DescribedOutput, type SameType } from "../shared/description.js";
import { cancelBodyDocs, cancelBodyRecords, type InterventionCancelCommand } from "./request-types.js";

/** A parsed plan body (`POST /order/{orderId}/PlanIntervention`). References are not yet resolved. */
export interface InterventionPlanCommand {
  /** External ID, or `null` (GEN-4). */
  readonly externalId: string | null;
  /** GUID or external ID of the main technician (ASN-1). */
  readonly primaryAssigneeId: string;
  /** The day (ASN-4). */
  readonly day: IsoDate;
  /** The assignations as sent (ASN-1..ASN-4). */
  readonly assignations: readonly AssignationRequest[];
  /** GUID or slug of an InterventionCategory. */
  readonly categoryId: string;
  /** GUID or slug of an InterventionCustomState, or `null`. */
  readonly customStateId: string | null;
  /** Priority, or `null` to take the order's (INT-2). */
  readonly priority: Priority | null;
  /** Internal note, or `null`. */
  readonly internalNote: string | null;
  /** Notify the customer at once (NOT-5); default `false`. */
  readonly sendNotificationNow: boolean;
  /** Remind the customer the day before (NOT-6); default `false`. */
  readonly sendReminderOneDayBefore: boolean;
}

/** A parsed replan body (`…/Replan`): the plan fields, with the optional ones in three states (INT-3). */
export interface InterventionReplanCommand {
  /** External ID: absent keeps; a different one is refused. */
  readonly externalId: Tri<string>;
  /** GUID or external ID of the main technician. */
  readonly primaryAssigneeId: string;
  /** The new day. */
  readonly day: IsoDate;
  /** The new assignations, replacing the old. */
  readonly assignations: readonly AssignationRequest[];
  /** GUID or slug of an InterventionCategory. */
  readonly categoryId: string;
  /** Omitted keeps, `null` clears (INT-3). */
  readonly customStateId: Tri<string>;
  /** Omitted keeps (INT-3); `null` is refused by the parser. */
  readonly priority: Priority | Absent;
  /** Omitted keeps, `null` clears (INT-3). */
  readonly internalNote: Tri<string>;
  /** Notify the customer at once (NOT-5). */
  readonly sendNotificationNow: boolean;
  /** Remind the customer the day before (NOT-6). */
  readonly sendReminderOneDayBefore: boolean;
}

/** A parsed edit body (`PUT …/{interventionId}`): only the fields sent (INT-4). */
export interface InterventionEditCommand {
  /** GUID or slug of an InterventionCustomState; `null` clears. */
  readonly customStateId: Tri<string>;
  /** GUID or external ID of the owner; never `null`. */
  readonly ownerId: string | Absent;
  /** Priority; never `null`. */
  readonly priority: Priority | Absent;
  /** Internal note; `null` clears. */
  readonly internalNote: Tri<string>;
  /** Documents by post; never `null`. */
  readonly sendByPost: boolean | Absent;
}

export type { InterventionCancelCommand } from "./request-types.js";

/*
 * The cancel body, described once (docs/decisions.md "One description per body"); the plan,
 * replan and edit bodies below are still written by hand.
 */

/**
 * A parsed cancel body (intervention `…/Cancel` and order `…/cancel`).
 * @add CancelBody The body of an order cancel or an intervention cancel (ORD-11, INT-5); may be left out, which is the same as {}.
 */
const cancel = /* @__PURE__ */ object("InterventionCancelCommand", {
  /** Reason shown on the cancelled records (INT-5, ORD-11); left out or null: none. */
  reason: orDefault(text(limits.longText), null),
  /** Notify the customer (ORD-12, NOT-3); left out or null: false. */
  sendNotificationToCustomer: orDefault(boolean(), false),
});

/**
 * The cancel body, for the type generator (`scripts/body-types.mjs`), which writes its types
 * into `src/intervention/request-types.ts`.
 * @internal
 */
export const interventionBodies: readonly DescribedBody[] = [{ value: cancel, mode: "add" }];

// The generated interface is the described one (a stale src/intervention/request-types.ts fails here).
const generatedMatch: SameType<InterventionCancelCommand, DescribedOutput<typeof cancel.fields>> = true;
void generatedMatch;

const readPriority: ValueReader<Priority> = readEnum(priorities);

const readAssignation: ValueReader<AssignationRequest> = (value, parent, key, issues) => {
  const path = joinPath(parent, key);
  const o = readObject(value, parent, key, issues);
  if (o === undefined) return undefined;
  const userId = required(o, "userId", path, issues, readNonBlank);
  const plannedStart = required(o, "plannedStart", path, issues, readDateTime);
  const plannedEnd = required(o, "plannedEnd", path, issues, readDateTime);
  // A missing field means `required` pushed an issue, which fails the whole parse.
  return userId === undefined || plannedStart === undefined || plannedEnd === undefined ? undefined : { userId, plannedStart, plannedEnd };
};

/** Reads an optional field that must not be `null` (GEN-5): `null` is `Required`. */
function notNull<T>(o: JsonObject, key: string, issues: Issue[], reader: ValueReader<T>): T | Absent {
  return checkNotNull(optional(o, key, "", issues, reader), key, issues);
}

interface Planning {
  readonly primaryAssigneeId: string | undefined;
  readonly day: IsoDate | undefined;
  readonly assignations: AssignationRequest[] | undefined;
  readonly categoryId: string | undefined;
  readonly sendNotificationNow: boolean;
  readonly sendReminderOneDayBefore: boolean;
}

function readPlanning(o: JsonObject, issues: Issue[]): Planning {
  return {
    primaryAssigneeId: required(o, "primaryAssigneeId", "", issues, readNonBlank),
    day: required(o, "day", "", issues, readDate),
    assignations: required(o, "assignations", "", issues, readArray(readAssignation, 0, limits.assignations)),
    categoryId: required(o, "categoryId", "", issues, readNonBlank),
    sendNotificationNow: optionalValue(o, "sendNotificationNow", "", issues, readBoolean) ?? false,
    sendReminderOneDayBefore: optionalValue(o, "sendReminderOneDayBefore", "", issues, readBoolean) ?? false,
  };
}

// The planning fields once every required one was read (the caller returns only when no
// issue was reported, so none is undefined then).
function planned(p: Planning) {
  return {
    primaryAssigneeId: p.primaryAssigneeId as string,
    day: p.day as IsoDate,
    assignations: p.assignations as AssignationRequest[],
    categoryId: p.categoryId as string,
    sendNotificationNow: p.sendNotificationNow,
    sendReminderOneDayBefore: p.sendReminderOneDayBefore,
  };
}

/**
 * Parses a plan body: `primaryAssigneeId`, `day`, `assignations`, `categoryId` required;
 * `null` on an optional field counts as omitted (GEN-5). Every issue is reported (GEN-9).
 * Applies INT-1 (required fields) and GEN-6.
 * @param body - the JSON body
 * @returns the command, or every issue
 * @example
 * parseInterventionPlan({ day: "2026-02-30" }).issues.map((i) => `${i.code}@${i.path}`)
 * //=> ["Required@primaryAssigneeId", "InvalidDate@day", "Required@assignations", "Required@categoryId"]
 */
export function parseInterventionPlan(body: unknown): Result<InterventionPlanCommand> {
  const issues: Issue[] = [];
  const o = readObject(body, "", "", issues);
  // Stryker disable next-line ArrowFunction: readObject reported an issue, so collect never calls this thunk
  if (o === undefined) return collect(issues, () => undefined as never);
  const p = readPlanning(o, issues);
  const externalId = optionalValue(o, "externalId", "", issues, readExternalId) ?? null;
  const customStateId = optionalValue(o, "customStateId", "", issues, readNonBlank) ?? null;
  const priority = optionalValue(o, "priority", "", issues, readPriority) ?? null;
  const internalNote = optionalValue(o, "internalNote", "", issues, readLongText) ?? null;
  return collect(issues, () => ({
    externalId,
    ...planned(p),
    customStateId,
    priority,
    internalNote,
  }));
}

/**
 * Parses a replan body: the plan's required fields; `customStateId` and `internalNote`
 * omitted keep and `null` clears; `priority` omitted keeps and `null` is `Required`.
 * Applies INT-3 (fields) and GEN-5.
 * @param body - the JSON body
 * @returns the command, or every issue
 * @example
 * const body = { primaryAssigneeId: "tech-1", day: "2026-03-12", categoryId: "repair",
 *   assignations: [{ userId: "tech-1", plannedStart: "2026-03-12T09:00:00+01:00", plannedEnd: "2026-03-12T10:00:00+01:00" }] };
 * parseInterventionReplan({ ...body, priority: null }).issues.map((i) => `${i.code}@${i.path}`) //=> ["Required@priority"]
 * parseInterventionReplan({ ...body, customStateId: null }).value.customStateId //=> null
 */
export function parseInterventionReplan(body: unknown): Result<InterventionReplanCommand> {
  const issues: Issue[] = [];
  const o = readObject(body, "", "", issues);
  // Stryker disable next-line ArrowFunction: readObject reported an issue, so collect never calls this thunk
  if (o === undefined) return collect(issues, () => undefined as never);
  const p = readPlanning(o, issues);
  const externalId = optional(o, "externalId", "", issues, readExternalId);
  const customStateId = optional(o, "customStateId", "", issues, readNonBlank);
  const priority = notNull(o, "priority", issues, readPriority);
  const internalNote = optional(o, "internalNote", "", issues, readLongText);
  return collect(issues, () => ({
    externalId,
    ...planned(p),
    customStateId,
    priority,
    internalNote,
  }));
}

/** Fields that change only through replan (INT-4). */
const REPLAN_ONLY = ["day", "categoryId", "primaryAssigneeId", "assignations"] as const;

/**
 * Parses an edit body: only the fields sent change; `null` clears `customStateId` and
 * `internalNote` and is `Required` on `ownerId`, `priority`, `sendByPost`; sending `day`,
 * `categoryId`, `primaryAssigneeId` or `assignations` (even as `null`) is `UseReplan`.
 * Applies INT-4 and ERR-3.
 * @param body - the JSON body
 * @returns the command, or every issue
 * @example
 * parseInterventionEdit({ day: "2026-03-01" }) //=> { ok: false, issues: [{ code: "UseReplan", path: "day", ... }] }
 */
export function parseInterventionEdit(body: unknown): Result<InterventionEditCommand> {
  const issues: Issue[] = [];
  const o = readObject(body, "", "", issues);
  // Stryker disable next-line ArrowFunction: readObject reported an issue, so collect never calls this thunk
  if (o === undefined) return collect(issues, () => undefined as never);
  for (const key of REPLAN_ONLY) {
    if (Object.hasOwn(o, key)) issues.push(issue("UseReplan", key, "INT-4", `${key} changes only through Replan (INT-4).`));
  }
  const customStateId = optional(o, "customStateId", "", issues, readNonBlank);
  const ownerId = notNull(o, "ownerId", issues, readNonBlank);
  const priority = notNull(o, "priority", issues, readPriority);
  const internalNote = optional(o, "internalNote", "", issues, readLongText);
  const sendByPost = notNull(o, "sendByPost", issues, readBoolean);
  return collect(issues, () => ({ customStateId, ownerId, priority, internalNote, sendByPost }));
}

/**
 * Parses a cancel body (intervention or order): optional `reason` and
 * `sendNotificationToCustomer` (default `false`); `null` counts as omitted.
 * Applies INT-5 and ORD-11 (fields).
 * @param body - the JSON body
 * @returns the command, or every issue
 * @example
 * parseInterventionCancel({ reason: "Customer away" }) //=> { ok: true, value: { reason: "Customer away", sendNotificationToCustomer: false } }
 */
export const parseInterventionCancel: (body: unknown) => Result<InterventionCancelCommand> = /* @__PURE__ */ compileBody(cancel, "add", cancelBodyRecords);

function assignationJsonSchema(): JsonSchema {
  return js.object(
  {
    userId: js.nonBlank("GUID or external ID of a technician (ASN-1)."),
    plannedStart: js.dateTime("Start, with Z or an offset (GEN-6); before plannedEnd and on the day (ASN-2, ASN-4)."),
    plannedEnd: js.dateTime("End, with Z or an offset (GEN-6)."),
  },
  ["userId", "plannedStart", "plannedEnd"],
  );
}

function planningProperties(priority: JsonSchema): Record<string, JsonSchema> {
  return {
    primaryAssigneeId: js.nonBlank("GUID or external ID of the main technician; must be among the assignations (ASN-3)."),
    day: js.date("The day, in the company's time zone (ASN-4)."),
    assignations: js.array(assignationJsonSchema(), 0, limits.assignations, "Technicians and their time ranges (ASN-1 to ASN-5)."),
    categoryId: js.nonBlank("GUID or slug of an InterventionCategory."),
    customStateId: js.nullable(js.nonBlank("GUID or slug of an InterventionCustomState.")),
    priority,
    internalNote: js.nullable(js.text(limits.longText, "Internal note.")),
    sendNotificationNow: js.nullable(js.boolean("Notify the customer at once (NOT-5); default false.")),
    sendReminderOneDayBefore: js.nullable(js.boolean("Remind the customer the day before (NOT-6); default false.")),
  };
}

const PLANNING_REQUIRED = ["primaryAssigneeId", "day", "assignations", "categoryId"] as const;

/**
 * The JSON Schema of a plan body, the shape {@link parseInterventionPlan} reads.
 * @example
 * interventionPlanJsonSchema.required //=> ["primaryAssigneeId", "day", "assignations", "categoryId"]
 */
export const interventionPlanJsonSchema: JsonSchema = /* @__PURE__ */ (() => js.object(
  {
    externalId: js.nullable(js.externalId("External ID, unique among the company's interventions (GEN-4).")),
    ...planningProperties(js.nullable(js.enumOf(priorities, "Priority; left out or null: the order's (INT-2)."))),
  },
  PLANNING_REQUIRED,
  "A new intervention of the order (INT-1); null on an optional field counts as left out (GEN-5).",
))();

/**
 * The JSON Schema of a replan body, the shape {@link parseInterventionReplan} reads.
 * @example
 * interventionReplanJsonSchema.properties.priority.type //=> "string"
 */
export const interventionReplanJsonSchema: JsonSchema = /* @__PURE__ */ (() => js.object(
  {
    externalId: js.nullable(js.externalId("External ID; left out keeps it, a different one is refused (INT-3).")),
    ...planningProperties(js.enumOf(priorities, "Priority; left out keeps it, null is refused (INT-3).")),
  },
  PLANNING_REQUIRED,
  "The intervention planned anew (INT-3): customStateId and internalNote left out keep their value, null clears it.",
))();

/**
 * The JSON Schema of an intervention edit body, the shape {@link parseInterventionEdit}
 * reads: the replan-only fields are refused even as `null` (INT-4).
 * @example
 * interventionEditJsonSchema.properties.day //=> false
 */
export const interventionEditJsonSchema: JsonSchema = /* @__PURE__ */ (() => js.object(
  {
    customStateId: js.nullable(js.nonBlank("GUID or slug of an InterventionCustomState; null clears it.")),
    ownerId: js.nonBlank("GUID or external ID of the owner (AUTH-6); null is refused."),
    priority: js.enumOf(priorities, "Priority; null is refused."),
    internalNote: js.nullable(js.text(limits.longText, "Internal note; null clears it.")),
    sendByPost: js.boolean("Documents by post; null is refused."),
    ...Object.fromEntries(REPLAN_ONLY.map((key) => [key, false])),
  },
  [],
  "Only the fields sent change (INT-4); day, categoryId, primaryAssigneeId and assignations change only through Replan.",
))();

/**
 * The JSON Schema of a cancel body (intervention or order), the shape
 * {@link parseInterventionCancel} reads. No body at all is the same as `{}`.
 * @example
 * interventionCancelJsonSchema.required //=> undefined
 */
export const interventionCancelJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(cancel, "add", cancelBodyDocs);

/** {@link parseInterventionPlan} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const interventionPlanSchema: BodySchema<InterventionPlanCommand> = /* @__PURE__ */ toStandardSchema(parseInterventionPlan, interventionPlanJsonSchema);
/** {@link parseInterventionReplan} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const interventionReplanSchema: BodySchema<InterventionReplanCommand> = /* @__PURE__ */ toStandardSchema(parseInterventionReplan, interventionReplanJsonSchema);
/** {@link parseInterventionEdit} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const interventionEditSchema: BodySchema<InterventionEditCommand> = /* @__PURE__ */ toStandardSchema(parseInterventionEdit, interventionEditJsonSchema);
/** {@link parseInterventionCancel} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const interventionCancelSchema: BodySchema<InterventionCancelCommand> = /* @__PURE__ */ toStandardSchema(parseInterventionCancel, interventionCancelJsonSchema);
