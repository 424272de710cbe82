import type { Intervention, ReportDocument } from "../records/intervention.js";
import type { Order } from "../records/order.js";
import type { InterventionCategory } from "../shared/catalog.js";
import { toGuid, type Guid } from "../shared/guid.js";
import { fail, ok, type Result } from "../shared/issue.js";
import type { RefIndex } from "../shared/reference.js";
import type { Instant } from "../shared/time.js";
import type { InterventionDecision } from "./decision.js";
import { interventionActionIssue, interventionMachine, type LifecycleAction } from "./machine.js";

/** What a lifecycle move reads besides the intervention. */
export interface InterventionLifecycleContext {
  /** Its order. */
  readonly order: Order;
  /** InterventionCategory catalog (forms for the report documents, INT-6). */
  readonly categories: RefIndex<InterventionCategory>;
  /** The current instant (documents' `createdAt`). */
  readonly now: Instant;
  /** Source of the documents' GUIDs; called only on completion. */
  readonly newId: () => Guid;
}

/**
 * Moves an intervention through its technician lifecycle: `Planned` → `DepartureStarted`;
 * `Planned` or `DepartureStarted` → `Running`; `Running` → `WaitingForSignature`; `Running`
 * or `WaitingForSignature` → `Completed`; anything else is refused. Completing generates one
 * report document per form of the intervention's category, created `now`. No effects.
 * Applies INT-7 and INT-6 (generation).
 * @param action - `startDeparture`, `start`, `requestSignature` or `complete`
 * @param intervention - the intervention
 * @param context - its order, the categories, `now` and an ID source
 * @returns `{ intervention, effects: [] }`, or the `InvalidState` issue
 * @throws Error when the intervention's category is not in the catalog (corrupt stored data, never user input)
 * @rule INT-7
 * @example
 * moveIntervention("start", planned, lifecycleContext).value.intervention.state //=> "Running"
 * moveIntervention("complete", planned, lifecycleContext) //=> { ok: false, issues: [{ code: "InvalidState", path: "", message: "complete: intervention is Planned (INT-7)", rule: "INT-7" }] }
 */
export function moveIntervention(action: LifecycleAction, intervention: Intervention, context: InterventionLifecycleContext): Result<InterventionDecision> {
  const why = interventionActionIssue(action, intervention, context.order);
  if (why !== undefined) return fail([why]);
  const state = interventionMachine[intervention.state][action] ?? intervention.state;
  let reportDocuments = intervention.reportDocuments;
  if (state === "Completed") {
    const category = context.categories.byId.get(intervention.categoryId);
    if (category === undefined) throw new Error(`Intervention ${intervention.id} names category ${intervention.categoryId}, which is not in the catalog`);
    reportDocuments = category.forms.map(
      (form): ReportDocument => ({
        id: context.newId(),
        formId: form.id,
        formName: form.name,
        fileName: `${form.name}.pdf`,
        createdAt: context.now,
      }),
    );
  }
  return ok({ intervention: { ...intervention, state, reportDocuments }, effects: [] });
}

/** The answer of `…/reportDocuments` (docs/service.md "Read shapes"). */
export interface ReportDocumentsAnswer {
  /** One document per form of the category, made on completion (INT-6). */
  readonly documents: readonly ReportDocument[];
}

/**
 * The report documents of a `Completed` intervention; any other state is refused.
 * @param intervention - the intervention
 * @param order - its order
 * @returns `{ documents }`, or the `InvalidState` issue
 * @rule INT-6
 * @example
 * reportDocuments(running, order) //=> { ok: false, issues: [{ code: "InvalidState", path: "", message: "reportDocuments: intervention is Running (INT-6)", rule: "INT-6" }] }
 */
export function reportDocuments(intervention: Intervention, order: Order): Result<ReportDocumentsAnswer> {
  const why = interventionActionIssue("reportDocuments", intervention, order);
  return why === undefined ? ok({ documents: intervention.reportDocuments }) : fail([why]);
}

/**
 * Finds the intervention a path names within the order the path names: by GUID, or by
 * external ID when `byExternalId`; an intervention of another order is not found (404).
 * @param interventions - the company's interventions, by GUID and external ID
 * @param order - the order named by the path
 * @param ref - the intervention's GUID or external ID from the path
 * @param byExternalId - whether the path uses the `/externalId/` form (GEN-2)
 * @returns the intervention, or `undefined` for a 404
 * @rule INT-8
 * @example
 * const interventions = refIndex([planned], (i) => i.id, (i) => i.externalId);
 * interventionOfOrder(interventions, openOrder, "INT-1", true) === planned //=> true
 * interventionOfOrder(interventions, completedOrder, planned.id, false) //=> undefined
 */
export function interventionOfOrder(
  interventions: RefIndex<Intervention>,
  order: Order,
  ref: string,
  byExternalId: boolean,
): Intervention | undefined {
  const hit = byExternalId ? interventions.byKey.get(ref) : interventions.byId.get(toGuid(ref) as Guid);
  return hit !== undefined && hit.orderId === order.id ? hit : undefined;
}
