export { interventionStates, interventionStateLabels } from "./intervention.js";
export type { InterventionState, Assignation, ReportDocument, Intervention } from "./intervention.js";
export {
  interventionActions, initialInterventionState, interventionMachine, interventionActionRules, nextInterventionState,
  isTerminalInterventionState, interventionActionIssue, allowedInterventionActions,
} from "./machine.js";
export type { InterventionAction, LifecycleAction } from "./machine.js";
export type { InterventionDecision } from "./decision.js";
export {
  parsePlanBody, parseReplanBody, parseEditBody, parseCancelBody, planBodySchema, replanBodySchema, editBodySchema, cancelBodySchema,
} from "./request.js";
export type { PlanCommand, ReplanCommand, EditCommand, CancelCommand } from "./request.js";
export { planIntervention } from "./plan.js";
export type { PlanContext } from "./plan.js";
export { replanIntervention } from "./replan.js";
export type { ReplanContext } from "./replan.js";
export { editIntervention } from "./edit.js";
export type { EditContext } from "./edit.js";
export { cancelIntervention, cancelledIntervention } from "./cancel.js";
export type { CancelContext } from "./cancel.js";
export { moveIntervention, reportDocuments, interventionOfOrder } from "./lifecycle.js";
export type { LifecycleContext, ReportDocumentsAnswer } from "./lifecycle.js";
export { stateMachineDiagrams } from "./diagram.js";
