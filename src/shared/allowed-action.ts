import type { Issue } from "./issue.js";

/**
 * One entry of an allowed-actions answer (docs/service.md `allowedActions`): the order's and
 * the intervention's, each built from its own machine. Generic over the action names, so it
 * sits below both domains.
 */
export type AllowedAction<A extends string> =
  | {
      /** The action. */
      readonly action: A;
      /** Allowed. */
      readonly allowed: true;
    }
  | {
      /** The action. */
      readonly action: A;
      /** Refused. */
      readonly allowed: false;
      /** Why: the issue, with the rule that forbids the action (in `rule` and in the message). */
      readonly issue: Issue;
    };
