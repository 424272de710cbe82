import { priorities } from "../records/order.js";
import type { Result } from "../shared/issue.js";
import { limits } from "../shared/limits.js";
import { toStandardSchema, type BodySchema } from "../shared/standard-schema.js";
import type { JsonSchema } from "../shared/json-schema.js";
import {
  array,
  boolean,
  compileBody,
  date,
  dateTime,
  describedJsonSchema,
  extend,
  externalId,
  nonBlank,
  notNull,
  object,
  oneOf,
  optional,
  orDefault,
  refuse,
  required,
  text,
  type BodyMode,
  type DescribedBody,
  type DescribedOutput,
  type SameType,
} from "../shared/description/index.js";
import {
  cancelBodyDocs,
  cancelBodyRecords,
  interventionEditBodyDocs,
  interventionEditBodyRecords,
  interventionPlanBodyDocs,
  interventionPlanBodyRecords,
  interventionReplanBodyDocs,
  interventionReplanBodyRecords,
  type InterventionCancelCommand,
  type InterventionEditCommand,
  type InterventionPlanCommand,
  type InterventionReplanCommand,
} from "./request-types.generated.js";

export type { InterventionCancelCommand, InterventionEditCommand, InterventionPlanCommand, InterventionPlanning, InterventionReplanCommand } from "./request-types.generated.js";

/*
 * The intervention bodies, described once (docs/decisions.md "One description per body"): the
 * parsers, the JSON Schemas, the command types and the JSON body types (the last two written by
 * `tools/body-types.ts` into request-types.generated.ts and checked below) all come from here.
 */

const priority = /* @__PURE__ */ oneOf(priorities, { name: "Priority", from: "records/order" });

/** @add AssignationBody One technician's time on an intervention (ASN-1 to ASN-5). */
const assignation = /* @__PURE__ */ object(
  "AssignationRequest",
  {
    /** GUID or external ID of a technician (ASN-1). */
    userId: required(nonBlank(), "ASN-2"),
    /** Start, with Z or an offset (GEN-6); before plannedEnd and on the day (ASN-2, ASN-4). */
    plannedStart: required(dateTime(), "ASN-4"),
    /** End, with Z or an offset (GEN-6). */
    plannedEnd: required(dateTime(), "ASN-4"),
  },
  "assignation/validate",
);

/**
 * The fields a plan and a replan body share, parsed (INT-1, INT-3). References are not yet resolved.
 * @fields PlanningBody The fields plan and replan share (INT-1, INT-3).
 */
const planning = /* @__PURE__ */ object("InterventionPlanning", {
  /** GUID or external ID of the main technician; must be among the assignations (ASN-3). */
  primaryAssigneeId: required(nonBlank(), "INT-1"),
  /** The day, in the company's time zone (ASN-4). */
  day: required(date(), "INT-1"),
  /** Technicians and their time ranges (ASN-1 to ASN-5). */
  assignations: required(array(assignation, limits.assignations), "INT-1"),
  /** GUID or slug of an InterventionCategory. */
  categoryId: required(nonBlank(), "INT-1"),
  /** Notify the customer at once (NOT-5); default false. */
  sendNotificationNow: orDefault(boolean(), false, "NOT-5"),
  /** Remind the customer the day before (NOT-6); default false. */
  sendReminderOneDayBefore: orDefault(boolean(), false, "NOT-6"),
});

/**
 * A parsed plan body (`POST /order/{orderId}/PlanIntervention`): `null` on an optional field counts as left out.
 * @add InterventionPlanBody A new intervention of the order (INT-1); null on an optional field counts as left out (GEN-5).
 */
const plan = /* @__PURE__ */ extend(planning, "InterventionPlanCommand", {
  /** External ID, unique among the company's interventions (GEN-4). */
  externalId: orDefault(externalId(), null),
  /** GUID or slug of an InterventionCustomState. */
  customStateId: orDefault(nonBlank(), null),
  /** Priority; left out or null: the order's (INT-2). */
  priority: orDefault(priority, null, "ORD-4"),
  /** Internal note. */
  internalNote: orDefault(text(limits.longText), null),
});

/**
 * A parsed replan body (`…/Replan`): the plan fields, with the optional ones in three states (INT-3).
 * @upsert InterventionReplanBody The intervention planned anew (INT-3): customStateId and internalNote left out keep their value, null clears it.
 */
const replan = /* @__PURE__ */ extend(planning, "InterventionReplanCommand", {
  /** External ID; left out keeps it, a different one is refused (INT-3). */
  externalId: optional(externalId()),
  /** GUID or slug of an InterventionCustomState. */
  customStateId: optional(nonBlank()),
  /** Priority; left out keeps it, null is refused (INT-3). */
  priority: notNull(priority, "ORD-4"),
  /** Internal note. */
  internalNote: optional(text(limits.longText)),
});

/** Fields that change only through replan (INT-4). */
const REPLAN_ONLY = ["day", "categoryId", "primaryAssigneeId", "assignations"] as const;

/**
 * A parsed edit body (`PUT …/{interventionId}`): only the fields sent (INT-4).
 * @upsert InterventionEditBody Only the fields sent change (INT-4); day, categoryId, primaryAssigneeId and assignations change only through Replan.
 */
const edit = /* @__PURE__ */ refuse(
  object("InterventionEditCommand", {
    /** GUID or slug of an InterventionCustomState; null clears it. */
    customStateId: optional(nonBlank()),
    /** GUID or external ID of the owner (AUTH-6); null is refused. */
    ownerId: notNull(nonBlank(), "INT-4"),
    /** Priority; null is refused. */
    priority: notNull(priority, "ORD-4"),
    /** Internal note; null clears it. */
    internalNote: optional(text(limits.longText)),
    /** Documents by post; null is refused. */
    sendByPost: notNull(boolean(), "INT-4"),
  }),
  REPLAN_ONLY,
  "UseReplan",
  "INT-4",
  (key) => `${key} changes only through Replan (INT-4).`,
);

/**
 * A parsed cancel body (intervention `…/Cancel` and order `…/cancel`).
 * @add CancelBody The body of an order cancel or an intervention cancel (ORD-11, INT-5); may be left out, which is the same as {}.
 */
const cancel = /* @__PURE__ */ object("InterventionCancelCommand", {
  /** Reason shown on the cancelled records (INT-5, ORD-11); left out or null: none. */
  reason: orDefault(text(limits.longText), null, "INT-5"),
  /** Notify the customer (ORD-12, NOT-3); left out or null: false. */
  sendNotificationToCustomer: orDefault(boolean(), false, "ORD-12"),
});

// Each body with the mode it is read in, stated once: its parser, its JSON Schema and the type
// generator read the same mode.
const planMode: BodyMode = "add";
const planBody: DescribedBody & { readonly value: typeof plan } = { value: plan, mode: planMode };
const replanMode: BodyMode = "upsert";
const replanBody: DescribedBody & { readonly value: typeof replan } = { value: replan, mode: replanMode };
const editMode: BodyMode = "upsert";
const editBody: DescribedBody & { readonly value: typeof edit } = { value: edit, mode: editMode };
const cancelMode: BodyMode = "add";
const cancelBody: DescribedBody & { readonly value: typeof cancel } = { value: cancel, mode: cancelMode };

/**
 * The intervention bodies, for the type generator (`tools/body-types.ts`), which writes their
 * types into `src/intervention/request-types.generated.ts`.
 * @internal
 */
export const interventionBodies: readonly DescribedBody[] = [planBody, replanBody, editBody, cancelBody];

/** Compiles only when each element is `true`. */
type AllTrue<T extends readonly true[]> = T;

// The generated interfaces are the described ones (a stale src/intervention/request-types.generated.ts fails
// here). A type, so the check leaves no code behind.
type GeneratedMatch = AllTrue<
  [
    SameType<InterventionPlanCommand, DescribedOutput<typeof plan.fields>>,
    SameType<InterventionReplanCommand, DescribedOutput<typeof replan.fields>>,
    SameType<InterventionEditCommand, DescribedOutput<typeof edit.fields>>,
    SameType<InterventionCancelCommand, DescribedOutput<typeof cancel.fields>>,
  ]
>;

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
export const parseInterventionPlan: (body: unknown) => Result<InterventionPlanCommand> = /* @__PURE__ */ compileBody(plan, planMode, interventionPlanBodyRecords);

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
export const parseInterventionReplan: (body: unknown) => Result<InterventionReplanCommand> = /* @__PURE__ */ compileBody(replan, replanMode, interventionReplanBodyRecords);

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
export const parseInterventionEdit: (body: unknown) => Result<InterventionEditCommand> = /* @__PURE__ */ compileBody(edit, editMode, interventionEditBodyRecords);

/**
 * Parses a cancel body (intervention or order): optional `reason` and
 * `sendNotificationToCustomer` (default `false`); `null` counts as omitted.
 * Applies INT-5 and ORD-11 (fields).
 * @param body - the JSON body
 * @returns the command, or every issue
 * @example
 * parseInterventionCancel({ reason: "Customer away" }) //=> { ok: true, value: { reason: "Customer away", sendNotificationToCustomer: false } }
 */
export const parseInterventionCancel: (body: unknown) => Result<InterventionCancelCommand> = /* @__PURE__ */ compileBody(cancel, cancelMode, cancelBodyRecords);

/**
 * The JSON Schema of a plan body, the shape {@link parseInterventionPlan} reads.
 * @example
 * interventionPlanJsonSchema.required //=> ["primaryAssigneeId", "day", "assignations", "categoryId"]
 */
export const interventionPlanJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(plan, planMode, interventionPlanBodyDocs);

/**
 * The JSON Schema of a replan body, the shape {@link parseInterventionReplan} reads.
 * @example
 * interventionReplanJsonSchema.properties.priority.type //=> "string"
 */
export const interventionReplanJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(replan, replanMode, interventionReplanBodyDocs);

/**
 * The JSON Schema of an intervention edit body, the shape {@link parseInterventionEdit}
 * reads: the replan-only fields are refused even as `null` (INT-4).
 * @example
 * interventionEditJsonSchema.properties.day //=> false
 */
export const interventionEditJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(edit, editMode, interventionEditBodyDocs);

/**
 * The JSON Schema of a cancel body (intervention or order), the shape
 * {@link parseInterventionCancel} reads. No body at all is the same as `{}`.
 * @example
 * interventionCancelJsonSchema.required //=> undefined
 */
export const interventionCancelJsonSchema: JsonSchema = /* @__PURE__ */ describedJsonSchema(cancel, cancelMode, cancelBodyDocs);

/** {@link parseInterventionPlan} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const interventionPlanSchema: BodySchema<InterventionPlanCommand> = /* @__PURE__ */ toStandardSchema(parseInterventionPlan, interventionPlanJsonSchema);
/** {@link parseInterventionReplan} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const interventionReplanSchema: BodySchema<InterventionReplanCommand> = /* @__PURE__ */ toStandardSchema(parseInterventionReplan, interventionReplanJsonSchema);
/** {@link parseInterventionEdit} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const interventionEditSchema: BodySchema<InterventionEditCommand> = /* @__PURE__ */ toStandardSchema(parseInterventionEdit, interventionEditJsonSchema);
/** {@link parseInterventionCancel} as a Standard Schema v1 validator and Standard JSON Schema converter. */
export const interventionCancelSchema: BodySchema<InterventionCancelCommand> = /* @__PURE__ */ toStandardSchema(parseInterventionCancel, interventionCancelJsonSchema);
