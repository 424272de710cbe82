// Problem details moved to src/api/problem.ts (shared with clients); re-exported for the server adapter.
export { problem, simpleProblem, problemNames, issueStatus, refusal } from "../api/problem.js";
export type { ProblemDetails, ProblemName, ProblemStatus, ProblemBodyStatus, UnavailableStatus, Refusal } from "../api/problem.js";
