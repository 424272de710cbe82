#!/usr/bin/env node
// Node CPU a statement, two drivers side by side (issue 33, item 3: "if you evaluate a pipelining
// or binary driver, choose it by measurement"): `pg` (the storage's driver) and `postgres`, the
// pipelining driver, on the statement shapes a write sends: a view (one small value bound, about
// 1.6 KB of text answered) and a write (about 1.6 KB of text bound, nothing answered).
//
//   npm i --no-save postgres@3.4.9     (not a dependency of the project: this bench alone uses it)
//   scripts/with-postgres.sh node test/bench/drivers.mjs [statements a cell, default 20000] [rounds, default 4]
//
// Each cell runs its statements with 8 in flight (a process's connections in the throughput
// bench), on its own table row by row (1,000 rows, in turn). The drivers' modes:
//   - pg, a pool of 8 connections, named prepared statements (the storage's writes);
//   - pg, 2 connections in pipeline mode (`pipeline: true`), the statements sent on them in turn
//     without waiting for the one before (as the storage's view lanes send theirs);
//   - postgres, 2 and 8 connections, prepared (its default), which pipelines on its own.
// CPU is this process's (`process.cpuUsage`: every thread, user and system) over the cell, divided
// by its statements. Round 1 is a warm-up, not printed; cells run in turn within each round.
import pg from "pg";
import { median } from "./throughput-stats.mjs";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("drivers: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}
const N = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 4);
if (!Number.isInteger(N) || N < 100 || N > 1_000_000 || !Number.isInteger(ROUNDS) || ROUNDS < 2 || ROUNDS > 20) {
  console.error("usage: drivers.mjs [statements a cell, 100-1000000] [rounds, 2-20]");
  process.exit(2);
}
let postgres;
try {
  ({ default: postgres } = await import("postgres"));
} catch {
  console.error("drivers: the `postgres` package is not installed; npm i --no-save postgres@3.4.9 first");
  process.exit(2);
}

const IN_FLIGHT = 8;
const ROWS = 1000;
const doc = JSON.stringify({ note: "x".repeat(1600), n: 1 });
const setup = new pg.Client({ connectionString: url });
await setup.connect();
await setup.query("DROP TABLE IF EXISTS bench_drivers");
await setup.query("CREATE TABLE bench_drivers (id int PRIMARY KEY, doc text NOT NULL)");
await setup.query("INSERT INTO bench_drivers SELECT g, $1 FROM generate_series(1, $2::int) g", [doc, ROWS]);
await setup.end();

const pgPool = new pg.Pool({ connectionString: url, max: IN_FLIGHT });
const lanes = [new pg.Client({ connectionString: url, pipeline: true }), new pg.Client({ connectionString: url, pipeline: true })];
for (const lane of lanes) await lane.connect();
const pg2 = postgres(url, { max: 2, onnotice: () => {} });
const pg8 = postgres(url, { max: IN_FLIGHT, onnotice: () => {} });
const VIEW = "SELECT doc FROM bench_drivers WHERE id = $1";
const WRITE = "UPDATE bench_drivers SET doc = $2 WHERE id = $1";
const row = (k) => 1 + (k % ROWS);
const cells = {
  "pg, pool of 8, view": (k) => pgPool.query({ name: "v", text: VIEW, values: [row(k)] }),
  "pg, pool of 8, write": (k) => pgPool.query({ name: "w", text: WRITE, values: [row(k), doc] }),
  "pg, 2 pipelined, view": (k) => lanes[k % 2].query({ name: "v", text: VIEW, values: [row(k)] }),
  "pg, 2 pipelined, write": (k) => lanes[k % 2].query({ name: "w", text: WRITE, values: [row(k), doc] }),
  "postgres, 2 connections, view": (k) => pg2`SELECT doc FROM bench_drivers WHERE id = ${row(k)}`,
  "postgres, 2 connections, write": (k) => pg2`UPDATE bench_drivers SET doc = ${doc} WHERE id = ${row(k)}`,
  "postgres, 8 connections, view": (k) => pg8`SELECT doc FROM bench_drivers WHERE id = ${row(k)}`,
  "postgres, 8 connections, write": (k) => pg8`UPDATE bench_drivers SET doc = ${doc} WHERE id = ${row(k)}`,
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function run(statement) {
  let next = 0;
  const cpu0 = cpuMs();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < N) await statement(next++);
    }),
  );
  return { us: ((cpuMs() - cpu0) * 1000) / N, perSecond: N / ((performance.now() - t0) / 1000) };
}

const results = new Map();
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, statement] of Object.entries(cells)) {
      const r = await run(statement);
      if (round > 1) results.set(name, [...(results.get(name) ?? []), r]);
    }
  }
} finally {
  await Promise.all([pgPool.end(), ...lanes.map((lane) => lane.end()), pg2.end(), pg8.end()]);
  const drop = new pg.Client({ connectionString: url });
  await drop.connect();
  await drop.query("DROP TABLE IF EXISTS bench_drivers");
  await drop.end();
}
console.log(`## Node CPU a statement, ${N} statements a cell, ${IN_FLIGHT} in flight, rounds 2-${ROUNDS} (round 1 warms up)\n`);
console.log("| driver, mode, statement | µs of Node CPU a statement, by round | median | statements a second, median |");
console.log("|---|---|---:|---:|");
for (const [name, rs] of results) {
  console.log(`| ${name} | ${rs.map((r) => r.us.toFixed(1)).join(", ")} | ${median(rs.map((r) => r.us)).toFixed(1)} | ${Math.round(median(rs.map((r) => r.perSecond))).toLocaleString("en-US")} |`);
}
