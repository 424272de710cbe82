#!/usr/bin/env node
// Instructions per request of one or more builds, counted by valgrind (issue 33): a change of a
// few percent, which CPU time on this shared 2-core machine cannot show run to run, shows here.
// Each build runs `write-cpu.mjs <kind> <where>` (no HTTP; 8 in flight) under
// `valgrind --tool=callgrind`, RUNS times; write-cpu dumps callgrind's counters just before and
// just after its measured loop (WRITE_CPU_CALLGRIND), so the second dump holds the instructions
// the loop alone executed, thread by thread: the main thread's, divided by the requests, are the
// instructions per request. The other threads (V8's compiler and collector helpers, libuv's
// pool) are printed apart: under valgrind, which runs one thread at a time, their counts move by
// a third from run to run and are not what they cost at full speed (write-cpu's own figures
// without valgrind: a few µs a request of 130). PostgreSQL is not counted.
// The builds run side by side (the count does not depend on the time taken, only on what the
// code does: group commits of another size would show in the statements per request printed).
// Two runs of one build differ by well under 1% (docs/performance.md, "Counting instructions").
//
//   npm run build && cp -r dist /tmp/dist-b && git stash && npm run build && cp -r dist /tmp/dist-a && git stash pop
//   scripts/with-postgres.sh node test/bench/instructions.mjs sets pg /tmp/dist-a /tmp/dist-b
//   INSTRUCTIONS=1000,3000,2 (default): warm-up requests, measured requests, runs of each build.
//
// Each build is a copy of `dist/`; the bench lays it out in a temporary folder as
// `<tmp>/dist`, with this folder's write-cpu.mjs and throughput-stats.mjs beside it as
// `<tmp>/test/bench/` and this project's node_modules linked in, so write-cpu.mjs loads that build.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const [kind, where, ...builds] = process.argv.slice(2);
const usage = "usage: instructions.mjs add|set|sets|read pg|memory <dist> [<dist> ...]";
if (!["add", "set", "sets", "read"].includes(kind ?? "") || !["pg", "memory"].includes(where ?? "") || builds.length === 0) {
  console.error(usage);
  process.exit(2);
}
for (const build of builds) {
  if (!existsSync(path.join(build, "service/index.js"))) {
    console.error(`instructions: ${build} is not a copy of dist/ (no service/index.js)\n${usage}`);
    process.exit(2);
  }
}
const [warmup, requests, runs] = (process.env.INSTRUCTIONS ?? "1000,3000,2").split(",").map(Number);
if (![warmup, requests, runs].every((n) => Number.isSafeInteger(n)) || warmup < 0 || requests < 1 || runs < 1) {
  console.error("instructions: INSTRUCTIONS must be three whole numbers: warm-up (0 or more), measured requests (1 or more), runs (1 or more)");
  process.exit(2);
}
if (where === "pg" && !process.env.DATABASE_URL) {
  console.error("instructions: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}

const work = mkdtempSync(path.join(tmpdir(), "instructions-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

/** Lays a build out so that write-cpu.mjs, beside it, imports it; returns the script's path. */
function layOut(build, n) {
  const dir = path.join(work, `build-${n}`);
  mkdirSync(path.join(dir, "test/bench"), { recursive: true });
  cpSync(path.resolve(build), path.join(dir, "dist"), { recursive: true });
  for (const file of ["write-cpu.mjs", "throughput-stats.mjs"]) cpSync(path.join(here, file), path.join(dir, "test/bench", file));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  return path.join(dir, "test/bench/write-cpu.mjs");
}

/** Runs the script under callgrind once; resolves with the instructions of its measured loop and the statements per request it printed. */
function count(script, tag) {
  const out = path.join(work, `callgrind.${tag}`);
  return new Promise((resolve, reject) => {
    execFile(
      "valgrind",
      ["--tool=callgrind", "--separate-threads=yes", `--callgrind-out-file=${out}`, "--dump-instr=no", process.execPath, script, kind, where, String(requests)],
      { env: { ...process.env, WRITE_CPU_WARMUP: String(warmup), WRITE_CPU_INFLIGHT: "8", WRITE_CPU_CALLGRIND: "1" }, maxBuffer: 64 * 1024 * 1024, timeout: 30 * 60 * 1000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${tag}: ${error.message}\n${stderr.slice(-2000)}`));
        // The dumps are numbered in order (.1 up to the loop, .2 the loop), each thread in its
        // own file, numbered in the order the threads started: -01 is the main thread.
        const loop = readdirSync(work).filter((f) => f.startsWith(`callgrind.${tag}.2-`)).sort();
        const totalOf = (file) => Number(/^totals:\s+(\d+)/m.exec(readFileSync(path.join(work, file), "utf8"))?.[1] ?? NaN);
        if (loop[0] !== `callgrind.${tag}.2-01` || Number.isNaN(totalOf(loop[0]))) return reject(new Error(`${tag}: no dump of the measured loop\n${stderr.slice(-2000)}`));
        const main = totalOf(loop[0]);
        const others = loop.slice(1).reduce((sum, f) => sum + (totalOf(f) || 0), 0);
        const statements = /statements per request ([\d.]+)/.exec(stdout)?.[1] ?? "—";
        resolve({ perRequest: main / requests, others: others / requests, statements });
      },
    );
  });
}

const scripts = builds.map((b, n) => layOut(b, n));
const started = Date.now();
const done = await Promise.all(
  scripts.map(async (script, n) => {
    // One build's runs one after another; the builds side by side.
    const each = [];
    for (let r = 0; r < runs; r++) each.push(await count(script, `${n}-${r}`));
    return { build: builds[n], each, mean: each.reduce((sum, e) => sum + e.perRequest, 0) / runs };
  }),
);
const version = readFileSync(path.join(root, "package.json"), "utf8").match(/"version":\s*"([^"]+)"/)?.[1] ?? "?";
console.log(`\n## Instructions per request: ${kind} on ${where}, ${new Date().toISOString()}, field-service-rules ${version}, Node ${process.version}\n`);
console.log(`valgrind --tool=callgrind of write-cpu.mjs (8 in flight), ${requests} requests measured after ${warmup} of warm-up, ${runs} run(s) of each build; ${((Date.now() - started) / 1000).toFixed(0)} s in all.\n`);
console.log("| build | main thread per request, each run | mean | against the first | other threads per request, each run | statements per request |");
console.log("|---|---:|---:|---:|---:|---:|");
const n0 = (x) => Math.round(x).toLocaleString("en");
for (const r of done) {
  console.log(`| ${r.build} | ${r.each.map((e) => n0(e.perRequest)).join(", ")} | ${n0(r.mean)} | ${(r.mean / done[0].mean).toFixed(4)} | ${r.each.map((e) => n0(e.others)).join(", ")} | ${r.each.map((e) => e.statements).join(", ")} |`);
}
