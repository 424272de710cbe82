// Latency of the candidates decision (issue 36 target: p50 <= 2 ms) with 500 technicians of 20
// allocations each, against the brute force in the same run; both must give the same answer. Run:
//   npx esbuild test/bench/candidates-latency.ts --bundle --platform=node --format=esm --outfile=/tmp/candidates-latency.mjs && node /tmp/candidates-latency.mjs
import { bruteForce, indexed, interventions, TECHNICIANS } from "./candidates-world.js";

function percentiles(label: string, runs: number, f: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p = (q: number): string => (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(3);
  console.log(`| ${label} | ${runs} | ${p(0.5)} ms | ${p(0.9)} ms | ${p(0.99)} ms |`);
  return Number(p(0.5));
}

if (JSON.stringify(indexed()) !== JSON.stringify(bruteForce())) throw new Error("the decision and the brute force disagree");
console.log(`${TECHNICIANS} technicians, ${interventions.length} allocations; ${indexed().length} candidates`);
for (let i = 0; i < 200; i++) indexed();
console.log("| Run | runs | p50 | p90 | p99 |\n|---|---|---|---|---|");
const fast = percentiles("candidates (collision index)", 2000, indexed);
const slow = percentiles("brute force (validator per technician and start)", 30, bruteForce);
console.log(`brute force / index at p50: ${(slow / fast).toFixed(0)}×`);
