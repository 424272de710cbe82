import type { Effect } from "../notification/effect.js";
import type { Intervention } from "../records/intervention.js";

/** The outcome of an intervention decision: the new or changed record and its effects (NOT-1). */
export interface InterventionDecision {
  /** The intervention as it stands after the decision. */
  readonly intervention: Intervention;
  /** Effects to deliver, in the order they arise. */
  readonly effects: readonly Effect[];
}
