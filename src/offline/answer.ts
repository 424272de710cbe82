// What the offline client answers a write with, as the server would (its own file: the generated
// offline methods, operations.generated.ts, and the queue both read it).
import type { ProblemIssue } from "../shared/issue.js";

/** An answer as the offline client gives it: the status, the body when there is one, and the problem's issues (empty on success). */
export interface OfflineAnswer {
  /** HTTP status, as the server answers (or would answer) it. */
  readonly status: number;
  /** The JSON body; absent when none (a 204). */
  readonly body?: unknown;
  /** The problem's issues, each with its rule ID; empty on success. */
  readonly issues: readonly ProblemIssue[];
}

