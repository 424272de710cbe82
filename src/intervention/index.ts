export { interventionStates, interventionStateLabels } from "../records/intervention.js";
export type { InterventionState, Assignation, ReportDocument, Intervention } from "../records/intervention.js";
export {
  interventionActions, initialInterventionState, interventionMachine, interventionActionRules, nextInterventionState,
  isTerminalInterventionState, interventionActionIssue, allowedInterventionActions,
} from "./machine.js";
export type { InterventionAction, LifecycleAction } from "./machine.js";
export type { InterventionDecision } from "./decision.js";
export {
  parseInterventionPlan, parseInterventionReplan, parseInterventionEdit, parseInterventionCancel, interventionPlanSchema, interventionReplanSchema, interventionEditSchema, interventionCancelSchema,
} from "./request.js";
export type { InterventionPlanCommand, InterventionReplanCommand, InterventionEditCommand, InterventionCancelCommand } from "./request.js";
export { replanIntervention } from "./replan.js";
export { replanCandidates } from "./candidates.js";
export type { InterventionReplanContext } from "./replan.js";
export type { InterventionPlanningContext } from "./planning-context.js";
export { editIntervention } from "./edit.js";
export type { InterventionEditContext } from "./edit.js";
export { cancelIntervention, cancelledIntervention } from "./cancel.js";
export type { InterventionCancelContext } from "./cancel.js";
export { moveIntervention, reportDocuments, interventionOfOrder } from "./lifecycle.js";
export type { InterventionLifecycleContext, ReportDocumentsAnswer } from "./lifecycle.js";
