// Candidates (issue 36): 500 technicians with 20 allocations each, one day, step 15 minutes,
// through the collision index against the brute force over the grid. Percentiles:
// test/bench/candidates-latency.ts.
import { bench, describe } from "vitest";
import { bruteForce, indexed } from "./candidates-world.js";

let sink: unknown;
describe("candidates: 500 technicians × 20 allocations, 08:00-16:00, 60 minutes, step 15, limit 20", () => {
  bench("candidates (collision index, next free slot per technician)", () => {
    sink = indexed();
  });
  bench("brute force (validateAssignations + collisionIssues per technician and grid start)", () => {
    sink = bruteForce();
  }, { iterations: 20 });
});
void sink;
